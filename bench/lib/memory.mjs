// Memory per live client: the server's heap (after full garbage collection) with
// 1,000 clients connected and joined, minus its heap with none, divided by 1,000.
// The server runs inside serve-with-heap.mjs, which reads its own process's heap.
import { setTimeout as sleep } from 'node:timers/promises';
import { closeWorkers, connectClients, startWorkers } from './load-workers.mjs';
import { readHeap, startBareLive, startSegue } from './servers.mjs';
import { followerClients } from './live-fanout.mjs';
import { median } from './stats.mjs';

/** heapUsed, the median of three reads (each after its own gc). */
async function settledHeap(server) {
  const reads = [];
  for (let i = 0; i < 3; i++) {
    reads.push(await readHeap(server));
    await sleep(300);
  }
  return {
    heapUsed: median(reads.map((r) => r.heapUsed)),
    rss: median(reads.map((r) => r.rss)),
    external: median(reads.map((r) => r.external)),
  };
}

/**
 * @param {() => Promise<import('./servers.mjs').RunningServer>} start  starts the server with its heap endpoint
 * @param {{ token: string, setlistId: string }[]} clients   the clients that are counted
 * @param {{ token: string, setlistId: string }[]} warmClients  connected and gone before the empty read
 */
export async function heapPerClient(start, clients, warmClients) {
  const server = await start();
  const workers = startWorkers(4);
  try {
    // Warm up with other clients (another token, so the counted clients' session
    // cache entries are not there yet): code compiled, database pool open. Then they leave.
    const warm = await connectClients(workers, server.url, warmClients, 'follower');
    if (warm.failed) throw new Error(`warm-up clients could not connect: ${warm.firstError}`);
    await Promise.all(workers.map((w) => w.request({ cmd: 'close' }, 10_000)));
    await sleep(1500);
    const empty = await settledHeap(server);

    const joined = await connectClients(workers, server.url, clients, 'follower');
    if (joined.failed)
      throw new Error(
        `${joined.failed} of ${clients.length} clients could not connect and join: ${joined.firstError}`,
      );
    await sleep(2000);
    const full = await settledHeap(server);

    const bytesPerClient = (full.heapUsed - empty.heapUsed) / clients.length;
    return {
      kbPerClient: bytesPerClient / 1000,
      details: {
        clients: clients.length,
        heapUsedEmpty: empty.heapUsed,
        heapUsedWithClients: full.heapUsed,
        rssEmpty: empty.rss,
        rssWithClients: full.rss,
        rssKbPerClient: (full.rss - empty.rss) / clients.length / 1000,
        externalKbPerClient: (full.external - empty.external) / clients.length / 1000,
      },
    };
  } finally {
    await closeWorkers(workers);
    await server.stop();
  }
}

/**
 * Heap per client of Segue (its built server, run in serve-with-heap.mjs on the
 * seeded database) and of the bare socket.io baseline, one after the other.
 * @param {{ rooms: import('./live-fanout.mjs').Room[], databaseUrl: string, dataDir: string, log: (text: string) => void }} context
 */
export async function measureMemory({ rooms, databaseUrl, dataDir, log }) {
  const clients = followerClients(rooms);
  // Warm-up clients use the leader's token, so the counted followers' sessions are not cached yet.
  const warm = rooms.map((r) => ({ token: r.leaderToken, setlistId: r.setlistId }));
  log('memory: Segue');
  const seg = await heapPerClient(
    () => startSegue({ databaseUrl, dataDir, logLevel: 'warn', withHeap: true }),
    clients,
    warm,
  );
  log('memory: bare socket.io baseline');
  const bare = await heapPerClient(() => startBareLive({ withHeap: true }), clients, warm);
  return {
    values: { 'memory.perClient': { segue: seg.kbPerClient, baseline: bare.kbPerClient } },
    details: { segue: seg.details, baseline: bare.details, kb: '1 KB = 1,000 bytes' },
  };
}
