import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../src/app-context.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Mail, Mailer } from '../src/lib/mailer.ts';
import { openDatabase } from '../src/db/client.ts';
import type { SongFileReaderOptions } from '../src/songs/song-file-reader.ts';
import { createTestDatabase, type Backend, type TestDatabase } from './databases.ts';

/** Keeps every mail the server sends, as an SMTP inbox would. */
export class Inbox implements Mailer {
  readonly mails: Mail[] = [];
  async send(mail: Mail) {
    this.mails.push(mail);
  }
  close() {}
  /** The newest verification link sent to an address. */
  lastLinkTo(email: string): URL {
    const mail = [...this.mails].reverse().find((m) => m.to === email && m.link);
    if (!mail?.link) throw new Error(`no mail with a link to ${email}`);
    return new URL(mail.link);
  }
}

/** A route behind the product API's gate, so the gate is tested before product routes exist. */
const verifiedOnlyProbe: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app) => {
  app.get('/test/verified-only', { config: { access: 'verified' } }, async () => ({
    ok: true,
  }));
};

/** The AUTH_SECRET of every test app: what it seals (a congregation link's token) opens with it. */
export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  inbox: Inbox;
  close(): Promise<void>;
  restart(): Promise<TestApp>;
}

export async function startTestApp(
  backend: Backend,
  options: {
    database?: TestDatabase;
    liveRecheckMs?: number;
    /** Share the live channel and rate limits through this Redis, under this prefix. */
    redis?: { url: string; prefix: string };
    /** Open a connection pool of its own, as a second instance would (PostgreSQL). */
    ownPool?: boolean;
    /** Settings as the environment would give them (e.g. trustProxy). */
    config?: Partial<Config>;
    /** Song file reading's threads, time budget and memory cap. */
    songFileReading?: SongFileReaderOptions;
  } = {},
): Promise<TestApp> {
  const shared = options.database ?? (await createTestDatabase(backend));
  const database: TestDatabase =
    options.ownPool && shared.url
      ? {
          ...(await openDatabase({ databaseUrl: shared.url })),
          url: shared.url,
          destroy: async () => {},
        }
      : shared;
  const inbox = new Inbox();
  const config = loadConfig(
    {},
    {
      authSecret: TEST_AUTH_SECRET,
      dataDir: '/tmp/segue-test-unused',
      port: 3000,
      redisUrl: options.redis?.url,
      ...options.config,
    },
  );
  const app = await buildApp({
    config,
    database,
    logger: false,
    mailer: inbox,
    features: [verifiedOnlyProbe],
    liveRecheckMs: options.liveRecheckMs,
    redisPrefix: options.redis?.prefix,
    songFileReading: options.songFileReading,
  });
  await app.ready();
  return {
    app,
    database,
    inbox,
    async close() {
      await app.close();
      if (database !== shared) await database.close();
      await database.destroy();
    },
    async restart() {
      // The process goes away; the database stays, as on a real restart.
      await app.close();
      return startTestApp(backend, { ...options, database });
    },
  };
}

let counter = 0;
let addresses = 0;
/** A documentation-range address of its own, so per-address limits don't couple tests. */
export function uniqueAddress() {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

/** A unique, valid registration. */
export function newPerson(
  overrides: Partial<Record<'name' | 'email' | 'password' | 'phone', string>> = {},
) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `Test Person${counter}`,
    email: `person-${id}@example.com`,
    password: 'correct horse battery',
    phone: '+1 555 0100',
    ...overrides,
  };
}

export const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

/** Registers a person and follows their verification link; returns their login token. */
export async function registerVerified(t: TestApp, person = newPerson()) {
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/account',
    payload: person,
    remoteAddress: uniqueAddress(),
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const link = t.inbox.lastLinkTo(person.email);
  const verified = await t.app.inject({
    method: 'PUT',
    url: '/api/account/verification',
    payload: { userId: link.searchParams.get('userId'), secret: link.searchParams.get('secret') },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  const body = json<{ user: { $id: string }; jwt: string }>(registered);
  return { person, userId: body.user.$id, jwt: body.jwt };
}
