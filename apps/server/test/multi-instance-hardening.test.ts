import { randomUUID } from 'node:crypto';
import { createConnection, createServer, type Server, type Socket as NetSocket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { LIVE_TEXTS, type ClientToServerEvents, type ServerToClientEvents } from '@segue/shared';
import { ATTEMPT_LIMITS } from '../src/accounts/accounts.service.ts';
import {
  createTestDatabase,
  multiInstance,
  redisUrl,
  rows,
  type TestDatabase,
} from './databases.ts';
import { createAccount, createTeamWithSetlist, type FactoryAccount } from './factories.ts';
import { bearer, json, startTestApp, uniqueAddress, type TestApp } from './harness.ts';
import { sql } from 'drizzle-orm';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A TCP relay to Redis that a test can cut, as a network failure between one
 * instance and Redis would (the other instance keeps its own connection).
 */
async function redisRelay(target: URL) {
  const open = new Set<NetSocket>();
  let server: Server | null = null;
  const start = (port = 0) =>
    new Promise<number>((resolve) => {
      server = createServer((client) => {
        const upstream = createConnection(Number(target.port || 6379), target.hostname);
        open.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      server.listen(port, '127.0.0.1', () => resolve((server!.address() as AddressInfo).port));
    });
  const port = await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    /** Redis is gone for whoever uses this relay: connections cut, new ones refused. */
    cut() {
      server?.close();
      for (const s of open) s.destroy();
      open.clear();
    },
    /** Redis is back. */
    async mend() {
      await start(port);
    },
    close() {
      server?.close();
      for (const s of open) s.destroy();
    },
  };
}

/**
 * Two instances on one PostgreSQL and Redis (A reaches Redis through a relay the
 * tests cut): what one instance does reaches the other's sockets and caches at once,
 * and a write whose change could not be shared is not done.
 */
describe.skipIf(!multiInstance)('two instances: hardening', () => {
  let database: TestDatabase;
  let relay: Awaited<ReturnType<typeof redisRelay>>;
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  let owner: FactoryAccount;
  let teamId: string;
  let setlistId: string;
  const sockets: Client[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    relay = await redisRelay(new URL(redisUrl!));
    const prefix = `segue-test:${randomUUID()}:`;
    // The periodic live re-check is off (an hour): only the change feed can act in time.
    a = await startTestApp('postgres', {
      database,
      redis: { url: relay.url, prefix },
      ownPool: true,
      liveRecheckMs: 3_600_000,
    });
    b = await startTestApp('postgres', {
      database,
      redis: { url: redisUrl!, prefix },
      ownPool: true,
      liveRecheckMs: 3_600_000,
    });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    urlB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
    owner = await createAccount(a, { name: 'Owner Multi Hardening' });
    ({ teamId, setlistId } = await createTeamWithSetlist(a, owner, 'Multi Hardening'));
  }, 60_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await a?.app.close();
    await b?.app.close();
    await a?.database.close();
    await b?.database.close();
    relay?.close();
    await database?.destroy();
  });

  const member = async (name: string) => {
    const person = await createAccount(a, { name });
    const added = await a.app.inject({
      method: 'POST',
      url: `/api/teams/${teamId}/add`,
      headers: bearer(owner.jwt),
      payload: { email: person.person.email },
    });
    expect(added.statusCode).toBe(201);
    return person;
  };
  const openOnB = (token: string) =>
    new Promise<Client>((resolve, reject) => {
      const socket: Client = connect(urlB, {
        transports: ['websocket'],
        auth: { token },
        forceNew: true,
        reconnection: false,
      });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const join = (socket: Client) =>
    new Promise<{ ok: boolean; error?: string }>((resolve) =>
      socket.emit('setlist:join', setlistId, (answer) => resolve(answer as never)),
    );

  it('a logout on one instance disconnects the session’s socket on the other within a second', async () => {
    const person = await member('Logout Multi');
    const socket = await openOnB(person.jwt);
    expect((await join(socket)).ok).toBe(true);
    const gone = new Promise<number>((resolve, reject) => {
      const started = Date.now();
      const timer = setTimeout(() => reject(new Error('still connected after 1 s')), 1_000);
      socket.once('disconnect', () => {
        clearTimeout(timer);
        resolve(Date.now() - started);
      });
    });
    const out = await a.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions/current',
      headers: bearer(person.jwt),
    });
    expect(out.statusCode).toBe(204);
    await gone;
  });

  it('a member removed on one instance leaves the room on the other within a second', async () => {
    const person = await member('Removed Multi');
    const socket = await openOnB(person.jwt);
    expect((await join(socket)).ok).toBe(true);
    const told = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('not evicted within 1 s')), 1_000);
      socket.once('live:error', (e: { message: string }) => {
        clearTimeout(timer);
        resolve(e.message);
      });
    });
    const removed = await a.app.inject({
      method: 'DELETE',
      url: `/api/teams/${teamId}/member`,
      headers: bearer(owner.jwt),
      payload: { userId: person.userId },
    });
    expect(removed.statusCode).toBe(200);
    expect(await told).toBe(LIVE_TEXTS.notAllowed);
  });

  it('parallel wrong passwords spread over both instances are counted before they are checked', async () => {
    const victim = await createAccount(a);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).app.inject({
          method: 'POST',
          url: '/api/account/sessions/email',
          payload: { email: victim.person.email, password: 'wrong password here' },
          remoteAddress: uniqueAddress(),
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 401).length).toBe(
      ATTEMPT_LIMITS.failedLoginsPerAccount,
    );
  });

  it('a logout racing lookups of its token on both instances leaves it refused everywhere', async () => {
    for (let trial = 0; trial < 15; trial++) {
      const person = await createAccount(a);
      const ask = (app: TestApp) =>
        app.app.inject({ method: 'GET', url: '/api/account', headers: bearer(person.jwt) });
      const lookups = Array.from({ length: 6 }, (_, i) => ask(i % 2 ? a : b));
      const out = a.app.inject({
        method: 'DELETE',
        url: '/api/account/sessions/current',
        headers: bearer(person.jwt),
      });
      await Promise.all([...lookups, out]);
      expect((await ask(a)).statusCode).toBe(401);
      expect((await ask(b)).statusCode).toBe(401);
    }
  });

  it('when Redis fails on one instance, its writes fail closed and the other never answers stale', async () => {
    const person = await member('Stale Multi');
    const read = () =>
      b.app.inject({
        method: 'GET',
        url: `/api/setlist/${setlistId}`,
        headers: { ...bearer(person.jwt), 'x-team-id': teamId },
      });
    // B has the member's access and the setlist cached.
    expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);

    relay.cut();
    try {
      const removed = await a.app.inject({
        method: 'DELETE',
        url: `/api/teams/${teamId}/member`,
        headers: bearer(owner.jwt),
        payload: { userId: person.userId },
      });
      const [still] = await rows<{ n: number }>(
        a.database,
        sql`select count(*)::int as n from team_member where team_id = ${teamId} and user_id = ${person.userId}`,
      );
      if (removed.statusCode < 300) {
        // Done: then B must know it at once.
        expect((await read()).statusCode).toBe(404);
      } else {
        // Not done: answered 503 and nothing was written.
        expect(removed.statusCode).toBe(503);
        expect(json(removed).error).toBeTruthy();
        expect(still!.n).toBe(1);
      }
      expect(removed.statusCode).toBe(503);
    } finally {
      await relay.mend();
    }
    // Once Redis is back, A writes again and B hears it.
    await expect
      .poll(
        async () =>
          (
            await a.app.inject({
              method: 'DELETE',
              url: `/api/teams/${teamId}/member`,
              headers: bearer(owner.jwt),
              payload: { userId: person.userId },
            })
          ).statusCode,
        { timeout: 10_000, interval: 250 },
      )
      .toBe(200);
    expect((await read()).statusCode).toBe(404);
  });
});
