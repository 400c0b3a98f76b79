import { describe, it } from 'vitest';
import { attackHttp } from './attack-http.ts';
import { backends } from './databases.ts';

if (backends.includes('postgres')) await attackHttp('postgres');
else
  describe.skip('HTTP attack on postgres (needs DATABASE_URL)', () => it.todo('set DATABASE_URL'));
