import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { SONG_LIMITS, SongInputSchema, SONG_TEXTS } from '@segue/shared';
import type { Song, SongSummary } from '@segue/shared';
import type { z } from 'zod';
import type { AuthenticatedAccount } from '../accounts/sessions.ts';
import type { Db } from '../db/client.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/errors.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';
import { jsonBytes } from '../lib/plain-json.ts';
import type { ReadCache } from '../lib/read-cache.ts';
import { currentTeam, currentTeamCached } from '../teams/team-context.ts';
import type { TeamsRepository } from '../teams/teams.repository.ts';
import { presentSong, presentSongSummary } from './songs.presenter.ts';
import { SongsRepository, type SongValues } from './songs.repository.ts';

type ValidSong = z.output<typeof SongInputSchema>;

/** A song as it is stored: trimmed title, artist and labels. */
function normalise(input: ValidSong): SongValues {
  return {
    title: input.title.trim(),
    artist: input.artist.trim(),
    parts: input.parts.map((p) => ({
      label: p.label.trim(),
      lines: p.lines.map((l) => ({ chords: l.chords, lyrics: l.lyrics })),
    })),
  };
}

export class SongsService {
  readonly repo: SongsRepository;

  constructor(
    db: Db,
    private readonly teams: TeamsRepository,
    changes: ChangeFeed,
    private readonly cache: ReadCache,
  ) {
    this.repo = new SongsRepository(db, changes);
  }

  /**
   * The library or a search in it, as JSON bytes, with the total of a paged search.
   * The whole library (no search, no page) is kept in the read cache until a song
   * of the team changes; searches and pages are read each time.
   */
  async list(
    account: AuthenticatedAccount,
    request: FastifyRequest,
    query: { q?: string; limit?: number; offset?: number; fields?: 'full' | 'summary' },
  ): Promise<{ body: Buffer; total: number }> {
    const { team } = await currentTeamCached(this.cache, this.teams, request, account);
    const summary = query.fields === 'summary';
    const read = async (options: typeof query) => {
      const { rows, total } = await this.repo.list(team.id, { ...options, summary });
      const songs: (Song | SongSummary)[] = rows.map((r) =>
        summary ? presentSongSummary(r) : presentSong(r),
      );
      return { body: jsonBytes(songs), total };
    };
    const whole = !query.q?.trim() && query.limit === undefined && !query.offset;
    if (!whole) return read(query);
    return this.cache.get(
      `songs:${team.id}:${summary ? 'summary' : 'full'}`,
      [`team:${team.id}`],
      () => read({}),
      (answer) => answer.body.length,
    );
  }

  async get(account: AuthenticatedAccount, request: FastifyRequest, songId: string): Promise<Song> {
    const { team } = await currentTeamCached(this.cache, this.teams, request, account);
    const row = await this.repo.find(team.id, songId);
    if (!row) throw new NotFoundError(SONG_TEXTS.songNotFound);
    return presentSong(row);
  }

  async create(
    account: AuthenticatedAccount,
    request: FastifyRequest,
    input: ValidSong,
  ): Promise<Song> {
    const { team } = await currentTeam(this.teams, request, account);
    this.checkTeamId(input.teamId, team.id);
    const max = SONG_LIMITS.maxSongsPerTeam;
    const row = await this.repo.create(
      team.id,
      account.userId,
      randomUUID(),
      normalise(input),
      max,
    );
    if (row === 'full') throw new ConflictError(SONG_TEXTS.libraryFull(max));
    return presentSong(row);
  }

  async update(
    account: AuthenticatedAccount,
    request: FastifyRequest,
    songId: string,
    input: ValidSong,
  ) {
    const { team } = await currentTeam(this.teams, request, account);
    this.checkTeamId(input.teamId, team.id);
    const row = await this.repo.update(team.id, songId, normalise(input));
    if (!row) throw new NotFoundError(SONG_TEXTS.songNotFound);
    return presentSong(row);
  }

  async delete(account: AuthenticatedAccount, request: FastifyRequest, songId: string) {
    const { team } = await currentTeam(this.teams, request, account);
    if (!(await this.repo.delete(team.id, songId)))
      throw new NotFoundError(SONG_TEXTS.songNotFound);
  }

  /**
   * Imports a library file's songs in one transaction: a bad song refuses the whole
   * file, and a song whose title and artist match one already there (or earlier in
   * the file) is skipped. Only the team's creator may import.
   */
  /** Only the team's creator may import: checked before the (large) body is read. */
  async assertCanImport(account: AuthenticatedAccount, request: FastifyRequest) {
    const access = await currentTeam(this.teams, request, account);
    if (access.role !== 'owner') throw new ForbiddenError(SONG_TEXTS.creatorOnlyImport);
    return access;
  }

  async import(account: AuthenticatedAccount, request: FastifyRequest, items: unknown[]) {
    const access = await this.assertCanImport(account, request);
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
    const result = await this.repo.importMany(access.team.id, account.userId, songs, max);
    if (result === 'full') throw new ConflictError(SONG_TEXTS.libraryFull(max));
    return result;
  }

  private checkTeamId(bodyTeamId: string | undefined, teamId: string) {
    if (bodyTeamId && bodyTeamId !== teamId) {
      throw new ValidationError('teamId does not match the X-Team-ID header.');
    }
  }
}
