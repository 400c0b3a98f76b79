import { Redis } from 'ioredis';

/** The prefix of every Redis key and channel of a Segue installation. */
export const REDIS_PREFIX = 'segue:';

/**
 * The Redis connections one instance needs: commands, a pair for socket.io's pub/sub,
 * a subscriber for the change feed (cache invalidation across instances) and the live
 * engine (requests to hand a setlist's steps over), and a pair for the follow server (the
 * congregation's phones: sharded pub/sub, apart from the band's so a broadcast to thousands
 * of phones never queues in front of a band's step).
 */
export function connectRedis(url: string, logger: { warn(obj: unknown, msg: string): void }) {
  const options = { maxRetriesPerRequest: 3 } as const;
  // A command that hangs (Redis unreachable but not yet noticed) fails instead of holding a request.
  const commands = new Redis(url, { ...options, commandTimeout: 2_000 });
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  const feed = new Redis(url, options);
  const followPub = new Redis(url, options);
  const followSub = new Redis(url, options);
  // ioredis reconnects by itself; an outage is worth a line on the log, not a crash.
  for (const [name, client] of [
    ['commands', commands],
    ['pub', pub],
    ['sub', sub],
    ['feed', feed],
    ['followPub', followPub],
    ['followSub', followSub],
  ] as const) {
    client.on('error', (error: Error) => logger.warn({ err: error, redis: name }, 'Redis error'));
  }
  return {
    commands,
    pub,
    sub,
    feed,
    followPub,
    followSub,
    /**
     * Resolves once every connection is ready. The pub/sub pair must be ready before
     * socket.io subscribes on it: ioredis's ready check fails on a connection already
     * in subscriber mode, and the subscription is silently lost.
     */
    async ready(timeoutMs = 15_000) {
      await Promise.all(
        [commands, pub, sub, feed, followPub, followSub].map(
          (client) =>
            new Promise<void>((resolve, reject) => {
              if (client.status === 'ready') return resolve();
              const timer = setTimeout(
                () => reject(new Error(`Redis at REDIS_URL did not answer within ${timeoutMs} ms`)),
                timeoutMs,
              );
              client.once('ready', () => {
                clearTimeout(timer);
                resolve();
              });
            }),
        ),
      );
    },
    async close() {
      await Promise.allSettled(
        [commands, pub, sub, feed, followPub, followSub].map((client) => client.quit()),
      );
    },
  };
}
