// The worker's entry when Segue runs from its TypeScript sources (tests, `npm run dev`): the
// build bundles song-file.worker.ts into dist/song-file.worker.js, which needs no loader.
import { register } from 'tsx/esm/api';

register();
const { default: readSongFileTask } = await import('./song-file.worker.ts');
export default readSongFileTask;
