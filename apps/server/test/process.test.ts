import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The real entry point as `npm start` runs it: the embedded database under
 * DATA_DIR, mails printed on the log, and a clean stop on SIGTERM that leaves
 * the data intact for the next start.
 */
describe('the server process on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'segue-process-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('logs the verification link, stops cleanly on SIGTERM and keeps its data', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startServer(port, dataDir);
    const person = {
      name: 'Grace Hopper',
      phone: '',
      email: 'grace@example.com',
      password: 'a long password',
    };
    const registered = await fetch(`${base}/api/account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(person),
    });
    expect(registered.status).toBe(201);
    const link = await first.waitForLog(/http:\/\/localhost:\d+\/verify\?userId=[^\s"]+/);
    expect(await first.stop('SIGTERM'), first.output()).toBe(0);

    const second = await startServer(port, dataDir);
    const url = new URL(link);
    const verified = await fetch(`${base}/api/account/verification`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userId: url.searchParams.get('userId'),
        secret: url.searchParams.get('secret'),
      }),
    });
    expect(verified.status).toBe(200);
    const login = await fetch(`${base}/api/account/sessions/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    expect(login.status).toBe(201);
    expect(await second.stop('SIGINT'), second.output()).toBe(0);
  }, 90_000);

  it('warns at start when it trusts a proxy but listens on every interface', async () => {
    const port = await freePort();
    const server = await startServer(port, dataDir, { TRUST_PROXY: '1', HOST: '0.0.0.0' });
    const warning = await server.waitForLog(/TRUST_PROXY is set, but [^"]*/);
    expect(warning).toContain('listens on every interface (HOST=0.0.0.0)');
    expect(warning).toContain('HOST=127.0.0.1');
    expect(await server.stop('SIGTERM')).toBe(0);
  }, 90_000);

  it('stops within its shutdown time on SIGTERM while a large song file is being read', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startServer(port, dataDir);
    const send = (method: string, path: string, body?: unknown, jwt?: string) =>
      fetch(`${base}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(jwt ? { authorization: `Bearer ${jwt}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const email = 'reader@example.com';
    const registered = await send('POST', '/api/account', {
      name: 'Big File',
      phone: '',
      email,
      password: 'a long password',
    });
    const { jwt } = (await registered.json()) as { jwt: string };
    const link = new URL(await server.waitForLog(/http:\/\/localhost:\d+\/verify\?userId=[^\s"]+/));
    await send('PUT', '/api/account/verification', {
      userId: link.searchParams.get('userId'),
      secret: link.searchParams.get('secret'),
    });
    const team = (await (await send('POST', '/api/teams', { name: 'Big files' }, jwt)).json()) as {
      _id: string;
    };

    const line = '{c: Verse}\n[G]la la [D]la\n';
    const file = `{title: Big}\n${line.repeat(Math.floor((5 * 1024 * 1024 - 100) / line.length))}`;
    const reading = fetch(`${base}/api/songs/convert?filename=big.cho`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${jwt}`,
        'x-team-id': team._id,
        'content-type': 'application/octet-stream',
      },
      body: file,
    }).then(
      (res) => res.status,
      () => 'closed',
    );
    // The file is on its way, and its thread is starting or reading it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    // Exit code 0: the shutdown finished before its 10 s timer (which exits with 1).
    expect(await server.stop('SIGTERM'), server.output()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    // The file was cut, not read to the end.
    expect([503, 'closed']).toContain(await reading);
  }, 90_000);
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/** Servers started and not yet exited: a test that fails midway leaves none running. */
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * How the server is run: as `npm start` runs it (the built `dist/main.js`) when `npm test` has
 * just built it and says so in SEGUE_BUILT_SERVER, otherwise its sources through tsx. Under
 * `npm test` the three files of tests beside this one kept both cores busy, and a server that
 * compiled its sources (and its song-file thread's) as it started and stopped took more than
 * its 10 s to shut down; the built one does no such work.
 */
function serverArgs(): string[] {
  const built = process.env.SEGUE_BUILT_SERVER;
  return built ? ['--max-semi-space-size=64', built] : ['--import', 'tsx', 'src/main.ts'];
}

async function startServer(port: number, dataDir: string, settings: Record<string, string> = {}) {
  const env: Record<string, string> = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
  } as Record<string, string>;
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.APP_URL;
  delete env.TRUST_PROXY;
  delete env.HOST;
  Object.assign(env, settings);
  const child: ChildProcess = spawn(process.execPath, serverArgs(), {
    cwd: path.resolve(import.meta.dirname, '..'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  running.add(child);
  child.on('exit', () => running.delete(child));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    async waitForLog(pattern: RegExp): Promise<string> {
      for (let i = 0; i < 50; i++) {
        const match = pattern.exec(output);
        if (match) return match[0];
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`log never matched ${pattern}:\n${output}`);
    },
    async stop(signal: NodeJS.Signals) {
      child.kill(signal);
      return exited;
    },
    /** What the server printed so far: the message of a failed expectation. */
    output: () => output,
  };
}
