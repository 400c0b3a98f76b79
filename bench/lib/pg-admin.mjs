// Throwaway PostgreSQL databases: one per bench run, named after the bench's process
// id, dropped at the end. Leftovers of a run that was killed (its process is gone)
// are dropped at the start of the next one.
import pg from 'pg';

/** The machine's PostgreSQL (trust auth); the admin connection goes to the `test` database. */
export const PG_ADMIN_URL =
  process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PREFIX = 'segue_bench_';

/** The URL of another database on the same server. */
export function databaseUrl(name) {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** @template T @param {(client: pg.Client) => Promise<T>} fn */
async function withAdmin(fn) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/** Drops `segue_bench_<pid>_…` databases whose bench process no longer runs. */
export async function dropStaleDatabases() {
  return withAdmin(async (client) => {
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${PREFIX}%`,
    ]);
    const dropped = [];
    for (const { datname } of rows) {
      const pid = Number(/^segue_bench_(\d+)_/.exec(datname)?.[1]);
      if (pid && !isAlive(pid)) {
        await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
        dropped.push(datname);
      }
    }
    return dropped;
  });
}

/** Creates an empty database and returns its name and URL. */
export async function createDatabase(label) {
  const name = `${PREFIX}${process.pid}_${label}_${Date.now().toString(36)}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  return { name, url: databaseUrl(name) };
}

/** Drops a database, closing whatever connections are still open on it. */
export async function dropDatabase(name) {
  if (!name.startsWith(PREFIX)) throw new Error(`refusing to drop ${name}`);
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
