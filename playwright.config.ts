import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/chromium.mjs';

// E2E_PORT lets two checkouts on one machine run their end-to-end tests side by side.
const port = Number(process.env.E2E_PORT ?? 4173);
// The same base path as vite.config.ts, so `BASE_PATH=/rollout-lab/ npm test` tests the sub-path build.
const base = `/${(process.env.BASE_PATH ?? '').replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');
const origin = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  timeout: 30_000,
  retries: 0,
  // Three workers: the end-to-end stage is mostly waiting on the browser (its 162 tests took 590 s
  // with one worker, 3.6 min of CPU), so more workers overlap the waits on these 2-core machines.
  // The 166 tests: 530.6 s with two workers, 491.9 s with three (4.8 min of CPU for the runner and
  // its browsers, ~30% of the two cores), all passing; two workers also passed them all under a
  // load of 20–26. E2E_WORKERS=N for another count.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  outputDir: 'test-results',
  use: {
    baseURL: `${origin}${base}`,
    viewport: { width: 1280, height: 720 },
    trace: 'off',
    launchOptions: {
      executablePath: findChromium() ?? undefined,
      args: chromiumArgs(),
    },
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: `${origin}${base}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
