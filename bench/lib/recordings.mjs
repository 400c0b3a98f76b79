// Song recordings moved while the instance serves others (issue 32): the health check's and a
// live step's p99 while a 50 MB recording is uploaded, and while four are downloaded at once,
// against the same probes on the same server with nothing moving.
import { Worker } from 'node:worker_threads';
import { joinAsLeader, probeTimes } from './song-files.mjs';
import { summarize } from './stats.mjs';

const MB = 1024 * 1024;
/**
 * The quiet windows, one before the transfers and one after: their round trips together are
 * the baseline, so a slow stretch of the machine at one end does not make it alone (the live
 * measure alternates its sides for the same reason).
 */
const QUIET_MS = 10_000;
const UPLOADS_MS = 15_000;
const DOWNLOADS_MS = 15_000;
/**
 * One lane of uploads: a band adds one recording at a time (the song's page sends one file),
 * and the figure is "a 50 MB upload". The lane uploads back to back, so the window is
 * never without one.
 */
const UPLOAD_LANES = 1;
/** The "four parallel 50 MB downloads": four members pressing Play at once. */
const DOWNLOAD_LANES = 4;
/**
 * Just under Segue's limit (MEDIA_LIMITS.maxFileBytes in packages/shared/src/schemas/media.ts,
 * 50 × 1,048,576 bytes; a body past it is refused with 413), as song-files stays under 5 MB.
 */
export const RECORDING_BYTES = 50 * MB - 1024;

/**
 * A WAV Segue takes as a recording (file-type reads `RIFF…WAVE`, music-metadata its length
 * from the header): 16-bit stereo PCM at 44.1 kHz, a 440 Hz tone, RECORDING_BYTES in all
 * (4 min 57 s: a song). One second of the tone is computed and repeated (440 whole periods,
 * so it repeats without a click); made in memory, in well under 0.1 s.
 */
export function makeRecording() {
  const rate = 44_100;
  const channels = 2;
  const frameBytes = channels * 2;
  const dataBytes = RECORDING_BYTES - 44;
  const bytes = Buffer.alloc(RECORDING_BYTES);
  bytes.write('RIFF', 0);
  bytes.writeUInt32LE(36 + dataBytes, 4);
  bytes.write('WAVEfmt ', 8);
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20); // PCM
  bytes.writeUInt16LE(channels, 22);
  bytes.writeUInt32LE(rate, 24);
  bytes.writeUInt32LE(rate * frameBytes, 28);
  bytes.writeUInt16LE(frameBytes, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36);
  bytes.writeUInt32LE(dataBytes, 40);
  const second = Buffer.alloc(rate * frameBytes);
  for (let i = 0; i < rate; i++) {
    const sample = Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate));
    for (let c = 0; c < channels; c++) second.writeInt16LE(sample, i * frameBytes + c * 2);
  }
  bytes.fill(second, 44);
  return bytes;
}

/**
 * Uploads `body` as a recording of the song (`POST /api/songs/{id}/media`, as the song page's
 * "Add recording" sends it) and answers the fetch response; the caller reads it.
 * @param {string} url
 * @param {{ teamId: string, leaderToken: string, songId: string }} who  the song's team and an editor of it
 * @param {Buffer} body
 * @param {string} name
 * @param {AbortSignal} signal
 */
export function postRecording(url, who, body, name, signal) {
  return fetch(`${url}/api/songs/${who.songId}/media?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${who.leaderToken}`,
      'x-team-id': who.teamId,
      'content-type': 'audio/wav',
    },
    body,
    signal,
  });
}

/** Headers of a call as the song's editor, in its team. */
const headersOf = (who) => ({
  authorization: `Bearer ${who.leaderToken}`,
  'x-team-id': who.teamId,
});

/**
 * Runs `lanes` lanes until `until`, each calling `transfer` again and again; a lane lets its
 * last transfer end (within `until` + 20 s). `transfer` answers its status, and the bytes it
 * moved when it moved a whole recording (with its own time, when not all of the call's is the
 * transfer's). Answers the statuses counted, each whole transfer's time, and the bytes moved
 * over the lanes' time (start to the last lane's end), in MB/s.
 * @param {number} lanes
 * @param {number} until
 * @param {(signal: AbortSignal) => Promise<{ status: string, bytes?: number, ms?: number }>} transfer
 */
async function runLanes(lanes, until, transfer) {
  const statuses = {};
  const durations = [];
  let bytes = 0;
  const started = performance.now();
  const lane = async () => {
    while (Date.now() < until) {
      const sent = performance.now();
      let status = 'no answer';
      try {
        // A server that holds its event loop may not answer at all: the lane gives up after.
        const done = await transfer(
          AbortSignal.timeout(Math.max(1000, until - Date.now()) + 20_000),
        );
        status = done.status;
        if (done.bytes) {
          durations.push(done.ms ?? performance.now() - sent);
          bytes += done.bytes;
        }
      } catch (error) {
        status = `failed: ${String(error?.cause?.code ?? error?.name ?? error)}`;
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  const seconds = (performance.now() - started) / 1000;
  return {
    statuses,
    moved: durations.length,
    ms: summarize(durations),
    mbPerSecond: bytes / MB / seconds,
    seconds,
  };
}

/**
 * Uploads the recording in UPLOAD_LANES lanes until `until`, each upload followed by the
 * DELETE of what it added, so the team's quota (MEDIA_QUOTA_MB, 2,048 MB) and the song's 20
 * recordings are never reached. A transfer's time is the upload's alone (until its answer is read);
 * the lanes' time (for MB/s) includes the deletes.
 * @param {string} url
 * @param {{ teamId: string, leaderToken: string, songId: string }} who
 * @param {number} until
 */
export async function uploadRecordings(url, who, until) {
  const body = makeRecording();
  let next = 0;
  return runLanes(UPLOAD_LANES, until, async (signal) => {
    const sent = performance.now();
    const res = await postRecording(url, who, body, `Bench upload ${next++}`, signal);
    const answer = await res.text();
    const ms = performance.now() - sent;
    if (res.status !== 201) return { status: String(res.status) };
    const { id, size } = JSON.parse(answer);
    const gone = await fetch(`${url}/api/media/${id}`, {
      method: 'DELETE',
      headers: headersOf(who),
      signal,
    });
    await gone.arrayBuffer();
    // Left in place, the next uploads would fill the song's 20 and then the quota.
    if (gone.status !== 204) throw new Error(`DELETE /api/media/${id} answered ${gone.status}`);
    return { status: '201', bytes: size, ms };
  });
}

/**
 * Downloads the seeded recording in DOWNLOAD_LANES lanes until `until`, as the song page's
 * Play fetches it (the whole file), each body read to its end and dropped as it arrives.
 * @param {string} url
 * @param {{ teamId: string, leaderToken: string, recordingId: string }} who
 * @param {number} until
 */
export async function downloadRecordings(url, who, until) {
  return runLanes(DOWNLOAD_LANES, until, async (signal) => {
    const res = await fetch(`${url}/api/media/${who.recordingId}`, {
      headers: headersOf(who),
      signal,
    });
    let bytes = 0;
    for await (const chunk of res.body ?? []) bytes += chunk.length;
    if (res.status !== 200) return { status: String(res.status) };
    // A body cut short is not a download.
    if (bytes !== RECORDING_BYTES) return { status: `200 with ${bytes} bytes` };
    return { status: '200', bytes };
  });
}

/**
 * Moves recordings (`kind`: 'uploads' or 'downloads') in a thread of its own
 * (recording-lanes.mjs), as song-files reads its files: sending and reading 50 MB bodies on
 * the probes' event loop would add the bench's own wait to the server's.
 */
function transfersInThread(kind, url, who, until) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./recording-lanes.mjs', import.meta.url), {
      workerData: { kind, url, who, until },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`recording lanes ended with ${code}`)));
  });
}

/**
 * The probes' round trips, summarized.
 * @param {{ health: number[], steps: number[] }} times
 */
function summarizeProbes({ health, steps }) {
  return { health: summarize(health), steps: summarize(steps) };
}

/**
 * The probes while `kind` runs for `ms`, and what the transfers did.
 * @param {string} kind
 * @param {string} url
 * @param {import('socket.io-client').Socket} socket
 * @param {RecordingsFixture} fixture
 * @param {number} ms
 */
async function probesDuring(kind, url, socket, fixture, ms) {
  const until = Date.now() + ms;
  const [times, transfers] = await Promise.all([
    probeTimes(url, socket, fixture, ms),
    transfersInThread(kind, url, fixture, until),
  ]);
  // A phase in which nothing went through measured the probes on an idle server.
  if (!transfers.moved) throw new Error(`no ${kind} went through: ${JSON.stringify(transfers)}`);
  return { probed: summarizeProbes(times), transfers };
}

/**
 * @typedef {{ teamId: string, setlistId: string, songId: string, leaderToken: string, labels: string[], recordingId: string }} RecordingsFixture
 *   a team owned by its leader, a song, a setlist holding it (for the steps) and a 50 MB recording of the song
 */

/**
 * Quiet for QUIET_MS, then uploads for UPLOADS_MS, then four downloads at a time for
 * DOWNLOADS_MS, then quiet again for QUIET_MS, the same probes throughout (song-files.mjs:
 * /api/health every 25 ms, one after the other, and the leader's step every 100 ms, its ack).
 * @param {{ segue: import('./servers.mjs').RunningServer, fixture: RecordingsFixture }} options
 */
export async function measureRecordings({ segue, fixture }) {
  const socket = await joinAsLeader(segue.url, fixture);
  try {
    const before = await probeTimes(segue.url, socket, fixture, QUIET_MS);
    const uploads = await probesDuring('uploads', segue.url, socket, fixture, UPLOADS_MS);
    const downloads = await probesDuring('downloads', segue.url, socket, fixture, DOWNLOADS_MS);
    const after = await probeTimes(segue.url, socket, fixture, QUIET_MS);
    const quiet = summarizeProbes({
      health: [...before.health, ...after.health],
      steps: [...before.steps, ...after.steps],
    });
    const value = (phase, key) => ({ segue: phase.probed[key].p99, baseline: quiet[key].p99 });
    const info = (segue) => ({ segue, baseline: undefined });
    return {
      values: {
        'recordings.uploadHealth': value(uploads, 'health'),
        'recordings.uploadStep': value(uploads, 'steps'),
        'recordings.downloadHealth': value(downloads, 'health'),
        'recordings.downloadStep': value(downloads, 'steps'),
        'recordings.upload': info(uploads.transfers.ms.p50),
        'recordings.uploadRate': info(uploads.transfers.mbPerSecond),
        'recordings.download': info(downloads.transfers.ms.p50),
        'recordings.downloadRate': info(downloads.transfers.mbPerSecond),
      },
      details: {
        recordingBytes: RECORDING_BYTES,
        lanes: { uploads: UPLOAD_LANES, downloads: DOWNLOAD_LANES },
        quiet,
        quietBefore: summarizeProbes(before),
        quietAfter: summarizeProbes(after),
        uploads,
        downloads,
      },
    };
  } finally {
    socket.disconnect();
  }
}
