import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is heavy; a few files at a time keep two cores busy without thrashing.
    maxWorkers: 2,
    // A worker runs its files one after another in one process, loading the app's modules
    // (Fastify, better-auth, PGlite, socket.io) once rather than per file: about a fifth
    // off the run. Each file still starts its own app on its own database.
    isolate: false,
  },
});
