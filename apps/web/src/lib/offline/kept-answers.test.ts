import 'fake-indexeddb/auto';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { SetlistSchema, SongSchema } from '@segue/shared';
import type { Account, Person, SetlistDetails, Song, Team } from '@segue/shared';
import { readSongFile } from '@segue/shared/formats';
import { answerFromCopy, rememberAnswer } from './kept-answers.ts';
import {
  evictionOrder,
  keepWithin,
  keptSetlistsOf,
  keptSummary,
  removeKeptData,
} from './kept-data.ts';
import type { KeptSetlist } from './kept-data.ts';
import { keptCall } from './kept-paths.ts';

// Issue 17: what a device keeps of the API's answers, and how the kept copy answers offline.

const account = (id: string): Account => ({
  $id: id,
  name: `User ${id}`,
  email: `${id}@segue.test`,
  emailVerification: true,
  phone: '',
  teams: ['team-a', 'team-b'],
});

const team = (id: string, members: string[]): Team => ({
  _id: id,
  name: `Team ${id}`,
  description: '',
  members,
  admins: [],
  songEditors: 'everyone',
  setlistEditors: 'everyone',
  shareListening: false,
  createdBy: members[0] ?? 'u1',
  requestedUsers: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

const song = (id: string, teamId: string, parts: Song['parts'] = []): Song => ({
  _id: id,
  title: `Song ${id}`,
  artist: '',
  key: 'G',
  capo: 0,
  tempo: null,
  time: null,
  ccli: null,
  copyright: '',
  authors: [],
  language: null,
  parts,
  teamId,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

const setlist = (id: string, teamId: string, date: string, songs: Song[]): SetlistDetails => ({
  _id: id,
  name: `Setlist ${id}`,
  date: `${date}T00:00:00.000Z`,
  notes: '',
  songs: songs.map((s) => ({ song: s, leader: 'u1', key: null, duration: null })),
  items: [],
  startTime: null,
  clickOnStep: 'follow',
  lyricLanguages: [],
  positions: [],
  teamId,
  currentIndex: 0,
  currentPartLabel: null,
  currentItem: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

/** What the API client does with a server's answer to `method path`. */
async function answered(method: string, path: string, teamId: string | null, body: unknown) {
  await rememberAnswer(keptCall(method, path)!, teamId, body);
}

/** What the kept copy answers to `method path` offline. */
async function offline(method: string, path: string, teamId: string | null, body?: unknown) {
  return (await answerFromCopy(keptCall(method, path)!, teamId, body))?.body;
}

beforeEach(async () => {
  await removeKeptData();
});

describe('keptCall', () => {
  it('names the calls a device keeps, and no other', () => {
    expect(keptCall('GET', '/account')).toEqual({ kind: 'account' });
    expect(keptCall('GET', '/setlist/abc%20d')).toEqual({ kind: 'setlist', id: 'abc d' });
    expect(keptCall('GET', '/songs/s1')).toEqual({ kind: 'song', id: 's1' });
    expect(keptCall('POST', '/users/batch')).toEqual({ kind: 'people' });
    expect(keptCall('GET', '/songs/export')).toBeNull();
    expect(keptCall('GET', '/songs/s1/export')).toBeNull();
    expect(keptCall('GET', '/songs?fields=summary')).toBeNull();
    expect(keptCall('PUT', '/setlist/abc')).toBeNull();
    expect(keptCall('DELETE', '/account/sessions/current')).toBeNull();
  });
});

describe('the kept copy', () => {
  const songA = song('s1', 'team-a', [
    {
      id: 'p1',
      label: 'Verse 1',
      lines: [{ chords: 'G  D', lyrics: 'Amazing grace' }],
      translations: [],
    },
  ]);
  const sunday = setlist('set-a', 'team-a', '2026-11-29', [songA]);
  const other = setlist('set-b', 'team-b', '2026-11-29', [song('s2', 'team-b')]);
  const people: Person[] = [{ $id: 'u1', name: 'Ann', email: 'ann@segue.test' }];

  async function keepSunday() {
    await answered('GET', '/account', null, account('u1'));
    await answered('GET', '/teams', null, [team('team-a', ['u1']), team('team-b', ['u1'])]);
    await answered('GET', '/setlist/set-a', 'team-a', sunday);
    await answered('GET', '/setlist/set-b', 'team-b', other);
    await answered('POST', '/users/batch', 'team-a', people);
  }

  it('answers as the server would, for the team the call names only', async () => {
    await keepSunday();
    expect(await offline('GET', '/account', null)).toEqual(account('u1'));
    expect(await offline('GET', '/setlist/set-a', 'team-a')).toEqual(sunday);
    // Another team's setlist is not answered: online it would be refused.
    expect(await offline('GET', '/setlist/set-a', 'team-b')).toBeUndefined();
    const list = SetlistSchema.array().parse(await offline('GET', '/setlist', 'team-a'));
    expect(list.map((s) => [s._id, s.songs])).toEqual([
      ['set-a', [{ song: 's1', leader: 'u1', key: null, duration: null, tempo: null }]],
    ]);
    expect(SongSchema.parse(await offline('GET', '/songs/s1', 'team-a'))).toEqual(songA);
    expect(await offline('GET', '/songs/s1', 'team-b')).toBeUndefined();
    expect(await offline('POST', '/users/batch', 'team-a', { ids: ['u1', 'u9'] })).toEqual(people);
    expect(await offline('GET', '/setlist/nope', 'team-a')).toBeUndefined();
  });

  it("forgets a team's setlists and people once the user is no longer in it", async () => {
    await keepSunday();
    await answered('GET', '/teams', null, [team('team-b', ['u1'])]);
    expect(await keptSetlistsOf('team-a')).toEqual([]);
    expect(await offline('GET', '/setlist/set-a', 'team-a')).toBeUndefined();
    expect(await offline('POST', '/users/batch', 'team-a', { ids: ['u1'] })).toEqual([]);
    expect((await keptSetlistsOf('team-b')).map((s) => s.id)).toEqual(['set-b']);
  });

  it("removes one user's data when another signs in on the device", async () => {
    await keepSunday();
    await answered('GET', '/account', null, account('u2'));
    expect(await offline('GET', '/setlist/set-a', 'team-a')).toBeUndefined();
    expect(await offline('GET', '/teams', null)).toBeUndefined();
    expect(await offline('GET', '/account', null)).toEqual(account('u2'));
  });

  it('keeps nothing before a verified account is kept', async () => {
    await answered('GET', '/account', null, { ...account('u1'), emailVerification: false });
    await answered('GET', '/setlist/set-a', 'team-a', sunday);
    expect(await keptSummary()).toMatchObject({ setlists: 0, songs: 0 });
  });
});

describe('the size bound', () => {
  const kept = (id: string, day: string, keptAt: number): KeptSetlist => ({
    id,
    teamId: 't',
    day,
    details: setlist(id, 't', day, []),
    keptAt,
    bytes: 1000,
  });

  it('lets played setlists go first, then the ones furthest ahead', () => {
    const order = evictionOrder(
      [
        kept('next-week', '2026-12-02', 1),
        kept('sunday', '2026-11-29', 1),
        kept('last-month', '2026-10-25', 1),
        kept('last-week', '2026-11-22', 2),
        kept('far', '2026-12-06', 1),
      ],
      '2026-11-25',
    );
    expect(order.map((s) => s.id)).toEqual([
      'last-month',
      'last-week',
      'far',
      'next-week',
      'sunday',
    ]);
  });

  it('keeps within the limit', async () => {
    await answered('GET', '/account', null, account('u1'));
    await answered('GET', '/teams', null, [team('team-a', ['u1'])]);
    for (const [id, date] of [
      ['played', '2026-11-20'],
      ['sunday', '2026-11-29'],
      ['far', '2026-12-06'],
    ] as const) {
      await answered('GET', `/setlist/${id}`, 'team-a', setlist(id, 'team-a', date, []));
    }
    const each = (await keptSetlistsOf('team-a'))[0]!.bytes;
    await keepWithin(each * 1.5, '2026-11-25');
    expect((await keptSetlistsOf('team-a')).map((s) => s.id)).toEqual(['sunday']);
  });
});

/** Every song of the shared format fixtures, as the server would send it. */
function fixtureSongs(teamId: string): Song[] {
  const root = fileURLToPath(
    new URL('../../../../../packages/shared/test/fixtures/', import.meta.url),
  );
  const songs: Song[] = [];
  for (const folder of ['chordpro', 'openlyrics', 'opensong', 'plain', 'ultimate-guitar']) {
    for (const file of readdirSync(`${root}${folder}`)) {
      if (file.includes('.expected')) continue;
      const { songs: read } = readSongFile(
        file,
        readFileSync(`${root}${folder}/${file}`, 'latin1'),
      );
      for (const converted of read) {
        const { source: _source, ...fields } = converted;
        songs.push({
          ...song(`s${songs.length}`, teamId),
          ...fields,
          parts: fields.parts.map((part, i) => ({
            ...part,
            id: `p${i}`,
            translations: part.translations ?? [],
          })),
        });
      }
    }
  }
  return songs;
}

describe('a week of music', () => {
  it('keeps 3 setlists of 15 songs in well under 2 MB', async () => {
    const library = fixtureSongs('team-a');
    expect(library.length).toBeGreaterThanOrEqual(15);
    await answered('GET', '/account', null, account('u1'));
    await answered('GET', '/teams', null, [team('team-a', ['u1'])]);
    for (const [n, date] of ['2026-11-26', '2026-11-29', '2026-12-06'].entries()) {
      const songs = Array.from({ length: 15 }, (_, i) => library[(n * 15 + i) % library.length]!);
      await answered(
        'GET',
        `/setlist/week-${n}`,
        'team-a',
        setlist(`week-${n}`, 'team-a', date, songs),
      );
    }
    const summary = await keptSummary();
    expect(summary).toMatchObject({ setlists: 3 });
    expect(summary.bytes).toBeLessThan(2 * 1024 * 1024);
    console.info(`[offline] 3 setlists of 15 fixture songs keep ${summary.bytes} bytes`);
  });

  it('keeps 3 setlists of 15 long songs (10 parts of 8 lines) under 2 MB too', async () => {
    const lyrics = 'How great the love that found me when I was lost and far from home';
    const long = (id: string): Song =>
      song(
        id,
        'team-a',
        Array.from({ length: 10 }, (_, p) => ({
          id: `p${p}`,
          label: `Verse ${p + 1}`,
          lines: Array.from({ length: 8 }, () => ({
            chords: 'G       D/F#      Em7       Cmaj7      G/B       Am7    Dsus4  D',
            lyrics,
          })),
          translations: [],
        })),
      );
    await answered('GET', '/account', null, account('u1'));
    await answered('GET', '/teams', null, [team('team-a', ['u1'])]);
    for (const [n, date] of ['2026-11-26', '2026-11-29', '2026-12-06'].entries()) {
      const songs = Array.from({ length: 15 }, (_, i) => long(`long-${n}-${i}`));
      await answered(
        'GET',
        `/setlist/long-${n}`,
        'team-a',
        setlist(`long-${n}`, 'team-a', date, songs),
      );
    }
    const summary = await keptSummary();
    expect(summary).toMatchObject({ setlists: 3, songs: 45 });
    expect(summary.bytes).toBeLessThan(2 * 1024 * 1024);
    console.info(`[offline] 3 setlists of 15 long songs keep ${summary.bytes} bytes`);
  });
});
