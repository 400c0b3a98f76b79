// A load process of the live measures: holds many socket.io clients, driven by the
// bench over IPC. Followers record when each `setlist:partChanged` arrives; leaders
// step through parts and record when each step was sent. Clients are held in named
// groups, one per server under test, so both sides of a comparison stay connected
// side by side and take turns.
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

/**
 * The clients of one server under test (or of a pair of instances), kept apart from the
 * others this process holds, so that one process can hold the clients of both sides of a
 * comparison at once and each side's receipts are counted on their own.
 * @typedef {object} Group
 * @property {import('socket.io-client').Socket[]} sockets
 * @property {{ socket: import('socket.io-client').Socket, setlistId: string }[]} leaders
 * @property {string[]} receiptKeys   receipts of partChanged: "<setlistId>#<version>"
 * @property {number[]} receiptTimes  and when each arrived (µs)
 * @property {number} disconnects
 * @property {boolean} closing
 */

/** @type {Map<string, Group>} */
const groups = new Map();

/** The group of that name, made on first use ('default' when none is named). */
function groupOf(name = 'default') {
  let group = groups.get(name);
  if (!group) {
    group = {
      sockets: [],
      leaders: [],
      receiptKeys: [],
      receiptTimes: [],
      disconnects: 0,
      closing: false,
    };
    groups.set(name, group);
  }
  return group;
}

/** Disconnects a group's clients and forgets it. */
function closeGroup(name) {
  const group = groups.get(name);
  if (!group) return;
  group.closing = true;
  for (const socket of group.sockets) socket.disconnect();
  groups.delete(name);
}

const reply = (message) => process.send?.(message);

/**
 * Connects one client (one socket: forceNew, so clients never share a connection),
 * then joins its setlist and waits for the join's answer.
 * @param {Group} group
 */
async function connectClient(group, url, token, setlistId, role) {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnection: false,
    timeout: 20_000,
  });
  group.sockets.push(socket);
  if (role === 'follower') {
    socket.on('setlist:partChanged', (_label, meta) => {
      const t = nowUs();
      group.receiptKeys.push(`${meta?.setlistId}#${meta?.version}`);
      group.receiptTimes.push(t);
    });
  }
  socket.on('disconnect', () => {
    if (!group.closing) group.disconnects += 1;
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = await socket.timeout(15_000).emitWithAck('setlist:join', setlistId);
  if (!ack?.ok) throw new Error(`join refused: ${JSON.stringify(ack)}`);
  if (role === 'leader') group.leaders.push({ socket, setlistId });
}

/**
 * Connects clients with at most `concurrency` handshakes in flight. A client with a
 * `url` of its own connects there (the two instances of a pair), the others to `url`.
 */
async function connectAll({ group: name, url, clients, role, concurrency = 25 }) {
  const group = groupOf(name);
  let next = 0;
  let failed = 0;
  let firstError = null;
  const lane = async () => {
    while (next < clients.length) {
      const client = clients[next++];
      try {
        await connectClient(group, client.url ?? url, client.token, client.setlistId, role);
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
 * Every leader of the group steps through `labels`, one step after the other (each
 * waits for the previous step's ack), all leaders at once. A step goes out at most
 * every `intervalMs`: Segue allows a socket 10 events a second (burst 30). Leaders
 * start spread over one interval, as people would.
 */
async function lead({ group: name, labels, intervalMs }) {
  const { leaders } = groupOf(name);
  /** @type {[string, number, number, number][]} key, send time (µs), ack round trip (ms), behind schedule (ms) */
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
        // A server too slow to keep the pace makes its leaders late (each waits for the
        // previous ack): how late each step went out says so.
        const late = Math.max(0, performance.now() - due);
        try {
          const ack = await socket
            .timeout(15_000)
            .emitWithAck('setlist:updatePart', { setlistId, partIndex: labels[k] });
          if (!ack?.ok) throw new Error(`step refused: ${JSON.stringify(ack)}`);
          emits.push([`${setlistId}#${ack.state.version}`, sent, (nowUs() - sent) / 1000, late]);
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
      case 'count': {
        const group = groupOf(message.group);
        reply({ cmd: 'count', received: group.receiptKeys.length, disconnects: group.disconnects });
        break;
      }
      case 'reset': {
        const group = groupOf(message.group);
        group.receiptKeys = [];
        group.receiptTimes = [];
        reply({ cmd: 'reset' });
        break;
      }
      case 'collect': {
        const group = groupOf(message.group);
        reply({
          cmd: 'receipts',
          keys: group.receiptKeys,
          times: group.receiptTimes,
          disconnects: group.disconnects,
        });
        break;
      }
      case 'close':
        // One group, or every group this process holds.
        for (const name of message.group ? [message.group] : [...groups.keys()]) closeGroup(name);
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
