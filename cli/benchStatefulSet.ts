/**
 * Issue 23's StatefulSet rows for cli/bench.ts (`--only=statefulset`): a 1,000-replica OrderedReady
 * rolling update with a readinessProbe (periodSeconds 1) on every pod, timed from the template
 * change until it has rolled out (target ≤ 1 s per 100,000 ticks), and a 100-replica Parallel
 * StatefulSet timed from t = 0 through its creation and its rolling update (target ≤ 200 ms).
 */
import type { StatefulSet } from '../src/engine/api/statefulTypes.ts';
import { DEFAULT_IMAGE_BEHAVIOUR } from '../src/engine/config.ts';
import { createEngine, type EngineState, nextEventTime, runUntil, type SimConfig, step } from '../src/engine/sim.ts';

type Report = (row: Record<string, number | string>) => void;

function statefulSet(replicas: number, policy: 'OrderedReady' | 'Parallel'): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: {
      replicas,
      serviceName: 'web',
      podManagementPolicy: policy,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          containers: [{ name: 'web', image: 'web:1', readinessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 1 } }],
        },
      },
    },
  } as StatefulSet;
}

/**
 * statefulSetConfig changes the image at `atSeconds`: under OrderedReady each pod waits for the one
 * before it to be Ready (pull 1 s + start 1 s + ready 1–4 s, probed each second), so 10 s a
 * replica leaves the creation settled before the update begins.
 */
export function statefulSetConfig(replicas: number, policy: 'OrderedReady' | 'Parallel', atSeconds: number): SimConfig {
  return {
    seed: 1,
    nodes: Array.from({ length: 100 }, (_, i) => ({ name: `node-${i + 1}`, labels: {}, taints: [], unschedulable: false, maxPods: 1000 })),
    images: { default: DEFAULT_IMAGE_BEHAVIOUR },
    terminationSeconds: 1,
    watchDelaySeconds: 0.05,
    objects: [statefulSet(replicas, policy)],
    actions: [{ at: atSeconds, kubectl: 'set image statefulset/web web=web:2' }],
  };
}

/** rolledOut is `kubectl rollout status sts/web` done for the changed template. */
export function rolledOut(st: EngineState, n: number): boolean {
  const sts = st.store.objects.StatefulSet.get('default/web') as StatefulSet | undefined;
  const s = sts?.status;
  if (sts === undefined || s === undefined || (sts.metadata.generation ?? 0) < 2) return false;
  return (
    (s.observedGeneration ?? 0) >= (sts.metadata.generation ?? 0) &&
    s.updatedReplicas === n &&
    s.readyReplicas === n &&
    s.availableReplicas === n &&
    s.currentRevision === s.updateRevision
  );
}

function timedUntilRolledOut(report: Report, name: string, st: EngineState, n: number): void {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const start = st.now;
  let ticks = 0;
  while (!rolledOut(st, n) && nextEventTime(st) !== null) {
    step(st);
    ticks++;
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = process.cpuUsage(c0);
  // CPU time of this process (all its threads): steadier than wall time on a shared machine.
  const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
  report({
    name,
    n,
    ticks,
    ms: Math.round(ms),
    cpuMs,
    ticksPerSecond: Math.round((ticks / ms) * 1000),
    msPer100kTicks: Math.round((ms / ticks) * 100_000),
    virtualSeconds: (st.now - start) / 1000,
    done: rolledOut(st, n) ? 'yes' : 'no',
  });
}

/** benchStatefulSetOrdered: the creation is settled first; only the rolling update is timed. */
export function benchStatefulSetOrdered(report: Report, n: number): void {
  const at = 10 * n;
  const st = createEngine(statefulSetConfig(n, 'OrderedReady', at));
  runUntil(st, at * 1000 - 1);
  timedUntilRolledOut(report, 'statefulset-ordered-rollout', st, n);
}

/** benchStatefulSetParallel: creation and rolling update together, from t = 0. */
export function benchStatefulSetParallel(report: Report, n: number): void {
  const st = createEngine(statefulSetConfig(n, 'Parallel', 60));
  timedUntilRolledOut(report, 'statefulset-parallel-create-update', st, n);
}
