import { randomUUID } from 'node:crypto';
import { SONG_LIMITS, SONG_TEXTS, teamFacts, type Action, type Facts } from '@segue/shared';
import type { Song, SongListQuery, SongSummary } from '@segue/shared';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { scope } from '../lib/change-feed.ts';
import { jsonBytes } from '../lib/plain-json.ts';
import type { ReadCache } from '../lib/read-cache.ts';
import type { TeamActor } from '../policy/actor.ts';
import { authorize, can } from '../policy/policy.ts';
import { presentSong, presentSongSummary } from './songs.presenter.ts';
import type { SetlistsRepository } from '../setlists/setlists.repository.ts';
import type { SongRow, SongsRepository } from './songs.repository.ts';
import type { SongFileBudget } from './song-file-budget.ts';
import type { SongFileReader } from './song-file-reader.ts';
import type { RecordingsRepository } from '../media/recordings.repository.ts';
import { songValues, type ValidSong } from './song-values.ts';

export class SongsService {
  constructor(
    private readonly repo: SongsRepository,
    private readonly cache: ReadCache,
    private readonly files: { reader: SongFileReader; budget: SongFileBudget },
    /** Who leads which song, for a team that lets only leaders change songs. */
    private readonly setlists: Pick<SetlistsRepository, 'leadsSong'>,
    /** Where an import file's links of its songs go (the recordings' side). */
    private readonly links?: Pick<RecordingsRepository, 'addImportedLinks'>,
  ) {}

  /**
   * The library or a search in it, as JSON bytes, with the total of a paged search.
   * The whole library (no search, no page, the default order) is kept in the read cache
   * until a song of the team changes; searches, pages and other orders are read each time,
   * and only their summaries carry `lastUsed` (a setlist's change does not reach the cache).
   */
  async list(actor: TeamActor, query: SongListQuery): Promise<{ body: Buffer; total: number }> {
    authorize(actor, 'readLibrary');
    const { team } = actor;
    const summary = query.fields === 'summary';
    const whole =
      !query.q?.trim() &&
      query.limit === undefined &&
      !query.offset &&
      query.sort === undefined &&
      query.dir === undefined;
    const read = async (options: SongListQuery) => {
      const { rows, total } = await this.repo.list(team.id, {
        ...options,
        summary,
        lastUsed: summary && !whole,
      });
      const songs: (Song | SongSummary)[] = rows.map((r) =>
        summary ? presentSongSummary(r) : presentSong(r),
      );
      return { body: jsonBytes(songs), total };
    };
    if (!whole) return read(query);
    return this.cache.get(
      `songs:${team.id}:${summary ? 'summary' : 'full'}`,
      [scope.library(team.id)],
      () => read({}),
      (answer) => answer.body.length,
    );
  }

  async get(actor: TeamActor, songId: string): Promise<Song> {
    authorize(actor, 'readLibrary');
    // A song in the trash is out of the library; its setlists still show it whole.
    const row = await this.repo.findInLibrary(actor.team.id, songId);
    if (!row) throw new NotFoundError(SONG_TEXTS.songNotFound);
    return presentSong(row);
  }

  async create(actor: TeamActor, input: ValidSong): Promise<Song> {
    authorize(actor, 'editLibrary');
    const { team } = actor;
    checkTeamId(input.teamId, team.id);
    const max = SONG_LIMITS.maxSongsPerTeam;
    const row = await this.repo.create(
      team.id,
      actor.actor.userId,
      randomUUID(),
      songValues(input),
      max,
    );
    if (row === 'full') throw new ConflictError(SONG_TEXTS.libraryFull(max));
    return presentSong(row);
  }

  async update(actor: TeamActor, songId: string, input: ValidSong): Promise<Song> {
    checkTeamId(input.teamId, actor.team.id);
    // A song that is not the team's changes nothing, not even the change feed's counters.
    const stored = await this.repo.findInLibrary(actor.team.id, songId);
    await this.mayChange(actor, 'editSongs', stored);
    const row = await this.repo.update(actor.team.id, songId, songValues(input, stored?.parts));
    if (!row) throw new NotFoundError(SONG_TEXTS.songNotFound);
    return presentSong(row);
  }

  /** Moves the song to the team's trash (docs/DECISIONS.md, "Trash"). */
  async delete(actor: TeamActor, songId: string): Promise<void> {
    await this.mayChange(
      actor,
      'deleteSongs',
      await this.repo.findInLibrary(actor.team.id, songId),
    );
    if (!(await this.repo.trash(actor.team.id, songId, actor.actor.userId)))
      throw new NotFoundError(SONG_TEXTS.songNotFound);
  }

  /** Takes the song out of the trash: whoever may delete it now may. */
  async restore(actor: TeamActor, songId: string): Promise<Song> {
    await this.mayChange(actor, 'deleteSongs', await this.repo.findTrashed(actor.team.id, songId));
    if (!(await this.repo.restore(actor.team.id, songId)))
      throw new NotFoundError(SONG_TEXTS.songNotFound);
    const row = await this.repo.find(actor.team.id, songId);
    if (!row) throw new NotFoundError(SONG_TEXTS.songNotFound);
    return presentSong(row);
  }

  /**
   * Refuses a song that is not there (not the team's: the same answer), then an actor the
   * team's setting does not let change it.
   */
  private async mayChange(actor: TeamActor, action: Action, row: SongRow | null): Promise<void> {
    if (!row) throw new NotFoundError(SONG_TEXTS.songNotFound);
    authorize(actor, action, await this.facts(actor, row.id));
  }

  /** Refuses a song that is not in the team's library (in the trash, or another team's). */
  async assertInLibrary(actor: TeamActor, songId: string): Promise<void> {
    authorize(actor, 'readLibrary');
    if (!(await this.repo.findInLibrary(actor.team.id, songId)))
      throw new NotFoundError(SONG_TEXTS.songNotFound);
  }

  /** Refuses a song that is not there, then an actor who may not change it (its recordings). */
  async assertMayEdit(actor: TeamActor, songId: string): Promise<void> {
    await this.mayChange(actor, 'editSongs', await this.repo.findInLibrary(actor.team.id, songId));
  }

  /** Whether the actor may delete (and so restore) the song: the trash's Restore button. */
  async mayDelete(actor: TeamActor, songId: string): Promise<boolean> {
    return can(actor, 'deleteSongs', await this.facts(actor, songId));
  }

  /** The team's setting, and who leads the song, read only when the setting asks. */
  private async facts(actor: TeamActor, songId: string): Promise<Facts> {
    const facts = teamFacts(actor.team);
    const asks = actor.role === 'member' && facts.songEditors === 'leaders';
    const leadsSong =
      asks && (await this.setlists.leadsSong(actor.team.id, songId, actor.actor.userId));
    return { ...facts, leadsSong };
  }

  /**
   * Imports a library file's songs in one transaction: a bad song refuses the whole
   * file, and a song whose title and artist match one already there (or earlier in
   * the file) is skipped. Only the team's creator may import. The file is parsed and
   * checked in a worker thread.
   */
  async import(actor: TeamActor, body: Buffer) {
    authorize(actor, 'importLibrary');
    await this.files.budget.import(actor, body.length);
    const songs = await this.files.reader.importSongs(body);
    const max = SONG_LIMITS.maxSongsPerTeam;
    const result = await this.repo.importMany(actor.team.id, actor.actor.userId, songs, max);
    if (result === 'full') throw new ConflictError(SONG_TEXTS.libraryFull(max));
    await this.links?.addImportedLinks(actor.team.id, actor.actor.userId, result.added);
    return { imported: result.imported, skipped: result.skipped };
  }
}

function checkTeamId(bodyTeamId: string | undefined, teamId: string) {
  if (bodyTeamId && bodyTeamId !== teamId) {
    throw new ValidationError('teamId does not match the X-Team-ID header.');
  }
}
