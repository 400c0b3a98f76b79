// The end-to-end run's Segue server (playwright.config.ts starts it before globalSetup): the
// built server exactly as `npm start` runs it, on a throwaway data folder (DATA_DIR, cleared
// here), and on a throwaway PostgreSQL database when the run has one (SEGUE_E2E_POSTGRES_URL,
// from DATABASE_URL, as CI sets it); otherwise on the embedded database, as a fresh clone does.
//
// Why PostgreSQL when there is one: the embedded database is PostgreSQL compiled to
// WebAssembly, run on the server's own thread. On two cores it was a fifth of the end-to-end
// tests' CPU time; on the machine's PostgreSQL the same tests took a tenth less CPU and time
// (README, "Tests"). The server tests run every route on both databases.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');
const postgresUrl = process.env.SEGUE_E2E_POSTGRES_URL || undefined;

rmSync(process.env.DATA_DIR ?? '', { recursive: true, force: true });

/** Runs one statement on the machine's PostgreSQL. */
async function admin(sql) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// The run's own database, named by its port so that two runs side by side keep apart; made
// anew each run.
const name = `segue_e2e_${Number(process.env.PORT)}`;
let databaseUrl = '';
if (postgresUrl) {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}

const server = spawn(
  process.execPath,
  ['--max-semi-space-size=64', path.join(root, 'apps/server/dist/main.js')],
  { stdio: 'inherit', env: { ...process.env, DATABASE_URL: databaseUrl } },
);
// Playwright ends the run by killing this process and the server with it; the database stays
// until the next run on this port drops it (above).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
