import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, PEOPLE_TEXTS, SETLIST_TEXTS } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import { createAccount, createSetlist, createSong, createTeam } from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { withAnswers } from './assignments.ts';

interface Person {
  userId: string;
  jwt: string;
  person: { name: string; email: string };
}

interface Position {
  name: string;
  assignedTo: string | null;
  status?: string;
}

describe('withAnswers', () => {
  it('keeps the answers of unchanged assignments, asks new ones, takes the saver’s own', () => {
    const before = [
      { name: 'Bass', assignedTo: 'b', status: 'accepted' as const },
      { name: 'Keys', assignedTo: 'k', status: 'declined' as const },
      { name: 'Drums', assignedTo: 'd' },
    ];
    const { positions, added, kept } = withAnswers(
      before,
      [
        { name: 'Drums', assignedTo: 'd' },
        { name: 'Keys', assignedTo: 'x' },
        { name: 'Bass', assignedTo: 'b' },
        { name: 'Vocal', assignedTo: 'me' },
        { name: 'Cajon', assignedTo: null },
      ],
      'me',
    );
    expect(positions).toEqual([
      { name: 'Drums', assignedTo: 'd' },
      { name: 'Keys', assignedTo: 'x', status: 'pending' },
      { name: 'Bass', assignedTo: 'b', status: 'accepted' },
      { name: 'Vocal', assignedTo: 'me', status: 'accepted' },
      { name: 'Cajon', assignedTo: null },
    ]);
    expect(added).toEqual([1, 3]);
    expect(kept).toEqual([0, 2]);
  });

  it('matches a position listed twice with the same person once per copy', () => {
    const { positions } = withAnswers(
      [{ name: 'Vocal', assignedTo: 'v', status: 'accepted' }],
      [
        { name: 'Vocal', assignedTo: 'v' },
        { name: 'Vocal', assignedTo: 'v' },
      ],
      'me',
    );
    expect(positions.map((p) => p.status)).toEqual(['accepted', 'pending']);
  });
});

describe.each(backends)('assignments on %s', (backend) => {
  let t: TestApp;
  let planner: Person;
  let bassist: Person;
  let drummer: Person;
  let singer: Person;
  let outsider: Person;
  let teamId: string;
  let songId: string;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as: Person | null,
    payload?: unknown,
    team: string | null = teamId,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(as ? bearer(as.jwt) : {}), ...(team ? { 'x-team-id': team } : {}) },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  const setlistBody = (overrides: object = {}) => ({
    name: 'Harvest Service',
    date: '2030-09-15',
    notes: '',
    songs: [{ song: songId, leader: planner.userId }],
    positions: [
      { name: 'Bass', assignedTo: bassist.userId },
      { name: 'Drums', assignedTo: drummer.userId },
      { name: 'Cajon', assignedTo: null },
    ],
    teamId,
    ...overrides,
  });

  const create = async (overrides: object = {}) => {
    const res = await call('POST', '/api/setlist', planner, setlistBody(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return json<{ _id: string; positions: Position[] }>(res);
  };

  const positionsOf = async (id: string) =>
    json<{ positions: Position[] }>(await call('GET', `/api/setlist/${id}`, planner)).positions;

  const answer = (id: string, index: number, as: Person, body: object) =>
    call('POST', `/api/setlist/${id}/positions/${index}/response`, as, body, null);

  /** The mails sent since the test began, once the queue has sent them all. */
  const mails = async () => {
    await t.app.mailQueue.idle();
    return t.inbox.mails.splice(0);
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    [planner, bassist, drummer, singer, outsider] = (await Promise.all(
      ['Paula', 'Bruno', 'Dana', 'Sina', 'Oskar'].map((n) =>
        createAccount(t, { name: `${n} Assign` }),
      ),
    )) as unknown as [Person, Person, Person, Person, Person];
    teamId = await createTeam(t, {
      owner: planner,
      name: 'Assign Team',
      members: [bassist, drummer, singer],
    });
    await createTeam(t, { owner: outsider, name: 'Elsewhere' });
    songId = await createSong(t, { teamId, by: planner, title: 'Harvest Song' });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await mails();
  });

  it('asks each person assigned, by mail and on their list, and lets them answer', async () => {
    const setlist = await create();
    expect(setlist.positions).toEqual([
      { name: 'Bass', assignedTo: bassist.userId, status: 'pending' },
      { name: 'Drums', assignedTo: drummer.userId, status: 'pending' },
      { name: 'Cajon', assignedTo: null },
    ]);
    const sent = await mails();
    const toBassist = sent.find((m) => m.to === bassist.person.email.toLowerCase());
    expect(toBassist?.subject).toBe(
      'Please confirm: Bass at Harvest Service on Sunday, September 15, 2030',
    );
    expect(toBassist?.text).toContain('Paula Assign assigned you to Bass');
    expect(toBassist?.text).toContain('(team Assign Team)');
    expect(toBassist?.link).toBe('http://localhost:3000/dashboard');
    expect(sent.map((m) => m.to).sort()).toEqual(
      [bassist.person.email, drummer.person.email].map((e) => e.toLowerCase()).sort(),
    );

    const list = await call('GET', '/api/account/assignments?from=2030-01-01', bassist, null, null);
    expect(list.statusCode, list.body).toBe(200);
    expect(json(list)).toEqual([
      {
        setlistId: setlist._id,
        setlistName: 'Harvest Service',
        date: '2030-09-15',
        teamId,
        teamName: 'Assign Team',
        index: 0,
        position: 'Bass',
        status: 'pending',
      },
    ]);

    const accepted = await answer(setlist._id, 0, bassist, { response: 'accepted', name: 'Bass' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(json(accepted)).toEqual({
      index: 0,
      name: 'Bass',
      assignedTo: bassist.userId,
      status: 'accepted',
    });
    // The cached setlist shows it at once.
    expect(await positionsOf(setlist._id)).toEqual([
      { name: 'Bass', assignedTo: bassist.userId, status: 'accepted' },
      { name: 'Drums', assignedTo: drummer.userId, status: 'pending' },
      { name: 'Cajon', assignedTo: null },
    ]);
    const listed = await call('GET', '/api/account/assignments?from=2030-01-01', bassist);
    expect(json<{ status: string }[]>(listed).map((a) => a.status)).toEqual(['accepted']);
    expect(await mails()).toEqual([]);
  });

  it('lets only the person assigned answer', async () => {
    const setlist = await create();
    for (const someone of [planner, drummer]) {
      const res = await answer(setlist._id, 0, someone, { response: 'accepted', name: 'Bass' });
      expect(res.statusCode).toBe(403);
      expect(json(res).error).toBe(PEOPLE_TEXTS.notAssignee);
    }
    // To someone outside the team, the setlist does not exist.
    const stranger = await answer(setlist._id, 0, outsider, { response: 'declined', name: 'Bass' });
    expect(stranger.statusCode).toBe(404);
    expect(json(stranger).error).toBe(SETLIST_TEXTS.notFound);
    expect((await answer(setlist._id, 0, null as unknown as Person, {})).statusCode).toBe(401);
    const unverified = await createAccount(t, { verified: false });
    expect(
      (await answer(setlist._id, 0, unverified as Person, { response: 'accepted', name: 'Bass' }))
        .statusCode,
    ).toBe(403);
    // The wrong position named, or none at that index: the assignment has changed.
    for (const [index, name] of [
      [1, 'Bass'],
      [7, 'Bass'],
    ] as const) {
      const res = await answer(setlist._id, index, bassist, { response: 'accepted', name });
      expect(res.statusCode).toBe(409);
      expect(json(res).error).toBe(PEOPLE_TEXTS.assignmentChanged);
    }
    const bad = await answer(setlist._id, 0, bassist, { response: 'maybe', name: 'Bass' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toBe(PEOPLE_TEXTS.responseRequired);
    expect(
      (await answer('no-such-setlist', 0, bassist, { response: 'accepted', name: 'Bass' }))
        .statusCode,
    ).toBe(404);
    expect(await positionsOf(setlist._id)).toMatchObject([
      { status: 'pending' },
      { status: 'pending' },
      {},
    ]);

    // Reassigned: the old assignee can no longer answer; the new one can.
    const reassigned = await call(
      'PUT',
      `/api/setlist/${setlist._id}`,
      planner,
      setlistBody({
        positions: [
          { name: 'Bass', assignedTo: singer.userId },
          { name: 'Drums', assignedTo: drummer.userId },
          { name: 'Cajon', assignedTo: null },
        ],
      }),
    );
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    const old = await answer(setlist._id, 0, bassist, { response: 'accepted', name: 'Bass' });
    expect(old.statusCode).toBe(403);
    expect(json(old).error).toBe(PEOPLE_TEXTS.notAssignee);
    expect(
      (await answer(setlist._id, 0, singer, { response: 'accepted', name: 'Bass' })).statusCode,
    ).toBe(200);
    // Someone who left the team is refused like an outsider.
    const leaving = await call('POST', `/api/teams/${teamId}/leave`, drummer, undefined, null);
    expect(leaving.statusCode, leaving.body).toBe(200);
    const gone = await answer(setlist._id, 1, drummer, { response: 'accepted', name: 'Drums' });
    expect(gone.statusCode).toBe(404);
    // Back in the team for the next tests.
    const back = await call(
      'POST',
      `/api/teams/${teamId}/add`,
      planner,
      {
        email: drummer.person.email,
      },
      null,
    );
    expect(back.statusCode, back.body).toBe(201);
  });

  it('keeps answers across a re-save, and asks again when the person changes', async () => {
    const setlist = await create();
    await answer(setlist._id, 0, bassist, { response: 'accepted', name: 'Bass' });
    await answer(setlist._id, 1, drummer, { response: 'declined', name: 'Drums' });
    await mails();

    // An old client sends the positions without status, in another order, with a new one.
    const resaved = await call(
      'PUT',
      `/api/setlist/${setlist._id}`,
      planner,
      setlistBody({
        notes: 'Bring a capo',
        positions: [
          { name: 'Drums', assignedTo: drummer.userId },
          { name: 'Bass', assignedTo: bassist.userId, status: 'pending' },
          { name: 'Cajon', assignedTo: singer.userId },
        ],
      }),
    );
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect(json<{ positions: Position[] }>(resaved).positions).toEqual([
      { name: 'Drums', assignedTo: drummer.userId, status: 'declined' },
      { name: 'Bass', assignedTo: bassist.userId, status: 'accepted' },
      { name: 'Cajon', assignedTo: singer.userId, status: 'pending' },
    ]);
    // Only the newly assigned singer is asked.
    const sent = await mails();
    expect(sent.map((m) => m.to)).toEqual([singer.person.email.toLowerCase()]);
    expect(sent[0]?.subject).toContain('Please confirm: Cajon at Harvest Service');

    // The bassist moves to Drums, the drummer to Bass: both asked again.
    const swapped = await call(
      'PUT',
      `/api/setlist/${setlist._id}`,
      planner,
      setlistBody({
        positions: [
          { name: 'Drums', assignedTo: bassist.userId },
          { name: 'Bass', assignedTo: drummer.userId },
          { name: 'Cajon', assignedTo: singer.userId },
        ],
      }),
    );
    expect(json<{ positions: Position[] }>(swapped).positions.map((p) => p.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    expect((await mails()).map((m) => m.to).sort()).toEqual(
      [bassist.person.email, drummer.person.email].map((e) => e.toLowerCase()).sort(),
    );

    // The planner's own assignment is theirs already: accepted, no mail.
    const own = await call(
      'PUT',
      `/api/setlist/${setlist._id}`,
      planner,
      setlistBody({ positions: [{ name: 'Vocal', assignedTo: planner.userId }] }),
    );
    expect(json<{ positions: Position[] }>(own).positions).toEqual([
      { name: 'Vocal', assignedTo: planner.userId, status: 'accepted' },
    ]);
    expect(await mails()).toEqual([]);
  });

  it('keeps positions saved before answers existed without a status', async () => {
    const id = await createSetlist(t, {
      teamId,
      by: planner,
      songs: [songId],
      date: '2030-09-15',
      positions: [{ name: 'Bass', assignedTo: bassist.userId }],
    });
    expect(await positionsOf(id)).toEqual([{ name: 'Bass', assignedTo: bassist.userId }]);
    const resaved = await call(
      'PUT',
      `/api/setlist/${id}`,
      planner,
      setlistBody({ positions: [{ name: 'Bass', assignedTo: bassist.userId }] }),
    );
    expect(json<{ positions: Position[] }>(resaved).positions).toEqual([
      { name: 'Bass', assignedTo: bassist.userId },
    ]);
    expect(await mails()).toEqual([]);
    // Not listed as asked; but the person assigned may still answer.
    const listed = await call('GET', '/api/account/assignments?from=2030-01-01', bassist);
    expect(json<{ setlistId: string }[]>(listed).map((a) => a.setlistId)).not.toContain(id);
    expect((await answer(id, 0, bassist, { response: 'accepted', name: 'Bass' })).statusCode).toBe(
      200,
    );
  });

  it('mails the setlist’s creator when someone declines, once', async () => {
    const setlist = await create();
    await mails();
    const declined = await answer(setlist._id, 1, drummer, { response: 'declined', name: 'Drums' });
    expect(declined.statusCode).toBe(200);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: planner.person.email.toLowerCase(),
      subject: 'Dana Assign declined Drums at Harvest Service on Sunday, September 15, 2030',
      link: `http://localhost:3000/setlists/view/${setlist._id}`,
    });
    // Declining again tells nobody twice; accepting tells nobody.
    await answer(setlist._id, 1, drummer, { response: 'declined', name: 'Drums' });
    await answer(setlist._id, 0, bassist, { response: 'accepted', name: 'Bass' });
    expect(await mails()).toEqual([]);
  });

  it('mails the people assigned when the date changes', async () => {
    const setlist = await create({
      songs: [{ song: songId, leader: singer.userId }],
    });
    await answer(setlist._id, 1, drummer, { response: 'declined', name: 'Drums' });
    await mails();
    const moved = await call(
      'PUT',
      `/api/setlist/${setlist._id}`,
      planner,
      setlistBody({ date: '2030-09-22', songs: [{ song: songId, leader: singer.userId }] }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const sent = await mails();
    // The bassist (pending) and the singer (a song's leader); not the drummer, who declined.
    expect(sent.map((m) => m.to).sort()).toEqual(
      [bassist.person.email, singer.person.email].map((e) => e.toLowerCase()).sort(),
    );
    const toBassist = sent.find((m) => m.to === bassist.person.email.toLowerCase());
    expect(toBassist?.subject).toBe('Harvest Service moved to Sunday, September 22, 2030');
    expect(toBassist?.text).toContain('no longer on Sunday, September 15, 2030');
    expect(toBassist?.text).toContain('You are down for Bass.');
    // Statuses stay as they were.
    expect((await positionsOf(setlist._id)).map((p) => p.status)).toEqual([
      'pending',
      'declined',
      undefined,
    ]);
    // The same date again tells nobody.
    await call(
      'PUT',
      `/api/setlist/${setlist._id}`,
      planner,
      setlistBody({ date: '2030-09-22', songs: [{ song: songId, leader: singer.userId }] }),
    );
    expect(await mails()).toEqual([]);
  });

  it('refuses to assign someone away on the date unless confirmed (409, then saved)', async () => {
    const away = await call(
      'POST',
      '/api/account/blockouts',
      drummer,
      { startsOn: '2030-10-01', endsOn: '2030-10-10', reason: 'Tour' },
      null,
    );
    expect(away.statusCode, away.body).toBe(201);
    await call(
      'POST',
      '/api/account/blockouts',
      singer,
      { startsOn: '2030-10-05', endsOn: '2030-10-05' },
      null,
    );
    const before = json<unknown[]>(await call('GET', '/api/setlist', planner)).length;

    const body = setlistBody({
      date: '2030-10-05',
      songs: [{ song: songId, leader: singer.userId }],
    });
    const refused = await call('POST', '/api/setlist', planner, body);
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toEqual({
      error: 'Dana Assign and Sina Assign are away on 2030-10-05.',
      code: ERROR_CODES.assigneeAway,
    });
    expect(json<unknown[]>(await call('GET', '/api/setlist', planner))).toHaveLength(before);
    expect(await mails()).toEqual([]);

    const confirmed = await call('POST', '/api/setlist', planner, { ...body, confirmAway: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const setlist = json<{ _id: string }>(confirmed);

    // Updating to a day someone is away is refused alike, and changes nothing.
    const edit = setlistBody({ date: '2030-10-10', notes: 'changed' });
    const refusedEdit = await call('PUT', `/api/setlist/${setlist._id}`, planner, edit);
    expect(refusedEdit.statusCode).toBe(409);
    expect(json(refusedEdit).error).toBe(PEOPLE_TEXTS.awayConflict(['Dana Assign'], '2030-10-10'));
    const unchanged = json<{ date: string; notes: string }>(
      await call('GET', `/api/setlist/${setlist._id}`, planner),
    );
    expect(unchanged).toMatchObject({ date: '2030-10-05T00:00:00.000Z', notes: '' });
    const saved = await call('PUT', `/api/setlist/${setlist._id}`, planner, {
      ...edit,
      confirmAway: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved)).toMatchObject({ date: '2030-10-10T00:00:00.000Z', notes: 'changed' });

    // A day nobody is away needs no confirmation; the day after a blockout is free.
    const free = await call('POST', '/api/setlist', planner, setlistBody({ date: '2030-10-11' }));
    expect(free.statusCode).toBe(201);
  });

  it('refuses outsiders on every new endpoint', async () => {
    const setlist = await create();
    const calls = [
      [
        'POST',
        `/api/setlist/${setlist._id}/positions/0/response`,
        { response: 'accepted', name: 'Bass' },
      ],
      ['GET', '/api/account/assignments', undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await call(method, url, null, body, null)).statusCode, `${method} ${url}`).toBe(401);
    }
    // The outsider's own list holds nothing of this team.
    expect(
      json<unknown[]>(
        await call('GET', '/api/account/assignments?from=2030-01-01', outsider, undefined, null),
      ),
    ).toEqual([]);
    const bad = await call('GET', '/api/account/assignments?from=soon', bassist, undefined, null);
    expect(bad.statusCode).toBe(400);
  });
});
