import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files spend part of their time waiting (sockets, timers, PostgreSQL): two at a time kept two
    // cores about 70% busy, three keep them about 88% busy and took the stage from 220 to 173 s.
    maxWorkers: 3,
    // A worker runs its files one after another in one process, loading the app's modules
    // (Fastify, better-auth, PGlite, socket.io) once rather than per file: about a fifth
    // off the run. Each file still starts its own app on its own database.
    isolate: false,
  },
});
