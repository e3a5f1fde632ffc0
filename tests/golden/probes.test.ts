// Golden runs of the pod spec driving the run: a rollout paced by a readiness probe (the
// probe-paced preset, in namespace payments), a termination held by a preStop hook, and a
// DaemonSet without surge waiting for it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenarioText } from '../../cli/run.ts';
import type { KubeObject, Pod } from '../../src/engine/api/types.ts';
import { createEngine, lastActionTime, runUntil } from '../../src/engine/sim.ts';
import { parseScenarioText } from '../../src/scenario/parse.ts';
import { toSimConfig } from '../../src/scenario/toSimConfig.ts';
import { cliArgs, desiredSequences } from './support.ts';

const probePaced = readFileSync(new URL('../../src/scenario/presets/probe-paced.yaml', import.meta.url), 'utf8');

interface Write {
  ms: number;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KubeObject;
}

/** writesOf runs a scenario in the engine and returns every object write with its virtual ms. */
function writesOf(text: string): Write[] {
  const parsed = parseScenarioText(text);
  if (!parsed.ok) throw new Error(parsed.errors[0]);
  const config = toSimConfig(parsed.value);
  const st = createEngine(config);
  const out: Write[] = [];
  runUntil(st, lastActionTime(config) + 600_000, (t) => {
    for (const w of t.writes) out.push({ ms: t.time, type: w.type, object: w.object });
  });
  return out;
}

const isReady = (p: Pod) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true;

/** podTimes: per pod, when it was written Running, Ready, marked for deletion, and removed (ms). */
function podTimes(writes: readonly Write[]) {
  const pods = new Map<string, { name: string; node: string; running?: number; ready?: number; deleting?: number; gone?: number }>();
  for (const w of writes) {
    if (w.object.kind !== 'Pod') continue;
    const p = w.object;
    const uid = p.metadata.uid ?? '';
    const e = pods.get(uid) ?? { name: p.metadata.name, node: p.spec.nodeName ?? '' };
    e.node = p.spec.nodeName ?? e.node;
    if (w.type === 'DELETED') e.gone ??= w.ms;
    else {
      if (p.status?.phase === 'Running' && e.running === undefined) e.running = w.ms;
      if (isReady(p) && e.ready === undefined) e.ready = w.ms;
      if (p.metadata.deletionTimestamp && e.deleting === undefined) e.deleting = w.ms;
    }
    pods.set(uid, e);
  }
  return [...pods.values()];
}

describe('probe-paced preset', () => {
  const writes = writesOf(probePaced);

  it('turns every pod Ready between initialDelaySeconds and initialDelaySeconds + periodSeconds after it runs', () => {
    const pods = podTimes(writes).filter((p) => p.running !== undefined && p.ready !== undefined);
    expect(pods.length).toBeGreaterThanOrEqual(60);
    for (const p of pods) {
      const gap = (p.ready as number) - (p.running as number);
      expect(gap, p.name).toBeGreaterThanOrEqual(20_000);
      expect(gap, p.name).toBeLessThan(30_000);
    }
  });

  it('moves 3 pods every 32.3 s, as the preset says: pull and start, initialDelaySeconds, minReadySeconds', () => {
    // The new ReplicaSet's spec.replicas writes after the set image at 60 s.
    const last = new Map<string, number>();
    const steps: number[] = [];
    for (const w of writes) {
      if (w.object.kind !== 'ReplicaSet' || w.object.metadata.name === undefined) continue;
      const { name } = w.object.metadata;
      const replicas = w.object.spec.replicas ?? 0;
      if (w.ms > 60_000 && last.get(name) !== replicas && replicas > (last.get(name) ?? 0)) steps.push(w.ms);
      last.set(name, replicas);
    }
    expect(steps).toHaveLength(10);
    // 1 s pull + 1 s start + 20 s initialDelaySeconds (the kubelet probes at the container's start,
    // so the probe at 20 s is the first it counts) + 10 s minReadySeconds + 0.3 s of watch delays.
    for (let i = 1; i < steps.length; i++) expect((steps[i] as number) - (steps[i - 1] as number)).toBe(32_300);
  });

  it('writes an Unhealthy Event for no pod: the application answers before the first probe', () => {
    const unhealthy = writes.filter((w) => w.object.kind === 'Event' && w.object.reason === 'Unhealthy');
    expect(unhealthy).toEqual([]);
  });

  it('keeps every object of the workload in namespace payments, which it created on first use', () => {
    const ns = writes.filter((w) => w.object.kind === 'Namespace').map((w) => w.object.metadata.name);
    expect(ns).toEqual(['payments']);
    for (const w of writes) {
      const k = w.object.kind;
      if (k === 'Deployment' || k === 'ReplicaSet' || k === 'Pod') expect(w.object.metadata.namespace).toBe('payments');
    }
  });

  it('rolls out 3 pods at a time and completes in namespace payments', () => {
    const res = runScenarioText(probePaced, cliArgs(['probe-paced.yaml']));
    expect(res.code).toBe(0);
    const [oldRS, newRS] = [...desiredSequences(res.stdout).values()];
    expect(oldRS?.slice(oldRS.indexOf(30))).toEqual([30, 27, 24, 21, 18, 15, 12, 9, 6, 3, 0]);
    expect(newRS).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30]);
    const status = runScenarioText(probePaced, cliArgs(['probe-paced.yaml', '--output', 'status']));
    expect(status.stdout[0]).toBe('deployment "checkout-api" successfully rolled out');
  });
});

/** A DaemonSet (maxSurge 0) whose pods hold their termination in a 15 s preStop sleep. */
const HELD = `version: 1
name: preStop-held termination
cluster: { nodes: 3, terminationSeconds: 2 }
objects:
  - apiVersion: apps/v1
    kind: DaemonSet
    metadata: { name: agent }
    spec:
      selector: { matchLabels: { app: agent } }
      updateStrategy: { type: RollingUpdate, rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } }
      template:
        metadata: { labels: { app: agent } }
        spec:
          terminationGracePeriodSeconds: 30
          containers:
            - name: agent
              image: agent:1
              lifecycle: { preStop: { sleep: { seconds: 15 } } }
actions:
  - { at: 30, kubectl: set image daemonset/agent agent=agent:2 }
`;

describe('preStop-held termination', () => {
  const writes = writesOf(HELD);
  const pods = podTimes(writes);

  it('keeps each old pod Terminating for its preStop sleep and the application exit: 15 s + 2 s', () => {
    const old = pods.filter((p) => p.deleting !== undefined);
    expect(old).toHaveLength(3);
    for (const p of old) {
      // The kubelet sees the deletion one watch delay (50 ms) after the API server marks it.
      expect((p.gone as number) - (p.deleting as number), p.name).toBe(17_050);
    }
  });

  it('records the kubelet Killing Event of each stopped container in the kubelet words', () => {
    const killing = writes.filter((w) => w.object.kind === 'Event' && w.object.reason === 'Killing');
    expect(killing.map((w) => (w.object.kind === 'Event' ? w.object.message : ''))).toEqual(Array(3).fill('Stopping container agent'));
  });

  it('creates the new pod of a node only once the old one is gone (DaemonSet without surge)', () => {
    for (const node of ['node-1', 'node-2', 'node-3']) {
      const onNode = pods.filter((p) => p.node === node);
      const old = onNode.find((p) => p.deleting !== undefined);
      const fresh = onNode.find((p) => p.deleting === undefined && (p.running ?? 0) > 30_000);
      expect(old, node).toBeDefined();
      expect(fresh, node).toBeDefined();
      expect(fresh?.running as number, node).toBeGreaterThan(old?.gone as number);
    }
  });

  it('sends SIGKILL at the grace period when the hook and the exit take longer', () => {
    const long = HELD.replace('terminationGracePeriodSeconds: 30', 'terminationGracePeriodSeconds: 16');
    const cut = podTimes(writesOf(long)).filter((p) => p.deleting !== undefined);
    // SIGTERM at 15 s leaves max(16 − 15, 2) = 2 s: the 2 s exit just fits; 16 − 15 alone would not.
    for (const p of cut) expect((p.gone as number) - (p.deleting as number)).toBe(17_050);
    const shorter = podTimes(writesOf(long.replace('terminationSeconds: 2', 'terminationSeconds: 5'))).filter(
      (p) => p.deleting !== undefined,
    );
    for (const p of shorter) expect((p.gone as number) - (p.deleting as number)).toBe(17_050);
  });
});

/** An application slower to answer (15 s) than its liveness probe allows (3 failures, 2 s apart). */
const LIVENESS = `version: 1
name: liveness kills
cluster:
  nodes: 1
  images:
    "app:slow": { readySeconds: 15 }
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web }
    spec:
      replicas: 1
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec:
          containers:
            - name: app
              image: app:slow
              livenessProbe: { httpGet: { path: /healthz, port: 8080 }, periodSeconds: 2, failureThreshold: 3 }
`;

describe('a liveness probe that fails', () => {
  const writes = writesOf(LIVENESS).filter((w) => w.ms <= 70_000);
  const events = writes.flatMap((w) => (w.object.kind === 'Event' ? [{ ms: w.ms, reason: w.object.reason, message: w.object.message }] : []));

  it('records each failed probe as Unhealthy and each kill as Killing, in the kubelet words', () => {
    const unhealthy = events.filter((e) => e.reason === 'Unhealthy');
    expect(unhealthy.length).toBeGreaterThanOrEqual(9);
    for (const e of unhealthy) {
      expect(e.message).toMatch(/^Liveness probe failed: Get "http:\/\/10\.244\.\d+\.\d+:8080\/healthz": dial tcp 10\.244\.\d+\.\d+:8080: connect: connection refused$/);
    }
    const killing = events.filter((e) => e.reason === 'Killing');
    expect(killing.length).toBeGreaterThanOrEqual(3);
    for (const e of killing) expect(e.message).toBe('Container app failed liveness probe, will be restarted');
    // Every kill comes with the third failure in a row, 2 s apart.
    for (const k of killing) expect(unhealthy.filter((u) => u.ms <= k.ms && u.ms > k.ms - 5000)).toHaveLength(3);
  });

  it('restarts at once the first time, then after 10 s and 20 s of CrashLoopBackOff', () => {
    const starts: { ms: number; restarts: number }[] = [];
    for (const w of writes) {
      if (w.object.kind !== 'Pod') continue;
      const c = w.object.status?.containerStatuses?.[0];
      if (c?.state.running && starts.at(-1)?.restarts !== c.restartCount) starts.push({ ms: w.ms, restarts: c.restartCount });
    }
    const kills = events.filter((e) => e.reason === 'Killing').map((e) => e.ms);
    // A kill stops the container 1 s later (terminationSeconds); then: at once, 10 s, 20 s.
    expect(starts.map((s) => s.restarts).slice(0, 4)).toEqual([0, 1, 2, 3]);
    expect((starts[1]?.ms ?? 0) - (kills[0] ?? 0)).toBe(1000);
    expect((starts[2]?.ms ?? 0) - (kills[1] ?? 0)).toBe(11_000);
    expect((starts[3]?.ms ?? 0) - (kills[2] ?? 0)).toBe(21_000);
  });
});

describe('a readiness probe on a node that goes NotReady', () => {
  it('reports nothing while the node is unreachable and turns the pod Ready on its recovery', () => {
    const text = `version: 1
name: probes and a node fault
cluster: { nodes: 1 }
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web }
    spec:
      replicas: 2
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec:
          containers:
            - name: app
              image: app:1
              readinessProbe: { tcpSocket: { port: 80 }, initialDelaySeconds: 10, periodSeconds: 5 }
actions:
  - { at: 5, node: { name: node-1, ready: false } }
  - { at: 30, node: { name: node-1, ready: true } }
`;
    const pods = podTimes(writesOf(text));
    expect(pods).toHaveLength(2);
    for (const p of pods) expect(p.ready, p.name).toBe(30_000);
  });
});
