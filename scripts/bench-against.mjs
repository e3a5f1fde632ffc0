// `npm run bench:against -- <commit> [--only=deployment] [--pairs=3] [--keep]`: the engine benchmark
// rows of this checkout beside the same rows of another commit, run in turns on this machine.
//
// Why: the issues state their targets in milliseconds "on this machine", but this machine's speed
// drifts. The code of 85154a7, which an issue measured at 940–1,191 ms for the 10,000-replica row,
// read 1,566–2,203 ms here two days later. A ratio to a fixed commit, measured in turns so that
// both sides see the same load, says what the code did; the milliseconds alone do not.
//
// The other commit is checked out in a detached worktree under the system's temp folder (node_modules
// linked from here), and removed afterwards unless --keep. Each pair runs both sides, the order
// alternating from pair to pair (the second process of a back-to-back pair ran ~15% slower here).
// Rows are matched by name and n; each row prints both sides' ms and cpuMs and the median ratio.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** parseRows reads `npm run bench -- --json` output: one object per line, other lines ignored. */
export function parseRows(text) {
  const rows = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const row = JSON.parse(line);
      if (typeof row.name === 'string' && typeof row.ms === 'number') rows.push(row);
    } catch {
      // a log line that happens to start with a brace
    }
  }
  return rows;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * compareRuns pairs the rows of each run by name and n: `pairs` is a list of {base, head} row lists,
 * one entry per pair of runs. Returns one line per row: both sides' ms and cpuMs, and the median of
 * the per-pair ratios head/base (a ratio per pair, so that both sides of a ratio saw the same load).
 */
export function compareRuns(pairs) {
  const key = (r) => `${r.name} n=${r.n}`;
  const keys = [];
  for (const { base, head } of pairs)
    for (const r of [...base, ...head]) if (!keys.includes(key(r))) keys.push(key(r));
  return keys.map((k) => {
    const got = pairs
      .map(({ base, head }) => ({ b: base.find((r) => key(r) === k), h: head.find((r) => key(r) === k) }))
      .filter((p) => p.b && p.h);
    const ratio = (f) =>
      got.length && got.every((p) => p.b[f] > 0) ? median(got.map((p) => p.h[f] / p.b[f])) : null;
    return {
      row: k,
      baseMs: got.map((p) => p.b.ms),
      headMs: got.map((p) => p.h.ms),
      baseCpuMs: got.map((p) => p.b.cpuMs ?? null),
      headCpuMs: got.map((p) => p.h.cpuMs ?? null),
      msRatio: ratio('ms'),
      cpuRatio: ratio('cpuMs'),
    };
  });
}

function formatLine(c) {
  const r = (x) => (x === null ? '-' : x.toFixed(2));
  return `${c.row}  base ms=${c.baseMs.join('/')} cpuMs=${c.baseCpuMs.join('/')}  head ms=${c.headMs.join('/')} cpuMs=${c.headCpuMs.join('/')}  ratio ms=${r(c.msRatio)} cpu=${r(c.cpuRatio)}`;
}

function git(args, cwd) {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout.trim();
}

function benchIn(dir, only) {
  const args = ['tsx', 'cli/bench.ts', '--json', ...(only ? [`--only=${only}`] : [])];
  const r = spawnSync('npx', args, { cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`bench in ${dir} failed:\n${r.stderr}`);
  return parseRows(r.stdout);
}

function main(argv) {
  const ref = argv.find((a) => !a.startsWith('--'));
  if (!ref) {
    console.error('usage: npm run bench:against -- <commit> [--only=deployment] [--pairs=3] [--keep]');
    return 2;
  }
  const only = argv.find((a) => a.startsWith('--only='))?.slice(7);
  const pairs = Number(argv.find((a) => a.startsWith('--pairs='))?.slice(8) ?? 3);
  const here = resolve('.');
  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`], here);
  // A folder of this run's own: two runs against one commit at once (two worktrees measuring
  // against the same main) shared one folder by the commit's name, and the first to end removed it
  // under the other.
  const dir = join(mkdtempSync(join(tmpdir(), `rollout-lab-bench-${sha.slice(0, 12)}-`)), 'tree');
  git(['worktree', 'add', '--detach', dir, sha], here);
  symlinkSync(join(here, 'node_modules'), join(dir, 'node_modules'));
  try {
    const runs = [];
    for (let i = 0; i < pairs; i++) {
      const pair = {};
      for (const side of i % 2 === 0 ? ['base', 'head'] : ['head', 'base'])
        pair[side] = benchIn(side === 'base' ? dir : here, only);
      runs.push(pair);
      console.error(`pair ${i + 1} of ${pairs} done`);
    }
    console.log(
      `base ${sha.slice(0, 12)}  head ${git(['rev-parse', '--short=12', 'HEAD'], here)} (working tree)`,
    );
    for (const c of compareRuns(runs)) console.log(formatLine(c));
  } finally {
    if (!argv.includes('--keep')) {
      rmSync(join(dir, 'node_modules'), { force: true });
      git(['worktree', 'remove', '--force', dir], here);
      rmSync(dirname(dir), { recursive: true, force: true });
    }
  }
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
