import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, lastActionTime, runUntil, type TickRecord } from '../src/engine/sim.ts';
import { parseScenarioText } from '../src/scenario/parse.ts';
import { toSimConfig } from '../src/scenario/toSimConfig.ts';
import type { Scenario } from '../src/scenario/types.ts';
import { scenarioToYaml } from '../src/scenario/yamlIo.ts';
import { summarize, summaryFields } from '../src/timeline/summary.ts';
import { SummaryTrack } from '../src/timeline/summaryTrack.ts';
import { LinePipe, pump } from './pipe.ts';
import { type CliArgs, openScenarioText, parseArgs, runScenarioText } from './run.ts';
import { buildSim, requireSimCommand } from './simCommand.ts';

const presetDir = new URL('../src/scenario/presets/', import.meta.url);
const presets = readdirSync(presetDir).filter((f) => f.endsWith('.yaml'));
const root = fileURLToPath(new URL('..', import.meta.url));
const preset = (file: string) => readFileSync(new URL(file, presetDir), 'utf8');

function args(argv: string[]): CliArgs {
  const a = parseArgs(['x.yaml', ...argv]);
  if (typeof a === 'string') throw new Error(a);
  return a as CliArgs;
}

/**
 * runPiped runs a scenario through pump into a reader that notes, at each write, how many ticks
 * the run had made, and that leaves (EPIPE) after `leaveAfter` writes.
 */
async function runPiped(text: string, argv: string[], leaveAfter = Number.POSITIVE_INFINITY) {
  const ticks: TickRecord[] = [];
  const writeTicks: number[] = [];
  const reader = new Writable({
    write(_chunk, _enc, cb) {
      writeTicks.push(ticks.length);
      if (writeTicks.length > leaveAfter) cb(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      else cb();
    },
  });
  const run = openScenarioText(text, args(argv), (t) => ticks.push(t));
  await pump(run.chunks, new LinePipe(reader));
  return { ticks, firstWriteAfter: writeTicks[0] ?? null, writeTicks };
}

describe('openScenarioText', () => {
  const firstTickWith = (ticks: TickRecord[], kind: string) => ticks.findIndex((t) => t.writes.some((w) => w.object.kind === kind)) + 1;
  it.each([
    ['json', 'at the first tick', () => 1],
    ['watch', 'at the first ReplicaSet write', (ticks: TickRecord[]) => firstTickWith(ticks, 'ReplicaSet')],
    // The Seed's first rollout ends at 6.237 s (run.test.ts), with the Deployment status write
    // that makes `kubectl rollout status` succeed; its line comes with that tick.
    ['summary', 'at the tick the first rollout ends', (ticks: TickRecord[]) => ticks.findIndex((t) => t.time === 6237 && t.writes.some((w) => w.object.kind === 'Deployment')) + 1],
    ['status', 'after the last tick', (ticks: TickRecord[]) => ticks.length],
  ])('writes the first %s line %s', async (output, _when, expected) => {
    const r = await runPiped(preset('seed.yaml'), ['--output', output]);
    expect(r.ticks.length).toBeGreaterThan(600);
    expect(r.firstWriteAfter).toBe(expected(r.ticks));
  });

  it.each(['json', 'watch', 'summary'])('stops the run at once when the reader of --output %s leaves after one write', async (output) => {
    const all = await runPiped(preset('seed.yaml'), ['--output', output]);
    const r = await runPiped(preset('seed.yaml'), ['--output', output], 1);
    // The second write failed, and no tick ran after the one that made it.
    expect(r.writeTicks).toEqual(all.writeTicks.slice(0, 2));
    expect(r.ticks.length).toBe(all.writeTicks[1]);
    expect(r.ticks.length).toBeLessThan(all.ticks.length);
  });
});

/** summaryAtTheEnd is how the CLI printed --output summary before it streamed: all at the end. */
function summaryAtTheEnd(text: string): string[] {
  const parsed = parseScenarioText(text);
  if (!parsed.ok) throw new Error(parsed.errors[0]);
  const config = toSimConfig(parsed.value);
  const st = createEngine(config);
  const track = new SummaryTrack();
  runUntil(st, lastActionTime(config) + 600_000, (t) => track.append(t, st));
  return summarize(track).map((r) => JSON.stringify(summaryFields(r)));
}

describe('--output summary as the rollouts settle', () => {
  it.each(presets)('prints for %s the lines summarize gives at the end', (file) => {
    expect(runScenarioText(preset(file), args(['--output', 'summary'])).stdout).toEqual(summaryAtTheEnd(preset(file)));
  });
});

/** bigRollout: `replicas` pods rolled out on 20 nodes, ~4 KB of JSON per pod over the run. */
function bigRollout(replicas: number): string {
  const labels = { app: 'web' };
  const s: Scenario = {
    version: 1,
    name: 'big',
    cluster: { nodes: Array.from({ length: 20 }, (_, i) => ({ name: `node-${i + 1}`, maxPods: 1000 })) },
    objects: [
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web', labels },
        spec: { replicas, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: 'web', image: 'web:1' }] } } },
      },
    ],
    actions: [{ at: 60, kubectl: 'set image deployment/web web=web:2' }],
  };
  return scenarioToYaml(s);
}

/** The command `npm run sim` runs (package.json): the bundle, built before the first test. */
const cmd = requireSimCommand(root);
beforeAll(() => buildSim(cmd), 120_000);

/** simHead runs the CLI as `npm run sim -- … | head -1` does: the reader closes its end once the first line came. */
function simHead(argv: string[]): Promise<{ code: number | null; signal: string | null; first: string; stderr: string }> {
  const child = spawn(process.execPath, [...cmd.flags, cmd.script, ...argv], { cwd: root });
  let out = '';
  let stderr = '';
  child.stdout.on('data', (b: Buffer) => {
    out += b.toString('utf8');
    if (out.includes('\n')) child.stdout.destroy();
  });
  child.stderr.on('data', (b: Buffer) => {
    stderr += b.toString('utf8');
  });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, first: out.slice(0, out.indexOf('\n')), stderr }));
  });
}

describe('npm run sim into a reader that closes after one line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-stream-'));
  const big = join(dir, 'big.yaml');
  writeFileSync(big, bigRollout(1000));
  const seed = fileURLToPath(new URL('seed.yaml', presetDir));
  it.each([
    ['a 1,000-replica --output json run', [big, '--output', 'json'], /^\{"tick":1,"time":0,"type":"ADDED","object":\{"apiVersion":"apps\/v1","kind":"Deployment"/],
    ['a 1,000-replica watch', [big, '--watch', 'pods'], /^NAME\s+READY\s+STATUS/],
    ['a sweep on 2 threads', [seed, '--sweep', 'replicas=1,2,3,4,5,6,7,8', '--threads', '2'], /^\{"variant":\{"replicas":1\}/],
  ])('ends %s quietly with exit 0', async (_name, argv, first) => {
    const r = await simHead(argv);
    expect(r).toMatchObject({ code: 0, signal: null, stderr: '' });
    expect(r.first).toMatch(first);
  }, 120_000);
});
