/**
 * simCommand: the node arguments `npm run sim` runs, read from package.json's `scripts.sim`
 * (`node V8_FLAGS scripts/sim.mjs`), so that the tests and the cli-json bench row run the CLI as
 * a user does: the built bundle with the same heap flags. Without npm itself: it only starts the
 * command, and its process is not the CLI's memory.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SimCommand {
  /** The node flags before the script (`--max-semi-space-size=4`, …). */
  flags: string[];
  /** The launcher, as an absolute path. */
  script: string;
}

/** simCommand reads `<root>/package.json`'s sim script; null when it is not `node … SCRIPT` (an older `tsx cli/sim.ts`). */
export function simCommand(root: string): SimCommand | null {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const words = (pkg.scripts?.sim ?? '').trim().split(/\s+/);
  if (words[0] !== 'node' || words.length < 2) return null;
  return { flags: words.slice(1, -1), script: join(root, words.at(-1) as string) };
}

/** requireSimCommand is simCommand for this checkout's tests, which run nothing else. */
export function requireSimCommand(root: string): SimCommand {
  const cmd = simCommand(root);
  if (cmd === null) throw new Error('package.json: scripts.sim is not `node … scripts/sim.mjs`');
  return cmd;
}

/**
 * buildSim makes the bundle fresh before a timed or tested run (the launcher would otherwise
 * build it inside the first one, ~2 s), by running `--version` through it. Throws on failure.
 */
export function buildSim(cmd: SimCommand): void {
  const r = spawnSync(process.execPath, [...cmd.flags, cmd.script, '--version'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd.script} --version: exit ${r.status}: ${r.stderr}`);
}
