import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // `npm test` measures coverage (V8's own counters) on the full run and holds it above a
    // floor (docs/testing.md § Coverage); `vitest run` alone does not collect it.
    coverage: {
      provider: 'v8',
      include: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
      exclude: ['**/*.test.{ts,tsx}', '**/*.d.ts', 'apps/server/src/cli/**', 'apps/web/src/test/**'],
      reporter: ['text-summary'],
      reportOnFailure: true,
      thresholds: { lines: 0, statements: 0, functions: 0, branches: 0 },
    },
  },
});
