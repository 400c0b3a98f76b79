// Runs a server script in this process and reports this process's heap on a
// second, loopback-only port, so the memory measure reads the server's own heap
// without a line of the server changing.
//
//   HEAP_PORT=4111 node --expose-gc bench/serve-with-heap.mjs apps/server/dist/main.js
//
// GET http://127.0.0.1:$HEAP_PORT/heap collects garbage (a few full passes, so
// objects freed by finalizers go too) and answers process.memoryUsage().
import http from 'node:http';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

const script = process.argv[2];
const heapPort = Number(process.env.HEAP_PORT);
if (!script || !heapPort) {
  console.error('usage: HEAP_PORT=<port> node --expose-gc serve-with-heap.mjs <server script>');
  process.exit(2);
}
if (typeof globalThis.gc !== 'function') {
  console.error('serve-with-heap.mjs needs node --expose-gc');
  process.exit(2);
}

async function collect() {
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await nextTurn();
  }
  return process.memoryUsage();
}

const heapServer = http.createServer((req, res) => {
  if (req.url !== '/heap') {
    res.writeHead(404).end();
    return;
  }
  collect().then(
    (usage) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(usage));
    },
    (error) => res.writeHead(500).end(String(error)),
  );
});
// Not counted as something that keeps the process alive: the server script decides that.
heapServer.unref();
heapServer.listen(heapPort, '127.0.0.1');

await import(pathToFileURL(path.resolve(script)).href);
