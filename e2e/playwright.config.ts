import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4320);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: './.artifacts',
  // A journey's budget; the multi-actor ones set their own. Beside vitest (TEST_SIDE_BY_SIDE=1,
  // docs/testing.md § Time) a journey takes up to twice as long as alone.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    command: `node start-server.mjs ${port}`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
