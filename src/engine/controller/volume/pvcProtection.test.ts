import { describe, expect, it } from 'vitest';
import type { TickRecord } from '../../client/tick.ts';
import { kubectl, objects, runTicks } from '../../sim/executeTestEngine.ts';
import type { EngineState } from '../../sim/state.ts';
import { statefulEngine, webStatefulSet } from '../../sim/statefulTestEngine.ts';



function settled(replicas = 2): EngineState {
  const st = statefulEngine(webStatefulSet(replicas));
  runTicks(st, 30);
  return st;
}

const claim = (st: EngineState, name: string) => objects(st, 'PersistentVolumeClaim').find((c) => c.metadata.name === name);
const protection = (ticks: TickRecord[]) => ticks.filter((t) => t.actor === 'pvc-protection-controller').map((t) => t.summary);

describe('the pvc-protection controller', () => {
  it('gives every new claim the finalizer kubernetes.io/pvc-protection', () => {
    const st = settled();
    expect(objects(st, 'PersistentVolumeClaim').map((c) => c.metadata.finalizers)).toEqual([['kubernetes.io/pvc-protection'], ['kubernetes.io/pvc-protection']]);
  });

  it('keeps a claim deleted under its running pod Terminating, then lets it go with the pod, and the StatefulSet makes a new one', () => {
    const st = settled();
    const volume = claim(st, 'www-web-0')?.spec.volumeName;
    kubectl(st, 'delete pvc www-web-0');
    const held = runTicks(st, 5);
    expect(protection(held)).toEqual(['claim www-web-0 stays while web-0 mounts it (kubernetes.io/pvc-protection)']);
    expect(kubectl(st, 'get pvc www-web-0').output).toMatch(/\nwww-web-0\s+Terminating\s+/);
    kubectl(st, 'delete pod web-0');
    const freed = runTicks(st, 10);
    expect(protection(freed)).toEqual(['claim www-web-0 is no longer mounted: finalizer kubernetes.io/pvc-protection removed']);
    // The StatefulSet met the claim still being deleted once, then created it anew: a new volume.
    expect(freed.some((t) => t.summary.includes('error syncing default/web: pvc www-web-0 is being deleted'))).toBe(true);
    const again = claim(st, 'www-web-0');
    expect(again?.status?.phase).toBe('Bound');
    expect(again?.spec.volumeName).not.toBe(volume);
    const decisions = freed.flatMap((t) => t.decisions).filter((d) => d.fn === 'processPVC');
    expect(decisions.map((d) => [d.key, d.values])).toEqual([['finalizerRemoved', { claim: 'www-web-0', gone: 'yes' }]]);
  });

  it('removes an unused claim at once', () => {
    const st = settled(2);
    kubectl(st, 'scale sts web --replicas=1');
    runTicks(st, 20);
    kubectl(st, 'delete pvc www-web-1');
    expect(claim(st, 'www-web-1')?.metadata.deletionTimestamp).toBeDefined();
    runTicks(st, 1);
    expect(claim(st, 'www-web-1')).toBeUndefined();
  });

  it('puts the finalizer back when an update takes it off a claim not being deleted', () => {
    const st = settled(1);
    kubectl(st, `patch pvc www-web-0 --type=json -p '[{"op":"remove","path":"/metadata/finalizers"}]'`);
    const ticks = runTicks(st, 1);
    expect(protection(ticks)).toEqual(['claim www-web-0: finalizer kubernetes.io/pvc-protection added']);
    expect(claim(st, 'www-web-0')?.metadata.finalizers).toEqual(['kubernetes.io/pvc-protection']);
  });
});
