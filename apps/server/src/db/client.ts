import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs a live step's statement: named and prepared, so the database parses and
   * plans it once per connection rather than on every step (`text` must be the same
   * for a `name` every time; values are `$1`, `$2`, ...). On PostgreSQL it runs on a
   * pool of its own with `synchronous_commit = off`: a step is answered once it is
   * committed in memory, not once its WAL is on disk, so a crash of PostgreSQL itself
   * may forget the last fraction of a second of steps (never a setlist, song or
   * account: everything else commits durably). docs/DECISIONS.md says why.
   */
  liveStep: PreparedQuery;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type PreparedQuery = <T extends Record<string, unknown>>(
  name: string,
  text: string,
  values: unknown[],
) => Promise<T[]>;

export interface DatabaseOptions {
  /** postgres:// URL; when unset, the embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
}

/**
 * Where the committed migrations live: beside the sources in development and
 * copied next to the bundle by the build.
 */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'drizzle'), path.join(here, '..', '..', 'drizzle')]) {
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error('Cannot find the drizzle migrations folder');
}

/** An arbitrary, fixed key: Segue's migrations hold this advisory lock while they run. */
const MIGRATION_LOCK_KEY = 7_403_116_225;

/**
 * Runs the migrations on one connection that holds an advisory lock, so
 * instances starting together take turns instead of racing to create tables.
 */
async function migrateUnderLock(pool: pg.Pool, folder: string) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const livePool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 5,
      options: '-c synchronous_commit=off',
    });
    // A dropped idle connection must not crash the server; the pool replaces it.
    pool.on('error', () => {});
    livePool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    await migrateUnderLock(pool, folder);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      liveStep: async <T extends Record<string, unknown>>(
        name: string,
        text: string,
        values: unknown[],
      ) => (await livePool.query<T>({ name, text, values })).rows,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await Promise.all([pool.end(), livePool.end()]);
      },
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  // pg_trgm: team search's index (migration 0011).
  const client = new PGlite(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: folder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    // PGlite runs in this process with one connection; it plans each statement anew.
    liveStep: async <T extends Record<string, unknown>>(
      _name: string,
      text: string,
      values: unknown[],
    ) => (await client.query<T>(text, values)).rows,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

/** Runs raw SQL and answers its rows, alike on PGlite and `pg` (both put them in `rows`). */
export async function queryRows<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The one row an INSERT … RETURNING wrote (it always writes one, or throws). */
export function inserted<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('the insert returned no row');
  return row;
}
