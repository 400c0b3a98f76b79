import { LIVE_TEXTS } from '@segue/shared';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionResolver } from '../accounts/sessions.ts';
import { ChangeFeed } from '../lib/change-feed.ts';
import type { TeamActor } from '../policy/actor.ts';
import type { TeamsRepository } from '../teams/teams.repository.ts';
import { watchMembership } from './live-membership.ts';
import type { LiveServer } from './live-socket.ts';

/**
 * The order of a pass against a join made while its queries run, which a server test cannot
 * place on purpose: the socket, its server and the two queries are stand-ins here (the pass over
 * real sockets and a real database is in live.test.ts, "a member removed from the team stops
 * hearing the setlist").
 */
describe('a membership pass', () => {
  const actorIn = (teamId: string): TeamActor =>
    ({ actor: { userId: 'u1' }, team: { id: teamId }, role: 'member' }) as unknown as TeamActor;

  function setup() {
    const left: string[] = [];
    const errors: string[] = [];
    const socket = {
      id: 'socket-1',
      data: {
        account: { token: 'token-1', userId: 'u1' },
        tokenKey: 'key-1',
        joined: new Map<string, TeamActor>([['setlist-a', actorIn('team-a')]]),
      },
      leave: async (room: string) => void left.push(room),
      emit: (_event: string, body: { message: string }) => void errors.push(body.message),
      disconnect: () => {},
    };
    const io = { of: () => ({ sockets: new Map([[socket.id, socket]]) }) } as unknown as LiveServer;
    const sessions = {
      resolveMany: async (tokens: string[]) =>
        new Map(tokens.map((token) => [token, { emailVerified: true }])),
    } as unknown as SessionResolver;
    /** The roles query: answered when the test says, with the roles the test gives. */
    let answer: (roles: Map<string, string>) => void = () => {};
    let asked: (pairs: { teamId: string }[]) => void = () => {};
    const askedFor = new Promise<{ teamId: string }[]>((resolve) => (asked = resolve));
    const teams = {
      roles: (pairs: { teamId: string }[]) => {
        asked(pairs);
        return new Promise((resolve) => (answer = resolve));
      },
    } as unknown as Pick<TeamsRepository, 'roles'>;
    const changes = new ChangeFeed();
    const watching = watchMembership({
      io,
      sessions,
      teams,
      changes,
      logger: { error: () => {} } as unknown as FastifyBaseLogger,
      recheckMs: 3_600_000,
    });
    stops.push(() => watching.stop());
    return {
      socket,
      left,
      errors,
      changes,
      askedFor,
      answer: (roles: Map<string, string>) => answer(roles),
    };
  }
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  };

  it('leaves alone a room joined while its queries ran', async () => {
    const { socket, left, errors, changes, askedFor, answer } = setup();
    void changes.publish({ kind: 'user', id: 'u1' });
    expect((await askedFor).map((pair) => pair.teamId)).toEqual(['team-a']);
    // A join lands (its own role read) before the pass's answer, which did not ask about it.
    const joinedMeanwhile = actorIn('team-b');
    socket.data.joined.set('setlist-b', joinedMeanwhile);
    answer(new Map([['team-a:u1', 'member']]));
    await settle();
    expect(socket.data.joined.get('setlist-b')).toBe(joinedMeanwhile);
    expect(socket.data.joined.has('setlist-a')).toBe(true);
    expect(left).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('still takes a socket out of a room its account lost', async () => {
    const { socket, left, errors, changes, askedFor, answer } = setup();
    void changes.publish({ kind: 'user', id: 'u1' });
    await askedFor;
    answer(new Map());
    await settle();
    expect(socket.data.joined.has('setlist-a')).toBe(false);
    expect(left).toEqual(['setlist:setlist-a', 'screen:setlist-a']);
    expect(errors).toEqual([LIVE_TEXTS.notAllowed]);
  });
});
