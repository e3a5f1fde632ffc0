import { describe, expect, it } from 'vitest';
import { kubectl, objects, runTicks } from '../../sim/executeTestEngine.ts';
import { statefulEngine, webStatefulSet } from '../../sim/statefulTestEngine.ts';

/** A settled 3-replica StatefulSet: each pod's node, which is also where its claim's volume lives. */
function settled() {
  const st = statefulEngine(webStatefulSet(3));
  runTicks(st, 40);
  const nodeOf = (pod: string) => objects(st, 'Pod').find((p) => p.metadata.name === pod)?.spec.nodeName;
  return { st, nodeOf };
}

describe("a StatefulSet pod and its volume's node (VolumeBinding's Filter)", () => {
  it('comes back on the node its claim was provisioned on after a delete', () => {
    const { st, nodeOf } = settled();
    const before = nodeOf('web-1');
    const claim = objects(st, 'PersistentVolumeClaim').find((c) => c.metadata.name === 'www-web-1');
    expect(claim?.metadata.annotations?.['volume.kubernetes.io/selected-node']).toBe(before);
    for (let i = 0; i < 3; i++) {
      kubectl(st, 'delete pod web-1');
      runTicks(st, 20);
      expect(nodeOf('web-1')).toBe(before);
    }
  });

  it('waits while that node is cordoned, says why, and goes back when it is uncordoned', () => {
    const { st, nodeOf } = settled();
    const home = nodeOf('web-0') as string;
    expect(kubectl(st, `cordon ${home}`).ok).toBe(true);
    kubectl(st, 'delete pod web-0');
    const ticks = runTicks(st, 20);
    expect(nodeOf('web-0')).toBeUndefined();
    const failed = objects(st, 'Event').filter((e) => e.reason === 'FailedScheduling' && e.involvedObject.name === 'web-0');
    expect(failed.map((e) => e.message)).toEqual([
      '0/3 nodes are available: 1 node(s) were unschedulable, 2 node(s) had volume node affinity conflict. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    ]);
    const rejected = ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'runFilterPlugins' && d.values.plugin === 'VolumeBinding');
    expect(rejected.length).toBeGreaterThan(0);
    expect(kubectl(st, `uncordon ${home}`).ok).toBe(true);
    runTicks(st, 20);
    expect(nodeOf('web-0')).toBe(home);
  });
});
