import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { FOLLOW_LIMITS, type FollowSong } from '@segue/shared';
import type { Db } from '../db/client.ts';
import { audienceLink, setlist, song, team } from '../db/schema.ts';
import { scope, type ChangeFeed } from '../lib/change-feed.ts';
import { entryOf } from '../setlists/setlists.presenter.ts';
import { hashAudienceToken } from './audience-token.ts';
import { followSong, type FollowRoomFacts } from './follow-snapshot.ts';

export type { FollowRoomFacts } from './follow-snapshot.ts';

export type AudienceLinkRow = typeof audienceLink.$inferSelect;

/** A team's settings for the congregation's phones, as stored. */
export interface AudienceSettingsRow {
  licenceConfirmedAt: Date | null;
  roomLimit: number | null;
}

const AUDIENCE_SETTINGS_COLUMNS = {
  licenceConfirmedAt: team.audienceLicenceConfirmedAt,
  roomLimit: team.audienceRoomLimit,
};

/** Where a token leads: its setlist and team, and when it opens and ends. */
export interface ResolvedToken {
  setlistId: string;
  teamId: string;
  validFrom: Date;
  expiresAt: Date;
}

/**
 * The congregation link's SQL: the links themselves, the team's licence confirmation, and what
 * a follow room reads of its setlist (words and titles only). A link of a setlist in the trash
 * leads nowhere; one whose setlist is purged goes with it.
 */
export class FollowRepository {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
  ) {}

  /**
   * Where a token leads, or null for a token no live link has (unknown, withdrawn, or its
   * setlist in the trash). Whether it is valid now is the caller's to check, so a follow socket
   * can end itself when the link expires. One query, by the token's hash.
   */
  async resolveToken(token: string): Promise<ResolvedToken | null> {
    const [row] = await this.db
      .select({
        setlistId: audienceLink.setlistId,
        teamId: audienceLink.teamId,
        validFrom: audienceLink.validFrom,
        expiresAt: audienceLink.expiresAt,
      })
      .from(audienceLink)
      .innerJoin(setlist, and(eq(setlist.id, audienceLink.setlistId), isNull(setlist.deletedAt)))
      .where(
        and(eq(audienceLink.tokenHash, hashAudienceToken(token)), isNull(audienceLink.revokedAt)),
      )
      .limit(1);
    return row ?? null;
  }

  /**
   * What a follow room shows of a setlist out of the trash, or null: its name, its songs' words
   * (an entry whose song is gone is skipped, as the live views skip it), its items' titles, and
   * the team's licence number and room limit.
   */
  async roomFacts(setlistId: string): Promise<FollowRoomFacts | null> {
    const [row] = await this.db
      .select({
        name: setlist.name,
        teamId: setlist.teamId,
        songs: setlist.songs,
        items: setlist.items,
        screenLanguages: setlist.lyricLanguages,
        ccliLicence: team.ccliLicence,
        roomLimit: team.audienceRoomLimit,
      })
      .from(setlist)
      .innerJoin(team, eq(team.id, setlist.teamId))
      .where(and(eq(setlist.id, setlistId), isNull(setlist.deletedAt)))
      .limit(1);
    if (!row) return null;
    const entries = row.songs.map(entryOf);
    const ids = [...new Set(entries.map((e) => e.song))];
    const found =
      ids.length === 0
        ? []
        : await this.db
            .select({
              id: song.id,
              title: song.title,
              language: song.language,
              parts: song.parts,
              copyright: song.copyright,
              ccli: song.ccli,
            })
            .from(song)
            .where(and(eq(song.teamId, row.teamId), inArray(song.id, ids)));
    const byId = new Map(found.map((s) => [s.id, followSong(s)]));
    const songs: FollowSong[] = [];
    // songsBefore[k]: the songs shown among the first k stored entries, as items count them.
    const songsBefore = [0];
    for (const entry of entries) {
      const shown = byId.get(entry.song);
      if (shown) songs.push(shown);
      songsBefore.push(songs.length);
    }
    return {
      setlistId,
      teamId: row.teamId,
      setlistName: row.name,
      songs,
      items: row.items.map((item) => ({
        title: item.title,
        at: songsBefore[Math.min(Math.max(item.at, 0), entries.length)]!,
      })),
      ccliLicence: row.ccliLicence?.trim() || null,
      screenLanguages: row.screenLanguages,
      roomLimit: row.roomLimit ?? FOLLOW_LIMITS.roomDefault,
    };
  }

  /** The setlist's live (not withdrawn) link, if it has one. */
  async liveLink(setlistId: string): Promise<AudienceLinkRow | null> {
    const [row] = await this.db
      .select()
      .from(audienceLink)
      .where(and(eq(audienceLink.setlistId, setlistId), isNull(audienceLink.revokedAt)))
      .limit(1);
    return row ?? null;
  }

  /**
   * Makes the setlist's link, unless it has a live one already (made meanwhile by another
   * driver: null). Every instance's follow sockets hear of it.
   */
  async create(
    values: Omit<AudienceLinkRow, 'createdAt' | 'revokedAt'>,
  ): Promise<AudienceLinkRow | null> {
    const rows = await this.changes.after([scope.audience(values.setlistId, values.teamId)], () =>
      this.db.insert(audienceLink).values(values).onConflictDoNothing().returning(),
    );
    return rows[0] ?? null;
  }

  /**
   * Moves a live link's window (its setlist moved to another day); the follow sockets hear of
   * it, since the end they wait for moved too.
   */
  async moveWindow(
    link: Pick<AudienceLinkRow, 'id' | 'setlistId' | 'teamId'>,
    window: { validFrom: Date; expiresAt: Date },
  ): Promise<void> {
    await this.changes.after([scope.audience(link.setlistId, link.teamId)], () =>
      this.db
        .update(audienceLink)
        .set(window)
        .where(and(eq(audienceLink.id, link.id), isNull(audienceLink.revokedAt))),
    );
  }

  /**
   * Withdraws the setlist's live link, at once for everyone holding it: every instance's follow
   * sockets hear of it. False when there was none.
   */
  async withdraw(setlistId: string, teamId: string): Promise<boolean> {
    const rows = await this.changes.after([scope.audience(setlistId, teamId)], () =>
      this.db
        .update(audienceLink)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(audienceLink.setlistId, setlistId),
            eq(audienceLink.teamId, teamId),
            isNull(audienceLink.revokedAt),
          ),
        )
        .returning({ id: audienceLink.id }),
    );
    return rows.length > 0;
  }

  /** Whether the owner confirmed the team's licence, and its own room limit; null: no team. */
  async audienceSettings(teamId: string): Promise<AudienceSettingsRow | null> {
    const [row] = await this.db
      .select(AUDIENCE_SETTINGS_COLUMNS)
      .from(team)
      .where(eq(team.id, teamId))
      .limit(1);
    return row ?? null;
  }

  /**
   * Sets the team's room limit (null: the default). The `team` change drops the room facts that
   * every instance's follow rooms cached, so the next phone to join is counted against it.
   */
  async setRoomLimit(
    teamId: string,
    roomLimit: number | null,
  ): Promise<AudienceSettingsRow | null> {
    const [row] = await this.changes.after([scope.team(teamId)], () =>
      this.db
        .update(team)
        .set({ audienceRoomLimit: roomLimit, updatedAt: new Date() })
        .where(eq(team.id, teamId))
        .returning(AUDIENCE_SETTINGS_COLUMNS),
    );
    return row ?? null;
  }

  /**
   * Records the owner's confirmation that the team's licence covers lyrics on personal devices;
   * the first confirmation is the one kept.
   */
  async confirmLicence(teamId: string, userId: string): Promise<void> {
    await this.changes.after([scope.team(teamId)], () =>
      this.db
        .update(team)
        .set({ audienceLicenceConfirmedAt: sql`now()`, audienceLicenceConfirmedBy: userId })
        .where(and(eq(team.id, teamId), isNull(team.audienceLicenceConfirmedAt))),
    );
  }
}
