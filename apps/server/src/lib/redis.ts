import { Redis } from 'ioredis';

/** The Redis connections one instance needs: commands, and a pair for socket.io's pub/sub. */
export function connectRedis(url: string) {
  const options = { maxRetriesPerRequest: 3, lazyConnect: false } as const;
  const commands = new Redis(url, options);
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  return {
    commands,
    pub,
    sub,
    async close() {
      await Promise.allSettled([commands.quit(), pub.quit(), sub.quit()]);
    },
  };
}

export type RedisConnections = ReturnType<typeof connectRedis>;
