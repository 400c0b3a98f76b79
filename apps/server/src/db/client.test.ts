import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { queryRows } from './client.ts';

const setting = sql`select current_setting('synchronous_commit') as value`;

describe.each(backends)('the database on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('runs live steps as prepared statements, the same text under one name each time', async () => {
    const text = 'select $1::int + 1 as next, current_setting($2) as value';
    for (const n of [1, 41]) {
      const [row] = await database.liveStep<{ next: number; value: string }>(
        'segue_test_next',
        text,
        [n, 'synchronous_commit'],
      );
      expect(row?.next).toBe(n + 1);
      // On PostgreSQL, live steps alone skip waiting for the disk; every other write waits.
      expect(row?.value).toBe(backend === 'postgres' ? 'off' : 'on');
    }
    const [other] = await queryRows<{ value: string }>(database.db, setting);
    expect(other?.value).toBe('on');
  });
});
