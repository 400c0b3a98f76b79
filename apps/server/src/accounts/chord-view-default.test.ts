import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHORD_VIEW, SERVER_ERRORS } from '@segue/shared';
import type { ChordView } from '@segue/shared';
import { backends, rows } from '../../test/databases.ts';
import { createAccount } from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { UserPreferencesRepository } from './user-preferences.repository.ts';

const URL = '/api/account/chord-view';

const NASHVILLE_CAPO_2: ChordView = {
  capo: 2,
  transpose: 0,
  notation: 'nashville',
  accidentals: 'flats',
  chords: true,
};

describe.each(backends)('the chord-view default on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (jwt: string | null) =>
    t.app.inject({ method: 'GET', url: URL, headers: jwt ? bearer(jwt) : {} });
  const put = (jwt: string | null, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: URL,
      headers: { ...(jwt ? bearer(jwt) : {}), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const storedRows = (userId: string) =>
    rows<{ chord_view: unknown }>(
      t.database,
      sql`select chord_view from user_preference where user_id = ${userId}`,
    );

  it('needs a signed-in account', async () => {
    for (const res of [await get(null), await put(null, NASHVILLE_CAPO_2)]) {
      expect(res.statusCode).toBe(401);
      expect(json(res).error).toBe(SERVER_ERRORS.unauthorized);
    }
    const { jwt } = await createAccount(t);
    expect((await get(`${jwt}x`)).statusCode).toBe(401);
  });

  it('is the standard view until the account saves one', async () => {
    const { jwt } = await createAccount(t);
    const res = await get(jwt);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual(DEFAULT_CHORD_VIEW);
  });

  it('answers what was saved, then keeps it; a second save replaces it', async () => {
    const { jwt, userId } = await createAccount(t);
    const saved = await put(jwt, { ...NASHVILLE_CAPO_2, somethingElse: 'dropped' });
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toEqual(NASHVILLE_CAPO_2);
    expect(json(await get(jwt))).toEqual(NASHVILLE_CAPO_2);
    expect(await storedRows(userId)).toEqual([{ chord_view: NASHVILLE_CAPO_2 }]);

    const roman: ChordView = { ...DEFAULT_CHORD_VIEW, notation: 'roman', chords: false };
    expect(json(await put(jwt, roman))).toEqual(roman);
    expect(json(await get(jwt))).toEqual(roman);
  });

  it('is kept for an account whose e-mail is not verified yet', async () => {
    const { jwt } = await createAccount(t, { verified: false });
    expect((await put(jwt, NASHVILLE_CAPO_2)).statusCode).toBe(200);
    expect(json(await get(jwt))).toEqual(NASHVILLE_CAPO_2);
  });

  it("refuses a view that is not one, with the schema's message, keeping the saved one", async () => {
    const { jwt } = await createAccount(t);
    await put(jwt, NASHVILLE_CAPO_2);
    const cases: [unknown, string][] = [
      [{ ...NASHVILLE_CAPO_2, capo: 12 }, 'Capo goes from 0 to 11.'],
      [{ ...NASHVILLE_CAPO_2, capo: -1 }, 'Capo goes from 0 to 11.'],
      [{ ...NASHVILLE_CAPO_2, transpose: 12 }, 'An instrument transposes by −11 to +11 semitones.'],
      [
        { ...NASHVILLE_CAPO_2, notation: 'klingon' },
        'Choose letters, Nashville, Roman, German or solfège.',
      ],
      [{ ...NASHVILLE_CAPO_2, accidentals: 'both' }, 'Choose sharps, flats or as the key.'],
    ];
    for (const [body, message] of cases) {
      const res = await put(jwt, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res)).toEqual({ error: message, code: 'validation' });
    }
    for (const body of [
      { ...NASHVILLE_CAPO_2, capo: 1.5 },
      { ...NASHVILLE_CAPO_2, chords: 'yes' },
      { capo: 2 },
      [],
      null,
    ]) {
      const res = await put(jwt, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).error, JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect(json(await get(jwt))).toEqual(NASHVILLE_CAPO_2);
  });

  it("keeps one account's default from another's", async () => {
    const alice = await createAccount(t);
    const bob = await createAccount(t);
    await put(alice.jwt, NASHVILLE_CAPO_2);
    expect(json(await get(bob.jwt))).toEqual(DEFAULT_CHORD_VIEW);
    const bobs: ChordView = { ...DEFAULT_CHORD_VIEW, notation: 'german' };
    await put(bob.jwt, bobs);
    expect(json(await get(alice.jwt))).toEqual(NASHVILLE_CAPO_2);
    expect(json(await get(bob.jwt))).toEqual(bobs);
  });

  it('reads a stored view field by field: what is missing or no longer valid takes the default', async () => {
    const { jwt, userId } = await createAccount(t);
    await t.database.db.execute(
      sql`insert into user_preference (user_id, chord_view)
          values (${userId}, ${JSON.stringify({ notation: 'nashville', capo: 40 })}::jsonb)`,
    );
    expect(json(await get(jwt))).toEqual({ ...DEFAULT_CHORD_VIEW, notation: 'nashville' });
  });

  it('goes with the account when it is deleted', async () => {
    const { jwt, userId, person } = await createAccount(t);
    await put(jwt, NASHVILLE_CAPO_2);
    expect(await storedRows(userId)).toHaveLength(1);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(jwt),
      payload: { email: person.email },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await storedRows(userId)).toEqual([]);
    expect((await get(jwt)).statusCode).toBe(401);
  });

  it('is not saved for an account that is gone (deleted while the request was under way)', async () => {
    const repository = new UserPreferencesRepository(t.database.db);
    expect(await repository.saveChordView('no-such-account', NASHVILLE_CAPO_2)).toBe(false);
    expect(await storedRows('no-such-account')).toEqual([]);
  });
});
