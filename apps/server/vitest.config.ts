import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that replace a module with `vi.mock` (to count password hashing). They run in the
 * `server-isolated` project (vitest.isolated.config.ts), each in a fresh module registry; every
 * other server test file shares one registry per worker (docs/testing.md § Time).
 * test/test-isolation.test.ts fails when a file that calls vi.mock is missing here.
 */
export const MOCKING_FILES = ['test/login-race.test.ts', 'test/register.test.ts', 'test/reset.test.ts'];

export const serverTest = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    ...serverTest,
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...MOCKING_FILES],
    // Importing the app and its SDKs costs a few seconds per file; without isolation a worker
    // imports them once for all its files (each file still builds its own app on its own
    // database), which more than halves the step. Measured in docs/testing.md § Time.
    isolate: false,
  },
});
