import { attackHttp } from './attack-http.ts';

// Share 1 of 2 of the routes (attack-http.ts, attackHttp).
await attackHttp('pglite', { index: 0, of: 2 });
