// The file lanes of song-files.mjs, in a thread of their own so the probes' timings hold
// only the server's wait.
import { parentPort, workerData } from 'node:worker_threads';
import { readFiles } from './song-files.mjs';

const { url, readers, until } = workerData;
parentPort.postMessage(await readFiles(url, readers, until));
