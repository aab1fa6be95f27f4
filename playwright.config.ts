import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_WORKERS, e2eServer } from './tests/e2e/support/servers';

// Each worker's server gets a fresh PGlite directory under E2E_DATA_DIR (support/servers.ts).
// scripts/run-e2e.mjs makes it; when Playwright is started directly, make one here and hand
// it to the workers through the env.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'gd-e2e-'));
const servers = Array.from({ length: E2E_WORKERS }, (_, index) => e2eServer(index));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: E2E_WORKERS,
  // One retry everywhere (`npm test` is what CI runs, and `.ci/run` sets no CI variable): a
  // retried test is reported as flaky in the list and by the summary; one that fails twice
  // still fails the run. The retries most runs had, /login left on its spinner, were the
  // app's own race (src/app/router-provider.tsx); a retry now is worth reading.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    // Worker 0's server; the fixtures give every other worker its own (support/fixtures.ts).
    baseURL: servers[0]!.url,
    locale: 'es-CO',
    // As a person who asked for less motion (src/theme/customizations/motion.ts): no frame
    // of a transition is painted, which a software-drawn browser on two cores pays for.
    reducedMotion: 'reduce',
    timezoneId: 'America/Bogota',
    // Recording a trace of every test costs each action a DOM snapshot: only the retry of a
    // failed test records one, which is the trace worth reading.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || undefined,
          args: [
            '--no-sandbox',
            '--disable-dev-shm-usage',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: servers.map(({ port, url, dataDir }) => ({
    command: 'npx tsx server/main.ts',
    url: `${url}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      NODE_ENV: 'test',
      // POST /api/test/payment-reminders (server/features/notifications/test-hooks.routes.ts).
      GD_TEST_HOOKS: '1',
      // The scheduled jobs run once at start-up and then not during a run (midnight of
      // 1 January only): an hourly generation at :05 billed players other specs had added
      // between two reads of payments-month.spec's 'Facturado'. Tests that need a job call
      // its test hook.
      JOBS_CRON: '0 0 1 1 *',
    },
  })),
});
