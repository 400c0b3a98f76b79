import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  MEDIA_LIMITS,
  MEDIA_TEXTS,
  linkNameOf,
  type MediaMark,
  type Recording,
  type SongLink,
  type SongLinkInput,
  type SongMedia,
  type TeamSongLink,
} from '@segue/shared';
import { authorize } from '../policy/policy.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import { ConflictError, NotFoundError, PayloadTooLargeError } from '../lib/errors.ts';
import type { TeamActor } from '../policy/actor.ts';
import type { SongsService } from '../songs/songs.service.ts';
import type { ByteRange, MediaObject, MediaStore } from './media-store.ts';
import { readRecording, spoolUpload } from './recording-file.ts';
import type { LinkRow, RecordingRow, RecordingsRepository } from './recordings.repository.ts';

export interface RecordingsOptions {
  store: MediaStore;
  songs: Pick<SongsService, 'assertInLibrary' | 'assertMayEdit'>;
  accounts: Pick<AccountsRepository, 'people'>;
  quotaMb: number;
  onError: (error: unknown, message: string) => void;
}

/**
 * A song's recordings and reference links (docs/DECISIONS.md, "Recordings on a song"): every
 * member reads them, whoever may change the song adds and deletes them. The bytes are in the
 * media store under `<team>/<recording>`; the rows say what they are.
 */
export class RecordingsService {
  private readonly quotaBytes: number;

  constructor(
    private readonly repo: RecordingsRepository,
    private readonly options: RecordingsOptions,
  ) {
    this.quotaBytes = options.quotaMb * 1024 * 1024;
  }

  async list(actor: TeamActor, songId: string): Promise<SongMedia> {
    await this.options.songs.assertInLibrary(actor, songId);
    const teamId = actor.team.id;
    const [recordings, links, usedBytes] = await Promise.all([
      this.repo.recordingsOf(teamId, songId),
      this.repo.linksOf(teamId, songId),
      this.repo.usedBytes(teamId),
    ]);
    const names = await this.namesOf([...recordings, ...links].map((r) => r.addedBy));
    return {
      recordings: recordings.map((r) => presentRecording(r, names)),
      links: links.map((l) => presentLink(l, names)),
      usedBytes,
      quotaBytes: this.quotaBytes,
    };
  }

  /** Every link of the team's songs, for the library's export (recordings are left out). */
  async teamLinks(actor: TeamActor): Promise<TeamSongLink[]> {
    authorize(actor, 'readLibrary');
    return this.repo.linksOfTeam(actor.team.id);
  }

  /**
   * Stores an upload as a recording of the song. Refused before a byte is read when its
   * declared length is over the limit or the quota; then by its bytes (type, length, quota
   * again, in the statement that adds it). A refused or failed upload leaves nothing.
   */
  async upload(
    actor: TeamActor,
    songId: string,
    upload: { body: Readable; declaredSize: number | undefined; name: string | undefined },
  ): Promise<Recording> {
    await this.options.songs.assertMayEdit(actor, songId);
    const teamId = actor.team.id;
    const declared = upload.declaredSize;
    if (declared !== undefined && declared > MEDIA_LIMITS.maxFileBytes) {
      throw new PayloadTooLargeError(MEDIA_TEXTS.tooLarge);
    }
    if (
      declared !== undefined &&
      (await this.repo.usedBytes(teamId)) + declared > this.quotaBytes
    ) {
      throw new PayloadTooLargeError(MEDIA_TEXTS.quotaFull(this.options.quotaMb));
    }
    const spooled = await spoolUpload(upload.body, MEDIA_LIMITS.maxFileBytes);
    try {
      const { type, durationMs } = await readRecording(spooled.file);
      const id = randomUUID();
      const storageKey = `${teamId}/${id}`;
      await this.options.store.put(storageKey, createReadStream(spooled.file), {
        size: spooled.size,
        contentType: type,
      });
      const added = await this.repo
        .add(
          {
            id,
            teamId,
            songId,
            name: upload.name ?? defaultName(type),
            mediaType: type,
            size: spooled.size,
            durationMs,
            storageKey,
            addedBy: actor.actor.userId,
          },
          { quotaBytes: this.quotaBytes, perSong: MEDIA_LIMITS.recordingsPerSong },
        )
        .catch(async (error: unknown) => {
          await this.forget(storageKey);
          throw error;
        });
      if (added === 'quota' || added === 'count') {
        await this.forget(storageKey);
        if (added === 'count') throw new ConflictError(MEDIA_TEXTS.tooManyRecordings);
        throw new PayloadTooLargeError(MEDIA_TEXTS.quotaFull(this.options.quotaMb));
      }
      return presentRecording(added, await this.namesOf([added.addedBy]));
    } finally {
      await spooled.discard();
    }
  }

  /**
   * The recording's length, type and validator, for members of its team: what a stream's
   * headers, a conditional request and its range are decided from.
   */
  async info(actor: TeamActor, id: string) {
    const row = await this.readable(actor, id);
    const info = await this.options.store.head(row.storageKey);
    if (!info) throw new NotFoundError(MEDIA_TEXTS.recordingNotFound);
    return { row, info };
  }

  /** The bytes (a range of them) of a recording `info` has just let the caller have. */
  async read(row: RecordingRow, range: ByteRange | undefined): Promise<MediaObject> {
    const object = await this.options.store.get(row.storageKey, range);
    if (!object) throw new NotFoundError(MEDIA_TEXTS.recordingNotFound);
    return object;
  }

  async remove(actor: TeamActor, id: string): Promise<void> {
    const row = await this.repo.recording(actor.team.id, id);
    if (!row) throw new NotFoundError(MEDIA_TEXTS.recordingNotFound);
    await this.options.songs.assertMayEdit(actor, row.songId);
    if (!(await this.repo.removeRecording(actor.team.id, id))) {
      throw new NotFoundError(MEDIA_TEXTS.recordingNotFound);
    }
    await this.collectGarbage();
  }

  /** Replaces the recording's marks (sorted by time): whoever may change the song may. */
  async setMarks(actor: TeamActor, id: string, marks: MediaMark[]): Promise<Recording> {
    const row = await this.repo.recording(actor.team.id, id);
    if (!row) throw new NotFoundError(MEDIA_TEXTS.recordingNotFound);
    await this.options.songs.assertMayEdit(actor, row.songId);
    const sorted = [...marks].sort((a, b) => a.atMs - b.atMs);
    const saved = await this.repo.setMarks(actor.team.id, id, sorted);
    if (!saved) throw new NotFoundError(MEDIA_TEXTS.recordingNotFound);
    return presentRecording(saved, await this.namesOf([saved.addedBy]));
  }

  async addLink(actor: TeamActor, songId: string, input: SongLinkInput): Promise<SongLink> {
    await this.options.songs.assertMayEdit(actor, songId);
    const added = await this.repo.addLink(
      {
        id: randomUUID(),
        teamId: actor.team.id,
        songId,
        name: input.name ?? linkNameOf(input.url),
        url: input.url,
        addedBy: actor.actor.userId,
      },
      MEDIA_LIMITS.linksPerSong,
    );
    if (!added) throw new ConflictError(MEDIA_TEXTS.tooManyLinks);
    return presentLink(added, await this.namesOf([added.addedBy]));
  }

  async removeLink(actor: TeamActor, id: string): Promise<void> {
    const row = await this.repo.link(actor.team.id, id);
    if (!row) throw new NotFoundError(MEDIA_TEXTS.linkNotFound);
    await this.options.songs.assertMayEdit(actor, row.songId);
    if (!(await this.repo.removeLink(actor.team.id, id))) {
      throw new NotFoundError(MEDIA_TEXTS.linkNotFound);
    }
  }

  /**
   * Deletes the stored objects whose rows are gone (deleted here, or with their song or team);
   * a key whose deletion fails stays listed for the next sweep. Never throws.
   */
  async collectGarbage(limit = 100): Promise<number> {
    let collected = 0;
    try {
      for (const key of await this.repo.garbage(limit)) {
        try {
          await this.options.store.delete(key);
          await this.repo.garbageCollected(key);
          collected += 1;
        } catch (error) {
          this.options.onError(error, 'media: a deleted recording could not be removed');
        }
      }
    } catch (error) {
      this.options.onError(error, 'media: the deleted recordings could not be read');
    }
    return collected;
  }

  /** A recording of a song in the team's library (one in the trash is out of reach). */
  private async readable(actor: TeamActor, id: string): Promise<RecordingRow> {
    const row = await this.repo.recording(actor.team.id, id);
    if (!row) throw new NotFoundError(MEDIA_TEXTS.recordingNotFound);
    await this.options.songs.assertInLibrary(actor, row.songId);
    return row;
  }

  /** Removes an object stored for an upload that was then refused or failed. */
  private async forget(key: string) {
    await this.options.store
      .delete(key)
      .catch((error: unknown) => this.options.onError(error, 'media: a refused upload stayed'));
  }

  private async namesOf(ids: (string | null)[]): Promise<Map<string, string>> {
    const people = await this.options.accounts.people(ids.filter((id): id is string => !!id));
    return new Map(people.map((p) => [p.id, p.name]));
  }
}

function defaultName(type: string): string {
  return type === 'audio/mpeg' ? 'Recording (MP3)' : 'Recording';
}

function adder(id: string | null, names: Map<string, string>) {
  const name = id ? names.get(id) : undefined;
  return id && name !== undefined ? { id, name } : null;
}

function presentRecording(row: RecordingRow, names: Map<string, string>): Recording {
  return {
    id: row.id,
    songId: row.songId,
    name: row.name,
    type: row.mediaType as Recording['type'],
    size: row.size,
    durationMs: row.durationMs,
    addedBy: adder(row.addedBy, names),
    createdAt: row.createdAt.toISOString(),
    marks: row.marks,
  };
}

function presentLink(row: LinkRow, names: Map<string, string>): SongLink {
  return {
    id: row.id,
    songId: row.songId,
    name: row.name,
    url: row.url,
    addedBy: adder(row.addedBy, names),
    createdAt: row.createdAt.toISOString(),
  };
}
