// npm test: typecheck → lint → unit tests → production build → end-to-end, stopping at the first
// failure. Prints each stage's time, then one closing line "N passed, N failed, N skipped" that
// totals the vitest and Playwright results (a stage that never ran counts as a failure).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { ensureChromium } from './chromium.mjs';
import { summarize } from './summary.mjs';

const STAGES = [
  ['typecheck', 'typecheck'],
  ['lint', 'lint'],
  ['unit tests', 'test:unit'],
  ['build', 'build'],
  ['end-to-end', 'test:e2e'],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

rmSync('reports/vitest.json', { force: true });
rmSync('reports/playwright.json', { force: true });
mkdirSync('reports', { recursive: true });

const timings = [];
let failedStage = null;
const start = Date.now();
for (const [label, script] of STAGES) {
  console.log(`\n== ${label} (npm run ${script})`);
  const t0 = Date.now();
  let ok = true;
  if (script === 'test:e2e') {
    const chromium = ensureChromium();
    if (chromium) process.env.CHROMIUM_PATH = chromium;
    else ok = false;
    console.log(`== browser: ${chromium ?? 'none'} (${seconds(Date.now() - t0)} to find or install)`);
  }
  if (ok)
    ok = spawnSync(npm, ['run', '--silent', script], { stdio: 'inherit', env: process.env }).status === 0;
  const ms = Date.now() - t0;
  timings.push([label, ms, ok]);
  console.log(`== ${label}: ${ok ? 'ok' : 'FAILED'} in ${seconds(ms)}`);
  if (!ok) {
    failedStage = label;
    break;
  }
}

console.log('\nStage times:');
for (const [label, ms, ok] of timings)
  console.log(`  ${label.padEnd(12)} ${seconds(ms).padStart(8)}${ok ? '' : '  FAILED'}`);
console.log(`  ${'total'.padEnd(12)} ${seconds(Date.now() - start).padStart(8)}`);
if (failedStage) console.log(`npm test stopped: ${failedStage} failed`);
console.log(summarize());
process.exit(failedStage ? 1 : 0);
