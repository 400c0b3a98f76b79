import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLICK_ON_STEP_TEXT,
  SONG_DETAIL_TEXTS,
  type Setlist,
  type SetlistDetails,
} from '@segue/shared';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSong,
  createTeam,
  type FactoryAccount,
} from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';

/**
 * The click's settings on a setlist (docs/DECISIONS.md, "The click"): a tempo per entry beside
 * its key, and what a running click does when the driver moves to another song.
 */
describe.each(backends)('the click’s settings on a setlist on %s', (backend) => {
  let t: TestApp;
  let owner: FactoryAccount;
  let outsider: FactoryAccount;
  let teamId: string;
  let one: string;
  let two: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await createAccount(t);
    outsider = await createAccount(t);
    teamId = await createTeam(t, { owner, name: 'Tempos' });
    one = await createSong(t, { teamId, by: owner, title: 'One' });
    two = await createSong(t, { teamId, by: owner, title: 'Two' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    who: FactoryAccount = owner,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(who.jwt), 'x-team-id': teamId },
      ...(payload ? { payload } : {}),
    });
  const setlist = (songs: object[], more: object = {}) => ({
    name: 'Sunday',
    date: '2030-01-01',
    songs,
    ...more,
  });
  const created = async (songs: object[], more: object = {}) => {
    const res = await call('POST', '/api/setlist', setlist(songs, more));
    expect(res.statusCode, res.body).toBe(201);
    return json<Setlist>(res);
  };

  it('keeps each entry’s tempo and the setlist’s click on a song change, and answers them', async () => {
    const answer = await created(
      [
        { song: one, leader: null, key: null, tempo: 72 },
        { song: two, leader: null, key: null, tempo: null },
        { song: one, leader: null, key: 'A' },
      ],
      { clickOnStep: 'stop' },
    );
    expect(answer.songs.map((e) => e.tempo)).toEqual([72, null, null]);
    expect(answer.clickOnStep).toBe('stop');
    const details = json<SetlistDetails>(await call('GET', `/api/setlist/${answer._id}`));
    expect(details.songs.map((e) => e.tempo)).toEqual([72, null, null]);
    expect(details.clickOnStep).toBe('stop');
    const listed = json<Setlist[]>(await call('GET', '/api/setlist')).find(
      (s) => s._id === answer._id,
    );
    expect(listed).toMatchObject({ clickOnStep: 'stop', songs: [{ tempo: 72 }, {}, {}] });

    // Changed with PUT: the new tempo, the setting back to follow.
    const updated = await call(
      'PUT',
      `/api/setlist/${answer._id}`,
      setlist([{ song: one, leader: null, key: null, tempo: 140 }], { clickOnStep: 'follow' }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(json<Setlist>(updated)).toMatchObject({
      clickOnStep: 'follow',
      songs: [{ song: one, tempo: 140 }],
    });
  });

  it('answers follow for a setlist made without the setting', async () => {
    const answer = await created([{ song: one, leader: null }]);
    expect(answer.clickOnStep).toBe('follow');
    expect(answer.songs[0]?.tempo).toBeNull();
  });

  it('lets an older client save without tempos or the setting: both are kept; null clears a tempo', async () => {
    const { _id } = await created(
      [
        { song: one, leader: null, tempo: 66 },
        { song: two, leader: null, tempo: 150 },
      ],
      { clickOnStep: 'stop' },
    );
    // Sent as a client that knows neither (the two songs swapped).
    const saved = await call(
      'PUT',
      `/api/setlist/${_id}`,
      setlist([
        { song: two, leader: null, key: null },
        { song: one, leader: null, key: null },
      ]),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<Setlist>(saved)).toMatchObject({
      clickOnStep: 'stop',
      songs: [
        { song: two, tempo: 150 },
        { song: one, tempo: 66 },
      ],
    });
    const cleared = await call(
      'PUT',
      `/api/setlist/${_id}`,
      setlist([
        { song: two, leader: null, tempo: null },
        { song: one, leader: null },
      ]),
    );
    expect(json<Setlist>(cleared).songs.map((e) => e.tempo)).toEqual([null, 66]);
  });

  it('refuses a tempo outside the song’s limits and an unknown setting, and saves nothing', async () => {
    const { _id } = await created([{ song: one, leader: null, tempo: 80 }]);
    for (const [body, error] of [
      [setlist([{ song: one, leader: null, tempo: 19 }]), SONG_DETAIL_TEXTS.tempo],
      [setlist([{ song: one, leader: null, tempo: 401 }]), SONG_DETAIL_TEXTS.tempo],
      [setlist([{ song: one, leader: null, tempo: 90.5 }]), SONG_DETAIL_TEXTS.tempo],
      [setlist([{ song: one, leader: null, tempo: '90' }]), SONG_DETAIL_TEXTS.tempo],
      [setlist([{ song: one, leader: null }], { clickOnStep: 'pause' }), CLICK_ON_STEP_TEXT],
      [setlist([{ song: one, leader: null }], { clickOnStep: null }), CLICK_ON_STEP_TEXT],
    ] as const) {
      for (const [method, url] of [
        ['POST', '/api/setlist'],
        ['PUT', `/api/setlist/${_id}`],
      ] as const) {
        const res = await call(method, url, body);
        expect(res.statusCode, `${method} ${JSON.stringify(body)}`).toBe(400);
        expect(json(res).error).toBe(error);
      }
    }
    const details = json<SetlistDetails>(await call('GET', `/api/setlist/${_id}`));
    expect(details).toMatchObject({ clickOnStep: 'follow', songs: [{ tempo: 80 }] });
  });

  it('answers an outsider as for any setlist of another team', async () => {
    const { _id } = await created([{ song: one, leader: null }]);
    const res = await call(
      'PUT',
      `/api/setlist/${_id}`,
      setlist([{ song: one, leader: null, tempo: 100 }], { clickOnStep: 'stop' }),
      outsider,
    );
    expect(res.statusCode).toBe(404);
    const details = json<SetlistDetails>(await call('GET', `/api/setlist/${_id}`));
    expect(details).toMatchObject({ clickOnStep: 'follow', songs: [{ tempo: null }] });
  });
});
