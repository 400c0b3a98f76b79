// The bench's side of the load processes (live-worker.mjs): fork them, ask them
// things over IPC with a time limit, and always close them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkTracked, stopChild } from './proc.mjs';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'live-worker.mjs');

/** One load process; one request at a time. */
export class LoadWorker {
  /** @param {string} [modulePath]  the load process's module: live-worker.mjs unless another */
  constructor(modulePath = WORKER) {
    this.child = forkTracked(modulePath);
    /** @type {{ resolve: (message: any) => void, reject: (error: Error) => void } | null} */
    this.pending = null;
    this.child.on('message', (message) => {
      const pending = this.pending;
      this.pending = null;
      if (message.cmd === 'error') pending?.reject(new Error(`load worker: ${message.error}`));
      else pending?.resolve(message);
    });
    this.child.on('exit', (code, signal) => {
      const pending = this.pending;
      this.pending = null;
      pending?.reject(new Error(`load worker exited (${code ?? signal})`));
    });
    // A message to a process already stopped (the bench giving up stops every child) fails
    // its request instead of crashing the bench before it prints what it measured.
    this.child.on('error', (error) => {
      const pending = this.pending;
      this.pending = null;
      pending?.reject(error);
    });
  }

  /**
   * Sends a command and waits for its answer.
   * @param {Record<string, unknown>} message
   * @param {number} timeoutMs
   */
  async request(message, timeoutMs) {
    if (this.pending) throw new Error('load worker is busy');
    const answer = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending = null;
        reject(new Error(`load worker: no answer to ${message.cmd} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending = {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
    });
    if (!this.child.connected) {
      this.pending?.reject(new Error(`load worker: stopped before ${message.cmd}`));
    } else {
      this.child.send(message, (error) => {
        if (error) this.pending?.reject(error);
      });
    }
    return /** @type {Promise<any>} */ (answer);
  }

  /** Disconnects its clients and stops the process. */
  async close() {
    try {
      if (this.child.connected) await this.request({ cmd: 'close' }, 10_000);
    } catch {
      // it is stopped below either way
    }
    if (this.child.connected) this.child.disconnect();
    await stopChild(this.child, 3000);
  }
}

/** Starts `count` load processes. */
export function startWorkers(count) {
  return Array.from({ length: count }, () => new LoadWorker());
}

/** Closes load processes, whatever state they are in. */
export async function closeWorkers(workers) {
  await Promise.all(workers.map((w) => w.close()));
}

/**
 * Connects followers spread over the workers (client i to worker i mod n, so every
 * room has followers in every process) and sums up what happened.
 * @param {LoadWorker[]} workers
 * @param {string} url  where clients without a `url` of their own connect
 * @param {{ token: string, setlistId: string, url?: string }[]} clients
 * @param {'follower' | 'leader'} role
 * @param {string} [group]  the workers' group for these clients (one per server under test)
 */
export async function connectClients(workers, url, clients, role, group) {
  const shares = workers.map((_, w) => clients.filter((_, i) => i % workers.length === w));
  const answers = await Promise.all(
    workers.map((worker, w) =>
      worker.request(
        { cmd: 'connect', group, url, clients: shares[w], role, concurrency: 25 },
        120_000,
      ),
    ),
  );
  return {
    connected: answers.reduce((n, a) => n + a.connected, 0),
    failed: answers.reduce((n, a) => n + a.failed, 0),
    firstError: answers.find((a) => a.firstError)?.firstError ?? null,
  };
}
