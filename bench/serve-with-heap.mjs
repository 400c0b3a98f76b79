// Runs a server script in this process and reports this process's heap on a
// second, loopback-only port, so the memory measure reads the server's own heap
// without a line of the server changing.
//
//   HEAP_PORT=4111 node --expose-gc bench/serve-with-heap.mjs apps/server/dist/main.js
//
// GET http://127.0.0.1:$HEAP_PORT/heap collects garbage (a few full passes, so
// objects freed by finalizers go too) and answers process.memoryUsage().
//
// GET /loop answers the event loop's delay since the previous GET /loop (the first one
// starts the probe and answers nothing measured), and the collector's pauses in that time,
// in ms: the server's own loop, as its sockets see it.
import http from 'node:http';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
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

/** The probe's timer: the delays it records include this interval, taken off when read. */
const LOOP_RESOLUTION_MS = 10;
/** @type {import('node:perf_hooks').IntervalHistogram | null} */
let loopDelay = null;
let gcPauses = [];

/** The loop's delay and the collector's pauses since the last call, then starts afresh. */
function readLoop() {
  if (!loopDelay) {
    loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
    loopDelay.enable();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) gcPauses.push(entry.duration);
    }).observe({ entryTypes: ['gc'] });
  }
  const ms = (ns) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
  const h = loopDelay;
  const answer = {
    samples: h.count,
    p50: h.count ? ms(h.percentile(50)) : null,
    p99: h.count ? ms(h.percentile(99)) : null,
    max: h.count ? ms(h.max) : null,
    mean: h.count ? ms(h.mean) : null,
    gcCount: gcPauses.length,
    gcMaxMs: gcPauses.length ? Math.max(...gcPauses) : 0,
    gcTotalMs: gcPauses.reduce((a, b) => a + b, 0),
  };
  h.reset();
  gcPauses = [];
  return answer;
}

const heapServer = http.createServer((req, res) => {
  if (req.url === '/loop') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(readLoop()));
    return;
  }
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
