import { defineConfig } from 'vitest/config';
import { MOCKING_FILES, serverTest } from './vitest.config.ts';

// The server test files that `vi.mock` a module, each in a fresh module registry (vitest.config.ts).
export default defineConfig({
  test: {
    ...serverTest,
    name: 'server-isolated',
    include: MOCKING_FILES,
    isolate: true,
  },
});
