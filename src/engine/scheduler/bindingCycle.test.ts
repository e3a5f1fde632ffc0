// The binding cycle of a pod whose claim is provisioned for it (WaitForFirstConsumer): Pending with
// no node while PreBind waits for the volume, then bound; an Immediate claim's pod is not held.
import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types.ts';
import type { EngineState } from '../sim/state.ts';
import { createEngine, runUntil } from '../sim/simulation.ts';
import { kubectl, objects } from '../sim/executeTestEngine.ts';
import { statefulConfig, webStatefulSet } from '../sim/statefulTestEngine.ts';

/** web (one replica, one `www` claim of the default class) on `nodes` nodes of `maxPods` pods each. */
function cluster(nodes = 3, maxPods = 110): EngineState {
  const cfg = statefulConfig([webStatefulSet(1)]);
  return createEngine({ ...cfg, nodes: cfg.nodes.slice(0, nodes).map((n) => ({ ...n, maxPods })) });
}

const podNamed = (st: EngineState, name: string) => objects(st, 'Pod').find((p) => p.metadata.name === name);
const claimNamed = (st: EngineState, name: string) => objects(st, 'PersistentVolumeClaim').find((c) => c.metadata.name === name);

/** Runs to `ms` and returns every decision of `fns`, as `fn.key@time`. */
function decisionsUntil(st: EngineState, ms: number, fns: readonly string[]): string[] {
  const out: string[] = [];
  runUntil(st, ms, (t) => {
    for (const d of t.decisions) if (fns.includes(d.fn)) out.push(`${d.fn}.${d.key}@${st.now}`);
  });
  return out;
}

const plainPod = (name: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } });
/** A pod that mounts the claim `claim`. */
const mounting = (name: string, claim: string) => ({ ...plainPod(name), spec: { ...plainPod(name).spec, volumes: [{ name: 'd', persistentVolumeClaim: { claimName: claim } }] } });

describe('bindingCycle', () => {
  it('keeps the pod Pending with no node while its claim is provisioned, then binds it', () => {
    const st = cluster();
    const seen = decisionsUntil(st, 1000, ['preBind', 'syncBinder']);
    // The cycle at 0.1 s chose a node and wrote it on the claim; the provisioner started at 0.15 s.
    expect(seen).toEqual(['preBind.waitForVolumes@100', 'syncBinder.provisioning@150']);
    const node = claimNamed(st, 'www-web-0')?.metadata.annotations?.['volume.kubernetes.io/selected-node'];
    expect(node).toMatch(/^node-\d$/);
    const waiting = podNamed(st, 'web-0') as Pod;
    expect(waiting.spec.nodeName).toBeUndefined();
    expect(waiting.status?.phase).toBe('Pending');
    expect(waiting.status?.conditions ?? []).toEqual([]);
    expect(kubectl(st, 'get pv').output).toBe('No resources found');
    // As on kind: describe pod shows no Events yet (the Scheduled one comes with the bind).
    expect(kubectl(st, 'describe pod web-0').output).toMatch(/Node:\s+<none>/);
    expect(objects(st, 'Event').filter((e) => e.involvedObject.name === 'web-0')).toEqual([]);

    const later = decisionsUntil(st, 3100, ['preBind', 'syncBinder']);
    expect(later).toEqual(['preBind.stillWaiting@1100', 'preBind.stillWaiting@2100', 'syncBinder.bound@2150', 'preBind.volumesBound@3100']);
    const bound = podNamed(st, 'web-0') as Pod;
    expect(bound.spec.nodeName).toBe(node);
    expect(kubectl(st, 'get pv').output).toContain(`Bound    default/www-web-0`);
    const events = objects(st, 'Event').filter((e) => e.involvedObject.name === 'web-0').map((e) => [e.reason, e.message]);
    expect(events).toEqual([['Scheduled', `Successfully assigned default/web-0 to ${node}`]]);
  });

  it('schedules other pods while one waits, counting the waiting pod on its node', () => {
    // One node that holds one pod: web-0 is assumed on it, so a pod made meanwhile does not fit.
    const st = cluster(1, 1);
    runUntil(st, 500, () => {});
    expect(kubectl(st, 'apply -f -', plainPod('other')).ok).toBe(true);
    const seen = decisionsUntil(st, 1000, ['handleSchedulingFailure']);
    expect(seen.map((s) => s.split('@')[0])).toEqual(['handleSchedulingFailure.unschedulablePods']);
    expect(podNamed(st, 'other')?.status?.conditions?.[0]?.message).toBe('0/1 nodes are available: 1 Too many pods. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.');
    // With room for both, the other pod is bound at once, before web-0.
    const roomy = cluster(1, 110);
    runUntil(roomy, 500, () => {});
    expect(kubectl(roomy, 'apply -f -', plainPod('other')).ok).toBe(true);
    runUntil(roomy, 1000, () => {});
    expect(podNamed(roomy, 'other')?.spec.nodeName).toBe('node-1');
    expect(podNamed(roomy, 'web-0')?.spec.nodeName).toBeUndefined();
  });

  it('cancels the binding of a pod deleted while it waits', () => {
    // A pod of its own (a StatefulSet would make web-0 again at once).
    const st = createEngine(statefulConfig([]));
    const claim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } };
    expect(kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'List', items: [claim, mounting('db', 'data')] }).ok).toBe(true);
    const started = decisionsUntil(st, 500, ['preBind']);
    expect(started.map((s) => s.split('@')[0])).toEqual(['preBind.waitForVolumes']);
    expect(kubectl(st, 'delete pod db').ok).toBe(true);
    const seen = decisionsUntil(st, 2000, ['preBind']);
    expect(seen.map((s) => s.split('@')[0])).toEqual(['preBind.podGone']);
    // The provisioner goes on: the claim is bound all the same, as upstream.
    runUntil(st, 3000, () => {});
    expect(claimNamed(st, 'data')?.status?.phase).toBe('Bound');
  });

  it('schedules the pod again when its node goes away during the wait', () => {
    const st = cluster();
    runUntil(st, 500, () => {});
    const first = claimNamed(st, 'www-web-0')?.metadata.annotations?.['volume.kubernetes.io/selected-node'] ?? '';
    expect(kubectl(st, `delete node ${first}`).ok).toBe(true);
    const seen = decisionsUntil(st, 1200, ['handleBindingCycleError', 'preBind']);
    expect(seen).toEqual(['handleBindingCycleError.toBackoffQ@1100', 'preBind.waitForVolumes@1100']);
    const events = objects(st, 'Event').filter((e) => e.involvedObject.name === 'web-0').map((e) => [e.reason, e.message]);
    expect(events).toEqual([['FailedScheduling', `running PreBind plugin "VolumeBinding": binding volumes: failed to get node "${first}": node "${first}" not found`]]);
    runUntil(st, 5000, () => {});
    const second = podNamed(st, 'web-0')?.spec.nodeName;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(claimNamed(st, 'www-web-0')?.status?.phase).toBe('Bound');
  });

  it('binds at once a pod whose claim binds immediately to a volume made by hand', () => {
    const st = createEngine(statefulConfig([]));
    const hostPath = { capacity: { storage: '5Gi' }, accessModes: ['ReadWriteOnce'], storageClassName: 'manual', hostPath: { path: '/mnt/data' } };
    kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'manual-pv' }, spec: hostPath });
    kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' }, spec: { storageClassName: 'manual', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } });
    runUntil(st, 1000, () => {});
    expect(claimNamed(st, 'data')?.status?.phase).toBe('Bound');
    expect(kubectl(st, 'apply -f -', mounting('db', 'data')).ok).toBe(true);
    const seen = decisionsUntil(st, 1200, ['preBind', 'findNodesThatFitPod', 'selectHost']);
    expect(seen.filter((s) => s.startsWith('preBind'))).toEqual([]);
    expect(podNamed(st, 'db')?.spec.nodeName).toMatch(/^node-\d$/);
  });
});
