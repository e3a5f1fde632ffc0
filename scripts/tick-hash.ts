/**
 * `npx tsx scripts/tick-hash.ts [--big] [NAME…]`: one SHA-256 per run over every step() record (as
 * JSON) and the final store objects, to show that a refactor leaves behaviour unchanged (issue 27).
 * The runs are the benchmarks' clusters (cli/bench.ts: the 1k deployment rollout, the probed and the
 * requests rollouts and the DaemonSet rollout, at 1k; --big adds the 10k sizes) and every preset
 * (src/scenario/presets, run as `npm run sim` runs them: to the last action + 600 s).
 * It imports only the engine's public API (sim.ts) and the scenario parser, so the engine's files
 * can move under it without the script changing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { lastActionTime, type SimConfig } from '../src/engine/sim.ts';
import { parseScenarioText } from '../src/scenario/parse.ts';
import { toSimConfig } from '../src/scenario/toSimConfig.ts';
import { hashRun } from './tickHashRun.ts';

// The same as config.ts's DEFAULT_IMAGE_BEHAVIOUR (written out so this script imports only sim.ts).
const IMAGE = {
  pullSeconds: 1,
  startSeconds: 1,
  readySeconds: [1, 4] as [number, number],
  pull: 'ok' as const,
  crash: false,
  ready: 'ok' as const,
  preStopSeconds: 0,
};

function nodes(n: number, maxPods: number): SimConfig['nodes'] {
  return Array.from({ length: n }, (_, i) => ({
    name: `node-${i + 1}`,
    labels: {},
    taints: [],
    unschedulable: false,
    maxPods,
  }));
}

function rollout(replicas: number, nodeCount: number, mode: 'plain' | 'probed' | 'requests'): SimConfig {
  const container: Record<string, unknown> = { name: 'web', image: 'web:1' };
  if (mode === 'probed')
    container.readinessProbe = { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 1 };
  if (mode === 'requests') container.resources = { requests: { cpu: '100m', memory: '128Mi' } };
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [container] } },
    },
  };
  return {
    seed: 1,
    nodes: nodes(nodeCount, mode === 'requests' ? 110 : 1000),
    images: { default: IMAGE },
    terminationSeconds: 1,
    watchDelaySeconds: 0.05,
    objects: [deployment as unknown as SimConfig['objects'][number]],
    actions: [{ at: 60, kubectl: 'set image deployment/web web=web:2' }],
  };
}

function daemonSet(image: string): SimConfig['objects'][number] {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', labels: { app: 'agent' } },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '10%' } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image }] } },
    },
  } as unknown as SimConfig['objects'][number];
}

function daemonSetRollout(nodeCount: number): SimConfig {
  return {
    seed: 1,
    nodes: nodes(nodeCount, 110),
    images: { default: IMAGE },
    terminationSeconds: 1,
    watchDelaySeconds: 0.05,
    objects: [daemonSet('agent:1')],
    actions: [{ at: 60, apply: daemonSet('agent:2') }],
  };
}

const big = process.argv.includes('--big');
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const runs: [string, () => SimConfig, number][] = [
  ['bench deployment 1k/100', () => rollout(1000, 100, 'plain'), 3_600_000],
  ['bench probed 1k/100', () => rollout(1000, 100, 'probed'), 3_600_000],
  ['bench requests 1k/100', () => rollout(1000, 100, 'requests'), 3_600_000],
  ['bench daemonset 1k', () => daemonSetRollout(1000), 1_800_000],
];
if (big) {
  runs.push(['bench deployment 10k/100', () => rollout(10000, 100, 'plain'), 3_600_000]);
  runs.push(['bench probed 10k/100', () => rollout(10000, 100, 'probed'), 3_600_000]);
  runs.push(['bench requests 10k/1000', () => rollout(10000, 1000, 'requests'), 3_600_000]);
}
const presetDir = new URL('../src/scenario/presets/', import.meta.url);
for (const file of readdirSync(presetDir)
  .filter((f) => f.endsWith('.yaml'))
  .sort()) {
  runs.push([`preset ${file.replace(/\.yaml$/, '')}`, () => presetConfig(file), -1]);
}

function presetConfig(file: string): SimConfig {
  const parsed = parseScenarioText(readFileSync(new URL(file, presetDir), 'utf8'));
  if (!parsed.ok) throw new Error(`${file}: ${parsed.errors[0]}`);
  return toSimConfig(parsed.value);
}

for (const [name, config, until] of runs) {
  if (wanted.length > 0 && !wanted.some((w) => name.includes(w))) continue;
  const c = config();
  hashRun(name, c, until >= 0 ? until : lastActionTime(c) + 600_000);
}
