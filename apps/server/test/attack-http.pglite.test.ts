import { attackHttp } from './attack-http.ts';

await attackHttp('pglite');
