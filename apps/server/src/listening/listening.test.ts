import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENING_TEXTS, SERVER_ERRORS, SETLIST_TEXTS, SONG_TEXTS } from '@segue/shared';
import { songListen } from '../db/schema.ts';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSetlist,
  createSong,
  createTeam,
  type FactoryAccount,
} from '../../test/factories.ts';
import { bearer, startTestApp, type TestApp } from '../../test/harness.ts';
import { listeningWeek } from './listening.service.ts';

type Who = 'owner' | 'admin' | 'leader' | 'member' | 'outsider';

const today = () => new Date().toISOString().slice(0, 10);
const daysFrom = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('listeningWeek', () => {
  it('is the seven days up to and including the service, across a month and a year', () => {
    expect(listeningWeek('2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(listeningWeek('2027-01-03')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(listeningWeek('2028-03-01')).toEqual({ from: '2028-02-24', to: '2028-03-01' });
  });
});

describe.each(backends)('who has listened on %s', (backend) => {
  let t: TestApp;
  let teamId: string;
  let otherTeamId: string;
  let songs: string[];
  let otherSongId: string;
  let setlistId: string;
  let laterSetlistId: string;
  const people = {} as Record<Who, FactoryAccount>;

  beforeAll(async () => {
    t = await startTestApp(backend);
    for (const who of ['owner', 'admin', 'leader', 'member', 'outsider'] as const) {
      people[who] = await createAccount(t, { name: `${who} Person` });
    }
    teamId = await createTeam(t, {
      owner: people.owner,
      name: 'Listening Team',
      admins: [people.admin],
      members: [people.leader, people.member],
    });
    otherTeamId = await createTeam(t, { owner: people.outsider, name: 'Their Team' });
    songs = [];
    for (const title of ['First', 'Second', 'Third']) {
      songs.push(await createSong(t, { teamId, by: people.owner, title }));
    }
    otherSongId = await createSong(t, { teamId: otherTeamId, by: people.outsider });
    setlistId = await createSetlist(t, {
      teamId,
      by: people.owner,
      date: today(),
      songs: [
        { song: songs[0]!, leader: people.leader.userId },
        { song: songs[1]!, leader: null },
        // The same song twice in a set is one row of the answer.
        { song: songs[0]!, leader: null },
      ],
    });
    laterSetlistId = await createSetlist(t, {
      teamId,
      by: people.owner,
      date: daysFrom(today(), 8),
      songs: [songs[0]!, songs[2]!],
    });
  });
  afterAll(() => t?.close());

  const headers = (as: Who, team = teamId) => ({ ...bearer(people[as].jwt), 'x-team-id': team });
  const played = (as: Who, songId: string, team = teamId) =>
    t.app.inject({
      method: 'POST',
      url: `/api/songs/${songId}/listened`,
      headers: headers(as, team),
    });
  const listening = (as: Who, id = setlistId, team = teamId) =>
    t.app.inject({
      method: 'GET',
      url: `/api/setlist/${id}/listening`,
      headers: headers(as, team),
    });
  const share = (as: Who, on: boolean, team = teamId) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/teams/${team}/listening`,
      headers: bearer(people[as].jwt),
      payload: { shareListening: on },
    });
  const rows = () => t.database.db.select().from(songListen);

  it('keeps nothing while the team has it off, and says so to the leaders', async () => {
    const res = await played('member', songs[0]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ kept: false });
    expect(await rows()).toEqual([]);
    const seen = await listening('leader');
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual({ enabled: false, ...listeningWeek(today()), songs: [] });
    const team = await t.app.inject({
      method: 'GET',
      url: `/api/teams/${teamId}`,
      headers: bearer(people.member.jwt),
    });
    expect(team.json()).toMatchObject({ shareListening: false });
  });

  it('lets only the owner turn it on', async () => {
    for (const who of ['admin', 'leader', 'member'] as const) {
      const refused = await share(who, true);
      expect(refused.statusCode, who).toBe(403);
      expect(refused.json().error).toBe(SERVER_ERRORS.ownerRequired);
    }
    const stranger = await share('outsider', true);
    expect(stranger.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${teamId}/listening`,
      headers: bearer(people.owner.jwt),
      payload: { shareListening: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Say whether leaders see who has listened: true or false.');

    const on = await share('owner', true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ _id: teamId, shareListening: true });
  });

  it('counts each member once a song, in the week up to the service, for its leaders', async () => {
    expect((await played('member', songs[0]!)).json()).toEqual({ kept: true });
    // Played again the same day: still one.
    expect((await played('member', songs[0]!)).json()).toEqual({ kept: true });
    await played('admin', songs[0]!);
    await played('leader', songs[1]!);
    await played('member', songs[2]!);
    // Before the week: not counted for today's set.
    await t.database.db.insert(songListen).values({
      teamId,
      songId: songs[1]!,
      userId: people.owner.userId,
      day: daysFrom(today(), -7),
    });

    const expected = {
      enabled: true,
      ...listeningWeek(today()),
      songs: [
        {
          songId: songs[0],
          userIds: [people.admin.userId, people.member.userId].sort(),
        },
        { songId: songs[1], userIds: [people.leader.userId] },
      ],
    };
    for (const who of ['owner', 'admin', 'leader'] as const) {
      const res = await listening(who);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      expect(res.json(), who).toEqual(expected);
    }
    // Eight days ahead, today is outside that set's week.
    const later = await listening('owner', laterSetlistId);
    expect(later.json().songs).toEqual([
      { songId: songs[0], userIds: [] },
      { songId: songs[2], userIds: [] },
    ]);
  });

  it('refuses a member who leads no song of the set, and a stranger, as the spec has it', async () => {
    const member = await listening('member');
    expect(member.statusCode).toBe(403);
    expect(member.json().error).toBe(LISTENING_TEXTS.notLeader);
    // The leader of today's set leads no song of the later one.
    expect((await listening('leader', laterSetlistId)).statusCode).toBe(403);
    // An outsider naming the team, or their own team with this setlist: the missing one's answers.
    expect((await listening('outsider')).statusCode).toBe(404);
    const theirs = await listening('outsider', setlistId, otherTeamId);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe(SETLIST_TEXTS.notFound);
    expect((await listening('owner', 'no-such-setlist')).statusCode).toBe(404);
  });

  it('refuses a play of a song outside the library as a missing song, and keeps nothing', async () => {
    const before = (await rows()).length;
    const stranger = await played('outsider', songs[0]!);
    expect(stranger.statusCode).toBe(404);
    const elsewhere = await played('member', otherSongId);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error).toBe(SONG_TEXTS.songNotFound);
    const crossTeam = await played('outsider', songs[0]!, otherTeamId);
    expect(crossTeam.statusCode).toBe(404);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/api/songs/${songs[0]}/listened`,
      headers: { 'x-team-id': teamId },
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await rows()).length).toBe(before);
  });

  it('no longer counts someone who left the team', async () => {
    const left = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${teamId}/leave`,
      headers: bearer(people.admin.jwt),
    });
    expect(left.statusCode, left.body).toBeLessThan(300);
    const res = await listening('owner');
    expect(res.json().songs[0]).toEqual({ songId: songs[0], userIds: [people.member.userId] });
  });

  it('forgets every play kept when the owner turns it off', async () => {
    expect((await rows()).some((row) => row.teamId === teamId)).toBe(true);
    const off = await share('owner', false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ shareListening: false });
    expect((await rows()).filter((row) => row.teamId === teamId)).toEqual([]);
    expect((await listening('owner')).json()).toMatchObject({ enabled: false, songs: [] });
  });
});
