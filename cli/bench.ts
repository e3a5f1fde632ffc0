/**
 * `npm run bench [-- --json]`: engine benchmarks (not timed tests). Prints one line per case;
 * with --json, one JSON object per line: {"name", "n", "ticks", "ms", ...}.
 */
import { createEngine, runUntil, type SimConfig } from '../src/engine/sim.ts';
import type { DaemonSet, Deployment } from '../src/engine/api/types.ts';
import { DEFAULT_IMAGE_BEHAVIOUR } from '../src/engine/config.ts';

const json = process.argv.includes('--json');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);

function deployment(replicas: number): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'web:1' }] } },
    },
  };
}

function rolloutConfig(replicas: number, nodes: number): SimConfig {
  return {
    seed: 1,
    nodes: Array.from({ length: nodes }, (_, i) => ({ name: `node-${i + 1}`, labels: {}, taints: [], unschedulable: false, maxPods: 1000 })),
    images: { default: DEFAULT_IMAGE_BEHAVIOUR },
    terminationSeconds: 1,
    watchDelaySeconds: 0.05,
    objects: [deployment(replicas)],
    actions: [{ at: 60, kubectl: 'set image deployment/web web=web:2' }],
  };
}

function report(row: Record<string, number | string>): void {
  if (json) console.log(JSON.stringify(row));
  else console.log(Object.entries(row).map(([k, v]) => `${k}=${v}`).join('  '));
}

function benchRollout(n: number, nodes: number): void {
  const st = createEngine(rolloutConfig(n, nodes));
  // Settle the initial Deployment first; time only the rolling update.
  runUntil(st, 60_000 - 1);
  const t0 = process.hrtime.bigint();
  const ticks = runUntil(st, 60 * 60 * 1000);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  report({ name: 'deployment-rollout', n, nodes, ticks, ms: Math.round(ms), ticksPerSecond: Math.round((ticks / ms) * 1000), virtualSeconds: Math.round(st.now / 1000) - 60 });
}

function daemonSet(image: string): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', labels: { app: 'agent' } },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '10%' } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image }] } },
    },
  };
}

function daemonSetConfig(nodes: number): SimConfig {
  return {
    seed: 1,
    nodes: Array.from({ length: nodes }, (_, i) => ({ name: `node-${i + 1}`, labels: {}, taints: [], unschedulable: false, maxPods: 110 })),
    images: { default: DEFAULT_IMAGE_BEHAVIOUR },
    terminationSeconds: 1,
    watchDelaySeconds: 0.05,
    objects: [daemonSet('agent:1')],
    // An apply of the changed template: the same write `kubectl set image ds/agent agent=agent:2` makes.
    actions: [{ at: 60, apply: daemonSet('agent:2') }],
  };
}

/**
 * benchDaemonSet times a DaemonSet rolling update (maxUnavailable 10%) across `nodes` nodes, from
 * the template change to the last new pod available; the initial rollout is settled first.
 */
function benchDaemonSet(nodes: number): void {
  const st = createEngine(daemonSetConfig(nodes));
  runUntil(st, 60_000 - 1);
  const t0 = process.hrtime.bigint();
  const ticks = runUntil(st, 24 * 60 * 60 * 1000);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const ds = st.store.objects.DaemonSet.get('default/agent') as DaemonSet | undefined;
  const s = ds?.status;
  const done = s !== undefined && s.updatedNumberScheduled === nodes && s.numberAvailable === nodes ? 'yes' : 'no';
  report({ name: 'daemonset-rollout', n: nodes, ticks, ms: Math.round(ms), ticksPerSecond: Math.round((ticks / ms) * 1000), virtualSeconds: Math.round(st.now / 1000) - 60, done });
}

if (!only || only === 'deployment') {
  benchRollout(1000, 100);
  benchRollout(10000, 100);
}

if (!only || only === 'daemonset') {
  benchDaemonSet(1000);
  benchDaemonSet(5000);
}
