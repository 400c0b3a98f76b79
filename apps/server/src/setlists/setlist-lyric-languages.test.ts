import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LYRIC_LANGUAGES_TEXTS,
  SONG_LANGUAGE_TEXTS,
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
 * The languages a setlist's projector and stage display show, first over second
 * (docs/DECISIONS.md, "Screen and chart languages").
 */
describe.each(backends)('a setlist’s screen languages on %s', (backend) => {
  let t: TestApp;
  let owner: FactoryAccount;
  let outsider: FactoryAccount;
  let teamId: string;
  let one: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await createAccount(t);
    outsider = await createAccount(t);
    teamId = await createTeam(t, { owner, name: 'Bilingual' });
    one = await createSong(t, { teamId, by: owner, title: 'Santo, Santo, Santo' });
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
  const setlist = (more: object = {}) => ({
    name: 'Domingo',
    date: '2030-01-01',
    songs: [{ song: one, leader: null }],
    ...more,
  });
  const created = async (more: object = {}) => {
    const res = await call('POST', '/api/setlist', setlist(more));
    expect(res.statusCode, res.body).toBe(201);
    return json<Setlist>(res);
  };
  const details = async (id: string) =>
    json<SetlistDetails>(await call('GET', `/api/setlist/${id}`));

  it('keeps the languages in their order, answers them everywhere, and clears them', async () => {
    const answer = await created({ lyricLanguages: ['es', ' en '] });
    expect(answer.lyricLanguages).toEqual(['es', 'en']);
    expect((await details(answer._id)).lyricLanguages).toEqual(['es', 'en']);
    const listed = json<Setlist[]>(await call('GET', '/api/setlist')).find(
      (s) => s._id === answer._id,
    );
    expect(listed?.lyricLanguages).toEqual(['es', 'en']);

    // An older client, which knows nothing of them, keeps them.
    const kept = await call('PUT', `/api/setlist/${answer._id}`, setlist({ name: 'Sunday' }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(json<Setlist>(kept).lyricLanguages).toEqual(['es', 'en']);

    const swapped = await call(
      'PUT',
      `/api/setlist/${answer._id}`,
      setlist({ lyricLanguages: ['pt-BR'] }),
    );
    expect(json<Setlist>(swapped).lyricLanguages).toEqual(['pt-BR']);
    const cleared = await call(
      'PUT',
      `/api/setlist/${answer._id}`,
      setlist({ lyricLanguages: [] }),
    );
    expect(json<Setlist>(cleared).lyricLanguages).toEqual([]);
    expect((await details(answer._id)).lyricLanguages).toEqual([]);
  });

  it('answers none for a setlist made without them', async () => {
    const answer = await created();
    expect(answer.lyricLanguages).toEqual([]);
  });

  it('refuses a bad tag, more than two, one twice or no list with 400 and saves nothing', async () => {
    const { _id } = await created({ lyricLanguages: ['en'] });
    for (const [languages, error] of [
      [['english!'], SONG_LANGUAGE_TEXTS.tag],
      [['e'], SONG_LANGUAGE_TEXTS.tag],
      [[42], SONG_LANGUAGE_TEXTS.tag],
      [['es', 'en', 'pt'], LYRIC_LANGUAGES_TEXTS.tooMany],
      [['es', 'ES'], LYRIC_LANGUAGES_TEXTS.twice],
      ['es', LYRIC_LANGUAGES_TEXTS.list],
      [null, LYRIC_LANGUAGES_TEXTS.list],
    ] as const) {
      for (const [method, url] of [
        ['POST', '/api/setlist'],
        ['PUT', `/api/setlist/${_id}`],
      ] as const) {
        const res = await call(method, url, setlist({ lyricLanguages: languages }));
        expect(res.statusCode, `${method} ${JSON.stringify(languages)}`).toBe(400);
        expect(json(res).error).toBe(error);
      }
    }
    expect((await details(_id)).lyricLanguages).toEqual(['en']);
  });

  it('answers an outsider as for any setlist of another team, and changes nothing', async () => {
    const { _id } = await created({ lyricLanguages: ['es', 'en'] });
    const res = await call(
      'PUT',
      `/api/setlist/${_id}`,
      setlist({ lyricLanguages: ['ko'] }),
      outsider,
    );
    expect(res.statusCode).toBe(404);
    const read = await call('GET', `/api/setlist/${_id}`, undefined, outsider);
    expect(read.statusCode).toBe(404);
    expect((await details(_id)).lyricLanguages).toEqual(['es', 'en']);
  });
});
