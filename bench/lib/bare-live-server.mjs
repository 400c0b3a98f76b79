// The live fan-out baseline: a bare socket.io server (the version Segue uses,
// websocket only, same path) that does only what the live channel cannot avoid:
// put a socket in a room on join, and relay a part change to that room.
// No authentication, no validation, no database. Run as its own process:
//
//   PORT=4120 node bench/lib/bare-live-server.mjs
//
// With REDIS_URL it uses socket.io's Redis adapter (the one Segue uses with several
// instances), so two of them relay to each other's sockets, under the adapter key
// REDIS_KEY (default `socket.io`):
//
//   PORT=4121 REDIS_URL=redis://127.0.0.1:6379 REDIS_KEY=bench-1 node bench/lib/bare-live-server.mjs
import http from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const port = Number(process.env.PORT);
const redisUrl = process.env.REDIS_URL || null;
const httpServer = http.createServer((req, res) => {
  // socket.io answers /socket.io itself; this is only the bench's readiness probe.
  if (req.url === '/health') res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  else res.writeHead(404).end();
});

const io = new Server(httpServer, {
  path: '/socket.io',
  transports: ['websocket'],
  serveClient: false,
  maxHttpBufferSize: 64 * 1024,
});

/** @type {Redis[]} */
const redisClients = [];
if (redisUrl) {
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  const sub = pub.duplicate();
  redisClients.push(pub, sub);
  for (const client of redisClients) client.on('error', (error) => console.error(error));
  // Both ready before the adapter subscribes: ioredis's ready check fails on a connection
  // already in subscriber mode (as Segue's lib/redis.ts waits for it too).
  await Promise.all(
    redisClients.map((client) =>
      client.status === 'ready'
        ? undefined
        : new Promise((resolve) => client.once('ready', () => resolve(undefined))),
    ),
  );
  io.adapter(createAdapter(pub, sub, { key: process.env.REDIS_KEY || 'socket.io' }));
}

/**
 * setlist id -> last version, so the payload carries the same meta as Segue's. Kept per
 * process: with two instances, a room's leader is on one of them, which numbers its steps.
 */
const versions = new Map();
const room = (setlistId) => `setlist:${setlistId}`;

io.on('connection', (socket) => {
  socket.on('setlist:join', async (setlistId, ack) => {
    await socket.join(room(setlistId));
    const state = {
      setlistId,
      currentIndex: 0,
      currentPartLabel: null,
      version: versions.get(setlistId) ?? 0,
    };
    if (typeof ack === 'function') ack({ ok: true, state });
  });

  socket.on('setlist:updatePart', (payload, ack) => {
    const { setlistId, partIndex } = payload;
    const version = (versions.get(setlistId) ?? 0) + 1;
    versions.set(setlistId, version);
    io.to(room(setlistId)).emit('setlist:partChanged', partIndex, { setlistId, version });
    if (typeof ack === 'function') {
      ack({
        ok: true,
        state: { setlistId, currentIndex: 0, currentPartLabel: partIndex, version },
      });
    }
  });
});

httpServer.listen(port, '127.0.0.1');

const shutdown = () => {
  io.close();
  for (const client of redisClients) client.disconnect();
  httpServer.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
