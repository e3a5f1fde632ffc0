// Two more bench:browser modes (DESIGN.md §11's views), run by bench-browser.mjs:
// --mode=sweep    the Seed preset's 11 × 11 sweep (maxSurge × maxUnavailable, 0–100% by 10%) on
//                 the page's worker pool: the wall time from Run sweep to the last cell, as the page
//                 itself measures it (the status element's data-elapsed-ms).
// --mode=compare  four variants of a 2,000-pod rollout (maxSurge 0, 25%, 50%, 100%) playing
//                 together in Compare from 19.5 s at 10×: requestAnimationFrame intervals and long
//                 tasks of the main thread for SECONDS, as the play mode measures them.

import { readFileSync } from 'node:fs';
import { percentile } from './benchTrace.mjs';

/** measureSweep runs the 11 × 11 sweep of the default scenario (Seed) once and returns its line. */
export async function measureSweep(browser, origin, run) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(origin);
  await page.waitForFunction(() => location.hash.startsWith('#v1.'));
  await page.getByRole('button', { name: 'Sweep', exact: true }).click();
  await page.getByRole('combobox', { name: 'X axis step' }).selectOption('10');
  await page.getByRole('combobox', { name: 'Y axis step' }).selectOption('10');
  // The pool's workers start when the view opens; give them the time a reader takes to set up.
  await page.waitForTimeout(1000);
  await page.getByRole('button', { name: 'Run sweep' }).click();
  const status = page.getByTestId('sweep-status');
  await page.waitForFunction(
    () => document.querySelector('[data-testid=sweep-status]')?.getAttribute('data-status') === 'done',
    null,
    {
      timeout: 120_000,
    },
  );
  const ms = Number(await status.getAttribute('data-elapsed-ms'));
  const cells = await page.getByTestId('heatmap-duration').getByTestId('sweep-cell').count();
  const invalid = await page.locator('[data-testid=heatmap-duration] [data-kind=invalid]').count();
  await page.screenshot({ path: 'artifacts/bench-browser-sweep.png' });
  await page.close();
  return { name: 'browser-sweep', scenario: 'seed', cells, invalid, run, ms, pageErrors: errors.length };
}

/**
 * measureCompare plays four 2,000-pod variants together and returns one result line; with `cpu`
 * (bench-browser's mainThreadCpu over a trace) also the main thread's CPU time.
 */
export async function measureCompare(browser, origin, hash, seconds, run, cpu = null) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${origin}${hash}&compare=maxSurge:0,25%25,50%25,100%25`);
  const slider = page.getByRole('slider', { name: 'Compare position' });
  await slider.waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid=variant-cluster]').length === 4,
    null,
    {
      timeout: 60_000,
    },
  );
  // Wait for every variant's recording to reach the rollout (the slider's end passes 21 s then).
  await page.waitForFunction(
    () => Number(document.querySelector('input[aria-label="Compare position"]')?.getAttribute('max')) >= 21,
    null,
    { timeout: 180_000, polling: 500 },
  );
  await slider.fill('19.5');
  await page.getByLabel('Speed').selectOption('10');
  await page.evaluate(() => {
    const w = window;
    w.__bench = { longTasks: [], frames: [], measuring: false };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (w.__bench.measuring) w.__bench.longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: false });
    let last = performance.now();
    const loop = (t) => {
      if (w.__bench.measuring) w.__bench.frames.push(t - last);
      last = t;
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForTimeout(500);
  const t0 = Number(await slider.inputValue());
  const tracePath = 'artifacts/bench-browser-compare.trace.json';
  if (cpu)
    await browser.startTracing(page, {
      path: tracePath,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
  await page.evaluate(() => {
    window.__bench.measuring = true;
  });
  await page.waitForTimeout(seconds * 1000);
  const result = await page.evaluate(() => {
    window.__bench.measuring = false;
    return window.__bench;
  });
  let cpuFigures = {};
  if (cpu) {
    await browser.stopTracing();
    cpuFigures = cpu(JSON.parse(readFileSync(tracePath, 'utf8')), seconds);
  }
  const t1 = Number(await slider.inputValue());
  const pods = await page.getByTestId('variant-cluster').count();
  await page.screenshot({ path: 'artifacts/bench-browser-compare.png' });
  await page.close();
  const frames = result.frames.slice().sort((a, b) => a - b);
  return {
    name: 'browser-compare',
    variants: pods,
    podsEach: 2000,
    run,
    seconds,
    virtualSecondsPlayed: Math.round((t1 - t0) * 10) / 10,
    frames: frames.length,
    frameP50: percentile(frames, 0.5),
    frameP95: percentile(frames, 0.95),
    frameMax: percentile(frames, 1),
    longTasks: result.longTasks.length,
    longestTaskMs: Math.round(Math.max(0, ...result.longTasks)),
    pageErrors: errors.length,
    ...cpuFigures,
  };
}
