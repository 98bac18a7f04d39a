import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time even on two cores (vitest's default is one worker fewer than the cores):
    // a server file on PGlite keeps one core busy in its WebAssembly, and a file waits on I/O
    // between its steps, so a second worker fills the other core. The same twelve server files on
    // a quiet two-core machine: 35 s → 25 s on PGlite, 23 s → 17 s on the PostgreSQL server; sixteen
    // web page files 50 s → 40 s (docs/testing.md § Time).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      'packages/shared',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.isolated.config.ts',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
    ],
    // `npm test`'s full pass (and `npm run test:coverage`) measures coverage with V8's own
    // counters and prints the summary (docs/testing.md § Coverage).
    coverage: {
      provider: 'v8',
      include: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
      exclude: ['**/*.test.{ts,tsx}', '**/*.d.ts', 'apps/server/src/cli/**', 'apps/web/src/test/**'],
      reporter: ['text-summary'],
      reportOnFailure: true,
      // the floor the suite keeps: a little under the whole suite's figures of 2026-11-27 (statements
      // 79.85 %, branches 68.16 %, functions 73.17 %, lines 82.01 %; docs/testing.md § Coverage)
      thresholds: { statements: 78, branches: 66, functions: 71, lines: 80 },
    },
  },
});
