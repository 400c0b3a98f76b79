import { randomBytes } from 'node:crypto';
import { accessSync, constants, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';

export type Backend = 'pglite' | 'postgres';

/** The machine's PostgreSQL, when DATABASE_URL names one: every file then runs there too. */
export const postgresUrl = process.env.DATABASE_URL || undefined;
/** The machine's Redis, when REDIS_URL names one: the suites that need Redis run. */
export const redisUrl = process.env.REDIS_URL || undefined;
/** Whether the suites of several instances (one PostgreSQL, one Redis) run. */
export const multiInstance = Boolean(postgresUrl && redisUrl);

/**
 * PGlite always; the machine's PostgreSQL too when DATABASE_URL names one. Suites that
 * skip without a server use these flags (environment.test.ts checks them).
 */
export const backends: Backend[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this throwaway database (unset on PGlite). */
  url?: string;
  /** Closes and, on PostgreSQL, drops the throwaway database. */
  destroy(): Promise<void>;
}

export const PGLITE_TEMPLATE_PREFIX = 'segue-pglite-template-';
export const PGLITE_COPY_PREFIX = 'segue-pglite-test-';

/** Where PGlite test folders go: memory-backed /dev/shm where there is one. */
export function pgliteScratchDir(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    // A copy of the migrated template the global setup made (global-setup.ts); in memory
    // and migrated afresh when there is none.
    const template = inject('pgliteTemplate');
    const dir = template
      ? mkdtempSync(path.join(path.dirname(template), PGLITE_COPY_PREFIX))
      : undefined;
    if (template && dir) cpSync(template, dir, { recursive: true });
    const database = await openDatabase({ pgliteDir: dir ?? 'memory://' });
    return {
      ...database,
      async destroy() {
        await database.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = postgresUrl!;
  const name = `segue_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async destroy() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Rows of a raw query, alike on PGlite and node-postgres. */
export async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
