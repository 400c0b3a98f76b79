// Song files read while the instance serves others: the health check's and a live step's
// p99 while four 5 MB files of the shapes that once froze an instance are read at once,
// against the same probes on the same server with no files being read.
import { Worker } from 'node:worker_threads';
import { io } from 'socket.io-client';
import { summarize } from './stats.mjs';

const MB = 1024 * 1024;
const QUIET_MS = 10_000;
const LOADED_MS = 15_000;
const HEALTH_EVERY_MS = 25;
const STEP_EVERY_MS = 100;
const FILE_BYTES = 5 * MB - 1024;

/** Text of `bytes` bytes: `head`, then `unit` repeated, then `tail`. */
function fill(head, unit, tail, bytes = FILE_BYTES) {
  const room = bytes - Buffer.byteLength(head) - Buffer.byteLength(tail);
  return Buffer.from(head + unit.repeat(Math.floor(room / Buffer.byteLength(unit))) + tail);
}

/** The worst shapes the attack found, one a lane. */
export const WORST_FILES = [
  { name: 'sections.cho', body: fill('{title: Sections}\n', '{start_of_chorus}\n', '') },
  { name: 'chord-line.txt', body: fill('Chord line\n\n', 'G  D  Em  C  ', '\n') },
  {
    name: 'words.usr',
    body: fill('[File]\nType=SongPro\nTitle=Words\nWords=', 'la la la/t', '\nFields=Verse 1\n'),
  },
  {
    name: 'attribute.xml',
    body: fill(
      '<?xml version="1.0" encoding="UTF-8"?><song xmlns="http://openlyrics.info/namespace/2009/song" version="0.8"><properties><titles><title>Attribute</title></titles></properties><lyrics><verse name="v1" note="',
      'xxxxxxxx',
      '"><lines>la</lines></verse></lyrics></song>',
    ),
  },
];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks for /api/health one call after the other until `until`; the round trips. */
async function probeHealth(url, until) {
  const times = [];
  while (Date.now() < until) {
    const sent = performance.now();
    // A server whose event loop is held may not answer within the phase: counted as its wait.
    await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(until - Date.now() + 5_000) })
      .then((res) => res.arrayBuffer())
      .catch(() => {});
    times.push(performance.now() - sent);
    await sleep(HEALTH_EVERY_MS);
  }
  return times;
}

/** A leader steps through the song, one step every STEP_EVERY_MS; each step's ack round trip. */
async function probeSteps(socket, room, until) {
  const times = [];
  for (let k = 0; Date.now() < until; k++) {
    const sent = performance.now();
    const ack = await socket
      .timeout(until - Date.now() + 5_000)
      .emitWithAck('setlist:updatePart', {
        setlistId: room.setlistId,
        partIndex: room.labels[k % room.labels.length],
      })
      // No answer within the phase: counted as its wait.
      .catch(() => ({ ok: true }));
    if (!ack?.ok) throw new Error(`step refused: ${JSON.stringify(ack)}`);
    times.push(performance.now() - sent);
    await sleep(STEP_EVERY_MS);
  }
  return times;
}

/**
 * Reads files in four lanes until `until`, each lane one shape, each file sent by the next
 * room leader in turn (an account and a team may read 25 and 50 MB a minute). Runs in a
 * thread of its own (song-file-lanes.mjs): sending 5 MB bodies and reading their answers on
 * the probes' event loop would add the bench's own wait to the server's.
 */
export async function readFiles(url, readers, until) {
  let next = 0;
  const statuses = {};
  const durations = [];
  const lane = async (file) => {
    while (Date.now() < until) {
      const reader = readers[next++ % readers.length];
      const sent = performance.now();
      let status = 'no answer';
      try {
        const res = await fetch(`${url}/api/songs/convert?filename=${file.name}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${reader.leaderToken}`,
            'x-team-id': reader.teamId,
            'content-type': 'application/octet-stream',
          },
          body: file.body,
          // A server that reads on its event loop may not answer at all (a file once took minutes).
          signal: AbortSignal.timeout(Math.max(1000, until - Date.now()) + 5_000),
        });
        await res.arrayBuffer();
        status = String(res.status);
      } catch {
        // counted as no answer
      }
      statuses[`${file.name} ${status}`] = (statuses[`${file.name} ${status}`] ?? 0) + 1;
      if (status === '200') durations.push(performance.now() - sent);
    }
  };
  await Promise.all(WORST_FILES.map(lane));
  return { statuses, read: durations.length, readMs: summarize(durations) };
}

function readFilesInThread(url, readers, until) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./song-file-lanes.mjs', import.meta.url), {
      workerData: { url, readers, until },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`file lanes ended with ${code}`)));
  });
}

/**
 * Probes the server for `ms`: /api/health one call after the other and the leader's live steps,
 * at once; each round trip, in ms. Also the recordings measure's probes.
 * @param {string} url
 * @param {import('socket.io-client').Socket} socket  the leader's, joined to `room`'s setlist
 * @param {{ setlistId: string, labels: string[] }} room
 * @param {number} ms
 * @returns {Promise<{ health: number[], steps: number[] }>}
 */
export async function probeTimes(url, socket, room, ms) {
  const until = Date.now() + ms;
  const [health, steps] = await Promise.all([
    probeHealth(url, until),
    probeSteps(socket, room, until),
  ]);
  return { health, steps };
}

/** The probes' round trips over `ms`, summarized (see probeTimes). */
async function probes(url, socket, room, ms) {
  const { health, steps } = await probeTimes(url, socket, room, ms);
  return { health: summarize(health), steps: summarize(steps) };
}

/**
 * The leader's live socket (websocket, no reconnection: a dropped socket fails the measure),
 * joined to the room's setlist, for the step probe. The caller disconnects it.
 * @param {string} url
 * @param {{ setlistId: string, leaderToken: string }} room
 */
export async function joinAsLeader(url, room) {
  const socket = io(url, {
    transports: ['websocket'],
    auth: { token: room.leaderToken },
    forceNew: true,
    reconnection: false,
  });
  try {
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const joined = await socket.timeout(15_000).emitWithAck('setlist:join', room.setlistId);
    if (!joined?.ok) throw new Error(`join refused: ${JSON.stringify(joined)}`);
    return socket;
  } catch (error) {
    socket.disconnect();
    throw error;
  }
}

/**
 * @param {{ segue: import('./servers.mjs').RunningServer, rooms: { teamId: string, setlistId: string, leaderToken: string, labels: string[] }[] }} options
 */
export async function measureSongFiles({ segue, rooms }) {
  const [stepper, ...readers] = rooms;
  const socket = await joinAsLeader(segue.url, stepper);
  try {
    const quiet = await probes(segue.url, socket, stepper, QUIET_MS);
    const until = Date.now() + LOADED_MS;
    const [loaded, files] = await Promise.all([
      probes(segue.url, socket, stepper, LOADED_MS),
      readFilesInThread(segue.url, readers, until),
    ]);
    const value = (key) => ({ segue: loaded[key].p99, baseline: quiet[key].p99 });
    return {
      values: {
        'files.health': value('health'),
        'files.step': value('steps'),
        'files.read': { segue: files.readMs.p50, baseline: undefined },
      },
      details: { quiet, loaded, files, shapes: WORST_FILES.map((f) => f.name) },
    };
  } finally {
    socket.disconnect();
  }
}
