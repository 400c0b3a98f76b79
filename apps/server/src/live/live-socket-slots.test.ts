import { randomUUID } from 'node:crypto';
import { createConnection, createServer, type Server, type Socket as NetSocket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_TEXTS } from '@segue/shared';
import {
  createTestDatabase,
  multiInstance,
  postgresUrl,
  redisUrl,
  type Backend,
  type TestDatabase,
} from '../../test/databases.ts';
import { createAccount, createSession } from '../../test/factories.ts';
import { bearer, startTestApp, type TestApp } from '../../test/harness.ts';
import { liveConnected, openLiveClient, type LiveClient } from '../../test/live-client.ts';
import { LIVE_SOCKETS_PER_ACCOUNT } from './socket-slots.ts';

/** Handshakes dropped while their token is checked, per instance. */
const DROPPED = 150;

interface Setup {
  name: string;
  backend: Backend;
  /** Instances on one database, sharing Redis when there are several. */
  instances: number;
}

const SETUPS: Setup[] = [
  { name: 'PGlite', backend: 'pglite', instances: 1 },
  ...(postgresUrl && !multiInstance
    ? [{ name: 'PostgreSQL', backend: 'postgres' as const, instances: 1 }]
    : []),
  ...(multiInstance
    ? [
        {
          name: 'two instances on PostgreSQL and Redis',
          backend: 'postgres' as const,
          instances: 2,
        },
      ]
    : []),
];

/** Resolves once `done()` holds, checking every 10 ms; fails after `ms`. */
async function until(what: string, done: () => boolean, ms = 15_000) {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Holds every session lookup until the returned function is called: a transaction locks the
 * session table (PostgreSQL), and PGlite runs nothing else while a transaction is open. The
 * handshakes' token checks then wait, as they would behind a slow database.
 */
async function holdSessionLookups(database: TestDatabase): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const done = database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table "session" in access exclusive mode`);
    holding();
    await released;
  });
  await held;
  return async () => {
    release();
    await done;
  };
}

/**
 * A TCP relay to an instance that the test cuts, as a network that drops would. `sent` counts
 * the connections whose first websocket frame (the socket.io CONNECT, with the token) has
 * reached the instance's side of the relay.
 */
async function relayTo(port: number) {
  const open = new Set<NetSocket>();
  let sent = 0;
  const server: Server = createServer((client) => {
    const upstream = createConnection(port, '127.0.0.1');
    open.add(client).add(upstream);
    /** The upgrade request so far; null once its headers ended (what follows is frames). */
    let head: string | null = '';
    let framed = false;
    client.on('data', (chunk: Buffer) => {
      let carriesFrame = head === null;
      if (head !== null) {
        head += chunk.toString('latin1');
        const end = head.indexOf('\r\n\r\n');
        carriesFrame = end >= 0 && end + 4 < head.length;
        if (end >= 0) head = null;
      }
      upstream.write(chunk, () => {
        if (carriesFrame && !framed) {
          framed = true;
          sent += 1;
        }
      });
    });
    upstream.pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent: () => sent,
    /** Every connection through the relay ends, its bytes so far delivered. */
    cut() {
      for (const socket of open) socket.destroy();
      open.clear();
    },
    close() {
      this.cut();
      server.close();
    },
  };
}

/**
 * An account may hold LIVE_SOCKETS_PER_ACCOUNT live sockets on an instance. Every way a
 * handshake can end gives its slot back: a client that goes (or whose network drops) while
 * its token is being checked, a refused or failed check, a disconnect either side makes.
 */
describe.each(SETUPS)('live socket slots on $name', (setup) => {
  let database: TestDatabase;
  const instances: TestApp[] = [];
  const urls: string[] = [];
  const clients: LiveClient[] = [];

  const open = (url: string, token: string) => {
    const socket = openLiveClient(url, token);
    clients.push(socket);
    return socket;
  };
  /** How a handshake ended: 'connected', or the server's refusal. */
  const attempt = (url: string, token: string) =>
    liveConnected(open(url, token)).then(
      () => 'connected',
      (error: Error) => error.message,
    );
  /** `n` sockets of one account, all of which must connect. */
  const connectAll = async (url: string, token: string, n: number) => {
    const sockets = Array.from({ length: n }, () => open(url, token));
    await Promise.all(sockets.map(liveConnected));
    return sockets;
  };
  /** Waits until the instances have seen every raw connection end. */
  const noConnections = () =>
    until('the instances saw every connection close', () =>
      instances.every((t) => t.app.live.io.engine.clientsCount === 0),
    );

  beforeAll(async () => {
    database = await createTestDatabase(setup.backend);
    const redis =
      setup.instances > 1 ? { url: redisUrl!, prefix: `segue-test:${randomUUID()}:` } : undefined;
    for (let i = 0; i < setup.instances; i++) {
      const t = await startTestApp(setup.backend, {
        database,
        redis,
        ownPool: setup.backend === 'postgres',
      });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      instances.push(t);
      urls.push(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
    }
  }, 60_000);

  afterEach(async () => {
    for (const socket of clients.splice(0)) socket.disconnect();
    await noConnections();
  });

  afterAll(async () => {
    for (const t of instances) {
      await t.app.close();
      if (t.database !== database) await t.database.close();
    }
    await database?.destroy();
  });

  it(`${DROPPED} handshakes dropped while their token is checked keep no slot`, async () => {
    const person = await createAccount(instances[0]!, { name: 'Dropping Screens' });
    // Another account's first handshake: its lookup queues behind the dropped ones.
    const other = await createAccount(instances[0]!, { name: 'Sentinel Screen' });
    const relays = await Promise.all(
      instances.map((t) => relayTo((t.app.server.address() as AddressInfo).port)),
    );
    try {
      const release = await holdSessionLookups(database);
      try {
        for (const [i, url] of urls.entries()) {
          const relay = relays[i]!;
          // Half the clients close their transport once the CONNECT (with the token) is on
          // its way; the other half are cut off by the network right after it arrived.
          const byClient = Array.from({ length: DROPPED / 2 }, () => {
            const socket = open(url, person.jwt);
            return new Promise<void>((resolve) =>
              socket.io.once('open', () => {
                socket.io.engine.close();
                resolve();
              }),
            );
          });
          for (let n = 0; n < DROPPED / 2; n++) open(relay.url, person.jwt);
          await Promise.all(byClient);
          await until('every CONNECT went through the relay', () => relay.sent() === DROPPED / 2);
          relay.cut();
        }
        // Every connection is gone before a single token check finishes.
        await noConnections();
      } finally {
        await release();
      }
      // The dropped checks finish (the sentinel's lookup waited behind theirs).
      await Promise.all(urls.map((url) => connectAll(url, other.jwt, 1)));

      for (const url of urls) {
        await connectAll(url, person.jwt, LIVE_SOCKETS_PER_ACCOUNT);
        expect(await attempt(url, person.jwt)).toBe(LIVE_TEXTS.slowDown);
      }
    } finally {
      for (const relay of relays) relay.close();
    }
  }, 120_000);

  it('a refused handshake and a failed token check hold no slot', async () => {
    const t = instances[0]!;
    const url = urls[0]!;
    const person = await createAccount(t, { name: 'Refused Screens' });
    const ended = await createSession(t, person.userId);
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions/current',
      headers: bearer(ended.token),
    });
    expect(logout.statusCode).toBeLessThan(300);

    const held = await connectAll(url, person.jwt, LIVE_SOCKETS_PER_ACCOUNT);
    const refused = await Promise.all(Array.from({ length: 30 }, () => attempt(url, person.jwt)));
    expect(new Set(refused)).toEqual(new Set([LIVE_TEXTS.slowDown]));
    const failed = await Promise.all(Array.from({ length: 30 }, () => attempt(url, ended.token)));
    expect(new Set(failed)).toEqual(new Set([LIVE_TEXTS.unauthorized]));

    // The refused and failed clients go; five of the twenty too.
    for (const socket of clients.filter((s) => !held.includes(s))) socket.disconnect();
    for (const socket of held.slice(0, 5)) socket.disconnect();
    await until('the instance saw them go', () => t.app.live.io.engine.clientsCount === 15);
    await connectAll(url, person.jwt, 5);
    expect(await attempt(url, person.jwt)).toBe(LIVE_TEXTS.slowDown);
  }, 60_000);

  it('sockets the server disconnects give their slots back', async () => {
    const t = instances[0]!;
    const url = urls[0]!;
    const person = await createAccount(t, { name: 'Signed Out Screens' });
    const held = await connectAll(url, person.jwt, LIVE_SOCKETS_PER_ACCOUNT);
    const gone = held.map(
      (socket) => new Promise<void>((resolve) => socket.once('disconnect', () => resolve())),
    );
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions/current',
      headers: bearer(person.jwt),
    });
    expect(logout.statusCode).toBeLessThan(300);
    await Promise.all(gone);

    const again = await createSession(t, person.userId);
    await connectAll(url, again.token, LIVE_SOCKETS_PER_ACCOUNT);
    expect(await attempt(url, again.token)).toBe(LIVE_TEXTS.slowDown);
  }, 60_000);
});
