// `npm run sim`: the CLI (cli/sim.ts) run from its bundle in .cache/sim/, which
// scripts/buildSim.mjs makes in a child process on the first run and again whenever one of its
// sources changed since (a rebuild takes ~2 s; checking ~240 files' times takes a few ms).
// Why a bundle and not `tsx cli/sim.ts`: tsx keeps a module-hooks thread with its own V8 heap and
// an esbuild transform service in the process for its whole life. On the 5,000-replica
// `--output json` run (the cli-json bench row) that was ~40-60 MB of the 215 MB peak RSS, and
// loading the CLI took 1.4-1.6 s of CPU against 0.3 s for the bundle.
// The V8 flags that package.json gives this script are the other part of the memory (a 4 MB
// semi-space, the heap grown by 50% after a full collection: 157-186 MB -> 128-140 MB); see
// README's Headless runner and the cli-json row.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const outDir = join(root, '.cache', 'sim');

/** fresh: the manifest buildSim.mjs wrote is there, and every source it lists has the time and size it had then. */
function fresh() {
  try {
    const m = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8'));
    // buildSim.mjs's MANIFEST_VERSION.
    if (m.version !== 2) return false;
    for (const [f, was] of Object.entries(m.sources)) {
      const st = statSync(join(root, f));
      if (was === null || st.mtimeMs !== was[0] || st.size !== was[1]) return false;
    }
    return true;
  } catch {
    return false;
  }
}

if (!fresh()) {
  // Without this process's V8 flags: they are for the run, and the build is not the run.
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'buildSim.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) {
    console.error(`error: cannot build the CLI (node scripts/buildSim.mjs exited ${r.status ?? r.signal})`);
    process.exit(1);
  }
}
await import(pathToFileURL(join(outDir, 'sim.mjs')).href);
