import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_TEXT_MESSAGE, LIVE_TEXTS } from '@segue/shared';
import { backends } from './databases.ts';
import { createAccount, createSetlist, createSong, createTeam } from './factories.ts';
import { bearer, json, newPerson, startTestApp, uniqueAddress, type TestApp } from './harness.ts';
import { askLive, liveClients } from './live-client.ts';

/**
 * The text rule over HTTP: a NUL or a lone surrogate in any text of a request is refused with
 * one message before anything is written, however the body spells it. A lone surrogate used to
 * be stored as U+FFFD in names and reasons (a different text than the one sent).
 */
const MARK = '"__BAD__"';

/** The ways a bad character reaches a JSON body, each as the bytes of the whole body. */
const SPELLINGS: [string, (json: string) => Buffer][] = [
  ['a lone high surrogate (\\ud800)', (body) => Buffer.from(body.replace(MARK, '"a\\ud800b"'))],
  ['a lone low surrogate (\\udc00)', (body) => Buffer.from(body.replace(MARK, '"a\\udc00"'))],
  ['a high surrogate after its low', (body) => Buffer.from(body.replace(MARK, '"\\udc00\\ud800"'))],
  ['NUL (\\u0000)', (body) => Buffer.from(body.replace(MARK, '"a\\u0000b"'))],
  [
    'a lone surrogate as bytes (ED A0 80, not UTF-8)',
    (body) => {
      const [before, after] = body.split(MARK) as [string, string];
      return Buffer.concat([
        Buffer.from(`${before}"a`),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from(`b"${after}`),
      ]);
    },
  ],
];

interface Person {
  userId: string;
  jwt: string;
}

describe.each(backends)('text with NUL or lone surrogates on %s', (backend) => {
  let t: TestApp;
  let owner: Person;
  let teamId: string;
  let songId: string;
  let setlistId: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await createAccount(t, { name: 'Tess Text' });
    teamId = await createTeam(t, { owner, name: 'Text Team' });
    songId = await createSong(t, { teamId, by: owner, title: 'Kept Title' });
    setlistId = await createSetlist(t, { teamId, by: owner, name: 'Kept Setlist', songs: [] });
  });
  const live = liveClients();
  afterEach(() => live.disconnectAll());
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, body: Buffer, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
      remoteAddress: uniqueAddress(),
    });
  const get = async <T>(url: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(owner.jwt), 'x-team-id': teamId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return json<T>(res);
  };

  /** What each field's requests read back, to see that nothing was written. */
  const state = async () => ({
    teams: await get<{ name: string }[]>('/api/teams'),
    account: await get<{ name: string }>('/api/account'),
    songs: await get<{ title: string }[]>('/api/songs'),
    setlists: await get<{ name: string }[]>('/api/setlist'),
    blockouts: await get<unknown[]>('/api/account/blockouts'),
  });

  const auth = () => ({ ...bearer(owner.jwt), 'x-team-id': teamId });
  const part = { label: 'Verse', lines: [{ chords: '', lyrics: 'words' }] };
  const requests: [string, 'POST' | 'PUT' | 'PATCH', () => string, string, () => object][] = [
    ['team name (create)', 'POST', () => '/api/teams', '{"name":"__BAD__"}', auth],
    ['team name (edit)', 'PUT', () => `/api/teams/${teamId}`, '{"name":"__BAD__"}', auth],
    ['account name (edit)', 'PATCH', () => '/api/account/name', '{"name":"__BAD__"}', auth],
    [
      'song title (create)',
      'POST',
      () => '/api/songs',
      JSON.stringify({ title: '__BAD__', parts: [part] }),
      auth,
    ],
    [
      'song title (edit)',
      'PUT',
      () => `/api/songs/${songId}`,
      JSON.stringify({ title: '__BAD__', parts: [part] }),
      auth,
    ],
    [
      'setlist name (create)',
      'POST',
      () => '/api/setlist',
      JSON.stringify({ name: '__BAD__', date: '2030-05-05' }),
      auth,
    ],
    [
      'setlist name (edit)',
      'PUT',
      () => `/api/setlist/${setlistId}`,
      JSON.stringify({ name: '__BAD__', date: '2030-05-05' }),
      auth,
    ],
    [
      'day-away reason',
      'POST',
      () => '/api/account/blockouts',
      JSON.stringify({ startsOn: '2030-07-01', endsOn: '2030-07-02', reason: '__BAD__' }),
      auth,
    ],
  ];

  it.each(requests)('refuses them in the %s and writes nothing', async (_what, ...request) => {
    const [method, url, template, headers] = request;
    const before = await state();
    expect(before.teams.map((team) => team.name)).toEqual(['Text Team']);
    for (const [spelling, bytes] of SPELLINGS) {
      const res = await send(method, url(), bytes(template), headers());
      expect(res.statusCode, `${spelling}: ${res.body}`).toBe(400);
      expect(json(res).error, spelling).toBe(INVALID_TEXT_MESSAGE);
    }
    expect(await state()).toEqual(before);
  });

  it('refuses them in the name of a new account, which is not made', async () => {
    const person = newPerson();
    const body = JSON.stringify({ ...person, name: '__BAD__' });
    for (const [spelling, bytes] of SPELLINGS) {
      const res = await send('POST', '/api/account', bytes(body));
      expect(res.statusCode, `${spelling}: ${res.body}`).toBe(400);
      expect(json(res).error, spelling).toBe(INVALID_TEXT_MESSAGE);
    }
    // The address is still free: no account was made with it.
    const made = await send('POST', '/api/account', Buffer.from(JSON.stringify(person)));
    expect(made.statusCode, made.body).toBe(201);
  });

  it('keeps a well-formed name with astral characters, bidi marks and U+FFFD as sent', async () => {
    const name = 'Praise 😀 \u202Eband\u202C \uFFFD';
    const res = await send(
      'PUT',
      `/api/teams/${teamId}`,
      Buffer.from(JSON.stringify({ name })),
      auth(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await get<{ name: string }>(`/api/teams/${teamId}`)).name).toBe(name);
    await send('PUT', `/api/teams/${teamId}`, Buffer.from('{"name":"Text Team"}'), auth());
  });

  it('refuses them in a live announcement, which reaches no one', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const [lead, band] = [await live.connect(url, owner.jwt), await live.connect(url, owner.jwt)];
    for (const socket of [lead, band]) {
      expect((await askLive(socket, 'setlist:join', setlistId)).ok).toBe(true);
    }
    let heard = 0;
    band.on('setlist:announceBroadcast', () => (heard += 1));
    for (const message of ['a\uD800b', '\uDC00', 'a\u0000b']) {
      expect(await askLive(lead, 'setlist:announce', { setlistId, message })).toEqual({
        ok: false,
        error: LIVE_TEXTS.invalid,
      });
    }
    // A good one afterwards arrives, and alone: the refused ones were never sent on.
    const arrived = new Promise((resolve) => band.once('setlist:announceBroadcast', resolve));
    expect(await askLive(lead, 'setlist:announce', { setlistId, message: 'Key change' })).toEqual({
      ok: true,
    });
    expect(await arrived).toBe('Key change');
    expect(heard).toBe(1);
  });
});
