import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SETLIST_TEXTS, type LiveJoinState } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSetlist,
  createSong,
  createTeam,
  type FactoryAccount,
} from '../../test/factories.ts';
import { scope } from '../lib/change-feed.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { askLive, liveClients } from '../../test/live-client.ts';
import {
  keysNow,
  NEW_RUN_AFTER_MS,
  NO_LIVE_KEYS,
  recordAfter,
  recordKeyed,
  runKeys,
  type LiveRecord,
  type RoomFacts,
} from './live-steps.ts';

const HOUR = 60 * 60 * 1000;
const START = Date.parse('2026-03-01T09:00:00Z');

const quiet: LiveRecord = {
  currentIndex: 0,
  currentPartLabel: null,
  currentPartPosition: null,
  currentItem: null,
  version: 4,
  driver: null,
  startedAt: null,
  steppedAt: null,
  keys: NO_LIVE_KEYS,
  click: null,
};
const at0 = { currentIndex: 0, currentPartLabel: 'V', currentPartPosition: 0, currentItem: null };

describe('a run’s keys (pure rules)', () => {
  it('keeps a key set before the first step for the run that step starts', () => {
    const keyed = recordKeyed(quiet, 'song-a', 'F', START);
    expect(keyed).toMatchObject({ keys: { 'song-a': 'F' }, version: 5, startedAt: null });
    const first = recordAfter(keyed, at0, 'Ada', START + 60_000);
    expect(first.keys).toEqual({ 'song-a': 'F' });
    expect(first.startedAt).toBe(new Date(START + 60_000).toISOString());
    // A step keeps them, a later key change adds to them, the run's start stays.
    const second = recordKeyed(first, 'song-b', null, START + 120_000);
    expect(second.keys).toEqual({ 'song-a': 'F', 'song-b': null });
    expect(second.startedAt).toBe(first.startedAt);
    expect(second.driver).toBe('Ada');
  });

  it('starts a new run with the plan: a step or a key change after a long pause drops the old keys', () => {
    const last: LiveRecord = {
      ...quiet,
      startedAt: new Date(START).toISOString(),
      steppedAt: START,
      keys: { 'song-a': 'F' },
    };
    const nextWeek = START + NEW_RUN_AFTER_MS + 1;
    expect(recordAfter(last, at0, 'Ada', nextWeek).keys).toEqual({});
    expect(recordAfter(last, at0, 'Ada', START + NEW_RUN_AFTER_MS - 1).keys).toEqual({
      'song-a': 'F',
    });
    const keyed = recordKeyed(last, 'song-b', 'D', nextWeek);
    expect(keyed.keys).toEqual({ 'song-b': 'D' });
    // Its clock starts with its first step, not with last week's.
    expect(keyed.startedAt).toBeNull();
    expect(recordAfter(keyed, at0, 'Ada', nextWeek + 1).startedAt).toBe(
      new Date(nextWeek + 1).toISOString(),
    );
    // A screen that joins after the pause gets none of last week's keys.
    expect(runKeys(last, nextWeek)).toEqual({});
    expect(runKeys(last, START + HOUR)).toEqual({ 'song-a': 'F' });
  });

  it('gives every entry of a song its run key, else the plan', () => {
    const facts: RoomFacts = {
      teamId: 't',
      entries: [
        { at: 0, songId: 'a', parts: [], tempo: null, time: null },
        { at: 1, songId: 'b', parts: [], tempo: null, time: null },
        { at: 2, songId: 'a', parts: [], tempo: null, time: null },
      ],
      itemAts: [],
      leaders: new Set(),
      clickOnStep: 'follow',
    };
    expect(keysNow(facts, ['E', 'G', null], { a: 'F' })).toEqual(['F', 'G', 'F']);
    expect(keysNow(facts, ['E', 'G', null], { b: null })).toEqual(['E', null, null]);
    expect(keysNow(facts, ['E', 'G', null], {})).toEqual(['E', 'G', null]);
  });
});

/**
 * A run's keys over a real server: a key played live is not the plan; a screen that joins after
 * the set paused for a new run gets the plan; a driver keeps a key with `PUT /api/setlist/{id}/key`,
 * which is an edit of the setlist like any other and refused like one.
 */
describe.each(backends)('live keys across runs, and keeping one, on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let owner: FactoryAccount;
  let member: FactoryAccount;
  let outsider: FactoryAccount;
  let teamId: string;
  let outsiderTeam: string;
  let songA: string;
  let songB: string;
  const clients = liveClients();

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await createAccount(t, { name: 'Olive Owner' });
    member = await createAccount(t, { name: 'Mo Member' });
    outsider = await createAccount(t, { name: 'Otto Outsider' });
    teamId = await createTeam(t, { owner, name: 'Runs', members: [member] });
    outsiderTeam = await createTeam(t, { owner: outsider, name: 'Elsewhere' });
    songA = await createSong(t, {
      teamId,
      by: owner,
      title: 'Cornerstone',
      key: 'E',
      labels: ['V'],
    });
    songB = await createSong(t, { teamId, by: owner, title: 'Other', key: 'G', labels: ['V'] });
  });
  afterEach(() => clients.disconnectAll());
  afterAll(async () => {
    await t?.close();
  });

  const newSetlist = () =>
    createSetlist(t, {
      teamId,
      by: owner,
      songs: [
        { song: songA, leader: null, key: 'E' },
        { song: songB, leader: member.userId, key: null },
        { song: songA, leader: null, key: 'E' },
      ],
    });
  const row = async (id: string) => {
    await t.app.live.flushed();
    const [found] = await t.database.db.query.setlist.findMany({
      where: (s, { eq }) => eq(s.id, id),
    });
    return found!;
  };
  const joinedTo = async (who: FactoryAccount, id: string) => {
    const socket = await clients.connect(url, who.jwt);
    const answer = await askLive(socket, 'setlist:join', id);
    expect(answer.ok).toBe(true);
    return { socket, state: answer.state as LiveJoinState };
  };
  const keep = (who: FactoryAccount, id: string, payload: unknown, team = teamId) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/setlist/${id}/key`,
      headers: { authorization: `Bearer ${who.jwt}`, 'x-team-id': team },
      payload: payload as Record<string, unknown>,
    });

  it('gives a screen that joins after a long pause the plan, and the next run starts from it', async () => {
    const id = await newSetlist();
    // Last Sunday's run played Cornerstone in F.
    const lastWeek = new Date(Date.now() - 7 * 24 * HOUR);
    await t.database.db.execute(
      sql`update setlist set live_keys = ${JSON.stringify({ [songA]: 'F' })}::jsonb,
        live_started_at = ${lastWeek.toISOString()}, live_stepped_at = ${lastWeek.toISOString()},
        live_version = 10 where id = ${id}`,
    );
    const { socket, state } = await joinedTo(owner, id);
    expect(state.keys).toEqual(['E', null, 'E']);
    // The first step of the new run forgets last week's keys for good.
    expect(
      await askLive(socket, 'setlist:updateCurrent', { setlistId: id, newIndex: 1 }),
    ).toMatchObject({
      ok: true,
    });
    expect((await row(id)).liveKeys).toEqual({});
    // Within the run, a key set now holds for a screen that joins later.
    expect(
      await askLive(socket, 'setlist:setKey', { setlistId: id, index: 2, key: 'F' }),
    ).toMatchObject({ ok: true, state: { keys: ['F', null, 'F'] } });
    const late = await joinedTo(member, id);
    expect(late.state.keys).toEqual(['F', null, 'F']);
    expect((await row(id)).songs).toEqual([
      { song: songA, leader: null, key: 'E' },
      { song: songB, leader: member.userId, key: null },
      { song: songA, leader: null, key: 'E' },
    ]);
  });

  it('keeps a live key as the plan for every entry of the song, changing nothing else', async () => {
    const id = await newSetlist();
    const { socket } = await joinedTo(owner, id);
    await askLive(socket, 'setlist:setKey', { setlistId: id, index: 0, key: 'F' });
    const before = await row(id);

    const res = await keep(owner, id, { song: songA, key: 'F' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: id,
      songs: [{ key: 'F' }, { key: null }, { key: 'F' }],
      liveKeys: { [songA]: 'F' },
    });
    const after = await row(id);
    expect(after.songs).toEqual([
      { song: songA, leader: null, key: 'F' },
      { song: songB, leader: member.userId, key: null },
      { song: songA, leader: null, key: 'F' },
    ]);
    expect([after.name, after.date, after.positions, after.items]).toEqual([
      before.name,
      before.date,
      before.positions,
      before.items,
    ]);
    // The live state is not the plan's to change.
    expect(after.liveVersion).toBe(before.liveVersion);
    // The setlist's answer (print view, offline copy) now shows it.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/setlist/${id}`,
      headers: { authorization: `Bearer ${member.jwt}`, 'x-team-id': teamId },
    });
    expect(read.json()).toMatchObject({ songs: [{ key: 'F' }, { key: null }, { key: 'F' }] });
    // A member may plan too (a new team lets every member edit setlists); null is the song's own key.
    const own = await keep(member, id, { song: songA, key: null });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ songs: [{ key: null }, { key: null }, { key: null }] });
  });

  it('refuses an outsider, a member the team does not let edit setlists, and bad input, changing nothing', async () => {
    const id = await newSetlist();
    const before = await row(id);

    const noSession = await t.app.inject({
      method: 'PUT',
      url: `/api/setlist/${id}/key`,
      headers: { 'x-team-id': teamId },
      payload: { song: songA, key: 'F' },
    });
    expect(noSession.statusCode).toBe(401);
    // An outsider: their own team does not have it, and they are not in this one.
    expect((await keep(outsider, id, { song: songA, key: 'F' }, outsiderTeam)).statusCode).toBe(
      404,
    );
    expect((await keep(outsider, id, { song: songA, key: 'F' })).statusCode).toBe(404);

    const notInSetlist = await keep(owner, id, { song: 'no-such-song', key: 'F' });
    expect(notInSetlist.statusCode).toBe(400);
    expect(notInSetlist.json()).toMatchObject({ error: SETLIST_TEXTS.songNotInSetlist });
    const badKey = await keep(owner, id, { song: songA, key: 'H#' });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json()).toMatchObject({ error: 'Choose a key such as G, Bb or F#m.' });
    expect((await keep(owner, 'no-such-setlist', { song: songA, key: 'F' })).statusCode).toBe(404);

    // Only admins may edit this team's setlists: the member is refused like any edit.
    // Written as the owner's setting would be; the caches hear of it as they would.
    await t.app.changes.after([scope.team(teamId)], () =>
      t.database.db.execute(sql`update team set setlist_editors = 'admins' where id = ${teamId}`),
    );
    try {
      const refused = await keep(member, id, { song: songA, key: 'F' });
      expect(refused.statusCode).toBe(403);
    } finally {
      await t.app.changes.after([scope.team(teamId)], () =>
        t.database.db.execute(
          sql`update team set setlist_editors = 'everyone' where id = ${teamId}`,
        ),
      );
    }
    expect((await row(id)).songs).toEqual(before.songs);
  });
});
