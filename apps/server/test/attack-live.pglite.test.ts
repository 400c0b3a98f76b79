import { attackLive } from './attack-live.ts';

attackLive('pglite');
