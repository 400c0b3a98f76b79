// The upload or download lanes of recordings.mjs, in a thread of their own so the probes'
// timings hold only the server's wait.
import { parentPort, workerData } from 'node:worker_threads';
import { downloadRecordings, uploadRecordings } from './recordings.mjs';

const { kind, url, who, until } = workerData;
const move = kind === 'uploads' ? uploadRecordings : downloadRecordings;
parentPort.postMessage(await move(url, who, until));
