import { describe, it } from 'vitest';
import { attackHttp } from './attack-http.ts';
import { backends } from './databases.ts';

// Share 2 of 2 of the routes (attack-http.ts, attackHttp).
if (backends.includes('postgres')) await attackHttp('postgres', { index: 1, of: 2 });
else
  describe.skip('HTTP attack on postgres (needs DATABASE_URL)', () => it.todo('set DATABASE_URL'));
