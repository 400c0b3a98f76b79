import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const SRC = path.join(import.meta.dirname, 'src');

/**
 * Test files that change what other files would see: they replace modules (`vi.mock`,
 * `vi.doMock`, `vi.resetModules`), globals (`vi.stubGlobal`) or open the browser's database
 * (IndexedDB, the same one under the same name in every file). Decided by reading each file,
 * so a new test that does any of it is isolated without anyone listing it.
 */
const SHARES_STATE = /\bvi\.(mock|doMock|resetModules|stubGlobal)\(|indexeddb/i;

const testFiles = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.split(path.sep).join('/')}`);
const isolated = testFiles.filter((file) =>
  SHARES_STATE.test(readFileSync(path.join(import.meta.dirname, file), 'utf8')),
);

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // `npm test` runs these beside the build, the type checks and lint on two cores: a test
      // that imports the session modules afresh took past vitest's 5 s default there. A hung
      // test still fails.
      testTimeout: 30_000,
      // Every part of the interface's catalog, as the screens' routes would load them.
      setupFiles: ['./src/lib/i18n/test-setup.ts'],
      // Most files share one module graph in each worker: loaded once, not once a file, which
      // took the web's unit tests from 32 s to 12 on two cores (the catalogs, MUI and
      // React imported again for each of 70 files were most of it). The files that change
      // modules, globals or the database run each in its own (SHARES_STATE above).
      projects: [
        { extends: true, test: { name: 'shared', exclude: isolated, isolate: false } },
        { extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
      ],
    },
  }),
);
