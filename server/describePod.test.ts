// `kubectl describe pod`, `describe replicaset` and `describe pvc` through the real kubectl (v1.32.4) and in the
// page's console, on one state:
// a running pod with two containers, requests, limits, a readinessProbe and its Unhealthy Events; a
// pod that never schedules; a StatefulSet's pod with its claim mounted. Only what kubectl works out
// from its own clock (the RFC 1123 times the server moves to the wall clock, and the Events' ages)
// is evened out.
import { describe, expect, it } from 'vitest';
import { describeNormalised } from './kubectlHarness.ts';
import { expectAnswersAsPage, expectPrintsAsPage, servedScenario } from './printsAsPage.ts';
import { UNSCHEDULABLE_DB_DOC } from './scenarioDocs.ts';

const SCENARIO = `version: 1
name: describe pod
cluster:
  nodes: 2
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, labels: { app: web } }
    spec:
      replicas: 2
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web }, annotations: { team: blue } }
        spec:
          containers:
            - name: web
              image: "web:1"
              ports: [{ name: http, containerPort: 8080 }]
              resources: { requests: { cpu: 250m, memory: 64Mi }, limits: { memory: 128Mi } }
              readinessProbe: { httpGet: { path: /healthz, port: 8080 }, periodSeconds: 2 }
              env: [{ name: MODE, value: fast }]
            - { name: log, image: "log:2", resources: { requests: { cpu: 100m, memory: 32Mi }, limits: { cpu: 100m, memory: 32Mi } } }
${UNSCHEDULABLE_DB_DOC}  - apiVersion: apps/v1
    kind: StatefulSet
    metadata: { name: store }
    spec:
      replicas: 1
      serviceName: store
      selector: { matchLabels: { app: store } }
      template:
        metadata: { labels: { app: store } }
        spec:
          containers:
            - name: store
              image: "store:1"
              resources: { requests: { cpu: 500m, memory: 1Gi }, limits: { cpu: 500m, memory: 1Gi } }
              volumeMounts: [{ name: data, mountPath: /var/lib/store }]
      volumeClaimTemplates:
        - metadata: { name: data }
          spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }
`;

const normalise = describeNormalised;

describe('kubectl describe pod against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deployment/web', 'statefulset/store']);

  it('prints each pod as kubectl does: containers with their state, conditions, volumes, QoS class and Events', async () => {
    const names = (await h.kubectl(['get', 'pods', '-o', 'name'])).stdout.trim().split('\n');
    expect(names.length).toBe(4);
    await expectPrintsAsPage(h, [...names.map((n) => `describe ${n}`), 'describe pod web', 'describe pods -l app=db'], normalise);
  });

  it('serves each running pod with podIPs and hostIPs, as the v1 conversion fills them in from podIP and hostIP, and its QoS class', async () => {
    const line = 'get pods -l app=web -o jsonpath={range.items[*]}{.status.podIP}={.status.podIPs[0].ip},{.status.hostIP}={.status.hostIPs[*].ip},{.status.qosClass};{end}';
    const real = await h.kubectl(line.split(' '));
    const pairs = real.stdout.split(';').filter((p) => p !== '');
    expect(pairs.length).toBe(2);
    for (const p of pairs) expect(p).toMatch(/^(10\.244\.\d+\.\d+)=\1,(172\.18\.0\.\d+)=\2,Burstable$/);
    await expectAnswersAsPage(h, [line]);
  });

  it("serves a pod's spec with the defaults and admissions a cluster stores, and takes it back as it was", async () => {
    const pod = (await h.kubectl(['get', 'pods', '-l', 'app=web', '-o', 'name'])).stdout.trim().split('\n')[0] ?? '';
    const fields = await h.kubectl(['get', pod, '-o', 'jsonpath={.spec.serviceAccountName},{.spec.dnsPolicy},{.spec.priority},{.spec.volumes[-1:].name},{.spec.containers[0].volumeMounts[-1:].mountPath}']);
    expect(fields.stdout).toMatch(/^default,ClusterFirst,0,kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5},\/var\/run\/secrets\/kubernetes\.io\/serviceaccount$/);
    const d = await h.kubectl(['describe', pod]);
    expect(d.stdout).toMatch(/\nPriority:\s+0\nService Account:\s+default\n/);
    expect(d.stdout).toMatch(/\n {6}\/var\/run\/secrets\/kubernetes\.io\/serviceaccount from kube-api-access-\w{5} \(ro\)\n/);
    // A replace of what was served stores what was stored: no new revision, no rollout.
    const rsBefore = (await h.kubectl(['get', 'rs', '-l', 'app=web', '-o', 'name'])).stdout;
    for (const target of [pod, 'deployment/web']) {
      const specAndVersion = ['get', target, '-o', 'jsonpath={.spec} {.metadata.resourceVersion}'];
      const before = (await h.kubectl(specAndVersion)).stdout;
      const r = await h.kubectl(['replace', '-f', '-'], (await h.kubectl(['get', target, '-o', 'yaml'])).stdout);
      expect(r.stderr, target).toBe('');
      // A no-op update keeps the resourceVersion (the pod's may move on with its status: compare the spec then).
      const after = (await h.kubectl(specAndVersion)).stdout;
      expect(after.split(' ')[0], target).toBe(before.split(' ')[0]);
    }
    expect((await h.kubectl(['get', 'deployment/web', '-o', 'jsonpath={.metadata.generation}'])).stdout).toBe('1');
    expect((await h.kubectl(['get', 'rs', '-l', 'app=web', '-o', 'name'])).stdout).toBe(rsBefore);
  });

  it('prints a StatefulSet claim with its class, volume, finalizers, capacity, access modes and the pod using it', async () => {
    await expectPrintsAsPage(h, ['describe pvc data-store-0', 'describe persistentvolumeclaims'], normalise);
  });

  it('prints each ReplicaSet with its pods by phase, its template and Events', async () => {
    const rs = (await h.kubectl(['get', 'rs', '-l', 'app=web', '-o', 'name'])).stdout.trim();
    await expectPrintsAsPage(h, ['describe rs', `describe ${rs}`, 'describe replicasets db'], normalise);
  });
});
