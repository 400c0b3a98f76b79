// The follow measure's baseline: a bare socket.io relay doing only what a congregation's
// sockets cannot do without. A leader connects at /socket.io and steps; each step becomes one
// `follow:state` to the room's phones at /follow.io, the page's bytes as Segue sends them
// (the state Segue answered for the same song, read from FOLLOW_STATE_FILE, with the step's
// part and version); a phone is put in its room on connect and shown the current page. No
// token check, no limits, no database. Run as its own process:
//
//   PORT=4122 FOLLOW_STATE_FILE=/tmp/state.json node bench/lib/follow-bare-server.mjs
//
// A phone's `auth.token` is its room's name (the setlist id). With REDIS_URL, the follow server
// uses the sharded Redis adapter, as Segue's does (one channel per room, prefixed REDIS_KEY),
// so two of them relay a step to each other's phones.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const port = Number(process.env.PORT);
const redisUrl = process.env.REDIS_URL || null;
/** @type {{ version: number, now: { kind: string, part?: number | null, song?: { parts: { label: string }[] } } }} */
const template = JSON.parse(readFileSync(String(process.env.FOLLOW_STATE_FILE), 'utf8'));
const labels = template.now.song?.parts.map((p) => p.label) ?? [];

const httpServer = http.createServer((req, res) => {
  if (req.url === '/health') res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  else res.writeHead(404).end();
});

// Two servers on one HTTP server, as in Segue: each leaves the other's upgrades alone.
const band = new Server(httpServer, {
  path: '/socket.io',
  transports: ['websocket'],
  serveClient: false,
  maxHttpBufferSize: 64 * 1024,
  destroyUpgrade: false,
});
const follow = new Server(httpServer, {
  path: '/follow.io',
  transports: ['polling', 'websocket'],
  cookie: false,
  serveClient: false,
  maxHttpBufferSize: 2 * 1024,
  destroyUpgrade: false,
});

/** @type {Redis[]} */
const redisClients = [];
if (redisUrl) {
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  const sub = pub.duplicate();
  redisClients.push(pub, sub);
  for (const client of redisClients) client.on('error', (error) => console.error(error));
  await Promise.all(
    redisClients.map((client) =>
      client.status === 'ready'
        ? undefined
        : new Promise((resolve) => client.once('ready', () => resolve(undefined))),
    ),
  );
  follow.adapter(
    createShardedAdapter(pub, sub, { channelPrefix: process.env.REDIS_KEY || 'follow.io' }),
  );
}

/** Each room's page now; a room's steps are numbered by the instance its leader is on. */
const pages = new Map();
const pageOf = (room) => pages.get(room) ?? { ...template, version: 0 };
const roomOf = (setlistId) => `follow:${setlistId}`;

follow.on('connection', (socket) => {
  const setlistId = String(socket.handshake.auth?.token ?? '');
  socket.join(roomOf(setlistId));
  socket.emit('follow:state', pageOf(setlistId));
});

band.on('connection', (socket) => {
  socket.on('setlist:join', (setlistId, ack) => {
    if (typeof ack === 'function') ack({ ok: true, state: { version: pageOf(setlistId).version } });
  });
  socket.on('setlist:updatePart', (payload, ack) => {
    const { setlistId, partIndex } = payload;
    const before = pageOf(setlistId);
    const page = {
      ...template,
      version: before.version + 1,
      now: { ...template.now, part: Math.max(0, labels.indexOf(partIndex)) },
    };
    pages.set(setlistId, page);
    follow.to(roomOf(setlistId)).emit('follow:state', page);
    if (typeof ack === 'function') ack({ ok: true, state: { version: page.version } });
  });
});

httpServer.listen(port, '127.0.0.1');

const shutdown = () => {
  follow.close();
  band.close();
  for (const client of redisClients) client.disconnect();
  httpServer.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
