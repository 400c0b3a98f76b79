import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The property tests (chords, song formats) run hundreds of generated cases each: about
    // 1–3 s alone, and past vitest's 5 s default when the build and type checks share the two
    // cores with them, as `npm test` runs them. A hung test still fails.
    testTimeout: 30_000,
    // One module graph in each worker, loaded once rather than once a file: 17 s to 8 s on two
    // cores. Nothing here replaces a module or a global (the web's tests that do run apart:
    // apps/web/vitest.config.ts).
    isolate: false,
  },
});
