import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_TEXTS, type NextServiceAnswer } from '@segue/shared';
import { setlist, teamMember } from '../db/schema.ts';
import { backends } from '../../test/databases.ts';
import { createAccount, createSetlist, createSong, createTeam } from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { readinessOf } from './next-service.service.ts';

interface Person {
  userId: string;
  jwt: string;
}

describe('readinessOf', () => {
  it('counts accepted positions out of assigned ones and names the declined', () => {
    expect(
      readinessOf([
        { name: 'Leader', assignedTo: 'a', status: 'accepted' },
        { name: 'Vocal', assignedTo: 'b', status: 'declined' },
        { name: 'Bass', assignedTo: 'c', status: 'pending' },
        // Saved before answers were asked: assigned, not confirmed.
        { name: 'Drums', assignedTo: 'd' },
        { name: 'Keys', assignedTo: 'e', status: 'accepted' },
        // Open: not assigned, so not counted.
        { name: 'Cajon', assignedTo: null },
      ]),
    ).toEqual({ assigned: 5, confirmed: 2, declined: ['Vocal'] });
  });
});

describe.each(backends)('GET /api/account/next-service on %s', (backend) => {
  let t: TestApp;
  let owner: Person;
  let admin: Person;
  let bassist: Person;
  let singer: Person;
  let newcomer: Person;
  let outsider: Person;
  let teamId: string;
  let otherTeamId: string;
  let songA: string;
  let songB: string;

  const nextOf = async (as: Person | null, query = '?from=2030-01-01') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/account/next-service${query}`,
      headers: as ? bearer(as.jwt) : {},
    });
    return res;
  };
  const serviceOf = async (as: Person, query?: string) => {
    const res = await nextOf(as, query);
    expect(res.statusCode, res.body).toBe(200);
    return json<NextServiceAnswer>(res).service;
  };
  /** A setlist made through the API by `by`, so new assignments are asked ('pending'). */
  const planned = async (by: Person, body: object, team = teamId) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/setlist',
      headers: { ...bearer(by.jwt), 'x-team-id': team },
      payload: { notes: '', teamId: team, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<{ _id: string }>(res)._id;
  };
  const answer = async (
    as: Person,
    setlistId: string,
    index: number,
    name: string,
    response: string,
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/setlist/${setlistId}/positions/${index}/response`,
      headers: bearer(as.jwt),
      payload: { response, name },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const remove = (id: string) => t.database.db.delete(setlist).where(eq(setlist.id, id));

  beforeAll(async () => {
    t = await startTestApp(backend);
    const account = (n: string) => createAccount(t, { name: `${n} Next` });
    [owner, admin, bassist, singer, newcomer, outsider] = await Promise.all([
      account('Olive'),
      account('Adam'),
      account('Bess'),
      account('Sami'),
      account('Nell'),
      account('Otto'),
    ]);
    teamId = await createTeam(t, {
      owner,
      name: 'Morning Band',
      admins: [admin],
      members: [bassist, singer, newcomer],
    });
    otherTeamId = await createTeam(t, { owner: outsider, name: 'Other Band' });
    songA = await createSong(t, { teamId, by: owner, title: 'Cornerstone', key: 'C' });
    songB = await createSong(t, { teamId, by: owner, title: 'Holy Forever', key: 'Bb' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers an empty service to someone in no coming service', async () => {
    expect(await nextOf(newcomer)).toMatchObject({ statusCode: 200 });
    expect(json(await nextOf(newcomer))).toEqual({ service: null });
    // In no team at all.
    const loner = await createAccount(t, { name: 'Lone Next' });
    expect(json(await nextOf(loner))).toEqual({ service: null });
  });

  it('gives a member the earliest coming service they play in, with songs in their keys', async () => {
    const past = await planned(owner, {
      name: 'Last Week',
      date: '2029-12-30',
      songs: [{ song: songA, leader: null }],
      positions: [{ name: 'Bass', assignedTo: bassist.userId }],
    });
    const later = await planned(owner, {
      name: 'Later Service',
      date: '2030-02-10',
      songs: [{ song: songA, leader: null }],
      positions: [{ name: 'Bass', assignedTo: bassist.userId }],
    });
    const notMine = await planned(owner, {
      name: 'Without Bess',
      date: '2030-01-05',
      songs: [{ song: songA, leader: null }],
      positions: [{ name: 'Bass', assignedTo: singer.userId }],
    });
    const evening = await planned(owner, {
      name: 'Evening Service',
      date: '2030-01-06',
      startTime: '18:00',
      songs: [{ song: songA, leader: null }],
      positions: [{ name: 'Bass', assignedTo: bassist.userId }],
    });
    const morning = await planned(owner, {
      name: 'Morning Service',
      date: '2030-01-06',
      startTime: '09:30',
      songs: [
        { song: songB, leader: singer.userId },
        // The entry's own key wins over the song's.
        { song: songA, leader: null, key: 'D' },
      ],
      positions: [
        { name: 'Leader', assignedTo: singer.userId },
        { name: 'Bass', assignedTo: bassist.userId },
        { name: 'Vocal', assignedTo: bassist.userId },
        { name: 'Keys', assignedTo: null },
      ],
    });

    const service = await serviceOf(bassist);
    expect(service).toEqual({
      setlistId: morning,
      name: 'Morning Service',
      date: '2030-01-06',
      startTime: '09:30',
      teamId,
      teamName: 'Morning Band',
      positions: [
        { index: 1, name: 'Bass', status: 'pending' },
        { index: 2, name: 'Vocal', status: 'pending' },
      ],
      songs: [
        { songId: songB, title: 'Holy Forever', key: 'Bb', youLead: false },
        { songId: songA, title: 'Cornerstone', key: 'D', youLead: false },
      ],
      // A plain member is not shown how ready the band is.
      readiness: null,
    });

    // "From" is the caller's today: from the day after, the later service is next.
    expect((await serviceOf(bassist, '?from=2030-01-07'))?.setlistId).toBe(later);
    for (const id of [past, later, notMine, evening, morning]) await remove(id);
  });

  it('counts leading a song, and skips a service whose only position was declined', async () => {
    const declined = await planned(owner, {
      name: 'Declined Service',
      date: '2030-03-01',
      songs: [{ song: songA, leader: null }],
      positions: [{ name: 'Vocal', assignedTo: singer.userId }],
    });
    await answer(singer, declined, 0, 'Vocal', 'declined');
    const leading = await planned(owner, {
      name: 'Leading Service',
      date: '2030-03-08',
      songs: [
        { song: songA, leader: null },
        { song: songB, leader: singer.userId },
      ],
      positions: [],
    });
    const service = await serviceOf(singer);
    expect(service).toMatchObject({
      setlistId: leading,
      positions: [],
      songs: [
        { title: 'Cornerstone', key: 'C', youLead: false },
        { title: 'Holy Forever', key: 'Bb', youLead: true },
      ],
    });
    // Accepting again brings the earlier service back.
    await answer(singer, declined, 0, 'Vocal', 'accepted');
    expect(await serviceOf(singer)).toMatchObject({
      setlistId: declined,
      positions: [{ index: 0, name: 'Vocal', status: 'accepted' }],
    });
    // A setlist in the trash is no service.
    await t.database.db
      .update(setlist)
      .set({ deletedAt: new Date() })
      .where(eq(setlist.id, declined));
    expect((await serviceOf(singer))?.setlistId).toBe(leading);
    for (const id of [declined, leading]) await remove(id);
  });

  it('shows the owner and admins how ready the band is, declined positions by name', async () => {
    const id = await planned(owner, {
      name: 'Ready Service',
      date: '2030-04-05',
      songs: [{ song: songA, leader: admin.userId }],
      positions: [
        // The saver's own assignment counts as accepted.
        { name: 'Leader', assignedTo: owner.userId },
        { name: 'Vocal', assignedTo: singer.userId },
        { name: 'Bass', assignedTo: bassist.userId },
        { name: 'Drums', assignedTo: newcomer.userId },
        { name: 'Keys', assignedTo: admin.userId },
        { name: 'Cajon', assignedTo: null },
      ],
    });
    await answer(singer, id, 1, 'Vocal', 'declined');
    await answer(bassist, id, 2, 'Bass', 'accepted');
    await answer(admin, id, 4, 'Keys', 'accepted');

    const readiness = { assigned: 5, confirmed: 3, declined: ['Vocal'] };
    expect((await serviceOf(owner))?.readiness).toEqual(readiness);
    expect(await serviceOf(admin)).toMatchObject({
      setlistId: id,
      positions: [{ index: 4, name: 'Keys', status: 'accepted' }],
      songs: [{ title: 'Cornerstone', youLead: true }],
      readiness,
    });
    expect(await serviceOf(bassist)).toMatchObject({ setlistId: id, readiness: null });
    await remove(id);
  });

  it('shows a member only their own teams’ services', async () => {
    // Stored as if the outsider were assigned and leading in this team (say, before they
    // left): they still see nothing of it.
    const foreign = await createSetlist(t, {
      teamId,
      by: owner,
      name: 'Not Yours',
      date: '2030-01-02',
      songs: [{ song: songA, leader: outsider.userId }],
      positions: [{ name: 'Bass', assignedTo: outsider.userId, status: 'accepted' }],
    });
    expect(json(await nextOf(outsider))).toEqual({ service: null });

    // Their own team's service is theirs; this team's members do not see it.
    const own = await planned(
      outsider,
      {
        name: 'Other Service',
        date: '2030-01-03',
        songs: [],
        positions: [{ name: 'Drums', assignedTo: outsider.userId }],
      },
      otherTeamId,
    );
    expect(await serviceOf(outsider)).toMatchObject({
      setlistId: own,
      teamName: 'Other Band',
      readiness: { assigned: 1, confirmed: 1, declined: [] },
    });
    expect(json(await nextOf(newcomer))).toEqual({ service: null });

    // Someone who leaves a team stops seeing its services.
    const mine = await planned(owner, {
      name: 'Before Leaving',
      date: '2030-01-04',
      songs: [],
      positions: [{ name: 'Drums', assignedTo: newcomer.userId }],
    });
    expect((await serviceOf(newcomer))?.setlistId).toBe(mine);
    await t.database.db.delete(teamMember).where(eq(teamMember.userId, newcomer.userId));
    expect(json(await nextOf(newcomer))).toEqual({ service: null });
    for (const id of [foreign, own, mine]) await remove(id);
  });

  it('refuses a caller without a session, and a day that is not one', async () => {
    expect((await nextOf(null)).statusCode).toBe(401);
    const bad = await nextOf(bassist, '?from=soon');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ error: PEOPLE_TEXTS.dayInvalid });
  });
});
