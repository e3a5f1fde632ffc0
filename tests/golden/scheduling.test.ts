// Golden runs of the scheduler presets (no room to surge, no surge but maxUnavailable 1 fits, one
// pod per node cannot surge): the FailedScheduling messages, the ReplicaSets' DESIRED sequences
// and how each rollout ends; and the scheduler's state surviving a keyframe copy.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenarioText } from '../../cli/run.ts';
import type { Deployment, Event, KubeObject, Pod } from '../../src/engine/api/types.ts';
import { cloneEngineState, createEngine, type EngineState, runUntil } from '../../src/engine/sim.ts';
import { parseScenarioText } from '../../src/scenario/parse.ts';
import { toSimConfig } from '../../src/scenario/toSimConfig.ts';
import { stateDigest } from '../../src/timeline/digest.ts';
import { cliArgs, desiredSequences } from './support.ts';

const preset = (id: string) => readFileSync(new URL(`../../src/scenario/presets/${id}.yaml`, import.meta.url), 'utf8');

function engine(text: string): EngineState {
  const parsed = parseScenarioText(text);
  if (!parsed.ok) throw new Error(parsed.errors[0]);
  return createEngine(toSimConfig(parsed.value));
}

/** run plays the preset to `untilMs` and returns the final state. */
function run(id: string, untilMs: number): EngineState {
  const st = engine(preset(id));
  runUntil(st, untilMs);
  return st;
}

const objects = <T extends KubeObject>(st: EngineState, kind: T['kind']) => [...st.store.objects[kind].values()] as T[];
const failedScheduling = (st: EngineState) => objects<Event>(st, 'Event').filter((e) => e.reason === 'FailedScheduling');
const progressing = (st: EngineState) => objects<Deployment>(st, 'Deployment')[0]?.status?.conditions?.find((c) => c.type === 'Progressing');
const image = (p: Pod) => p.spec.containers[0]?.image;

function desired(id: string): number[][] {
  const res = runScenarioText(preset(id), cliArgs(['preset.yaml', '--until', '200']));
  return [...desiredSequences(res.stdout).values()];
}

describe('no-room-to-surge preset', () => {
  it('fails both surge pods on Insufficient memory and never removes an old pod', () => {
    const st = run('no-room-to-surge', 200_000);
    expect(desired('no-room-to-surge')).toEqual([[6], [2]]);
    // Recorded through events.k8s.io (client/eventSeries.ts): an action, no count until a series.
    expect(failedScheduling(st).map((e) => [e.message, e.action, e.series])).toEqual([
      ['0/3 nodes are available: 3 Insufficient memory. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.', 'Scheduling', undefined],
      ['0/3 nodes are available: 3 Insufficient memory. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.', 'Scheduling', undefined],
    ]);
    const pods = objects<Pod>(st, 'Pod');
    expect(pods.filter((p) => image(p) === 'nginx:1.8' && !p.metadata.deletionTimestamp)).toHaveLength(6);
    expect(pods.filter((p) => image(p) === 'nginx:1.9.3').map((p) => [p.spec.nodeName, p.status?.conditions?.[0]?.reason])).toEqual([
      [undefined, 'Unschedulable'],
      [undefined, 'Unschedulable'],
    ]);
    expect([progressing(st)?.status, progressing(st)?.reason]).toEqual(['False', 'ProgressDeadlineExceeded']);
  });

  it('tries the pending pods again after 5 minutes without a helpful event (flushUnschedulablePodsLeftover)', () => {
    const st = run('no-room-to-surge', 400_000);
    // Unschedulable at 30.15 s: the flush at 360 s (the first 30 s tick past 330.15 s) tries again and fails again.
    // The first failure wrote the PodScheduled condition, so the second one is about another
    // version of the pod: not isomorphic, an Event of its own.
    expect(failedScheduling(st).map((e) => [e.eventTime, e.series])).toEqual([
      ['2026-01-01T00:00:30.150000Z', undefined],
      ['2026-01-01T00:00:30.150000Z', undefined],
      ['2026-01-01T00:06:00.000000Z', undefined],
      ['2026-01-01T00:06:00.000000Z', undefined],
    ]);
  });

  it('counts the later failures of one pod version as a series, written at its start and every 30 minutes', () => {
    const st = run('no-room-to-surge', 800_000);
    // The third failure (11:30) is isomorphic to the second: the series starts at count 2.
    expect(failedScheduling(st).map((e) => e.series)).toEqual([undefined, undefined, ...Array(2).fill({ count: 2, lastObservedTime: '2026-01-01T00:11:30.000000Z' })]);
    runUntil(st, 2_400_000);
    // 17:00, 22:30 and 28:00 are counted in memory; the 30-minute pass writes count 5. 33:30 and 39:00 wait for the next.
    expect(failedScheduling(st).map((e) => e.series?.count)).toEqual([undefined, undefined, 5, 5]);
  });
});

describe('no-surge-fits preset', () => {
  it('replaces one pod at a time, each new pod waiting for the terminating one to free its memory', () => {
    const st = run('no-surge-fits', 300_000);
    const [oldRS, newRS] = desired('no-surge-fits');
    expect(oldRS).toEqual([6, 5, 4, 3, 2, 1, 0]);
    // maxSurge 0: the new ReplicaSet is created at 0 and grows only after an old pod goes.
    expect(newRS).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const events = failedScheduling(st);
    expect(events.length).toBe(6);
    expect(new Set(events.map((e) => e.message))).toEqual(
      new Set(['0/3 nodes are available: 3 Insufficient memory. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.']),
    );
    const pods = objects<Pod>(st, 'Pod');
    expect(pods.map(image)).toEqual(Array(6).fill('nginx:1.9.3'));
    const perNode = new Map<string, number>();
    for (const p of pods) perNode.set(p.spec.nodeName ?? '', (perNode.get(p.spec.nodeName ?? '') ?? 0) + 1);
    expect([...perNode.values()]).toEqual([2, 2, 2]);
    expect(progressing(st)?.reason).toBe('NewReplicaSetAvailable');
  });
});

describe('one-pod-per-node preset', () => {
  it('cannot place the surge pod next to any old pod and stalls at the deadline', () => {
    const st = run('one-pod-per-node', 200_000);
    expect(desired('one-pod-per-node')).toEqual([[3], [1]]);
    expect(failedScheduling(st).map((e) => e.message)).toEqual([
      "0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.",
    ]);
    expect([progressing(st)?.status, progressing(st)?.reason]).toEqual(['False', 'ProgressDeadlineExceeded']);
  });

  it('rolls out when matchLabelKeys [pod-template-hash] keeps the anti-affinity within one revision', () => {
    const fixed = preset('one-pod-per-node').replace('topologyKey: kubernetes.io/hostname', 'topologyKey: kubernetes.io/hostname\n                  matchLabelKeys: [pod-template-hash]');
    const st = engine(fixed);
    runUntil(st, 200_000);
    expect(failedScheduling(st)).toEqual([]);
    expect(progressing(st)?.reason).toBe('NewReplicaSetAvailable');
  });
});

describe('daemonset-surge-hostport preset', () => {
  it('leaves the surge pod Pending on its node\'s taken host port and keeps every old pod', () => {
    const st = run('daemonset-surge-hostport', 200_000);
    expect(failedScheduling(st).map((e) => e.message)).toEqual([
      "0/3 nodes are available: 1 node(s) didn't have free ports for the requested pod ports, 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.",
    ]);
    const pods = objects<Pod>(st, 'Pod');
    expect(pods.filter((p) => image(p) === 'node-exporter:v1.8' && !p.metadata.deletionTimestamp)).toHaveLength(3);
    expect(pods.filter((p) => image(p) === 'node-exporter:v1.9').map((p) => p.spec.nodeName)).toEqual([undefined]);
  });
});

describe('scheduler state across a keyframe copy', () => {
  it('continues a copied run exactly as the original, the scheduler cache rebuilt from the store', () => {
    for (const id of ['no-surge-fits', 'one-pod-per-node']) {
      const a = engine(preset(id));
      runUntil(a, 33_000);
      const b = cloneEngineState(a);
      expect(b.store.schedCache).toBeUndefined();
      runUntil(a, 120_000);
      runUntil(b, 120_000);
      expect(stateDigest(b)).toBe(stateDigest(a));
    }
  });
});
