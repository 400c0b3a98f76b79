import { randomUUID } from 'node:crypto';
import { SONG_LIMITS, SongInputSchema, SONG_TEXTS, withPartIds } from '@segue/shared';
import type { Song, SongListQuery, SongSummary } from '@segue/shared';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { scope, type ChangeFeed } from '../lib/change-feed.ts';
import { jsonBytes } from '../lib/plain-json.ts';
import type { ReadCache } from '../lib/read-cache.ts';
import type { TeamActor } from '../policy/actor.ts';
import { authorize } from '../policy/policy.ts';
import { presentSong, presentSongSummary } from './songs.presenter.ts';
import { SongsRepository, type SongValues } from './songs.repository.ts';

type ValidSong = z.output<typeof SongInputSchema>;

/** A song as it is stored: trimmed title, artist and labels; every part with an id unique in it. */
function normalise(input: ValidSong): SongValues {
  return {
    title: input.title.trim(),
    artist: input.artist.trim(),
    parts: withPartIds(input.parts).map((p) => ({
      id: p.id,
      label: p.label.trim(),
      lines: p.lines.map((l) => ({ chords: l.chords, lyrics: l.lyrics })),
    })),
    key: input.key,
    capo: input.capo,
    tempo: input.tempo,
    timeSignature: input.time,
    ccli: input.ccli,
    copyright: input.copyright,
    authors: input.authors,
    source: input.source,
  };
}

export class SongsService {
  readonly repo: SongsRepository;

  constructor(
    db: Db,
    changes: ChangeFeed,
    private readonly cache: ReadCache,
  ) {
    this.repo = new SongsRepository(db, changes);
  }

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
    const row = await this.repo.find(actor.team.id, songId);
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
      normalise(input),
      max,
    );
    if (row === 'full') throw new ConflictError(SONG_TEXTS.libraryFull(max));
    return presentSong(row);
  }

  async update(actor: TeamActor, songId: string, input: ValidSong): Promise<Song> {
    authorize(actor, 'editLibrary');
    checkTeamId(input.teamId, actor.team.id);
    const row = await this.repo.update(actor.team.id, songId, normalise(input));
    if (!row) throw new NotFoundError(SONG_TEXTS.songNotFound);
    return presentSong(row);
  }

  async delete(actor: TeamActor, songId: string): Promise<void> {
    authorize(actor, 'editLibrary');
    if (!(await this.repo.delete(actor.team.id, songId)))
      throw new NotFoundError(SONG_TEXTS.songNotFound);
  }

  /**
   * Imports a library file's songs in one transaction: a bad song refuses the whole
   * file, and a song whose title and artist match one already there (or earlier in
   * the file) is skipped. Only the team's creator may import.
   */
  async import(actor: TeamActor, items: unknown[]) {
    authorize(actor, 'importLibrary');
    const songs = items.map((item, index) => {
      const parsed = SongInputSchema.safeParse(
        item && typeof item === 'object' && !Array.isArray(item)
          ? { ...(item as object), teamId: undefined }
          : item,
      );
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? 'Invalid song.';
        throw new ValidationError(`Song ${index + 1}: ${message}`);
      }
      return { id: randomUUID(), ...normalise(parsed.data) };
    });
    const max = SONG_LIMITS.maxSongsPerTeam;
    const result = await this.repo.importMany(actor.team.id, actor.actor.userId, songs, max);
    if (result === 'full') throw new ConflictError(SONG_TEXTS.libraryFull(max));
    return result;
  }
}

function checkTeamId(bodyTeamId: string | undefined, teamId: string) {
  if (bodyTeamId && bodyTeamId !== teamId) {
    throw new ValidationError('teamId does not match the X-Team-ID header.');
  }
}
