// API throughput: autocannon against two read calls on Segue (PostgreSQL), and
// against a bare node:http server answering the very same bytes.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBareHttp } from './servers.mjs';
import { round } from './stats.mjs';

const CONNECTIONS = 10;
const DURATION_S = 10;
const WARMUP_S = 2;

/**
 * Runs autocannon and returns its result; any non-2xx answer or socket error fails
 * the run, since requests per second of error answers would say nothing.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number} seconds
 */
async function cannon(url, headers, seconds) {
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 20,
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return {
    requestsPerSecond: result.requests.total / result.duration,
    requests: result.requests.total,
    seconds: result.duration,
    latencyMs: {
      p50: result.latency.p50,
      p99: result.latency.p99,
      mean: round(result.latency.mean),
    },
    bytesPerSecond: Math.round(result.throughput.average),
  };
}

/**
 * @param {{ segue: import('./servers.mjs').RunningServer, fixtures: { token: string, setlistTeamId: string, setlistId: string, libraryTeamId: string }, tmpDir: string }} context
 */
export async function measureApi({ segue, fixtures, tmpDir }) {
  const targets = [
    {
      id: 'api.setlist',
      path: `/api/setlist/${fixtures.setlistId}`,
      teamId: fixtures.setlistTeamId,
      check: (b) => b.songs?.length === 20,
    },
    {
      id: 'api.songs',
      path: '/api/songs',
      teamId: fixtures.libraryTeamId,
      check: (b) => b.length === 2000,
    },
  ];

  // The real answers, fetched once; the baseline serves exactly these bytes.
  /** @type {Record<string, { contentType: string, bodyFile: string }>} */
  const routes = {};
  for (const target of targets) {
    target.headers = { authorization: `Bearer ${fixtures.token}`, 'x-team-id': target.teamId };
    const res = await fetch(segue.url + target.path, { headers: target.headers });
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok)
      throw new Error(
        `GET ${target.path} answered ${res.status}: ${body.toString().slice(0, 200)}`,
      );
    if (!target.check(JSON.parse(body.toString())))
      throw new Error(`GET ${target.path} did not answer the seeded data`);
    const bodyFile = path.join(tmpDir, `${target.id}.body`);
    await writeFile(bodyFile, body);
    routes[target.path] = {
      contentType: res.headers.get('content-type') ?? 'application/json',
      bodyFile,
    };
    target.bytes = body.length;
  }
  const routesFile = path.join(tmpDir, 'api-routes.json');
  await writeFile(routesFile, JSON.stringify(routes));

  const bare = await startBareHttp({ routesFile });
  try {
    const values = {};
    const details = {};
    for (const target of targets) {
      // Segue first, then the baseline, each after a short warm-up of its own.
      await cannon(segue.url + target.path, target.headers, WARMUP_S);
      const segueRun = await cannon(segue.url + target.path, target.headers, DURATION_S);
      await cannon(bare.url + target.path, target.headers, WARMUP_S);
      const bareRun = await cannon(bare.url + target.path, target.headers, DURATION_S);
      values[target.id] = {
        segue: segueRun.requestsPerSecond,
        baseline: bareRun.requestsPerSecond,
      };
      details[target.id] = {
        path: target.path,
        answerBytes: target.bytes,
        connections: CONNECTIONS,
        segue: segueRun,
        baseline: bareRun,
      };
    }
    return { values, details };
  } finally {
    await bare.stop();
  }
}
