import { randomUUID } from 'node:crypto';
import {
  FOLLOW_LIMITS,
  FOLLOW_TEXTS,
  FollowTokenSchema,
  leadsSongIn,
  SERVER_ERRORS,
  SETLIST_TEXTS,
  teamFacts,
  type AudienceLink,
  type AudienceLinkStatus,
  type AudienceSettings,
  type AudienceSettingsInput,
  type FollowState,
  type LiveState,
  type ScreenState,
} from '@segue/shared';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../lib/errors.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';
import type { TeamActor } from '../policy/actor.ts';
import { authorize } from '../policy/policy.ts';
import { entryOf } from '../setlists/setlists.presenter.ts';
import type { SetlistRow, SetlistsRepository } from '../setlists/setlists.repository.ts';
import {
  audienceWindow,
  hashAudienceToken,
  newAudienceToken,
  openAudienceToken,
  sealAudienceToken,
} from './audience-token.ts';
import { followState, messageOnScreen } from './follow-snapshot.ts';
import type {
  AudienceLinkRow,
  AudienceSettingsRow,
  FollowRepository,
} from './follow.repository.ts';

/**
 * Public look-ups of follow links per address a minute: as many as phones one address may
 * follow with, since a church's Wi-Fi puts a whole room behind one address. Guessing a 256-bit
 * token is hopeless at any rate; the limit keeps one address from loading the database.
 */
export const FOLLOW_LOOKUPS_PER_ADDRESS_PER_MINUTE = FOLLOW_LIMITS.perAddressDefault;

/** The live state and the projector of a setlist, as the live channel holds them now. */
export interface LiveReader {
  state(setlistId: string): Promise<LiveState | null>;
  screen(setlistId: string, teamId: string): Promise<ScreenState | null>;
}

/**
 * A setlist's congregation link (docs/DECISIONS.md, "The congregation follows"): made, shown
 * again and withdrawn by the setlist's drivers once the team's owner confirmed its licence, and
 * read by anyone holding it.
 */
export class AudienceLinksService {
  constructor(
    private readonly repo: FollowRepository,
    private readonly deps: {
      setlists: Pick<SetlistsRepository, 'find'>;
      live: LiveReader;
      limiter: RateLimiter;
      /** APP_URL: the links' base. */
      appUrl: string;
      /** AUTH_SECRET: the key a token is sealed under is derived from it. */
      authSecret: string;
      now?: () => Date;
    },
  ) {}

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  /** The setlist's link as a driver sees it, and whether the owner confirmed the licence. */
  async status(actor: TeamActor, setlistId: string): Promise<AudienceLinkStatus> {
    await this.drivable(actor, setlistId);
    const row = await this.repo.liveLink(setlistId);
    return {
      link: row && this.present(row),
      licenceConfirmed: actor.team.audienceLicenceConfirmedAt !== null,
    };
  }

  /**
   * Turns the setlist's link on: the live one again when it has one (`created: false`), else a
   * new one. Refused until the team's owner confirmed the licence.
   */
  async share(
    actor: TeamActor,
    setlistId: string,
  ): Promise<{ link: AudienceLink; created: boolean }> {
    const setlist = await this.drivable(actor, setlistId);
    if (actor.team.audienceLicenceConfirmedAt === null) {
      throw new ConflictError(FOLLOW_TEXTS.licenceOwnerOnly);
    }
    const window = audienceWindow(setlist.date);
    const existing = await this.repo.liveLink(setlistId);
    if (existing) {
      const again = await this.again(existing, window);
      if (again) return { link: again, created: false };
      // Sealed under an AUTH_SECRET since replaced: it can never be shown again, so it goes.
      await this.repo.withdraw(setlistId, actor.team.id);
    }
    const token = newAudienceToken();
    const made = await this.repo.create({
      id: randomUUID(),
      setlistId,
      teamId: actor.team.id,
      tokenHash: hashAudienceToken(token),
      tokenSealed: sealAudienceToken(token, this.deps.authSecret),
      ...window,
      createdBy: actor.actor.userId,
    });
    if (made) return { link: this.linkOf(token, made), created: true };
    // Another driver turned it on meanwhile: theirs is the one.
    const theirs = await this.repo.liveLink(setlistId);
    const shown = theirs && this.present(theirs);
    if (!shown) throw new NotFoundError(SETLIST_TEXTS.notFound);
    return { link: shown, created: false };
  }

  /** Withdraws the setlist's link, at once for everyone holding it; nothing when it has none. */
  async withdraw(actor: TeamActor, setlistId: string): Promise<void> {
    await this.drivable(actor, setlistId);
    if (await this.repo.liveLink(setlistId)) await this.repo.withdraw(setlistId, actor.team.id);
  }

  /** The owner confirms, once for the team, that its licence covers lyrics on personal devices. */
  async confirmLicence(actor: TeamActor): Promise<void> {
    authorize(actor, 'confirmAudienceLicence');
    if (actor.team.audienceLicenceConfirmedAt !== null) return;
    await this.repo.confirmLicence(actor.team.id, actor.actor.userId);
  }

  /** The team's settings for the congregation's phones: every member reads them. */
  async settings(actor: TeamActor): Promise<AudienceSettings> {
    authorize(actor, 'viewTeam');
    return this.presentSettings(await this.repo.audienceSettings(actor.team.id));
  }

  /**
   * Sets how many phones may follow one of the team's setlists at once (null: the default), as
   * the team's other settings are set: by its owner and admins. Phones already following stay;
   * the limit counts the ones that join from now on, on every instance.
   */
  async setRoomLimit(actor: TeamActor, input: AudienceSettingsInput): Promise<AudienceSettings> {
    authorize(actor, 'editTeam');
    return this.presentSettings(await this.repo.setRoomLimit(actor.team.id, input.roomLimit));
  }

  /**
   * What the page of a link shows now, or null for a link that does not open (unknown,
   * withdrawn, not yet or no longer valid, its setlist in the trash): one answer for all, so a
   * token cannot be probed.
   */
  async followState(token: string, meta: { ip: string }): Promise<FollowState | null> {
    const decision = await this.deps.limiter.hit(
      `follow:ip:${meta.ip}`,
      FOLLOW_LOOKUPS_PER_ADDRESS_PER_MINUTE,
      60_000,
    );
    if (!decision.allowed) {
      throw new TooManyRequestsError(FOLLOW_TEXTS.addressFull, decision.retryAfterSeconds);
    }
    if (!FollowTokenSchema.safeParse(token).success) return null;
    const found = await this.repo.resolveToken(token);
    const now = this.now().getTime();
    if (!found || now < found.validFrom.getTime() || now >= found.expiresAt.getTime()) return null;
    const facts = await this.repo.roomFacts(found.setlistId);
    if (!facts || facts.teamId !== found.teamId) return null;
    const [live, screen] = await Promise.all([
      this.deps.live.state(found.setlistId),
      this.deps.live.screen(found.setlistId, found.teamId),
    ]);
    return followState(facts, live, screen, messageOnScreen(screen));
  }

  /**
   * The address of the setlist's link while it opens (for the projector's join code), or null:
   * none, withdrawn, outside its window, or sealed under another AUTH_SECRET.
   */
  async liveUrl(setlistId: string): Promise<string | null> {
    const row = await this.repo.liveLink(setlistId);
    const now = this.now().getTime();
    if (!row || now < row.validFrom.getTime() || now >= row.expiresAt.getTime()) return null;
    return this.present(row)?.url ?? null;
  }

  /**
   * The team's setlist out of the trash, which the actor drives (owner, admin, or a member who
   * leads one of its songs). Another team's setlist is answered as a missing one.
   */
  private async drivable(actor: TeamActor, setlistId: string): Promise<SetlistRow> {
    const row = await this.deps.setlists.find(actor.team.id, setlistId);
    if (!row) throw new NotFoundError(SETLIST_TEXTS.notFound);
    const leadsSong = leadsSongIn({ songs: row.songs.map(entryOf) }, actor.actor.userId);
    authorize(actor, 'shareWithCongregation', { ...teamFacts(actor.team), leadsSong });
    return row;
  }

  /**
   * A live link shown again, its window moved to the setlist's day if the setlist moved since;
   * null when its token cannot be opened.
   */
  private async again(
    row: AudienceLinkRow,
    window: { validFrom: Date; expiresAt: Date },
  ): Promise<AudienceLink | null> {
    const token = openAudienceToken(row.tokenSealed, this.deps.authSecret);
    if (token === null) return null;
    const moved =
      row.validFrom.getTime() !== window.validFrom.getTime() ||
      row.expiresAt.getTime() !== window.expiresAt.getTime();
    if (moved) await this.repo.moveWindow(row, window);
    return this.linkOf(token, moved ? { ...row, ...window } : row);
  }

  /** A stored link as a driver sees it; null when its token cannot be opened. */
  private present(row: AudienceLinkRow): AudienceLink | null {
    const token = openAudienceToken(row.tokenSealed, this.deps.authSecret);
    return token === null ? null : this.linkOf(token, row);
  }

  private presentSettings(row: AudienceSettingsRow | null): AudienceSettings {
    // The team went away between the edge's check and this read.
    if (!row) throw new NotFoundError(SERVER_ERRORS.teamNotFound);
    return {
      licenceConfirmed: row.licenceConfirmedAt !== null,
      roomLimit: row.roomLimit,
      roomDefault: FOLLOW_LIMITS.roomDefault,
    };
  }

  private linkOf(token: string, row: Pick<AudienceLinkRow, 'validFrom' | 'expiresAt'>) {
    return {
      url: `${this.deps.appUrl}/follow/${token}`,
      token,
      validFrom: row.validFrom.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    };
  }
}
