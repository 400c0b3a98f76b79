import {
  LISTENING_LIMITS,
  SETLIST_TEXTS,
  leadsSongIn,
  teamFacts,
  type SetlistListening,
} from '@segue/shared';
import { NotFoundError } from '../lib/errors.ts';
import type { TeamActor } from '../policy/actor.ts';
import { authorize } from '../policy/policy.ts';
import { entryOf } from '../setlists/setlists.presenter.ts';
import type { SetlistsRepository } from '../setlists/setlists.repository.ts';
import type { SongsService } from '../songs/songs.service.ts';
import type { ListeningRepository } from './listening.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of a time, in UTC: a day as the server counts it. */
const dayOf = (time: Date): string => time.toISOString().slice(0, 10);

/** The day `days` after (or before) a `YYYY-MM-DD` day. */
const addDays = (day: string, days: number): string =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/**
 * The week a setlist's plays count in: the seven days up to and including its day, so that
 * a member who listens on the morning of the service counts.
 */
export function listeningWeek(serviceDay: string): { from: string; to: string } {
  return { from: addDays(serviceDay, 1 - LISTENING_LIMITS.weekDays), to: serviceDay };
}

/**
 * Who has listened (docs/DECISIONS.md, "Who has listened"): members say when they play a song's
 * recording, and while their team shares it, the day is kept; a set's leaders read, for each of
 * its songs, who played it in the week up to the service.
 */
export class ListeningService {
  constructor(
    private readonly repo: ListeningRepository,
    private readonly deps: {
      songs: Pick<SongsService, 'assertInLibrary'>;
      setlists: Pick<SetlistsRepository, 'find'>;
      now?: () => Date;
    },
  ) {}

  private today(): string {
    return dayOf(this.deps.now?.() ?? new Date());
  }

  /**
   * The actor played one of the song's recordings. Kept (as the day) only while the team shares
   * it; otherwise nothing is written. A song the actor cannot read is the missing one's 404.
   */
  async played(actor: TeamActor, songId: string): Promise<{ kept: boolean }> {
    await this.deps.songs.assertInLibrary(actor, songId);
    if (!actor.team.shareListening) return { kept: false };
    const day = this.today();
    await this.repo.record(
      { teamId: actor.team.id, songId, userId: actor.actor.userId, day },
      addDays(day, -LISTENING_LIMITS.keptDays),
    );
    return { kept: true };
  }

  /** For each song of the setlist, who played it in the week up to the service: its leaders'. */
  async ofSetlist(actor: TeamActor, setlistId: string): Promise<SetlistListening> {
    const row = await this.deps.setlists.find(actor.team.id, setlistId);
    if (!row) throw new NotFoundError(SETLIST_TEXTS.notFound);
    const entries = row.songs.map(entryOf);
    const leadsSong = leadsSongIn({ songs: entries }, actor.actor.userId);
    authorize(actor, 'seeListening', { ...teamFacts(actor.team), leadsSong });
    const week = listeningWeek(row.date);
    if (!actor.team.shareListening) return { enabled: false, ...week, songs: [] };
    const songIds = [...new Set(entries.map((entry) => entry.song))];
    const listeners = await this.repo.listeners(actor.team.id, songIds, week);
    return {
      enabled: true,
      ...week,
      songs: songIds.map((songId) => ({ songId, userIds: listeners.get(songId) ?? [] })),
    };
  }
}
