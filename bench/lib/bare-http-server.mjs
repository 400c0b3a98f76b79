// The API baseline: a bare node:http server answering, for each path, the exact
// bytes (and content type) Segue answered for it once. What Segue does beyond this
// (routing, authentication, team check, SQL, presenting, serialising, security
// headers) is what the API ratio measures. Run as its own process:
//
//   PORT=4130 ROUTES_FILE=/tmp/routes.json node bench/lib/bare-http-server.mjs
//
// ROUTES_FILE: JSON { "<path>": { "contentType": "...", "bodyFile": "<file>" } }.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const port = Number(process.env.PORT);
/** @type {Record<string, { contentType: string, bodyFile: string }>} */
const spec = JSON.parse(readFileSync(String(process.env.ROUTES_FILE), 'utf8'));

/** path -> [content type, body bytes], read once so every answer is the same buffer. */
const routes = new Map(
  Object.entries(spec).map(([path, r]) => [path, [r.contentType, readFileSync(r.bodyFile)]]),
);

const server = http.createServer((req, res) => {
  if (req.url === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  const route = routes.get(req.url ?? '');
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': route[0], 'content-length': route[1].length });
  res.end(route[1]);
});
server.keepAliveTimeout = 72_000;
server.listen(port, '127.0.0.1');

const shutdown = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
