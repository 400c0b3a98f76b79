import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

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
    // A dropped idle connection must not crash the server; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    await migrateUnderLock(pool, folder);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: folder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
