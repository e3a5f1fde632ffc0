// Builds the CLI that `npm run sim` runs (scripts/sim.mjs): cli/sim.ts and its sweep worker
// thread's entry, each one ES module in .cache/sim/, by Vite's server-side build (the
// TypeScript transform vitest uses; packages stay imports from node_modules). Then writes
// .cache/sim/manifest.json: each source file the bundles were made from with its modification
// time and size, which sim.mjs compares with the files' own to rebuild a stale bundle (a file put
// back with an older time, by `cp -p` or a tar, differs as well as an edited one).
// Run as a child process of sim.mjs (`node scripts/buildSim.mjs`), so Vite's own memory (~210 MB
// peak) is never part of the run's. Each file is written under a temporary name and renamed, so a
// second build at the same time (two test files) never leaves a half-written bundle.
import { mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const OUT_DIR = join(ROOT, '.cache', 'sim');
/** The manifest's format: a launcher that reads another one rebuilds. */
export const MANIFEST_VERSION = 2;

/** Each bundle and its entry. sweepWorker.mjs must sit beside sim.mjs: sweep.ts starts it as `./sweepWorker.mjs`. */
const ENTRIES = { 'sim.mjs': 'cli/sim.ts', 'sweepWorker.mjs': 'cli/sweepWorker.ts' };

function writeAtomic(file, text) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

// Taken before any source is read: a file saved during the build is newer, so the next run rebuilds.
const builtAt = Date.now();
// The launcher and this file count as sources: a change to how the bundle is made rebuilds it.
const inputs = new Set(['scripts/sim.mjs', 'scripts/buildSim.mjs']);
const bundles = [];
for (const [fileName, entry] of Object.entries(ENTRIES)) {
  const res = await build({
    configFile: false,
    root: ROOT,
    logLevel: 'error',
    publicDir: false,
    build: {
      ssr: entry,
      write: false,
      target: 'node20',
      minify: false,
      rollupOptions: { output: { format: 'es', entryFileNames: fileName, codeSplitting: false } },
    },
  });
  for (const out of Array.isArray(res) ? res : [res]) {
    for (const chunk of out.output) {
      if (chunk.type !== 'chunk') continue;
      if (chunk.fileName !== fileName)
        throw new Error(`buildSim: ${entry} gave a second chunk, ${chunk.fileName}`);
      for (const id of chunk.moduleIds) if (!id.startsWith('\0')) inputs.add(relative(ROOT, id));
      bundles.push([fileName, chunk.code]);
    }
  }
}
/**
 * A source's [mtimeMs, size] as the bundle saw it, or null for one saved while the build ran (newer
 * than builtAt: the bundle may hold either version), which never matches, so the next run rebuilds.
 */
function stamp(file) {
  const st = statSync(join(ROOT, file));
  return st.mtimeMs > builtAt ? null : [st.mtimeMs, st.size];
}

mkdirSync(OUT_DIR, { recursive: true });
for (const [fileName, code] of bundles) writeAtomic(join(OUT_DIR, fileName), code);
const sources = Object.fromEntries([...inputs].sort().map((f) => [f, stamp(f)]));
writeAtomic(
  join(OUT_DIR, 'manifest.json'),
  `${JSON.stringify({ version: MANIFEST_VERSION, sources }, null, 1)}\n`,
);
