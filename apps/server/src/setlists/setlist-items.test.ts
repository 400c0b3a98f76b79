import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SERVER_ERRORS,
  SETLIST_LIMITS,
  SETLIST_TEXTS,
  type Setlist,
  type SetlistDetails,
} from '@segue/shared';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSong,
  createTeam,
  purgeTrash,
  type FactoryAccount,
} from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Issue 18: a real order of service. Items that are not songs (a welcome, a sermon) sit
 * between the songs, placed by `at` (the number of songs before them); songs and items may
 * have a duration; the setlist a start time. The spec's `songs` and `currentIndex` are
 * exactly what they were, so an older client reads and saves a setlist as before.
 */
describe.each(backends)('setlist items and durations on %s', (backend) => {
  let t: TestApp;
  let owner: FactoryAccount;
  let member: FactoryAccount;
  let outsider: FactoryAccount;
  let teamId: string;
  let otherTeamId: string;
  let alpha: string;
  let beta: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await createAccount(t, { name: 'Olga Order' });
    member = await createAccount(t, { name: 'Mia Member' });
    outsider = await createAccount(t, { name: 'Otto Outside' });
    teamId = await createTeam(t, { owner, name: 'Order', members: [member] });
    otherTeamId = await createTeam(t, { owner: outsider, name: 'Elsewhere' });
    alpha = await createSong(t, { teamId, by: owner, title: 'Alpha', labels: ['Verse'] });
    beta = await createSong(t, { teamId, by: owner, title: 'Beta', labels: ['Verse', 'Chorus'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    as: FactoryAccount = owner,
    team: string = teamId,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(as.jwt), 'x-team-id': team },
      ...(payload ? { payload } : {}),
    });

  const welcome = { title: 'Welcome', notes: 'Announcements too', duration: 120, at: 0 };
  const sermon = { title: 'Sermon', notes: '', duration: 1800, at: 2 };
  /** Alpha, Beta, then Alpha again (a reprise), with a welcome first and a sermon after Beta. */
  const service = (overrides: object = {}) => ({
    name: 'Order of Service',
    date: '2030-05-05',
    notes: 'Pentecost',
    songs: [
      { song: alpha, leader: member.userId, key: 'A', duration: 240 },
      { song: beta, leader: null, duration: 300 },
      { song: alpha, leader: null },
    ],
    positions: [{ name: 'Keys', assignedTo: null }],
    // Sent out of order: answers list items by `at`.
    items: [sermon, welcome],
    startTime: '10:30',
    ...overrides,
  });
  const created = async (body: object = service()) => {
    const res = await call('POST', '/api/setlist', body);
    expect(res.statusCode, res.body).toBe(201);
    return json<Setlist>(res);
  };
  const details = async (id: string) => {
    const res = await call('GET', `/api/setlist/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return json<SetlistDetails>(res);
  };
  const listed = async (id: string) =>
    json<Setlist[]>(await call('GET', '/api/setlist')).find((s) => s._id === id);

  it('round-trips items, durations and the start time; songs read as they always did', async () => {
    const answer = await created();
    // The spec's fields, for the songs only, in their order: an older client sees a setlist
    // of three songs and nothing else.
    expect(answer.songs).toEqual([
      { song: alpha, leader: member.userId, key: 'A', duration: 240, tempo: null },
      { song: beta, leader: null, key: null, duration: 300, tempo: null },
      { song: alpha, leader: null, key: null, duration: null, tempo: null },
    ]);
    expect(answer).toMatchObject({
      name: 'Order of Service',
      date: '2030-05-05T00:00:00.000Z',
      notes: 'Pentecost',
      teamId,
      currentIndex: 0,
      currentPartLabel: null,
      positions: [{ name: 'Keys', assignedTo: null }],
      items: [welcome, sermon],
      startTime: '10:30',
      currentItem: null,
    });

    const read = await details(answer._id);
    expect(read.songs.map((e) => [e.song.title, e.leader, e.key, e.duration])).toEqual([
      ['Alpha', member.userId, 'A', 240],
      ['Beta', null, null, 300],
      ['Alpha', null, null, null],
    ]);
    expect(read.songs.map((e) => Object.keys(e).sort())).toEqual(
      Array(3).fill(['duration', 'key', 'leader', 'song', 'tempo']),
    );
    expect(read.currentIndex).toBe(0);
    expect(read.items).toEqual([welcome, sermon]);
    expect(read.startTime).toBe('10:30');
    expect(read.currentItem).toBeNull();
    // Every field an older client reads is still there, with the items beside them.
    expect(Object.keys(read).sort()).toEqual(
      [
        '_id',
        'name',
        'date',
        'notes',
        'songs',
        'positions',
        'teamId',
        'currentIndex',
        'currentPartLabel',
        'createdAt',
        'updatedAt',
        'items',
        'startTime',
        'currentItem',
        // The live run's keys beside the planned ones (docs/DECISIONS.md, "Live keys and planned keys").
        'liveKeys',
        // What a running click does on a song change (docs/DECISIONS.md, "The click").
        'clickOnStep',
        // The screens' languages (docs/DECISIONS.md, "Screen and chart languages").
        'lyricLanguages',
      ].sort(),
    );

    const inList = await listed(answer._id);
    expect(inList?.songs.map((e) => e.song)).toEqual([alpha, beta, alpha]);
    expect(inList?.items).toEqual([welcome, sermon]);
    expect(inList?.startTime).toBe('10:30');
  });

  it('keeps items placed at the same point in the order they were sent', async () => {
    const prayer = { title: 'Prayer', notes: '', duration: null, at: 2 };
    const answer = await created(service({ items: [sermon, welcome, prayer], startTime: null }));
    expect(answer.items.map((i) => i.title)).toEqual(['Welcome', 'Sermon', 'Prayer']);
    expect(answer.startTime).toBeNull();
    // Notes and a duration may be left out.
    const bare = await created(service({ items: [{ title: '  Offering ', at: 1 }] }));
    expect(bare.items).toEqual([{ title: 'Offering', notes: '', duration: null, at: 1 }]);
  });

  it('keeps the items and start time when a save leaves them out (an older client)', async () => {
    const { _id } = await created();
    const { items: _items, startTime: _start, ...old } = service();
    const resaved = await call('PUT', `/api/setlist/${_id}`, { ...old, name: 'Renamed' });
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect(json<Setlist>(resaved)).toMatchObject({
      name: 'Renamed',
      items: [welcome, sermon],
      startTime: '10:30',
    });
    expect((await details(_id)).items).toEqual([welcome, sermon]);

    // Fewer songs: an item past the last song is kept after it.
    const shorter = await call('PUT', `/api/setlist/${_id}`, {
      ...old,
      songs: [{ song: beta, leader: null }],
    });
    expect(json<Setlist>(shorter).items).toEqual([welcome, { ...sermon, at: 1 }]);

    // Sent, they replace what was saved: none removes them all, null the start time.
    const cleared = await call('PUT', `/api/setlist/${_id}`, {
      ...old,
      items: [],
      startTime: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(json<Setlist>(cleared)).toMatchObject({ items: [], startTime: null });
    const read = await details(_id);
    expect([read.items, read.startTime]).toEqual([[], null]);
  });

  it('keeps each song’s duration when a save leaves it out, and clears it when sent as null', async () => {
    const { _id } = await created(
      service({
        songs: [
          { song: alpha, leader: null, duration: 240 },
          { song: beta, leader: null, duration: 300 },
          { song: alpha, leader: null, duration: 90 },
        ],
      }),
    );
    const durations = async () => (await details(_id)).songs.map((e) => e.duration);
    // An older client knows no durations: reordered, each song keeps its own (a repeated song
    // its durations in order).
    const { items: _items, startTime: _start, ...old } = service();
    const reordered = await call('PUT', `/api/setlist/${_id}`, {
      ...old,
      songs: [
        { song: beta, leader: null },
        { song: alpha, leader: null },
        { song: alpha, leader: null },
      ],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(await durations()).toEqual([300, 240, 90]);
    // Sent, a duration replaces the saved one; null removes it.
    const cleared = await call('PUT', `/api/setlist/${_id}`, {
      ...old,
      songs: [
        { song: beta, leader: null, duration: null },
        { song: alpha, leader: null, duration: 200 },
        { song: alpha, leader: null },
      ],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await durations()).toEqual([null, 200, 90]);
  });

  it('places an item past the last song after it', async () => {
    const answer = await created(
      service({ items: [{ title: 'Benediction', notes: '', duration: 60, at: 50 }] }),
    );
    expect(answer.items).toEqual([{ title: 'Benediction', notes: '', duration: 60, at: 3 }]);
    expect((await details(answer._id)).items[0]?.at).toBe(3);
  });

  it('counts only the songs still there once a song is purged, and saves them back so', async () => {
    const doomed = await createSong(t, { teamId, by: owner, title: 'Doomed' });
    const answer = await created(
      service({
        songs: [
          { song: doomed, leader: null },
          { song: alpha, leader: null },
          { song: beta, leader: null },
        ],
        items: [
          { title: 'Welcome', at: 0 },
          { title: 'After doomed', at: 1 },
          { title: 'Sermon', at: 2 },
          { title: 'Sending', at: 3 },
        ],
      }),
    );
    expect((await call('DELETE', `/api/songs/${doomed}`)).statusCode).toBe(204);
    // Out of the trash for good: until then a deleted song still plays in its setlists.
    await purgeTrash(t);

    const read = await details(answer._id);
    expect(read.songs.map((e) => e.song.title)).toEqual(['Alpha', 'Beta']);
    expect(read.items.map((i) => [i.title, i.at])).toEqual([
      ['Welcome', 0],
      ['After doomed', 0],
      ['Sermon', 1],
      ['Sending', 2],
    ]);
    // The list keeps the stored ids, and the items' places among them.
    expect((await listed(answer._id))?.items.map((i) => i.at)).toEqual([0, 1, 2, 3]);

    // An older client saves the songs as it read them, without items: each item stays
    // where that client saw it.
    const { items: _items, ...old } = service();
    const resaved = await call('PUT', `/api/setlist/${answer._id}`, {
      ...old,
      songs: [
        { song: alpha, leader: null },
        { song: beta, leader: null },
      ],
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect(json<Setlist>(resaved).items.map((i) => [i.title, i.at])).toEqual([
      ['Welcome', 0],
      ['After doomed', 0],
      ['Sermon', 1],
      ['Sending', 2],
    ]);
  });

  it('clones with the items, durations and start time', async () => {
    const original = await created();
    const read = await details(original._id);
    const copy = await created({
      name: `${read.name}${SETLIST_TEXTS.copySuffix}`,
      date: '2030-05-12',
      notes: read.notes,
      positions: read.positions,
      songs: read.songs.map((e) => ({
        song: e.song._id,
        leader: e.leader,
        key: e.key,
        duration: e.duration,
      })),
      items: read.items,
      startTime: read.startTime,
      teamId,
    });
    expect(copy._id).not.toBe(original._id);
    const copied = await details(copy._id);
    expect(copied.songs.map((e) => [e.song.title, e.duration])).toEqual([
      ['Alpha', 240],
      ['Beta', 300],
      ['Alpha', null],
    ]);
    expect(copied.items).toEqual([welcome, sermon]);
    expect(copied.startTime).toBe('10:30');
  });

  it('refuses bad items, durations and start times with their messages, saving nothing', async () => {
    const item = (overrides: object) => ({ items: [{ ...welcome, ...overrides }] });
    const hours = SETLIST_LIMITS.maxDurationSeconds / 3600;
    const cases: [object, string][] = [
      [item({ title: '   ' }), 'An item needs a title.'],
      [{ items: [{ at: 0 }] }, 'An item needs a title.'],
      [item({ title: 'x'.repeat(201) }), 'Item titles must be at most 200 characters.'],
      [item({ notes: 'x'.repeat(2001) }), 'Item notes must be at most 2000 characters.'],
      [item({ at: -1 }), 'An item needs its place in the order.'],
      [item({ at: 1.5 }), 'An item needs its place in the order.'],
      [item({ at: '1' }), 'An item needs its place in the order.'],
      [{ items: [{ title: 'Welcome' }] }, 'An item needs its place in the order.'],
      [item({ at: 10_001 }), 'An item needs its place in the order.'],
      [item({ duration: -5 }), 'A duration cannot be negative.'],
      [item({ duration: 12.5 }), 'A duration is a whole number of seconds.'],
      [item({ duration: '300' }), 'A duration is a number of seconds.'],
      [
        item({ duration: SETLIST_LIMITS.maxDurationSeconds + 1 }),
        `A duration can be at most ${hours} hours.`,
      ],
      [{ songs: [{ song: alpha, leader: null, duration: -1 }] }, 'A duration cannot be negative.'],
      [{ startTime: '25:00' }, 'Start time must be a time of day (HH:MM).'],
      [{ startTime: '9:30' }, 'Start time must be a time of day (HH:MM).'],
      [{ startTime: '10:30pm' }, 'Start time must be a time of day (HH:MM).'],
      [
        { items: Array.from({ length: SETLIST_LIMITS.maxItems + 1 }, () => welcome) },
        `A setlist can hold at most ${SETLIST_LIMITS.maxItems} items.`,
      ],
      // PostgreSQL's JSON cannot hold a NUL: the caller's input, never our fault.
      [item({ title: 'a\u0000b' }), SERVER_ERRORS.invalidInput],
    ];
    const before = json<unknown[]>(await call('GET', '/api/setlist')).length;
    const saved = await created();
    for (const [overrides, message] of cases) {
      const posted = await call('POST', '/api/setlist', service(overrides));
      expect(posted.statusCode, `${message} ${posted.body}`).toBe(400);
      expect(json(posted).error).toBe(message);
      const put = await call('PUT', `/api/setlist/${saved._id}`, service(overrides));
      expect(put.statusCode, `${message} ${put.body}`).toBe(400);
      expect(json(put).error).toBe(message);
    }
    expect(json<unknown[]>(await call('GET', '/api/setlist'))).toHaveLength(before + 1);
    const read = await details(saved._id);
    expect([read.items, read.startTime]).toEqual([[welcome, sermon], '10:30']);
  });

  it('refuses outsiders as if the setlist did not exist', async () => {
    const { _id } = await created();
    // A member of another team, naming this team or their own.
    for (const team of [teamId, otherTeamId]) {
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', service({ items: [], startTime: null })],
        ['DELETE', undefined],
      ] as const) {
        const res = await call(method, `/api/setlist/${_id}`, payload, outsider, team);
        if (team === otherTeamId && method === 'GET') {
          // Issue 14: reading another team's setlist is access denied, with nothing of it.
          expect(res.statusCode).toBe(403);
        } else {
          expect(res.statusCode, `${method} via ${team}`).toBe(404);
        }
        expect(res.body).not.toContain('Sermon');
      }
    }
    const theirs = json<Setlist[]>(
      await call('GET', '/api/setlist', undefined, outsider, otherTeamId),
    );
    expect(theirs.map((s) => s._id)).not.toContain(_id);
    const read = await details(_id);
    expect([read.items, read.startTime]).toEqual([[welcome, sermon], '10:30']);
    // A member of the team reads them.
    const asMember = json<SetlistDetails>(
      await call('GET', `/api/setlist/${_id}`, undefined, member),
    );
    expect(asMember.items).toEqual([welcome, sermon]);
  });
});
