import { describe, expect, it } from 'vitest';
import type { Pod } from '../engine/api/types.ts';
import { createEngine, runUntil } from '../engine/sim.ts';
import { importManifests } from './importDocs.ts';
import { validateScenario } from './parse.ts';
import { toSimConfig } from './toSimConfig.ts';

/** A pod as `kubectl get pod -o yaml` prints it from a cluster (trimmed): bound, with its token volume and status. */
const exported = `apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: "2026-11-30T21:49:33Z"
  labels: { run: imp }
  name: imp
  namespace: default
  resourceVersion: "412"
  uid: 4d3f8c1e-1f9a-4a43-9d2e-0b7d1c2f6a55
spec:
  containers:
  - image: web:1
    imagePullPolicy: IfNotPresent
    name: imp
    resources: {}
    volumeMounts:
    - { mountPath: /var/run/secrets/kubernetes.io/serviceaccount, name: kube-api-access-mj6bk, readOnly: true }
    - { mountPath: /data, name: scratch }
  dnsPolicy: ClusterFirst
  nodeName: node-3
  restartPolicy: Always
  volumes:
  - name: kube-api-access-mj6bk
    projected:
      defaultMode: 420
      sources:
      - serviceAccountToken: { expirationSeconds: 3607, path: token }
  - { name: scratch, emptyDir: {} }
status:
  phase: Running
`;

describe('stripPodServerFields', () => {
  it('imports an exported pod as its author wrote it: no binding, token volume or status, its own volume kept', () => {
    const r = importManifests(exported);
    expect(r.ok && r.value.type === 'objects' && r.value.objects).toEqual([
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { labels: { run: 'imp' }, name: 'imp', namespace: 'default' },
        spec: {
          containers: [{ image: 'web:1', imagePullPolicy: 'IfNotPresent', name: 'imp', resources: {}, volumeMounts: [{ mountPath: '/data', name: 'scratch' }] }],
          dnsPolicy: 'ClusterFirst',
          restartPolicy: 'Always',
          volumes: [{ name: 'scratch', emptyDir: {} }],
        },
      },
    ]);
  });

  it('keeps the nodeName of a pod written by hand (no status): it skips the scheduler', () => {
    const r = importManifests('apiVersion: v1\nkind: Pod\nmetadata: { name: pinned }\nspec: { nodeName: node-1, containers: [{ name: a, image: "web:1" }] }\n');
    expect(r.ok && r.value.type === 'objects' && (r.value.objects[0] as Pod).spec.nodeName).toBe('node-1');
  });

  it('refuses a pod the API server refuses, in its words', () => {
    const r = importManifests('apiVersion: v1\nkind: Pod\nmetadata: { name: Bad }\nspec: { containers: [{ name: a }] }\n');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.join('\n')).toContain('The Pod "Bad" is invalid: [metadata.name: Invalid value: "Bad": a lowercase RFC 1123 subdomain');
  });
});

describe('a scenario with a pod of its own', () => {
  it('validates it as the API server does and runs it: scheduled, started, Ready', () => {
    const v = validateScenario({
      version: 1,
      name: 'one pod',
      cluster: { nodes: 2 },
      objects: [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'solo', labels: { app: 'solo' } }, spec: { containers: [{ name: 'app', image: 'web:1' }] } }],
      actions: [{ at: 30, kubectl: 'set image pod/solo app=web:2' }],
    });
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    const st = createEngine(toSimConfig(v.value));
    runUntil(st, 60_000);
    const pod = st.store.objects.Pod.get('default/solo') as Pod;
    expect(pod.spec.nodeName).toMatch(/^node-/);
    expect(pod.status?.containerStatuses?.[0]).toMatchObject({ image: 'docker.io/library/web:2', restartCount: 1, ready: true });
  });

  it('says which pod of objects the API server refuses, at its path', () => {
    const v = validateScenario({
      version: 1,
      name: 'bad pod',
      cluster: { nodes: 2 },
      objects: [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'solo' }, spec: { restartPolicy: 'Sometimes', containers: [{ name: 'app', image: 'web:1' }] } }],
      actions: [],
    });
    expect(!v.ok && v.errors).toEqual([
      'objects[0]: The Pod "solo" is invalid: spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
    ]);
  });
});
