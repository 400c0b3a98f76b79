// The live fan-out baseline: a bare socket.io server (the version Segue uses,
// websocket only, same path) that does only what the live channel cannot avoid:
// put a socket in a room on join, and relay a part change to that room.
// No authentication, no validation, no database. Run as its own process:
//
//   PORT=4120 node bench/lib/bare-live-server.mjs
import http from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.env.PORT);
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

/** setlist id -> last version, so the payload carries the same meta as Segue's. */
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
  httpServer.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
