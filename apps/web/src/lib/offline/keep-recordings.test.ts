import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../api-client.ts';
import type { Account, Recording, SongMedia, Team } from '@segue/shared';
import { memoryStorage } from '../memory-storage.ts';
import { offlineKeeping, offlineRecordings } from '../storage.ts';
import { answerFromCopy, rememberAnswer } from './kept-answers.ts';
import {
  keepAccount,
  keepTeams,
  keptMediaSongIds,
  keptRecording,
  keptRecordingIds,
  keptSummary,
  removeKeptData,
  removeKeptRecordings,
} from './kept-data.ts';
import { keptCall } from './kept-paths.ts';
import {
  KEPT_RECORDINGS_BYTES_LIMIT,
  keepRecordings,
  practiceOrder,
  recordingsWithin,
} from './keep-recordings.ts';
import type { PracticeSetlist } from './keep-recordings.ts';
import { keepTheWeek } from './keep-the-week.ts';

// The recordings a device keeps for practice on request, and the songs' media lists kept with
// them (docs/DECISIONS.md, "Recordings kept for practice").

/** What the fake server answers, and what it was asked for. */
const server = vi.hoisted(() => ({
  media: new Map<string, unknown>(),
  /** Other answers by path (the week's calls). */
  answers: new Map<string, unknown>(),
  downloads: [] as string[],
  offline: false,
  /** Runs while a download is under way. */
  duringDownload: null as (() => Promise<void>) | null,
}));

vi.mock('../api-client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClient>();
  const answer = (path: string): unknown => {
    if (server.offline) throw new actual.NetworkError(new TypeError('Failed to fetch'));
    const song = /^\/songs\/([^/]+)\/media$/.exec(path)?.[1];
    const found = song ? server.media.get(song) : server.answers.get(path);
    if (found === undefined) throw new actual.ApiRequestError(404, 'Not found.', 'not_found');
    return found;
  };
  return {
    ...actual,
    apiFetch: vi.fn((path: string) => Promise.resolve().then(() => answer(path))),
    apiDownload: vi.fn(async (path: string) => {
      if (server.offline) throw new actual.NetworkError(new TypeError('Failed to fetch'));
      const id = decodeURIComponent(path.replace('/media/', ''));
      server.downloads.push(id);
      await server.duringDownload?.();
      return { blob: new Blob([`bytes of ${id}`], { type: 'audio/wav' }), filename: null };
    }),
  };
});

const MB = 1024 * 1024;
const TODAY = '2026-11-25';

const recording = (id: string, songId: string, size = MB): Recording => ({
  id,
  songId,
  name: `Take ${id}`,
  type: 'audio/wav',
  size,
  durationMs: 6000,
  addedBy: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  marks: [],
});

const media = (...recordings: Recording[]): SongMedia => ({
  recordings,
  links: [],
  usedBytes: recordings.reduce((sum, r) => sum + r.size, 0),
  quotaBytes: 2048 * MB,
});

const practiceSetlist = (day: string, ...songIds: string[]): PracticeSetlist => ({
  teamId: 'team-a',
  day,
  songIds,
});

const account: Account = {
  $id: 'u1',
  name: 'Ann',
  email: 'ann@segue.test',
  emailVerification: true,
  phone: '',
  teams: ['team-a'],
};

const team = (id: string): Team => ({
  _id: id,
  name: `Team ${id}`,
  description: '',
  members: ['u1'],
  admins: [],
  songEditors: 'everyone',
  setlistEditors: 'everyone',
  shareListening: false,
  createdBy: 'u1',
  requestedUsers: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

/** What the kept copy answers offline to `GET /songs/{id}/media` for `teamId`. */
async function offlineMedia(songId: string, teamId = 'team-a') {
  return (await answerFromCopy(keptCall('GET', `/songs/${songId}/media`)!, teamId, undefined))
    ?.body;
}

const keptIds = async () => (await keptRecordingIds()).sort();

beforeEach(async () => {
  vi.stubGlobal('window', { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
  offlineRecordings.set(true);
  server.media.clear();
  server.answers.clear();
  server.downloads = [];
  server.offline = false;
  server.duringDownload = null;
  await removeKeptData();
  await keepAccount(account);
  await keepTeams([team('team-a')]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('keptCall', () => {
  it('names a song’s media list, and not its recordings’ bytes', () => {
    expect(keptCall('GET', '/songs/s%201/media')).toEqual({ kind: 'media', songId: 's 1' });
    expect(keptCall('POST', '/songs/s1/media')).toBeNull();
    expect(keptCall('GET', '/media/take-1')).toBeNull();
  });
});

describe('the order and the cap', () => {
  it('takes the coming services nearest first, then the one played yesterday', () => {
    const order = practiceOrder(
      [
        practiceSetlist('2026-12-06', 'far'),
        practiceSetlist('2026-11-24', 'played'),
        practiceSetlist('2026-11-29', 'sunday'),
        practiceSetlist(TODAY, 'tonight'),
      ],
      TODAY,
    );
    expect(order.map((s) => s.songIds[0])).toEqual(['tonight', 'sunday', 'far', 'played']);
  });

  it('skips a recording that would pass the cap, and keeps a smaller one after it', () => {
    const chosen = recordingsWithin(
      [
        { teamId: 't', songId: 's1', recordings: [recording('a', 's1', 600 * MB)] },
        { teamId: 't', songId: 's2', recordings: [recording('b', 's2', 600 * MB)] },
        { teamId: 't', songId: 's3', recordings: [recording('c', 's3', 400 * MB)] },
        // A song in two setlists: its recording counts once.
        { teamId: 't', songId: 's1', recordings: [recording('a', 's1', 600 * MB)] },
      ],
      KEPT_RECORDINGS_BYTES_LIMIT,
    );
    expect(chosen.map((r) => r.id)).toEqual(['a', 'c']);
  });
});

describe('keeping recordings', () => {
  beforeEach(() => {
    server.media.set('s-far', media(recording('far', 's-far', 600 * MB)));
    server.media.set('s-near', media(recording('near', 's-near', 600 * MB)));
    server.media.set('s-played', media(recording('played', 's-played', 100 * MB)));
  });
  const week = [
    practiceSetlist('2026-12-06', 's-far'),
    practiceSetlist('2026-11-24', 's-played'),
    practiceSetlist('2026-11-27', 's-near'),
  ];

  it('downloads the nearest services’ recordings first, one at a time, within the 1 GB cap', async () => {
    await keepRecordings(week, TODAY);
    // The near service's 600 MB first; the far one's would pass 1 GB; yesterday's still fits.
    expect(server.downloads).toEqual(['near', 'played']);
    expect(await keptIds()).toEqual(['near', 'played']);
    const near = await keptRecording('near');
    expect(near).toMatchObject({ teamId: 'team-a', songId: 's-near', type: 'audio/wav' });
    expect(await near!.blob.text()).toBe('bytes of near');
    const summary = await keptSummary();
    expect(summary.recordings).toBe(2);
    expect(summary.recordingBytes).toBe('bytes of near'.length + 'bytes of played'.length);

    // Kept already: nothing is downloaded again.
    await keepRecordings(week, TODAY);
    expect(server.downloads).toEqual(['near', 'played']);
  });

  it('keeps each song’s media list, answered offline for its team only', async () => {
    await keepRecordings(week, TODAY);
    expect(await offlineMedia('s-far')).toEqual(server.media.get('s-far'));
    expect(await offlineMedia('s-far', 'team-b')).toBeUndefined();
    expect(await offlineMedia('s-unknown')).toBeUndefined();
  });

  it('refreshes a kept media list from later answers, and starts none', async () => {
    await keepRecordings(week, TODAY);
    const marked = media({ ...recording('near', 's-near'), marks: [{ partId: 'p1', atMs: 0 }] });
    await rememberAnswer(keptCall('GET', '/songs/s-near/media')!, 'team-a', marked);
    expect(await offlineMedia('s-near')).toEqual(marked);
    await rememberAnswer(keptCall('GET', '/songs/s-other/media')!, 'team-a', marked);
    expect(await offlineMedia('s-other')).toBeUndefined();
    // Another team's answer does not replace it.
    await rememberAnswer(keptCall('GET', '/songs/s-near/media')!, 'team-b', media());
    expect(await offlineMedia('s-near')).toEqual(marked);
  });

  it('forgets a recording no longer listed, and what a setlist no longer kept had', async () => {
    await keepRecordings(week, TODAY);
    // "near" was deleted and "retake" added; yesterday's setlist is out of the window.
    server.media.set('s-near', media(recording('retake', 's-near', 300 * MB)));
    await keepRecordings([practiceSetlist('2026-12-06', 's-far'), week[2]!], TODAY);
    // The far service's 600 MB fits now beside the 300 MB retake.
    expect(await keptIds()).toEqual(['far', 'retake']);
    expect((await keptMediaSongIds()).sort()).toEqual(['s-far', 's-near']);
    expect(await offlineMedia('s-played')).toBeUndefined();
  });

  it('forgets the recordings of a song gone from the server', async () => {
    await keepRecordings(week, TODAY);
    server.media.delete('s-near');
    await keepRecordings(week, TODAY);
    expect(await keptIds()).toEqual(['far', 'played']);
  });

  it('keeps what it has when the server cannot be reached', async () => {
    await keepRecordings(week, TODAY);
    server.offline = true;
    await expect(keepRecordings(week, TODAY)).rejects.toThrow(
      "Segue's server could not be reached.",
    );
    expect(await keptIds()).toEqual(['near', 'played']);
  });

  it('keeps nothing unless asked for, or without the week', async () => {
    offlineRecordings.set(false);
    await keepRecordings(week, TODAY);
    offlineRecordings.set(true);
    offlineKeeping.set(false);
    await keepRecordings(week, TODAY);
    expect(server.downloads).toEqual([]);
    expect(await keptMediaSongIds()).toEqual([]);
  });

  it('runs once more when asked during a run, with the newest setlists', async () => {
    const first = keepRecordings([week[2]!], TODAY);
    const again = keepRecordings(week, TODAY);
    const last = keepRecordings([week[1]!], TODAY);
    expect(again).toBe(last);
    await Promise.all([first, last]);
    expect(server.downloads).toEqual(['near', 'played']);
    expect(await keptIds()).toEqual(['played']);
  });

  it('goes with "Remove kept recordings", which leaves the lists, and stops a run under way', async () => {
    await keepRecordings(week, TODAY);
    await removeKeptRecordings({ lists: false });
    expect(await keptIds()).toEqual([]);
    expect(await offlineMedia('s-near')).toEqual(server.media.get('s-near'));
    expect((await keptSummary()).recordings).toBe(0);

    // Removed while "near" downloads: neither it nor the next one is stored.
    server.duringDownload = () => removeKeptRecordings({ lists: false });
    await keepRecordings(week, TODAY);
    expect(server.downloads).toEqual(['near', 'played', 'near']);
    expect(await keptIds()).toEqual([]);
  });

  it('goes with the choice turned off, lists too, with all the offline data, and with its team', async () => {
    await keepRecordings(week, TODAY);
    await removeKeptRecordings({ lists: true });
    expect(await keptIds()).toEqual([]);
    expect(await keptMediaSongIds()).toEqual([]);

    await keepRecordings(week, TODAY);
    await removeKeptData();
    expect(await keptIds()).toEqual([]);
    expect(await offlineMedia('s-near')).toBeUndefined();
    expect(await keptSummary()).toMatchObject({ bytes: 0, recordings: 0, recordingBytes: 0 });

    await keepAccount(account);
    await keepTeams([team('team-a'), team('team-b')]);
    await keepRecordings(week, TODAY);
    await keepTeams([team('team-b')]);
    expect(await keptIds()).toEqual([]);
    expect(await keptMediaSongIds()).toEqual([]);
  });
});

describe('the week kept with its recordings', () => {
  // As the server answers `GET /api/setlist/{id}` (the fields the schema defaults left out).
  const setlist = (id: string, date: string, songIds: string[]) => ({
    _id: id,
    name: `Setlist ${id}`,
    date: `${date}T00:00:00.000Z`,
    notes: '',
    songs: songIds.map((songId) => ({
      song: {
        _id: songId,
        title: songId,
        artist: '',
        key: 'G',
        capo: 0,
        tempo: null,
        time: null,
        ccli: null,
        copyright: '',
        authors: [],
        language: null,
        parts: [],
        teamId: 'team-a',
        createdAt: '2026-11-01T00:00:00.000Z',
        updatedAt: '2026-11-01T00:00:00.000Z',
      },
      leader: null,
      key: null,
    })),
    positions: [],
    teamId: 'team-a',
    currentIndex: 0,
    currentPartLabel: null,
    currentItem: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  });

  it('keeps the recordings of the window’s setlists after the setlists', async () => {
    const sunday = setlist('sunday', '2026-11-29', ['s1']);
    const christmas = setlist('christmas', '2026-12-24', ['s2']);
    server.answers.set('/teams', [team('team-a')]);
    server.answers.set(
      '/setlist',
      [sunday, christmas].map((s) => ({
        ...s,
        songs: s.songs.map((entry) => ({ ...entry, song: entry.song._id })),
      })),
    );
    server.answers.set('/setlist/sunday', sunday);
    server.answers.set('/users/batch', []);
    server.media.set('s1', media(recording('sunday-take', 's1')));
    server.media.set('s2', media(recording('christmas-take', 's2')));

    await keepTheWeek(account, new Date(2026, 10, 25, 12));
    expect(server.downloads).toEqual(['sunday-take']);
    expect(await keptIds()).toEqual(['sunday-take']);
  });
});
