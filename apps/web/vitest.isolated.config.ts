import { configDefaults, defineConfig } from 'vitest/config';
import web, { MOCKING_FILES } from './vite.config.ts';

// The web test files that `vi.mock` a module, each in a fresh module registry and jsdom
// (vite.config.ts).
export default defineConfig({
  ...web,
  test: {
    ...web.test,
    name: 'web-isolated',
    include: MOCKING_FILES,
    exclude: configDefaults.exclude,
    isolate: true,
  },
});
