import { defineConfig } from 'vitest/config';
import LongestFirst from './test/longest-first.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files spend part of their time waiting (sockets, timers, PostgreSQL): two at a time kept two
    // cores about 70% busy, three about 88%. Four, with the attack suites split per backend and
    // started first, took the stage from 266 to 246 s on two cores: it is the CPU that limits it.
    maxWorkers: 4,
    sequence: { sequencer: LongestFirst },
    // A worker runs its files one after another in one process, loading the app's modules
    // (Fastify, better-auth, PGlite, socket.io) once rather than per file: about a fifth
    // off the run. Each file still starts its own app on its own database.
    isolate: false,
  },
});
