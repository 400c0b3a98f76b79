// A load process of the live measures: holds many socket.io clients, driven by the
// bench over IPC. Followers record when each `setlist:partChanged` arrives; leaders
// step through parts and record when each step was sent.
//
// Times are CLOCK_MONOTONIC (process.hrtime), in microseconds: one clock for the
// whole machine, so a leader's send time and a follower's receipt time taken in
// different processes can be subtracted.
import { setTimeout as sleep } from 'node:timers/promises';
import { io } from 'socket.io-client';

const nowUs = () => {
  const [s, ns] = process.hrtime();
  return s * 1e6 + ns / 1e3;
};

/** @type {import('socket.io-client').Socket[]} */
const sockets = [];
/** @type {{ socket: import('socket.io-client').Socket, setlistId: string }[]} */
const leaders = [];
/** Receipts of partChanged as two parallel arrays: "<setlistId>#<version>" and time. */
let receiptKeys = [];
let receiptTimes = [];
let disconnects = 0;
let closing = false;

const reply = (message) => process.send?.(message);

/**
 * Connects one client (one socket: forceNew, so clients never share a connection),
 * then joins its setlist and waits for the join's answer.
 */
async function connectClient(url, token, setlistId, role) {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnection: false,
    timeout: 20_000,
  });
  sockets.push(socket);
  if (role === 'follower') {
    socket.on('setlist:partChanged', (_label, meta) => {
      const t = nowUs();
      receiptKeys.push(`${meta?.setlistId}#${meta?.version}`);
      receiptTimes.push(t);
    });
  }
  socket.on('disconnect', () => {
    if (!closing) disconnects += 1;
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = await socket.timeout(15_000).emitWithAck('setlist:join', setlistId);
  if (!ack?.ok) throw new Error(`join refused: ${JSON.stringify(ack)}`);
  if (role === 'leader') leaders.push({ socket, setlistId });
}

/** Connects clients with at most `concurrency` handshakes in flight. */
async function connectAll({ url, clients, role, concurrency = 25 }) {
  let next = 0;
  let failed = 0;
  let firstError = null;
  const lane = async () => {
    while (next < clients.length) {
      const { token, setlistId } = clients[next++];
      try {
        await connectClient(url, token, setlistId, role);
      } catch (error) {
        failed += 1;
        firstError ??= String(error?.message ?? error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { connected: clients.length - failed, failed, firstError };
}

/**
 * Every leader steps through `labels`, one step after the other (each waits for the
 * previous step's ack), all leaders at once. A step goes out at most every
 * `intervalMs`: Segue allows a socket 10 events a second, and a band's leader steps
 * far slower than that. Leaders start spread over one interval, as people would.
 */
async function lead({ labels, intervalMs }) {
  /** @type {[string, number, number][]} key, send time (µs), ack round trip (ms) */
  const emits = [];
  let failures = 0;
  let firstError = null;
  await Promise.all(
    leaders.map(async ({ socket, setlistId }, i) => {
      const start = performance.now() + (i * intervalMs) / leaders.length;
      for (let k = 0; k < labels.length; k++) {
        const due = start + k * intervalMs;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const sent = nowUs();
        try {
          const ack = await socket
            .timeout(15_000)
            .emitWithAck('setlist:updatePart', { setlistId, partIndex: labels[k] });
          if (!ack?.ok) throw new Error(`step refused: ${JSON.stringify(ack)}`);
          emits.push([`${setlistId}#${ack.state.version}`, sent, (nowUs() - sent) / 1000]);
        } catch (error) {
          failures += 1;
          firstError ??= String(error?.message ?? error);
        }
      }
    }),
  );
  return { emits, failures, firstError };
}

process.on('message', async (message) => {
  try {
    switch (message.cmd) {
      case 'connect':
        reply({ cmd: 'connected', ...(await connectAll(message)) });
        break;
      case 'lead':
        reply({ cmd: 'led', ...(await lead(message)) });
        break;
      case 'count':
        reply({ cmd: 'count', received: receiptKeys.length, disconnects });
        break;
      case 'reset':
        receiptKeys = [];
        receiptTimes = [];
        reply({ cmd: 'reset' });
        break;
      case 'collect':
        reply({ cmd: 'receipts', keys: receiptKeys, times: receiptTimes, disconnects });
        break;
      case 'close':
        closing = true;
        for (const socket of sockets) socket.disconnect();
        sockets.length = 0;
        leaders.length = 0;
        reply({ cmd: 'closed' });
        break;
      default:
        reply({ cmd: 'error', error: `unknown command ${message.cmd}` });
    }
  } catch (error) {
    reply({ cmd: 'error', error: String(error?.stack ?? error) });
  }
});

// The bench went away (or closed the channel): nothing of this process may linger.
process.on('disconnect', () => process.exit(0));
