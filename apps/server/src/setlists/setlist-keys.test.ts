import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Setlist, SetlistDetails } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSetlist,
  createSong,
  createTeam,
  type FactoryAccount,
} from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';

/** Issue 15: each setlist entry may name the key the song is played in at this service. */
describe.each(backends)('performance keys on %s', (backend) => {
  let t: TestApp;
  let owner: FactoryAccount;
  let teamId: string;
  let inG: string;
  let noKey: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await createAccount(t);
    teamId = await createTeam(t, { owner, name: 'Keys' });
    inG = await createSong(t, { teamId, by: owner, title: 'In G', key: 'G' });
    noKey = await createSong(t, { teamId, by: owner, title: 'No key' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(owner.jwt), 'x-team-id': teamId },
      ...(payload ? { payload } : {}),
    });
  const setlist = (songs: object[]) => ({ name: 'Sunday', date: '2030-01-01', songs });

  it('keeps each entry’s key (normalised), and answers it in the list and the details', async () => {
    const created = await call(
      'POST',
      '/api/setlist',
      setlist([
        { song: inG, leader: null, key: 'A' },
        { song: noKey, leader: null, key: ' B♭ ' },
        { song: inG, leader: null },
        { song: inG, leader: null, key: '' },
      ]),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { _id } = json<Setlist>(created);
    expect(json<Setlist>(created).songs.map((e) => e.key)).toEqual(['A', 'Bb', null, null]);
    const details = json<SetlistDetails>(await call('GET', `/api/setlist/${_id}`));
    expect(details.songs.map((e) => [e.song.key, e.key])).toEqual([
      ['G', 'A'],
      [null, 'Bb'],
      ['G', null],
      ['G', null],
    ]);
    // Changing the entries changes their keys; the song keeps its own.
    const updated = await call(
      'PUT',
      `/api/setlist/${_id}`,
      setlist([{ song: inG, leader: null, key: 'F#m' }]),
    );
    expect(json<Setlist>(updated).songs).toEqual([
      { song: inG, leader: null, key: 'F#m', duration: null, tempo: null },
    ]);
  });

  it('refuses a key that is not one, and saves nothing', async () => {
    const res = await call(
      'POST',
      '/api/setlist',
      setlist([{ song: inG, leader: null, key: 'H' }]),
    );
    expect(res.statusCode).toBe(400);
    expect(json<{ error: string }>(res).error).toBe('Choose a key such as G, Bb or F#m.');
  });

  it('reads older entries (a plain song id, an entry without a key) as the song’s own key', async () => {
    const id = await createSetlist(t, {
      teamId,
      by: owner,
      songs: [inG, { song: noKey, leader: null }],
    });
    const details = json<SetlistDetails>(await call('GET', `/api/setlist/${id}`));
    expect(details.songs.map((e) => e.key)).toEqual([null, null]);
  });
});
