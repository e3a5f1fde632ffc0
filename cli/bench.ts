/**
 * `npm run bench [-- --json]`: engine benchmarks (not timed tests). Prints one line per case;
 * with --json, one JSON object per line: {"name", "n", "ticks", "ms", ...}.
 */
import { createEngine, type EngineState, nextEventTime, runUntil, type SimConfig, step } from '../src/engine/sim.ts';
import { daemonSetStatusViewer } from '../src/engine/kubectl/rolloutStatus.ts';
import type { DaemonSet, Deployment } from '../src/engine/api/types.ts';
import { DEFAULT_IMAGE_BEHAVIOUR } from '../src/engine/config.ts';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Scenario } from '../src/scenario/types.ts';
import { Recording } from '../src/timeline/recording.ts';
import { frameAt, newFrameCaches } from '../src/worker/frames.ts';

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
 * rolledOut is `kubectl rollout status ds/agent` reporting success for the applied template: the
 * stored DaemonSet's generation moved past the first one, status.observedGeneration caught up
 * with it, and updatedNumberScheduled and numberAvailable both reached desiredNumberScheduled,
 * which covers every node.
 */
function rolledOut(st: EngineState, nodes: number): boolean {
  const ds = st.store.objects.DaemonSet.get('default/agent') as DaemonSet | undefined;
  if (ds === undefined || (ds.metadata.generation ?? 0) < 2) return false;
  return daemonSetStatusViewer(ds).done && ds.status?.desiredNumberScheduled === nodes;
}

/**
 * benchDaemonSet times a DaemonSet rolling update (maxUnavailable 10%) across `nodes` nodes: the
 * initial rollout is settled first, then ticks run from the template change until rolledOut. The
 * engine would go on to the informers' 12-hour resyncs, which no longer change anything.
 */
function benchDaemonSet(nodes: number): void {
  const st = createEngine(daemonSetConfig(nodes));
  runUntil(st, 60_000 - 1);
  const t0 = process.hrtime.bigint();
  let ticks = 0;
  while (!rolledOut(st, nodes) && nextEventTime(st) !== null) {
    step(st);
    ticks++;
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const done = rolledOut(st, nodes) ? 'yes' : 'no';
  report({ name: 'daemonset-rollout', n: nodes, ticks, ms: Math.round(ms), ticksPerSecond: Math.round((ticks / ms) * 1000), virtualSeconds: (st.now - 60_000) / 1000, done });
}

if (!only || only === 'deployment') {
  benchRollout(1000, 100);
  benchRollout(10000, 100);
}

if (!only || only === 'daemonset') {
  benchDaemonSet(1000);
  benchDaemonSet(5000);
}

function percentile(sorted: number[], p: number): number {
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 100) / 100;
}

/** gcNow collects garbage so heap figures mean retained memory (the flag is set at run time). */
function gcNow(): void {
  setFlagsFromString('--expose_gc');
  (runInNewContext('gc') as () => void)();
}

/**
 * benchSeek records a whole `n`-replica rollout (the same cluster as benchRollout; validation is
 * skipped because the scenario limit is 5,000 replicas) and times 1,000 seeks to random ticks: the
 * object cursor moved there and the full frame built (packed pods, nodes, workloads, Explain), which
 * is what the worker does when the slider moves. It also reports memory per recorded tick and the
 * keyframes, and the cost of a full engine state at a tick (what a fork or a query starts from).
 */
function benchSeek(n: number, nodes: number): void {
  const config = rolloutConfig(n, nodes);
  const scenario: Scenario = {
    version: 1,
    name: `bench ${n}`,
    seed: 1,
    cluster: { nodes: config.nodes.map((x) => ({ name: x.name, maxPods: x.maxPods })) },
    objects: config.objects,
    actions: [{ at: 60, kubectl: 'set image deployment/web web=web:2' }],
  };
  gcNow();
  const heap0 = process.memoryUsage().heapUsed;
  const rec = new Recording(scenario);
  const t0 = process.hrtime.bigint();
  rec.timeline.record();
  const recordMs = Number(process.hrtime.bigint() - t0) / 1e6;
  gcNow();
  const heap1 = process.memoryUsage().heapUsed;
  const ticks = rec.timeline.length;
  let x = 12345;
  const random = (): number => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x % (ticks + 1);
  };
  const caches = newFrameCaches();
  const times: number[] = [];
  for (let k = 0; k < 1000; k++) {
    const tick = random();
    const a = process.hrtime.bigint();
    frameAt(rec, tick, true, caches);
    times.push(Number(process.hrtime.bigint() - a) / 1e6);
  }
  times.sort((a, b) => a - b);
  report({ name: 'seek', n, ticks, p50: percentile(times, 0.5), p95: percentile(times, 0.95) });
  const kf = rec.timeline.keyframes.list;
  report({
    name: 'recording-memory',
    n,
    ticks,
    end: rec.timeline.end ?? 'recording',
    recordMs: Math.round(recordMs),
    bytesPerTick: Math.round((heap1 - heap0) / ticks),
    keyframes: kf.length,
    keyframeSpacingTicks: Math.round(ticks / kf.length),
    keyframeEntries: rec.timeline.keyframes.totalEntries(),
    internalsSnapshots: rec.internals.distinct(),
    objectSnapshots: rec.cursor.snapshotCount(),
  });
  const engine: number[] = [];
  for (let k = 0; k < 20; k++) {
    const tick = random();
    const a = process.hrtime.bigint();
    rec.timeline.engineAt(tick);
    engine.push(Number(process.hrtime.bigint() - a) / 1e6);
  }
  engine.sort((a, b) => a - b);
  report({ name: 'seek-engine', n: 20, ticks, p50: percentile(engine, 0.5), p95: percentile(engine, 0.95) });
}

if (!only || only === 'seek') {
  benchSeek(10000, 100);
}
