// bench-browser: plays a 1,000-, a 2,000- and a 5,000-pod rollout at full speed in the built app (vite
// preview, Debian Chromium with the flags of playwright.config.ts), from just before the rollout (--from=19.5 virtual
// seconds; the image changes at 20 s), and measures the main thread for 5 s:
// requestAnimationFrame intervals (p50/p95; headless Chromium runs a 60 Hz frame clock, so 16.7 ms
// means "made the frame") and long tasks (> 50 ms, PerformanceObserver). Prints one JSON line per
// run, and with --runs=N the minimum over the runs of each size; screenshots go to artifacts/.
// A row `browser-play-traffic` plays 2,000 pods behind a Service with as many requests a second
// (issue 22: frame p95 ≤ 16.7 ms, no long task): --traffic=2000 (the default; --traffic= for none).
// Usage: npm run bench:browser [-- --no-build] [-- --pods=1000,2000,5000] [-- --traffic=2000] [-- --runs=3] [-- --seconds=5]
//   [-- --port=4181]
//   [-- --mode=sweep]   the Seed preset's 11 × 11 sweep in the Sweep view (benchModes.mjs)
//   [-- --mode=compare] four 2,000-pod variants playing together in Compare (benchModes.mjs)
//   [-- --surge=0 --unavailable=10%]  the Deployment's rolling-update strategy (Kubernetes'
//                   defaults, 25% / 25%, when not given): with surge 0 a 1,000-pod rollout never
//                   goes above 1,000 pods, so the cluster stays in chips all along.
//   [-- --walk=250] instead of playing, steps the timeline slider forward 250 ticks at a time,
//                   --steps=N times (default 40), each step waiting for the slider to arrive: the
//                   same frames whatever the machine's speed, so builds compare fairly on a busy
//                   machine (playing at full speed, a slower worker changes fewer pods per frame).
//   [-- --cpu]      also traces the measured seconds and reports the main thread's CPU time
//                   (thread time of its tasks): busy ms per second, and tasks over 50 ms of CPU.
//                   Wall-clock frames and long tasks count the time the thread waits for a core
//                   too; on a shared 2-core machine that is most of it, CPU time is not.
//   [-- --profile]  also records a CPU profile (CDP Profiler) and a Chromium trace of the measured
//                   seconds, writes artifacts/bench-browser-<pods>.cpuprofile / .trace.json and prints
//                   the main thread's busiest functions and trace events (build with
//                   `npx vite build --minify=false` first, then --no-build, to read real names).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { measureCompare, measureSweep } from './benchModes.mjs';
import { scenario as benchScenario, shareHash } from './benchScenario.mjs';
import { mainThreadCpu, percentile, printProfile, printTrace } from './benchTrace.mjs';
import { chromiumArgs, findChromium } from './chromium.mjs';

const arg = (name, fallback) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.slice(name.length + 3)) : fallback;
};
const POD_COUNTS = (process.argv.find((a) => a.startsWith('--pods='))?.slice(7) ?? '1000,2000,5000')
  .split(',')
  .filter((x) => x !== '')
  .map(Number);
/** Pod counts played with traffic (issue 22): behind Service web, one request a pod a second from node-1. */
const TRAFFIC_COUNTS = (process.argv.find((a) => a.startsWith('--traffic='))?.slice(10) ?? '2000')
  .split(',')
  .filter((x) => x !== '')
  .map(Number);
const RUNS = arg('runs', 1);
/** Virtual second playing starts from: just before the rollout (the `set image` at 20 s). */
const FROM = arg('from', 19.5);
const SECONDS = arg('seconds', 5);
const PORT = arg('port', 4181);
const WALK = arg('walk', 0);
const STEPS = arg('steps', 40);
const text = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
/** The strategy's int-or-percent values, as YAML would give them ("10%" or 1). */
const intOrPercent = (v) => (v === undefined ? undefined : v.endsWith('%') ? v : Number(v));
const STRATEGY = { maxSurge: intOrPercent(text('surge')), maxUnavailable: intOrPercent(text('unavailable')) };
const MODE = text('mode') ?? 'play';
const scenario = (podCount, traffic = false) => benchScenario(podCount, traffic, STRATEGY);

async function waitForServer(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`vite preview did not answer at ${url}`);
}

mkdirSync('artifacts', { recursive: true });
if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const origin = `http://127.0.0.1:${PORT}/`;
const server = spawn(
  'npx',
  ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'],
  {
    stdio: 'ignore',
    detached: true,
  },
);
/** timeAt moves the playhead to `tick` through the slider and reads its virtual time back. */
async function timeAt(slider, tick) {
  await slider.fill(String(tick));
  await slider
    .page()
    .waitForFunction(
      (t) =>
        document.querySelector('input[aria-label="Timeline position"]')?.getAttribute('aria-valuenow') === t,
      String(tick),
    );
  const text = (await slider.getAttribute('aria-valuetext')) ?? '';
  return Number(text.match(/(\d+\.\d+)/)?.[1] ?? 0);
}

/** seekToTime waits until the background recording passes `seconds`, then puts the playhead there. */
async function seekToTime(slider, seconds) {
  let hi = Number(await slider.getAttribute('max'));
  for (let waited = 0; (await timeAt(slider, hi)) < seconds; waited += 500) {
    if (waited > 60_000) throw new Error(`the recording did not reach ${seconds} s in a minute`);
    await slider.page().waitForTimeout(500);
    hi = Number(await slider.getAttribute('max'));
  }
  let lo = 0;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if ((await timeAt(slider, mid)) < seconds) lo = mid;
    else hi = mid;
  }
  await timeAt(slider, lo);
}

/**
 * walk moves the slider STEPS times by WALK ticks from `tick0`, waiting for the recording to get
 * there. It sets the slider in the page itself, as a drag would: Playwright's locators resolve
 * roles over the whole page in its main thread (tens of ms with a thousand pod buttons), which
 * would be counted as the app's.
 */
async function walk(slider, tick0) {
  const page = slider.page();
  for (let i = 1; i <= STEPS; i++) {
    const target = tick0 + i * WALK;
    await page.waitForFunction(
      (t) =>
        Number(document.querySelector('input[aria-label="Timeline position"]')?.getAttribute('max')) >= t,
      target,
      { timeout: 60_000, polling: 100 },
    );
    await page.evaluate((t) => {
      const input = document.querySelector('input[aria-label="Timeline position"]');
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      set?.call(input, String(t));
      input?.dispatchEvent(new Event('input', { bubbles: true }));
      input?.dispatchEvent(new Event('change', { bubbles: true }));
    }, target);
    await page.waitForFunction(
      (t) =>
        document.querySelector('input[aria-label="Timeline position"]')?.getAttribute('aria-valuenow') === t,
      String(target),
      { polling: 'raf' },
    );
  }
}

/** measure plays the `podCount`-pod scenario (with `traffic`) in a fresh page and returns one result line. */
async function measure(browser, podCount, run, traffic = false) {
  // No service worker: its first-visit precache (~1 MB) would download during the measured frames.
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${origin}${shareHash(scenario(podCount, traffic))}`);
  const slider = page.getByRole('slider', { name: 'Timeline position' });
  await slider.waitFor();
  await page.waitForFunction(() => {
    const s = document.querySelector('input[aria-label="Timeline position"]');
    return s && Number(s.getAttribute('max')) > 0;
  });
  if (FROM > 0) await seekToTime(slider, FROM);
  await page.getByLabel('Speed').selectOption('0');
  await page.evaluate((walking) => {
    const w = window;
    // Only while it plays: a fast machine can reach the end of the run inside the window, and the
    // idle frames after it would flatter the figures.
    const playButton = document.querySelector('button[aria-keyshortcuts="Space"]');
    w.__bench = { longTasks: [], frames: [], measuring: false, playedMs: 0, endedAt: null };
    const counting = () => w.__bench.measuring && w.__bench.endedAt === null;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (counting()) w.__bench.longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: false });
    let last = performance.now();
    const loop = (t) => {
      if (counting()) {
        w.__bench.frames.push(t - last);
        w.__bench.playedMs += t - last;
        if (!walking && !playButton?.textContent?.includes('Pause')) w.__bench.endedAt = t;
      }
      last = t;
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  }, WALK > 0);
  const tick0 = Number(await slider.getAttribute('aria-valuenow'));
  const tab = process.argv.find((a) => a.startsWith('--tab='))?.slice(6);
  if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
  if (!process.argv.includes('--paused') && WALK === 0)
    await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForTimeout(500);
  const cdp = process.argv.includes('--profile') ? await page.context().newCDPSession(page) : null;
  const tracing = cdp !== null || process.argv.includes('--cpu');
  const stem = `artifacts/bench-browser-${podCount}${traffic ? '-traffic' : ''}`;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  if (tracing) {
    await browser.startTracing(page, {
      path: `${stem}.trace.json`,
      categories: cdp
        ? ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8']
        : ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
  }
  await page.evaluate(() => {
    window.__bench.measuring = true;
  });
  const started = Date.now();
  if (WALK > 0) await walk(slider, tick0);
  else await page.waitForTimeout(SECONDS * 1000);
  const elapsed = (Date.now() - started) / 1000;
  const result = await page.evaluate(() => {
    window.__bench.measuring = false;
    return window.__bench;
  });
  const profile = cdp ? (await cdp.send('Profiler.stop')).profile : null;
  if (tracing) await browser.stopTracing();
  const trace = tracing ? JSON.parse(readFileSync(`${stem}.trace.json`, 'utf8')) : null;
  if (profile) {
    writeFileSync(`${stem}.cpuprofile`, JSON.stringify(profile));
    printProfile(profile);
    printTrace(trace);
  }
  const tick1 = Number(await slider.getAttribute('aria-valuenow'));
  const onNodes = await page
    .getByTestId('node')
    .evaluateAll((els) => els.reduce((n, e) => n + Number(e.getAttribute('data-pod-count') ?? 0), 0));
  // What the reader sees mid-rollout: the whole page and the Cluster panel alone.
  await page.screenshot({ path: `${stem}.png` });
  await page.getByRole('region', { name: 'Cluster' }).screenshot({ path: `${stem}-cluster.png` });
  await page.close();
  const frames = result.frames.slice().sort((a, b) => a - b);
  return {
    name: traffic ? 'browser-play-traffic' : 'browser-play',
    pods: podCount,
    run,
    podsOnNodes: onNodes,
    seconds: SECONDS,
    playedSeconds: Math.round(result.playedMs / 100) / 10,
    frames: frames.length,
    frameP50: percentile(frames, 0.5),
    frameP95: percentile(frames, 0.95),
    frameMax: percentile(frames, 1),
    longTasks: result.longTasks.length,
    longestTaskMs: Math.round(Math.max(0, ...result.longTasks)),
    ticksPlayed: tick1 - tick0,
    pageErrors: errors.length,
    ...(WALK > 0 ? { walk: WALK, steps: STEPS, walkSeconds: Math.round(elapsed * 10) / 10 } : {}),
    ...(trace ? mainThreadCpu(trace, elapsed) : {}),
  };
}

let browser;
try {
  await waitForServer(origin, 30_000);
  browser = await chromium.launch({
    // The full browser, as people run it and as every earlier frame figure was measured.
    executablePath: findChromium({ shell: false }) ?? undefined,
    args: chromiumArgs(),
  });
  for (let run = 1; run <= RUNS && MODE !== 'play'; run++) {
    const r =
      MODE === 'sweep'
        ? await measureSweep(browser, origin, run)
        : await measureCompare(
            browser,
            origin,
            shareHash(scenario(2000)),
            SECONDS,
            run,
            process.argv.includes('--cpu') ? mainThreadCpu : null,
          );
    console.log(JSON.stringify(r));
  }
  const plays =
    MODE === 'play' ? [...POD_COUNTS.map((p) => [p, false]), ...TRAFFIC_COUNTS.map((p) => [p, true])] : [];
  for (const [pods, traffic] of plays) {
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      const r = await measure(browser, pods, run, traffic);
      runs.push(r);
      console.log(JSON.stringify(r));
    }
    if (RUNS > 1) {
      // The machine is shared: the least disturbed run is the best estimate of the app's own cost.
      const min = (k) => Math.min(...runs.map((r) => r[k]));
      console.log(
        JSON.stringify({
          name: traffic ? 'browser-play-traffic-min' : 'browser-play-min',
          pods,
          runs: RUNS,
          frameP50: min('frameP50'),
          frameP95: min('frameP95'),
          longTasks: min('longTasks'),
          longestTaskMs: min('longestTaskMs'),
          ...(runs[0]?.cpuBusyMsPerS === undefined
            ? {}
            : {
                cpuBusyMsPerS: min('cpuBusyMsPerS'),
                cpuLongTasks: min('cpuLongTasks'),
                cpuLongestTaskMs: min('cpuLongestTaskMs'),
              }),
        }),
      );
    }
  }
} finally {
  await browser?.close();
  // The server runs in its own process group: stop that group (only what this script started).
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
