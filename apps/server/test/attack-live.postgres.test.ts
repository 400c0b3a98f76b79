import { describe, it } from 'vitest';
import { attackLive } from './attack-live.ts';
import { backends } from './databases.ts';

if (backends.includes('postgres')) attackLive('postgres');
else
  describe.skip('live attack on postgres (needs DATABASE_URL)', () => it.todo('set DATABASE_URL'));
