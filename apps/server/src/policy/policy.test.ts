import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import { createAccount, createTeam, createTeamWithSetlist } from '../../test/factories.ts';
import { bearer, startTestApp, type TestApp } from '../../test/harness.ts';
import { askLive, liveConnected, openLiveClient } from '../../test/live-client.ts';
import { LIVE_EVENT_ACTIONS, ON_SCREEN_ACTION } from '../live/live.service.ts';
import { TeamsRepository } from '../teams/teams.repository.ts';
import { TEAM_ROLES, type TeamRole } from './actor.ts';
import {
  ACTIONS,
  authorize,
  can,
  canInTeam,
  POLICY,
  refusalOf,
  type Action,
  type Facts,
} from './policy.ts';

/** What a team that never changed who may edit its songs and setlists allows (every member). */
const NEW_TEAM: Facts = { songEditors: 'everyone', setlistEditors: 'everyone' };

describe('the policy table', () => {
  it('has a row for every action, with a yes, a no, "a song’s leader" or "as the team set it" for every role', () => {
    for (const action of ACTIONS) {
      for (const role of TEAM_ROLES) {
        expect([true, false, 'songLeader', 'songEditors', 'setlistEditors'], action).toContain(
          POLICY[action][role],
        );
      }
      expect(Object.keys(POLICY[action]).sort(), action).toEqual([...TEAM_ROLES].sort());
    }
  });

  it('lets a member drive the live setlist, the screen, the click or the congregation’s link, or see who has listened, only as a song’s leader', () => {
    const drivers = [
      'driveLive',
      'announceOnScreen',
      'driveScreen',
      'driveClick',
      'shareWithCongregation',
      'seeListening',
    ] as const;
    expect(ACTIONS.filter((a) => TEAM_ROLES.some((r) => POLICY[a][r] === 'songLeader'))).toEqual(
      drivers,
    );
    for (const action of drivers) {
      // At an HTTP call's edge the setlist is not read yet: any member may lead one of its songs.
      expect(canInTeam({ role: 'member' }, action, NEW_TEAM)).toBe(true);
      expect(can({ role: 'member' }, action)).toBe(false);
      expect(can({ role: 'member' }, action, { leadsSong: false })).toBe(false);
      expect(can({ role: 'member' }, action, { leadsSong: true })).toBe(true);
      expect(() => authorize({ role: 'member' }, action)).toThrow(refusalOf(action).message);
      expect(can({ role: 'admin' }, action)).toBe(true);
      expect(can({ role: 'owner' }, action)).toBe(true);
    }
    expect(refusalOf('driveLive').message).toBe('Only the leader can change the live setlist.');
    expect(refusalOf('driveClick').message).toBe('Only the leader can start or stop the click.');
    expect(refusalOf('shareWithCongregation').message).toBe(
      'Only the leader can share the setlist with the congregation.',
    );
  });

  it('refuses with the action’s own error, and never for an allowed role', () => {
    for (const action of ACTIONS) {
      for (const role of TEAM_ROLES) {
        if (can({ role }, action)) expect(() => authorize({ role }, action)).not.toThrow();
        else expect(() => authorize({ role }, action)).toThrow(refusalOf(action).message);
      }
    }
  });

  it('lets the owner do everything but leave, and keeps the owner-only rows the owner’s', () => {
    for (const action of ACTIONS) {
      expect(can({ role: 'owner' }, action), action).toBe(action !== 'leaveTeam');
    }
    expect(ACTIONS.filter((a) => !can({ role: 'admin' }, a)).sort()).toEqual(
      [
        'confirmAudienceLicence',
        'deleteTeam',
        'importLibrary',
        'setEditors',
        'setListening',
        'transferOwnership',
      ].sort(),
    );
    // Spec section 6: a member reads, plays and plans; the team and its people are the admins'.
    // Issue 14: the live setlist moves for everyone only by its drivers.
    // Issue 18: the CCLI usage report is the admins' (they report it under the licence).
    // Who may change songs and setlists is the owner's setting: in a new team, every member.
    // Issue 31: the congregation's link is its drivers'; its licence, the owner's to confirm.
    // Issue 32: who has listened is the owner's to turn on, and a set's leaders' to see.
    // Issue 33: the band's click is its drivers'.
    expect(ACTIONS.filter((a) => !can({ role: 'member' }, a, NEW_TEAM)).sort()).toEqual(
      [
        'announceOnScreen',
        'confirmAudienceLicence',
        'shareWithCongregation',
        'driveClick',
        'driveLive',
        'driveScreen',
        'deleteTeam',
        'editTeam',
        'importLibrary',
        'manageMembers',
        'readUsageReport',
        'reviewJoinRequests',
        'seeListening',
        'setEditors',
        'setListening',
        'transferOwnership',
      ].sort(),
    );
  });

  it('names, for every live event, an action that has a row', () => {
    for (const [event, action] of Object.entries(LIVE_EVENT_ACTIONS)) {
      if (action !== null) expect(ACTIONS, event).toContain(action);
    }
  });
});

type Person = { userId: string; jwt: string };
type Who = TeamRole | 'outsider';
const EVERYONE: Who[] = ['outsider', 'member', 'admin', 'owner'];

/**
 * Every API route against the table: each names the caller it needs; each team
 * action has a row and every row is used; and for every team route, every role gets
 * what its row says (an outsider the answer for a team that does not exist).
 */
describe.each(backends)('every route and live event against the policy on %s', (backend) => {
  let t: TestApp;
  let teams: TeamsRepository;
  const people = {} as Record<Who, Person>;

  beforeAll(async () => {
    t = await startTestApp(backend);
    teams = new TeamsRepository(t.database.db, t.app.changes);
    for (const who of EVERYONE) people[who] = await createAccount(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A team of its own for one route: the owner, an admin and a member. */
  const team = () =>
    createTeam(t, {
      owner: people.owner,
      name: 'Policy Team',
      admins: [people.admin],
      members: [people.member],
    });

  it('every API route names its access, and every team action has a row that some caller uses', () => {
    const used = new Set<Action>();
    for (const route of t.app.apiRoutes) {
      expect(route.access, `${route.method} ${route.url}`).toBeDefined();
      if (typeof route.access === 'object') {
        expect(ACTIONS, `${route.method} ${route.url}`).toContain(route.access.action);
        used.add(route.access.action);
      }
    }
    for (const action of Object.values(LIVE_EVENT_ACTIONS)) if (action) used.add(action);
    used.add(ON_SCREEN_ACTION);
    // A row nobody names is a decision nobody makes: remove it or name it.
    expect(ACTIONS.filter((a) => !used.has(a))).toEqual([]);
  });

  const teamRoutes = () =>
    t.app.apiRoutes.filter(
      (r): r is typeof r & { access: { action: Action; team: 'header' | 'param' } } =>
        typeof r.access === 'object',
    );

  it('gives every role of every team route what the table says, before the body is read', async () => {
    const checked: string[] = [];
    for (const route of teamRoutes()) {
      const teamId = await team();
      const url = route.url.replace(/:id\b/, route.access.team === 'param' ? teamId : randomUUID());
      // The owner last: some calls (deleting the team) end the team for everyone after.
      for (const who of EVERYONE) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            ...bearer(people[who].jwt),
            ...(route.access.team === 'header' ? { 'x-team-id': teamId } : {}),
          },
          // Deliberately empty: the policy answers before the body is looked at.
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const name = `${route.method} ${route.url} as ${who}`;
        // A file (an export) is an answer too; only JSON says an error.
        const json = String(res.headers['content-type'] ?? '').includes('json');
        const body = (json && res.body ? res.json() : {}) as { error?: string };
        if (who === 'outsider') {
          expect(res.statusCode, name).toBe(404);
          expect(body.error, name).toBe(SERVER_ERRORS.teamNotFound);
        } else if (!canInTeam({ role: who }, route.access.action, NEW_TEAM)) {
          const refusal = refusalOf(route.access.action);
          expect(res.statusCode, name).toBe(refusal.statusCode);
          expect(body.error, name).toBe(refusal.message);
        } else {
          // Allowed: whatever it answers (a bad body, a missing song), it is not a refusal.
          expect([401, 403], name).not.toContain(res.statusCode);
          expect(body.error ?? '', name).not.toBe(SERVER_ERRORS.teamNotFound);
        }
        checked.push(name);
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(teamRoutes().length * EVERYONE.length);
  });

  it('gives every role every live event the table allows, and refuses outsiders', async () => {
    const { setlistId } = await createTeamWithSetlist(t, people.owner, 'Live policy', ['V', 'C']);
    const [setlist] = await t.database.db.query.setlist.findMany({
      where: (s, { eq }) => eq(s.id, setlistId),
    });
    const liveTeam = setlist?.teamId ?? '';
    await teams.addMember(liveTeam, people.admin.userId, { requireRequest: false });
    await teams.addMember(liveTeam, people.member.userId, { requireRequest: false });
    await teams.setRole(liveTeam, people.admin.userId, 'admin');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    // Events that need no team permission: none of them is sent with a setlist here.
    type Unpermissioned = 'setlist:leave' | 'clock:ping';
    const payloads: Record<Exclude<keyof typeof LIVE_EVENT_ACTIONS, Unpermissioned>, unknown> = {
      'setlist:join': setlistId,
      'setlist:updateCurrent': { setlistId, newIndex: 0 },
      'setlist:updatePart': { setlistId, partIndex: 'C' },
      'setlist:setKey': { setlistId, index: 0, key: 'A' },
      'setlist:announce': { setlistId, message: 'Policy check' },
      'setlist:screen': { setlistId, mode: 'black' },
      // The song has no tempo of its own: the driver gives one.
      'setlist:click': { setlistId, action: 'start', countInBars: 1, bpm: 120 },
    };
    for (const who of EVERYONE) {
      const socket = openLiveClient(url, people[who].jwt);
      try {
        await liveConnected(socket);
        // The server's time answers every signed-in socket, the outsider's too.
        const ping = await new Promise<unknown>((resolve) => socket.emit('clock:ping', resolve));
        expect(ping, `clock:ping as ${who}`).toMatchObject({
          ok: true,
          serverAt: expect.any(Number),
        });
        for (const [event, payload] of Object.entries(payloads)) {
          const answer = await askLive(socket, event, payload);
          const action = LIVE_EVENT_ACTIONS[event as keyof typeof payloads];
          const name = `${event} as ${who}`;
          if (who === 'outsider') expect(answer.ok, name).toBe(false);
          else if (can({ role: who }, action)) expect(answer, name).toMatchObject({ ok: true });
          else expect(answer, name).toEqual({ ok: false, error: refusalOf(action).message });
        }
      } finally {
        socket.disconnect();
      }
    }
  });
});
