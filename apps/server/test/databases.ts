import { randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; the machine's PostgreSQL too when DATABASE_URL names one. */
export const backends: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this throwaway database (unset on PGlite). */
  url?: string;
  /** Closes and, on PostgreSQL, drops the throwaway database. */
  destroy(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    return { ...database, destroy: () => database.close() };
  }
  const adminUrl = process.env.DATABASE_URL!;
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
