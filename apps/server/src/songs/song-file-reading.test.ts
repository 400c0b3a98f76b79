import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_TEXT_MESSAGE, type SongFileConvertAnswer } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import { createAccount, createTeam, type FactoryAccount } from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { SONG_FILE_BUDGET, SONG_FILE_BUDGET_TEXT } from './song-file-budget.ts';
import { SONG_FILE_READING_TEXTS } from './song-file-reader.ts';

const MB = 1024 * 1024;
const SMALL = '{title: Amazing Grace}\n{start_of_verse}\nA[G]mazing [D]grace\n{end_of_verse}\n';

/** A ChordPro file of about `bytes` bytes: a part a line, the shape that once froze an instance. */
function manyParts(bytes: number): Buffer {
  const line = '{c: Verse}\n[G]la la [D]la\n';
  return Buffer.from(
    `{title: Many}\n${line.repeat(Math.ceil(bytes / line.length))}`.slice(0, bytes),
  );
}

/** Bytes no song file holds: refused at once, after they were counted. */
const junk = (bytes: number) => Buffer.alloc(bytes, 1);

type Who = { account: FactoryAccount; teamId: string };
const convert = (t: TestApp, body: Buffer | string, as: Who) =>
  t.app.inject({
    method: 'POST',
    url: '/api/songs/convert?filename=song.cho',
    headers: {
      ...bearer(as.account.jwt),
      'x-team-id': as.teamId,
      'content-type': 'application/octet-stream',
    },
    payload: body,
  });

describe.each(backends)('reading song files in worker threads on %s', (backend) => {
  let t: TestApp;
  let owner: Who;

  beforeAll(async () => {
    // The budget is not what these tests are about: a loaded machine must not trip it.
    t = await startTestApp(backend, { songFileReading: { budgetMs: 60_000 } });
    const account = await createAccount(t);
    owner = { account, teamId: await createTeam(t, { owner: account, name: 'Readers' }) };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers other requests while a large file is being read', async () => {
    const reading = convert(t, manyParts(1 * MB), owner).then((res) => ({ res, at: Date.now() }));
    // Asked after the file was sent: on the event loop, the health check would wait for it.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const answeredHealthAt = Date.now();
    expect(health.statusCode).toBe(200);
    const { res, at } = await reading;
    expect(res.statusCode, res.body).toBe(200);
    expect(json<SongFileConvertAnswer>(res).songs[0]?.title).toBe('Many');
    expect(answeredHealthAt).toBeLessThan(at);
  });

  it('imports a library file read in a worker, and refuses a bad one saying which song', async () => {
    const songs = [
      { title: 'One', parts: [{ label: 'Verse', lines: [{ chords: 'G', lyrics: 'la' }] }] },
      {
        title: 'Two',
        artist: 'B',
        key: 'D',
        capo: 2,
        parts: [{ label: 'Chorus', lines: [{ chords: '', lyrics: 'lo' }] }],
      },
    ];
    const headers = { ...bearer(owner.account.jwt), 'x-team-id': owner.teamId };
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/songs/import',
      headers,
      payload: { songs: [...songs, { title: '', parts: [] }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toBe('Song 3: Title is required.');
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/songs/import',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"songs": [',
    });
    expect(notJson.statusCode).toBe(400);
    expect(json(notJson).error).toBe('The request body is not valid JSON.');
    // A lone surrogate as raw bytes: not UTF-8, refused rather than stored as U+FFFD.
    const notUtf8 = await t.app.inject({
      method: 'POST',
      url: '/api/songs/import',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: Buffer.concat([
        Buffer.from('{"songs":[{"title":"A'),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from('","parts":[{"label":"V","lines":[{"chords":"","lyrics":"la"}]}]}]}'),
      ]),
    });
    expect(notUtf8.statusCode).toBe(400);
    expect(json(notUtf8).error).toBe(INVALID_TEXT_MESSAGE);
    const good = await t.app.inject({
      method: 'POST',
      url: '/api/songs/import',
      headers,
      payload: { songs },
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(json(good)).toEqual({ imported: 2, skipped: 0 });
    const library = await t.app.inject({ method: 'GET', url: '/api/songs', headers });
    const two = json<{ title: string; key: string; capo: number; parts: { id: string }[] }[]>(
      library,
    ).find((song) => song.title === 'Two');
    expect(two).toMatchObject({ key: 'D', capo: 2, parts: [{ id: 'p1' }] });
  });
});

describe.each(backends)('a file past its budget on %s', (backend) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });
  const start = async (songFileReading: { budgetMs?: number; memoryMb?: number }) => {
    const t = await startTestApp(backend, { songFileReading });
    apps.push(t);
    const account = await createAccount(t);
    return { t, who: { account, teamId: await createTeam(t, { owner: account, name: 'Slow' }) } };
  };

  it('is refused with 422 when it takes longer than its time budget, and the next file is read', async () => {
    const { t, who } = await start({ budgetMs: 1 });
    for (let i = 0; i < 2; i++) {
      const res = await convert(t, manyParts(2 * MB), who);
      expect(res.statusCode, res.body).toBe(422);
      expect(json(res).error).toBe(SONG_FILE_READING_TEXTS.tooSlow);
    }
  });

  it('is refused with 422 when it needs more memory than a thread has; small files still read', async () => {
    // The time budget is not what this is about: on a loaded machine, the file ran out of time
    // before it ran out of memory.
    const { t, who } = await start({ memoryMb: 32, budgetMs: 60_000 });
    const small = await convert(t, SMALL, who);
    expect(small.statusCode, small.body).toBe(200);
    const big = await convert(t, manyParts(5 * MB - 1024), who);
    expect(big.statusCode, big.body).toBe(422);
    expect(json(big).error).toBe(SONG_FILE_READING_TEXTS.tooBig);
    const again = await convert(t, SMALL, who);
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe.each(backends)('the budget of bytes read a minute on %s', (backend) => {
  let t: TestApp;
  let first: Who;
  let second: Who;
  let firstElsewhere: Who;

  beforeAll(async () => {
    t = await startTestApp(backend);
    const a = await createAccount(t);
    const b = await createAccount(t);
    const teamId = await createTeam(t, { owner: a, name: 'Budget', members: [b] });
    first = { account: a, teamId };
    second = { account: b, teamId };
    firstElsewhere = { account: a, teamId: await createTeam(t, { owner: a, name: 'Other' }) };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an account past its bytes a minute with 429, in every team, and then the team', async () => {
    const file = junk(5 * MB);
    const perAccount = SONG_FILE_BUDGET.convertPerAccount / file.length;
    for (let i = 0; i < perAccount; i++) {
      const res = await convert(t, file, first);
      expect(res.statusCode, res.body).toBe(400);
    }
    const refused = await convert(t, file, first);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).error).toBe(SONG_FILE_BUDGET_TEXT);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The account's budget holds in its other teams too.
    expect((await convert(t, SMALL, firstElsewhere)).statusCode).toBe(429);

    // Another member has a budget of their own, until the team's is spent.
    const perTeamLeft =
      (SONG_FILE_BUDGET.convertPerTeam - SONG_FILE_BUDGET.convertPerAccount) / file.length;
    for (let i = 0; i < perTeamLeft - 1; i++) {
      const res = await convert(t, file, second);
      expect(res.statusCode, res.body).toBe(400);
    }
    const small = await convert(t, SMALL, second);
    expect(small.statusCode).toBe(200);
    const past = await convert(t, file, second);
    expect(past.statusCode).toBe(429);
    expect(json(past).error).toBe(SONG_FILE_BUDGET_TEXT);
  });
});
