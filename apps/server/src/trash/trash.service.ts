import { authorize } from '../policy/policy.ts';
import { TRASH_DAYS, type Trash, type TrashEntry } from '@segue/shared';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { TeamActor } from '../policy/actor.ts';
import type { SetlistsRepository } from '../setlists/setlists.repository.ts';
import type { SetlistsService } from '../setlists/setlists.service.ts';
import type { SongsRepository } from '../songs/songs.repository.ts';
import type { SongsService } from '../songs/songs.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When something put in the trash at `deletedAt` is deleted for good. */
export const purgeAt = (deletedAt: Date) => new Date(deletedAt.getTime() + TRASH_DAYS * DAY_MS);

/**
 * A team's trash: the songs and setlists deleted in the last 30 days, and their purge
 * (docs/DECISIONS.md, "Trash"). Restoring is the songs' and setlists' own call.
 */
export class TrashService {
  constructor(
    private readonly deps: {
      songsRepo: SongsRepository;
      setlistsRepo: SetlistsRepository;
      songs: Pick<SongsService, 'mayDelete'>;
      setlists: Pick<SetlistsService, 'mayDelete'>;
      accounts: Pick<AccountsRepository, 'people'>;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * Every member sees the team's trash; each entry says whether the caller may restore it.
   * What is past its 30 days is purged first, so the list never shows it whatever the sweep.
   */
  async list(actor: TeamActor): Promise<Trash> {
    authorize(actor, 'viewTeam');
    const teamId = actor.team.id;
    await this.purge(teamId);
    const [songs, setlists] = await Promise.all([
      this.deps.songsRepo.trashed(teamId),
      this.deps.setlistsRepo.trashed(teamId),
    ]);
    const people = await this.deps.accounts.people(
      [...songs, ...setlists].flatMap((r) => (r.deletedBy ? [r.deletedBy] : [])),
    );
    const names = new Map(people.map((p) => [p.id, p.name]));
    const entry = (
      r: { id: string; deletedAt: Date | null; deletedBy: string | null },
      title: string,
      detail: string,
      canRestore: boolean,
    ): TrashEntry => {
      const deletedAt = r.deletedAt ?? this.now();
      const name = r.deletedBy ? names.get(r.deletedBy) : undefined;
      return {
        _id: r.id,
        title,
        detail,
        deletedAt: deletedAt.toISOString(),
        deletedBy: r.deletedBy && name !== undefined ? { $id: r.deletedBy, name } : null,
        purgeAt: purgeAt(deletedAt).toISOString(),
        canRestore,
      };
    };
    return {
      songs: await Promise.all(
        songs.map(async (s) =>
          entry(s, s.title, s.artist, await this.deps.songs.mayDelete(actor, s.id)),
        ),
      ),
      setlists: setlists.map((s) =>
        entry(s, s.name, s.date, this.deps.setlists.mayDelete(actor, s)),
      ),
    };
  }

  /**
   * Deletes for good what was put in the trash more than 30 days ago: of one team (when its
   * trash is read) or of every team (the sweep at start and every hour).
   */
  async purge(teamId?: string): Promise<{ songs: number; setlists: number }> {
    const before = new Date(this.now().getTime() - TRASH_DAYS * DAY_MS);
    const setlists = await this.deps.setlistsRepo.purge(before, teamId);
    const songs = await this.deps.songsRepo.purge(before, teamId);
    return { songs, setlists };
  }
}
