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
  // An assertion waits up to 10 s, not Playwright's 5: on a loaded 2-core machine the first chart of
  // a fresh page once took more than 5 s to appear (e2e/bundle.spec.ts, a red CI at 1,187 s).
  expect: { timeout: 10_000 },
  retries: 0,
  // Two workers: the end-to-end stage is mostly waiting on the browser (its 162 tests took 590 s
  // with one worker, 3.6 min of CPU), so a second worker overlaps the waits on these 2-core machines.
  // All 162 passed with two workers under a load of 20 (helpers running); E2E_WORKERS=1 for one.
  // Three took 491.9 s against 530.6 s for the 166 tests, but a CI run with three then timed out on
  // a race in zhFont.spec.ts (fixed): two stay the default until three has a record of green runs.
  // On 2026-11-29 the stage took 1,004 s with the full browser and service workers; with the headless
  // shell (scripts/chromium.mjs) 660 s, and without service workers 467 s. The screenshots spec is
  // CPU-bound here: one worker 144 s, two 141 s. On 2026-12-02 the 200 tests kept both cores ~95%
  // busy (vmstat), and three workers took 7.4 min against 7.5 with two. A fresh context's first
  // load of the app costs ~2.2 s of CPU (renderer ~1.45 s: main thread, the engine's worker and
  // V8's background compiles; browser, network and GPU processes the rest); Chromium flags
  // (--js-flags=--max-opt=2 or --no-opt, --renderer-process-limit=1) changed nothing measurable.
  // Moving 25 tests that need no fresh context (the console, the lesson walks, import and export,
  // the edit, strip and sweep screenshots, the choice editor) to e2e/sharedPage.ts took the run
  // from ~405 to 355 s (200 tests) the same day.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  outputDir: 'test-results',
  use: {
    baseURL: `${origin}${base}`,
    viewport: { width: 1280, height: 720 },
    trace: 'off',
    // No service worker but in e2e/offline.spec.ts, which allows it: in every fresh context it
    // installed and precached the whole build, 1.8 s of a worker thread's CPU in a 3 s test
    // (v8.compile of every chunk alone 0.65 s), on both cores of these machines, 166 times.
    serviceWorkers: 'block',
    // vite preview gzips every answer as it sends it (its compression middleware, no option to turn
    // it off): the 1.2 MB worker and the chunks of each fresh page. A request that accepts only
    // identity is sent as it is (over 127.0.0.1 the bytes cost nothing): the preview server's CPU
    // over 25 tests (smoke, edits, compare) went 5.8 → 3.5 s, on the two cores the browsers need.
    extraHTTPHeaders: { 'Accept-Encoding': 'identity' },
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
