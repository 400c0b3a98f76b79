import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { backends, multiInstance, postgresUrl, redisUrl } from './databases.ts';

/**
 * The PostgreSQL and Redis suites skip when DATABASE_URL or REDIS_URL is unset, so that a
 * plain `npm test` runs anywhere. Where they are set (CI sets both), a server that cannot
 * be reached, or a suite that skips anyway, fails here instead of passing unseen.
 */
describe('the test environment', () => {
  const wanted = {
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    REDIS_URL: process.env.REDIS_URL ?? '',
  };

  it.runIf(wanted.DATABASE_URL)(
    'with DATABASE_URL, every database suite runs on PostgreSQL, which answers',
    async () => {
      expect(postgresUrl).toBe(wanted.DATABASE_URL);
      expect(backends).toContain('postgres');
      const client = new pg.Client({
        connectionString: postgresUrl,
        connectionTimeoutMillis: 5_000,
      });
      try {
        await client.connect();
        const { rows } = await client.query<{ ok: number }>('select 1 as ok');
        expect(rows).toEqual([{ ok: 1 }]);
      } catch (error) {
        throw new Error(`DATABASE_URL is set but PostgreSQL does not answer: ${String(error)}`);
      } finally {
        await client.end().catch(() => {});
      }
    },
  );

  it.runIf(wanted.REDIS_URL)(
    'with REDIS_URL, the Redis suites run, and Redis answers',
    async () => {
      expect(redisUrl).toBe(wanted.REDIS_URL);
      const redis = new Redis(redisUrl!, {
        lazyConnect: true,
        connectTimeout: 5_000,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      redis.on('error', () => {});
      try {
        await redis.connect();
        expect(await redis.ping()).toBe('PONG');
      } catch (error) {
        throw new Error(`REDIS_URL is set but Redis does not answer: ${String(error)}`);
      } finally {
        redis.disconnect();
      }
    },
  );

  it.runIf(wanted.DATABASE_URL && wanted.REDIS_URL)(
    'with both, the suites of several instances run',
    () => {
      expect(multiInstance).toBe(true);
    },
  );

  it('every suite that skips for want of a server asks databases.ts, whose flags are checked above', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const files = [
      ...readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' }).map((f) =>
        path.join('src', f),
      ),
      ...readdirSync(path.join(root, 'test')).map((f) => path.join('test', f)),
    ].filter((f) => f.endsWith('.test.ts'));
    const unchecked: string[] = [];
    for (const file of files) {
      if (file === path.join('test', 'environment.test.ts')) continue;
      const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        // The servers' URLs come from databases.ts, and so does any skip for want of them.
        const readsUrl = /process\.env(\.(DATABASE_URL|REDIS_URL)\b|\[)/.test(line);
        const skipsByEnv = /\.(skip|run)If\(/.test(line) && /process\.env/.test(line);
        if (readsUrl || skipsByEnv) unchecked.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(unchecked).toEqual([]);
  });
});
