// A standalone claim in a scenario's objects, run by the engine: a Deployment of 1 replica mounts
// `data`, a claim of no class the DefaultStorageClass admission gives `standard`
// (WaitForFirstConsumer). The pod is scheduled, the binder binds the claim to its pvc-<uid>
// volume, the console shows it Bound; the claim has no owner and outlives the pod and the Deployment.
import { describe, expect, it } from 'vitest';
import type { PersistentVolumeClaimObject } from '../engine/api/statefulTypes.ts';
import { advance, kubectl } from '../engine/sim/executeTestEngine.ts';
import { createEngine } from '../engine/sim/simulation.ts';
import type { EngineState } from '../engine/sim/state.ts';
import { parseScenarioText } from './parse.ts';
import { toSimConfig } from './toSimConfig.ts';

const SCENARIO = `version: 1
name: a Deployment and its claim
cluster: { nodes: 2 }
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: db }
    spec:
      replicas: 1
      selector: { matchLabels: { app: db } }
      template:
        metadata: { labels: { app: db } }
        spec:
          containers: [{ name: db, image: "mysql:9", volumeMounts: [{ name: data, mountPath: /var/lib/mysql }] }]
          volumes: [{ name: data, persistentVolumeClaim: { claimName: data } }]
  - apiVersion: v1
    kind: PersistentVolumeClaim
    metadata: { name: data }
    spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }
`;

function started(text = SCENARIO): EngineState {
  const s = parseScenarioText(text);
  if (!s.ok) throw new Error(s.errors.join('\n'));
  const st = createEngine(toSimConfig(s.value));
  advance(st, 20);
  return st;
}

function claim(st: EngineState): PersistentVolumeClaimObject {
  const c = st.store.objects.PersistentVolumeClaim.get('default/data');
  if (c?.kind !== 'PersistentVolumeClaim') throw new Error('no claim data');
  return c as PersistentVolumeClaimObject;
}

describe('a claim of its own beside a Deployment that mounts it', () => {
  it('is admitted as the API server admits it: class standard, Filesystem, the pvc-protection finalizer, no owner', () => {
    const c = claim(started());
    expect(c.spec.storageClassName).toBe('standard');
    expect(c.spec.volumeMode).toBe('Filesystem');
    expect(c.metadata.finalizers).toEqual(['kubernetes.io/pvc-protection']);
    expect(c.metadata.ownerReferences).toBeUndefined();
  });

  it('binds once the pod is scheduled, and the pod runs', () => {
    const st = started();
    const c = claim(st);
    expect(c.status).toEqual({ phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' } });
    expect(c.spec.volumeName).toBe(`pvc-${c.metadata.uid}`);
    const pods = kubectl(st, "get pods -o 'jsonpath={.items[0].status.phase} {.items[0].spec.nodeName}'");
    expect(pods.output).toBe(`Running ${c.metadata.annotations?.['volume.kubernetes.io/selected-node']}`);
    const get = kubectl(st, 'get pvc');
    expect(get.ok).toBe(true);
    expect(get.output.split('\n')).toEqual([
      'NAME   STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE',
      `data   Bound    pvc-${c.metadata.uid}   1Gi        RWO            standard       <unset>                 20s`,
    ]);
    expect(kubectl(st, 'describe pvc data').output).toMatch(/^Used By: {7}db-[a-z0-9]+-[a-z0-9]{5}$/m);
  });

  it('outlives its pod and its Deployment', () => {
    const st = started();
    const uid = claim(st).metadata.uid;
    expect(kubectl(st, 'delete deployment db').output).toBe('deployment.apps "db" deleted from default namespace');
    advance(st, 30);
    expect(st.store.objects.Pod.size).toBe(0);
    expect(claim(st)).toMatchObject({ metadata: { uid }, status: { phase: 'Bound' } });
    expect(kubectl(st, 'delete pvc data').output).toBe('persistentvolumeclaim "data" deleted from default namespace');
    advance(st, 5);
    expect(st.store.objects.PersistentVolumeClaim.size).toBe(0);
  });

  it('keeps the pod Pending while a claim of a class this cluster lacks waits', () => {
    const st = started(SCENARIO.replace('resources: {', 'storageClassName: fast, resources: {'));
    expect(claim(st).status?.phase).toBe('Pending');
    expect(kubectl(st, 'get pods -o jsonpath={.items[0].status.phase}').output).toBe('Pending');
    expect(kubectl(st, 'get events --field-selector reason=ProvisioningFailed -o jsonpath={.items[0].message}').output).toBe('storageclass.storage.k8s.io "fast" not found');
  });
});
