// Bundles the server into dist/main.js and the song file worker into
// dist/song-file.worker.js (packages/shared inlined, dependencies left in
// node_modules) and copies the committed migrations beside them.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/main.ts',
    // SongFileReader finds it beside main.js.
    'song-file.worker': 'src/songs/song-file.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  plugins: [
    {
      // Bundle our own workspace package; everything else stays external.
      name: 'inline-shared',
      setup(b) {
        // Its entries as its package.json exports them ('.', './formats', …).
        const shared = new URL('../../packages/shared/', import.meta.url);
        const { exports } = JSON.parse(readFileSync(new URL('package.json', shared), 'utf8'));
        b.onResolve({ filter: /^@segue\/shared(\/.*)?$/ }, ({ path }) => {
          const file = exports[`.${path.slice('@segue/shared'.length)}`];
          if (!file) return { errors: [{ text: `${path} is not an entry of @segue/shared` }] };
          return { path: new URL(file, shared).pathname };
        });
      },
    },
  ],
  logLevel: 'warning',
});
cpSync('drizzle', 'dist/drizzle', { recursive: true });
console.log('server built: apps/server/dist/main.js');
