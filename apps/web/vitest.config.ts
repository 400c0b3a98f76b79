import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

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
    },
  }),
);
