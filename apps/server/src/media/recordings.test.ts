import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIMITS, MEDIA_TEXTS, SONG_TEXTS } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSong,
  createTeam,
  purgeTrash,
  type FactoryAccount,
} from '../../test/factories.ts';
import { bearer, startTestApp, type TestApp } from '../../test/harness.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { rangeOf } from './recordings.routes.ts';
import { RangeNotSatisfiableError } from './media-store.ts';
import { openMediaStore } from './media-store-from-config.ts';

type Who = 'owner' | 'admin' | 'member' | 'outsider';

/** A mono 16-bit PCM WAV of `seconds` of a tone at `rate` samples a second. */
function wav(seconds: number, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const bytes = Buffer.alloc(44 + samples * 2);
  bytes.write('RIFF', 0);
  bytes.writeUInt32LE(36 + samples * 2, 4);
  bytes.write('WAVEfmt ', 8);
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20); // PCM
  bytes.writeUInt16LE(1, 22); // mono
  bytes.writeUInt32LE(rate, 24);
  bytes.writeUInt32LE(rate * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36);
  bytes.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    bytes.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  }
  return bytes;
}

/**
 * A FLAC stream of only its STREAMINFO block (no frames): `seconds` at 44.1 kHz, which its
 * header says, so its length is read without decoding a sample.
 */
function flac(seconds: number): Buffer {
  const rate = 44100;
  const total = BigInt(seconds * rate);
  const info = Buffer.alloc(34);
  info.writeUInt16BE(4096, 0);
  info.writeUInt16BE(4096, 2);
  // Sample rate (20 bits), channels - 1 (3 bits), bits per sample - 1 (5 bits), total (36 bits).
  const packed = (BigInt(rate) << 44n) | (1n << 41n) | (15n << 36n) | total;
  info.writeBigUInt64BE(packed, 10);
  return Buffer.concat([Buffer.from('fLaC'), Buffer.from([0x80, 0, 0, 34]), info]);
}

const TEXT = Buffer.from('These are the words of a song, not a recording.\n'.repeat(20));

/** Where the recordings go: files under a DATA_DIR of the test's own, or a real S3 server. */
const stores = ['disk', 's3'] as const;

describe.each(backends)('songs’ recordings and links on %s', (backend) => {
  describe.each(stores)('stored on %s', (storage) => {
    let t: TestApp;
    let s3: TestS3Server | undefined;
    let dataDir: string;
    let teamId: string;
    let otherTeamId: string;
    let songId: string;
    let otherSongId: string;
    const people = {} as Record<Who, FactoryAccount>;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'segue-recordings-'));
      if (storage === 's3') s3 = await startS3Server();
      t = await startTestApp(backend, {
        config: { dataDir, s3Url: s3?.url, mediaQuotaMb: 1 },
      });
      for (const who of ['owner', 'admin', 'member', 'outsider'] as const) {
        people[who] = await createAccount(t, { name: `${who} Person` });
      }
      teamId = await createTeam(t, {
        owner: people.owner,
        name: 'Rehearsing Team',
        admins: [people.admin],
        members: [people.member],
      });
      otherTeamId = await createTeam(t, { owner: people.outsider, name: 'Other Team' });
      songId = await createSong(t, { teamId, by: people.owner, title: 'Practised', labels: ['V'] });
      otherSongId = await createSong(t, {
        teamId: otherTeamId,
        by: people.outsider,
        title: 'Theirs',
        labels: ['V'],
      });
    });
    afterAll(async () => {
      await t?.close();
      await s3?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const headers = (as: Who, team = teamId) => ({
      ...bearer(people[as].jwt),
      'x-team-id': team,
    });
    const upload = (as: Who, bytes: Buffer, options: { name?: string; type?: string } = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/songs/${songId}/media${options.name ? `?name=${encodeURIComponent(options.name)}` : ''}`,
        headers: { ...headers(as), 'content-type': options.type ?? 'audio/wav' },
        payload: bytes,
      });
    const list = (as: Who, team = teamId, song = songId) =>
      t.app.inject({ method: 'GET', url: `/api/songs/${song}/media`, headers: headers(as, team) });
    const stream = (as: Who, id: string, extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: `/api/media/${id}`,
        headers: { ...headers(as), ...extra },
      });

    it('takes a WAV from an editor: its type read from its bytes, its length from its header', async () => {
      const bytes = wav(3);
      const res = await upload('member', bytes, { name: 'Rehearsal take', type: 'audio/mpeg' });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json();
      expect(created).toEqual({
        id: expect.any(String),
        name: 'Rehearsal take',
        type: 'audio/wav',
        size: bytes.length,
        durationMs: 3000,
      });
      const listed = await list('member');
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toMatchObject({
        recordings: [
          {
            id: created.id,
            songId,
            name: 'Rehearsal take',
            durationMs: 3000,
            addedBy: { id: people.member.userId, name: 'member Person' },
            marks: [],
          },
        ],
        links: [],
        usedBytes: bytes.length,
        quotaBytes: 1024 * 1024,
      });
    });

    it('streams a recording whole, and a range of it as 206, with its ETag', async () => {
      const bytes = wav(1);
      const { id } = (await upload('admin', bytes, { name: 'Ranged' })).json();
      const whole = await stream('member', id);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('audio/wav');
      expect(whole.headers['cache-control']).toBe('private, no-cache');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.equals(bytes)).toBe(true);
      const etag = whole.headers.etag as string;
      expect(etag).toMatch(/^"[^"]+"$/);

      const part = await stream('member', id, { range: 'bytes=10-109' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 10-109/${bytes.length}`);
      expect(part.rawPayload.equals(bytes.subarray(10, 110))).toBe(true);

      const tail = await stream('member', id, { range: 'bytes=-4' });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 4))).toBe(true);

      const past = await stream('member', id, { range: `bytes=${bytes.length}-` });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);

      const unchanged = await stream('member', id, { 'if-none-match': etag });
      expect(unchanged.statusCode).toBe(304);
      // A range asked "if it is still this one" of another version is answered whole.
      const stale = await stream('member', id, { range: 'bytes=0-9', 'if-range': '"old"' });
      expect(stale.statusCode).toBe(200);
    });

    it('knows a FLAC by its bytes whatever its name, and refuses text that calls itself MP3', async () => {
      const ok = await upload('owner', flac(2), { name: 'song.mp3', type: 'audio/mpeg' });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json()).toMatchObject({ type: 'audio/flac', durationMs: 2000 });

      const before = (await list('owner')).json();
      const refused = await upload('owner', TEXT, { name: 'words.mp3', type: 'audio/mpeg' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(MEDIA_TEXTS.wrongType);
      const json = await t.app.inject({
        method: 'POST',
        url: `/api/songs/${songId}/media`,
        headers: { ...headers('owner'), 'content-type': 'application/json' },
        payload: { not: 'audio' },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().error).toBe(MEDIA_TEXTS.wrongType);
      const empty = await upload('owner', Buffer.alloc(0));
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe(MEDIA_TEXTS.empty);
      // Nothing was kept of them.
      expect((await list('owner')).json()).toEqual(before);
    });

    it('refuses what would take the team past its quota, and keeps what was there', async () => {
      const before = (await list('owner')).json();
      // 1 MB of quota, about 70 KB used: 1.2 MB of WAV does not fit.
      const big = wav(75);
      const res = await upload('owner', big);
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toBe(MEDIA_TEXTS.quotaFull(1));
      expect((await list('owner')).json()).toEqual(before);
    });

    it('refuses a file over 50 MB by its declared length, before reading it', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/songs/${songId}/media`,
        headers: {
          ...headers('owner'),
          'content-type': 'audio/wav',
          'content-length': String(MEDIA_LIMITS.maxFileBytes + 1),
        },
        payload: wav(0.1),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toBe(MEDIA_TEXTS.tooLarge);
    });

    it('saves marks sorted by time, for editors only', async () => {
      const { id } = (await upload('admin', wav(2), { name: 'Marked' })).json();
      const marks = [
        { partId: 'chorus', atMs: 1500 },
        { partId: 'verse', atMs: 0 },
      ];
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/media/${id}/marks`,
        headers: headers('member'),
        payload: marks,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().marks).toEqual([marks[1], marks[0]]);
      const listed = (await list('outsider', teamId)).statusCode;
      expect(listed).toBe(404);
      const read = (await list('member'))
        .json()
        .recordings.find((r: { id: string }) => r.id === id);
      expect(read.marks).toEqual([marks[1], marks[0]]);
      const bad = await t.app.inject({
        method: 'PUT',
        url: `/api/media/${id}/marks`,
        headers: headers('member'),
        payload: [{ partId: 'verse', atMs: -1 }],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain(MEDIA_TEXTS.badMarks);
    });

    it('adds and deletes links: https only, named by their host when unnamed', async () => {
      const added = await t.app.inject({
        method: 'POST',
        url: `/api/songs/${songId}/links`,
        headers: headers('member'),
        payload: { url: 'https://www.youtube.com/watch?v=abc' },
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toMatchObject({
        name: 'youtube.com',
        url: 'https://www.youtube.com/watch?v=abc',
        addedBy: { id: people.member.userId },
      });
      for (const url of ['http://example.com', 'javascript:alert(1)', 'https://u:p@example.com']) {
        const bad = await t.app.inject({
          method: 'POST',
          url: `/api/songs/${songId}/links`,
          headers: headers('member'),
          payload: { url },
        });
        expect(bad.statusCode, url).toBe(400);
        expect(bad.body).toContain(MEDIA_TEXTS.badUrl);
      }
      expect((await list('member')).json().links).toHaveLength(1);
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `/api/links/${added.json().id}`,
        headers: headers('member'),
      });
      expect(gone.statusCode).toBe(204);
      expect((await list('member')).json().links).toEqual([]);
    });

    it('refuses outsiders as for a missing song, and members once the owner keeps songs to leaders', async () => {
      const { id } = (await upload('owner', wav(0.5), { name: 'Guarded' })).json();
      // An outsider, in their own team or naming this one, learns nothing.
      expect((await list('outsider', otherTeamId, songId)).statusCode).toBe(404);
      expect((await list('outsider', teamId)).statusCode).toBe(404);
      const theirs = await t.app.inject({
        method: 'GET',
        url: `/api/media/${id}`,
        headers: headers('outsider', otherTeamId),
      });
      expect(theirs.statusCode).toBe(404);
      const deleteTheirs = await t.app.inject({
        method: 'DELETE',
        url: `/api/media/${id}`,
        headers: headers('outsider', otherTeamId),
      });
      expect(deleteTheirs.statusCode).toBe(404);
      // Another team's song cannot take a recording through this team.
      const across = await t.app.inject({
        method: 'POST',
        url: `/api/songs/${otherSongId}/media`,
        headers: { ...headers('owner'), 'content-type': 'audio/wav' },
        payload: wav(0.1),
      });
      expect(across.statusCode).toBe(404);
      expect(across.json().error).toBe(SONG_TEXTS.songNotFound);

      const leadersOnly = await t.app.inject({
        method: 'PUT',
        url: `/api/teams/${teamId}/editors`,
        headers: bearer(people.owner.jwt),
        payload: { songEditors: 'leaders', setlistEditors: 'everyone' },
      });
      expect(leadersOnly.statusCode, leadersOnly.body).toBe(200);
      try {
        expect((await upload('member', wav(0.1))).statusCode).toBe(403);
        const del = await t.app.inject({
          method: 'DELETE',
          url: `/api/media/${id}`,
          headers: headers('member'),
        });
        expect(del.statusCode).toBe(403);
        // Members still read and hear them.
        expect((await list('member')).statusCode).toBe(200);
        expect((await stream('member', id)).statusCode).toBe(200);
      } finally {
        await t.app.inject({
          method: 'PUT',
          url: `/api/teams/${teamId}/editors`,
          headers: bearer(people.owner.jwt),
          payload: { songEditors: 'everyone', setlistEditors: 'everyone' },
        });
      }
    });

    it('deletes a recording’s bytes with it, and with its song once purged from the trash', async () => {
      const { id } = (await upload('owner', wav(0.5), { name: 'Short-lived' })).json();
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `/api/media/${id}`,
        headers: headers('owner'),
      });
      expect(gone.statusCode).toBe(204);
      expect((await stream('owner', id)).statusCode).toBe(404);
      expect(
        await t.app.inject({
          method: 'DELETE',
          url: `/api/media/${id}`,
          headers: headers('owner'),
        }),
      ).toMatchObject({ statusCode: 404 });

      const doomed = await createSong(t, {
        teamId,
        by: people.owner,
        title: 'Doomed',
        labels: ['V'],
      });
      const kept = await t.app.inject({
        method: 'POST',
        url: `/api/songs/${doomed}/media`,
        headers: { ...headers('owner'), 'content-type': 'audio/wav' },
        payload: wav(0.5),
      });
      expect(kept.statusCode).toBe(201);
      const key = `${teamId}/${kept.json().id}`;
      const store = await openMediaStore({ dataDir, s3Url: s3?.url, env: {} });
      expect(await store.head(key)).not.toBeNull();
      // In the trash, out of reach; purged, out of the store too.
      await t.app.inject({
        method: 'DELETE',
        url: `/api/songs/${doomed}`,
        headers: headers('owner'),
      });
      expect((await stream('owner', kept.json().id)).statusCode).toBe(404);
      await purgeTrash(t);
      await t.app.recordings.collectGarbage();
      expect(await store.head(key)).toBeNull();
      await store.close();
    });
  });
});

describe('a Range header', () => {
  it('is one byte range, or the whole recording', () => {
    expect(rangeOf(undefined, 100)).toBeUndefined();
    expect(rangeOf('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(rangeOf('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
    expect(rangeOf('bytes=95-', 100)).toEqual({ start: 95, end: 99 });
    expect(rangeOf('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(rangeOf('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(rangeOf('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(rangeOf('bytes=9-1', 100)).toBeUndefined();
    expect(rangeOf('items=0-1', 100)).toBeUndefined();
    expect(() => rangeOf('bytes=100-', 100)).toThrow(RangeNotSatisfiableError);
    expect(() => rangeOf('bytes=-0', 100)).toThrow(RangeNotSatisfiableError);
  });
});

describe.each(backends)('songs’ links in the library file on %s', (backend) => {
  let t: TestApp;
  let teamId: string;
  const people = {} as Record<'owner' | 'member' | 'outsider', FactoryAccount>;

  beforeAll(async () => {
    t = await startTestApp(backend);
    for (const who of ['owner', 'member', 'outsider'] as const) {
      people[who] = await createAccount(t, { name: `${who} Person` });
    }
    teamId = await createTeam(t, { owner: people.owner, members: [people.member] });
  });
  afterAll(async () => {
    await t?.close();
  });

  const importFile = (songs: unknown[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/songs/import',
      headers: { ...bearer(people.owner.jwt), 'x-team-id': teamId },
      payload: { songs },
    });
  const allLinks = (as: 'owner' | 'member' | 'outsider') =>
    t.app.inject({
      method: 'GET',
      url: '/api/songs/links',
      headers: { ...bearer(people[as].jwt), 'x-team-id': teamId },
    });
  const song = (title: string, links?: unknown) => ({
    title,
    artist: '',
    parts: [{ label: 'V', lines: [{ chords: '', lyrics: 'la' }] }],
    ...(links === undefined ? {} : { links }),
  });

  it('imports a song’s links with it, and gives them back for the export', async () => {
    const res = await importFile([
      song('Linked', [
        { url: 'https://www.youtube.com/watch?v=a', name: 'Live' },
        { url: 'https://open.spotify.com/track/b' },
      ]),
      song('Unlinked'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 2, skipped: 0 });
    const links = await allLinks('member');
    expect(links.statusCode).toBe(200);
    expect(links.json()).toEqual([
      { songId: expect.any(String), name: 'Live', url: 'https://www.youtube.com/watch?v=a' },
      {
        songId: expect.any(String),
        name: 'open.spotify.com',
        url: 'https://open.spotify.com/track/b',
      },
    ]);
    // A song skipped as a duplicate brings no links.
    const again = await importFile([song('Linked', [{ url: 'https://example.com/again' }])]);
    expect(again.json()).toEqual({ imported: 0, skipped: 1 });
    expect((await allLinks('member')).json()).toHaveLength(2);
  });

  it('refuses the whole file for a bad link, naming its song', async () => {
    const res = await importFile([
      song('Fine'),
      song('Bad link', [{ url: 'javascript:alert(1)' }]),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(`Song 2: ${MEDIA_TEXTS.badUrl}`);
    const many = await importFile([
      song(
        'Too many',
        Array.from({ length: 21 }, (_, i) => ({ url: `https://example.com/${i}` })),
      ),
    ]);
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toBe(`Song 1: ${MEDIA_TEXTS.tooManyLinks}`);
    expect((await allLinks('owner')).json()).toHaveLength(2);
  });

  it('refuses an outsider as for a missing team', async () => {
    expect((await allLinks('outsider')).statusCode).toBe(404);
  });
});
