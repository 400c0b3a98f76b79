// A load process of the follow measure: holds many congregation sockets (socket.io at
// /follow.io, a link's token as `auth.token`, listening only), driven by the bench over IPC.
// Each socket records the `follow:state` it hears (a page keeps the highest version, so only
// a higher one counts), can have its transport closed to come back by itself (the reconnect
// storm), and stays connected idle, answering the server's heartbeats, for as long as asked.
//
// Times are CLOCK_MONOTONIC (process.hrtime) in microseconds, as in live-worker.mjs: one clock
// for every process of the machine, so a leader's send and a phone's receipt subtract.
import { io } from 'socket.io-client';

const nowUs = () => {
  const [s, ns] = process.hrtime();
  return s * 1e6 + ns / 1e3;
};

/**
 * The follow page's reconnection (apps/web/src/follow/follow-connection.ts): socket.io's own
 * retries from 1 s, ±50%, at most 5 s apart, so a room comes back spread over a second or so.
 */
const RECONNECT = {
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
};

/**
 * @typedef {object} Phone
 * @property {import('socket.io-client').Socket} socket
 * @property {string} room        the bench's name of its room (receipt keys carry it)
 * @property {number} last        highest version heard
 * @property {number | null} droppedAt   when its transport was closed (µs), during a storm
 * @property {number} target      the version it must reach to be back on the current part
 * @property {number | null} backAt      when it was (µs)
 *
 * @typedef {object} Group  the sockets of one server under test (or one pair of instances)
 * @property {Phone[]} phones
 * @property {string[]} receiptKeys   "<room>#<version>"
 * @property {number[]} receiptTimes  µs
 * @property {number} disconnects     not asked for
 * @property {number} refusals        connect_error after the first connection (a reconnect refused)
 * @property {string | null} firstRefusal
 * @property {boolean} closing
 */

/** @type {Map<string, Group>} */
const groups = new Map();

function groupOf(name = 'default') {
  let group = groups.get(name);
  if (!group) {
    group = {
      phones: [],
      receiptKeys: [],
      receiptTimes: [],
      disconnects: 0,
      refusals: 0,
      firstRefusal: null,
      closing: false,
    };
    groups.set(name, group);
  }
  return group;
}

function closeGroup(name) {
  const group = groups.get(name);
  if (!group) return;
  group.closing = true;
  for (const { socket } of group.phones) socket.disconnect();
  groups.delete(name);
}

const reply = (message) => process.send?.(message);

/**
 * Connects one phone (its own connection: forceNew) and waits for its first `follow:state`,
 * the page it lands on. `localAddress` spreads the load processes over loopback addresses,
 * so tens of thousands of sockets do not run out of one address's ephemeral ports.
 * @param {Group} group
 */
function connectPhone(group, { url, token, room, localAddress }) {
  const socket = io(url, {
    path: '/follow.io',
    // WebSocket, as the page tries first; long-polling is for networks that refuse it.
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    timeout: 20_000,
    ...RECONNECT,
    ...(localAddress ? { localAddress } : {}),
  });
  /** @type {Phone} */
  const phone = { socket, room, last: -1, droppedAt: null, target: 0, backAt: null };
  let landed = false;
  socket.on('disconnect', () => {
    if (!group.closing && phone.droppedAt === null) group.disconnects += 1;
  });
  return new Promise((resolve, reject) => {
    // Let in but shown nothing: a page that never lands counts as failed.
    const timer = setTimeout(() => {
      if (landed) return;
      socket.disconnect();
      reject(new Error('no follow:state within 30 s of connecting'));
    }, 30_000);
    socket.on('follow:state', (state) => {
      const t = nowUs();
      const version = Number(state?.version);
      if (phone.droppedAt !== null && phone.backAt === null && version >= phone.target) {
        phone.backAt = t;
      }
      if (version > phone.last) {
        phone.last = version;
        if (landed) {
          group.receiptKeys.push(`${room}#${version}`);
          group.receiptTimes.push(t);
        }
      }
      if (!landed) {
        landed = true;
        clearTimeout(timer);
        group.phones.push(phone);
        resolve(undefined);
      }
    });
    socket.on('connect_error', (error) => {
      if (!landed) {
        // Refused (a limit) or unreachable: it does not keep trying.
        clearTimeout(timer);
        socket.disconnect();
        reject(error);
        return;
      }
      group.refusals += 1;
      group.firstRefusal ??= String(error?.message ?? error);
    });
  });
}

/** Connects phones with at most `concurrency` handshakes in flight. */
async function connectAll({ group: name, url, clients, localAddress, concurrency = 50 }) {
  const group = groupOf(name);
  let next = 0;
  let failed = 0;
  let firstError = null;
  const lane = async () => {
    while (next < clients.length) {
      const client = clients[next++];
      try {
        await connectPhone(group, { url: client.url ?? url, localAddress, ...client });
      } catch (error) {
        failed += 1;
        firstError ??= String(error?.message ?? error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { connected: clients.length - failed, failed, firstError, held: group.phones.length };
}

/**
 * The storm: every phone of the group has its transport closed at once, and is back once it
 * hears a state of at least `target` (the version of the part the band is on).
 */
function drop({ group: name, target }) {
  const group = groupOf(name);
  const at = nowUs();
  for (const phone of group.phones) {
    phone.droppedAt = at;
    phone.target = target;
    phone.backAt = null;
    // The connection goes as a blip would take it; socket.io's manager reconnects by itself.
    phone.socket.io.engine?.close();
  }
  group.refusals = 0;
  group.firstRefusal = null;
  return { at, dropped: group.phones.length };
}

/** How the storm is going: the phones back, and each one's time to come back (ms). */
function stormState({ group: name }) {
  const group = groupOf(name);
  const backMs = [];
  for (const phone of group.phones) {
    if (phone.droppedAt !== null && phone.backAt !== null) {
      backMs.push((phone.backAt - phone.droppedAt) / 1000);
    }
  }
  return {
    phones: group.phones.length,
    back: backMs.length,
    backMs,
    refusals: group.refusals,
    firstRefusal: group.firstRefusal,
  };
}

process.on('message', async (message) => {
  try {
    switch (message.cmd) {
      case 'connect':
        reply({ cmd: 'connected', ...(await connectAll(message)) });
        break;
      case 'count': {
        const group = groupOf(message.group);
        reply({
          cmd: 'count',
          received: group.receiptKeys.length,
          held: group.phones.filter((p) => p.socket.connected).length,
          disconnects: group.disconnects,
        });
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
      case 'drop':
        reply({ cmd: 'dropped', ...drop(message) });
        break;
      case 'storm':
        reply({ cmd: 'storm', ...stormState(message) });
        break;
      case 'memory':
        reply({ cmd: 'memory', ...process.memoryUsage() });
        break;
      case 'close':
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
