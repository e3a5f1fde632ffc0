import { describe, expect, it } from 'vitest';
import type { Pod } from '../../api/types.ts';
import type { TickRecord } from '../../sim.ts';
import { createEngine, runUntil } from '../../sim.ts';
import { parseScenarioText } from '../../../scenario/parse.ts';
import { toSimConfig } from '../../../scenario/toSimConfig.ts';

/** Six web pods on three nodes, the actions given, run to `until` s with every tick kept. */
function run(actions: string, until: number) {
  const parsed = parseScenarioText(`
version: 1
name: nodes
seed: 3
cluster: { nodes: 3 }
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web }
    spec:
      replicas: 6
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec: { containers: [{ name: web, image: "web:1" }] }
actions:
${actions}
`);
  if (!parsed.ok) throw new Error(parsed.errors[0]);
  const st = createEngine(toSimConfig(parsed.value));
  const ticks: TickRecord[] = [];
  runUntil(st, until * 1000, (t) => ticks.push(t));
  return { st, ticks };
}

describe('gcOrphaned', () => {
  it('writes each pod of a deleted node Failed with DisruptionTarget DeletionByPodGC, then removes it, 40 s after the node went', () => {
    const { ticks } = run('  - { at: 10, kubectl: delete node node-2 }', 60);
    const gc = ticks.find((t) => t.actor === 'pod-garbage-collector');
    expect(gc?.time).toBe(50_050);
    const writes = (gc?.writes ?? []).filter((w) => w.object.kind === 'Pod');
    expect(writes.length).toBeGreaterThan(0);
    // Each pod twice in a row: its last status, then its removal (grace 0).
    for (let i = 0; i < writes.length; i += 2) {
      const [status, removed] = [writes[i], writes[i + 1]];
      expect([status?.type, removed?.type]).toEqual(['MODIFIED', 'DELETED']);
      const pod = status?.object as Pod;
      expect(removed?.object.metadata.name).toBe(pod.metadata.name);
      expect(pod.status?.phase).toBe('Failed');
      expect(pod.status?.conditions?.at(-1)).toEqual({
        type: 'DisruptionTarget',
        status: 'True',
        lastProbeTime: null,
        lastTransitionTime: '2026-01-01T00:00:50Z',
        reason: 'DeletionByPodGC',
        message: 'PodGC: node no longer exists',
      });
    }
  });
});

describe('taintEvictPod', () => {
  it('marks a pod DisruptionTarget DeletionByTaintManager before its graceful delete when its 300 s toleration is over', () => {
    const { st, ticks } = run('  - { at: 10, node: { name: node-2, ready: false } }', 320);
    const evicting = ticks.filter((t) => t.summary.includes('evict') && t.writes.some((w) => w.object.kind === 'Pod'));
    expect(evicting.length).toBeGreaterThan(0);
    for (const t of evicting) {
      const [condition, deleting] = t.writes.filter((w) => w.object.kind === 'Pod').map((w) => w.object as Pod);
      expect(condition?.metadata.deletionTimestamp).toBeUndefined();
      expect(condition?.status?.conditions?.find((c) => c.type === 'DisruptionTarget')).toEqual({
        type: 'DisruptionTarget',
        status: 'True',
        lastProbeTime: null,
        lastTransitionTime: '2026-01-01T00:05:10Z',
        reason: 'DeletionByTaintManager',
        message: 'Taint manager: deleting due to NoExecute taint',
      });
      expect(deleting?.metadata.deletionTimestamp).toBeDefined();
    }
    // The unreachable node's kubelet cannot confirm: the pods stay Terminating, with the condition.
    const left = [...st.store.objects.Pod.values()].filter((p) => p.kind === 'Pod' && p.spec.nodeName === 'node-2') as Pod[];
    expect(left.length).toBe(evicting.length);
    for (const p of left) expect(p.status?.conditions?.some((c) => c.type === 'DisruptionTarget' && c.reason === 'DeletionByTaintManager')).toBe(true);
  });
});
