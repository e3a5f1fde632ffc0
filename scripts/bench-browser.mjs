// bench-browser: plays a 2,000-pod rollout at full speed in the built app (vite preview, Debian
// Chromium with the flags of playwright.config.ts) and measures the main thread for 5 s:
// requestAnimationFrame intervals (p50/p95; headless Chromium runs a 60 Hz frame clock, so 16.7 ms
// means "made the frame") and long tasks (> 50 ms, PerformanceObserver). Prints one JSON line.
// Usage: npm run bench:browser [-- --no-build] [-- --pods=2000] [-- --seconds=5]
import { spawn, spawnSync } from 'node:child_process';
import { deflateRawSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { findChromium } from './chromium.mjs';

const arg = (name, fallback) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.slice(name.length + 3)) : fallback;
};
const PODS = arg('pods', 2000);
const SECONDS = arg('seconds', 5);
const PORT = arg('port', 4181);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** The scenario: PODS replicas on enough nodes, rolled to a new image at 20 s. */
function scenario() {
  const nodes = Math.ceil((PODS * 1.3) / 110);
  const labels = { app: 'web' };
  return {
    version: 1,
    name: `Browser bench — ${PODS} pods`,
    cluster: { nodes },
    objects: [
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web', labels },
        spec: {
          replicas: PODS,
          selector: { matchLabels: labels },
          template: { metadata: { labels }, spec: { containers: [{ name: 'web', image: 'web:1' }] } },
        },
      },
    ],
    actions: [{ at: 20, kubectl: 'set image deployment/web web=web:2' }],
  };
}

/** shareHash writes DESIGN.md §6's `#v1.<base64url of raw DEFLATE of the JSON>`. */
function shareHash(s) {
  return `#v1.${deflateRawSync(Buffer.from(JSON.stringify(s))).toString('base64url')}`;
}

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

function percentile(sorted, p) {
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 10) / 10;
}

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
let browser;
try {
  await waitForServer(origin, 30_000);
  browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: [
      ...(isRoot ? ['--no-sandbox'] : []),
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${origin}${shareHash(scenario())}`);
  const slider = page.getByRole('slider', { name: 'Timeline position' });
  await slider.waitFor();
  await page.waitForFunction(() => {
    const s = document.querySelector('input[aria-label="Timeline position"]');
    return s && Number(s.getAttribute('max')) > 0;
  });
  await page.getByLabel('Speed').selectOption('0');
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
  const tick0 = Number(await slider.getAttribute('aria-valuenow'));
  const tab = process.argv.find((a) => a.startsWith('--tab='))?.slice(6);
  if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
  if (!process.argv.includes('--paused'))
    await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForTimeout(500);
  await page.evaluate(() => {
    window.__bench.measuring = true;
  });
  await page.waitForTimeout(SECONDS * 1000);
  const result = await page.evaluate(() => {
    window.__bench.measuring = false;
    return window.__bench;
  });
  const tick1 = Number(await slider.getAttribute('aria-valuenow'));
  const pods = await page
    .getByTestId('node')
    .evaluateAll((els) => els.reduce((n, e) => n + Number(e.getAttribute('data-pod-count') ?? 0), 0));
  await page.screenshot({ path: 'artifacts/bench-browser.png' });
  const frames = result.frames.slice().sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      name: 'browser-play',
      pods: PODS,
      podsOnNodes: pods,
      seconds: SECONDS,
      frames: frames.length,
      frameP50: percentile(frames, 0.5),
      frameP95: percentile(frames, 0.95),
      frameMax: percentile(frames, 1),
      longTasks: result.longTasks.length,
      longestTaskMs: Math.round(Math.max(0, ...result.longTasks)),
      ticksPlayed: tick1 - tick0,
      pageErrors: errors.length,
    }),
  );
} finally {
  await browser?.close();
  // The server runs in its own process group: stop that group (only what this script started).
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
