// `kubectl describe pod`, `describe replicaset` and `describe pvc` through the real kubectl and in
// the page's console (kubectl v1.36.3's describe), on one state: a running pod with two
// containers, a named port, requests, limits, a readinessProbe, variables read from the pod and
// from its resources, and its Unhealthy Events; a pod that never schedules; a StatefulSet's pod
// with its claim mounted. The real kubectl is kubectl.1.33 (the server reports v1.33.0), which
// already prints the projected token volume's `Optional:` as 1.36 does; what 1.34–1.36 changed
// since is evened out by describeSkew.ts' normalisers, each line with those it needs, and what
// kubectl works out from its own clock (the RFC 1123 times the server moves to the wall clock,
// and the Events' ages).
import { describe, expect, it } from 'vitest';
import { eventFieldPathsDropped, eventsOfManyDropped, portNamesDropped } from './describeSkew.ts';
import { describeNormalised, servedObjects } from './kubectlHarness.ts';
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
              env:
                - { name: MODE, value: fast }
                - { name: POD_NAME, valueFrom: { fieldRef: { fieldPath: metadata.name } } }
                - { name: POD_NAMESPACE, valueFrom: { fieldRef: { fieldPath: metadata.namespace } } }
                - { name: POD_UID, valueFrom: { fieldRef: { fieldPath: metadata.uid } } }
                - { name: POD_IP, valueFrom: { fieldRef: { fieldPath: status.podIP } } }
                - { name: CPU_MILLIS, valueFrom: { resourceFieldRef: { resource: requests.cpu, divisor: 1m } } }
                - { name: MEMORY_LIMIT, valueFrom: { resourceFieldRef: { resource: limits.memory, divisor: 1Mi } } }
                - { name: CPU_LIMIT, valueFrom: { resourceFieldRef: { resource: limits.cpu } } }
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

/** One object described: its Events are printed by both, their container field paths by 1.36 only. */
const normalise = (t: string) => describeNormalised(eventFieldPathsDropped(portNamesDropped(t)));
/** Several objects, or a name matched by prefix: kubectl 1.36 prints no Events for them. */
const normaliseMany = (t: string) => normalise(eventsOfManyDropped(t));

describe('kubectl describe pod against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deployment/web', 'statefulset/store'], { gitVersion: 'v1.33.0' });
  const webPods = () => servedObjects(h, 'Pod').filter((p) => p.metadata.labels?.app === 'web');

  it('prints each pod as kubectl does: containers with their state, conditions, volumes, QoS class and Events', async () => {
    const names = servedObjects(h, 'Pod').map((p) => `pod/${p.metadata.name}`);
    expect(names.length).toBe(4);
    await expectPrintsAsPage(h, [...names.map((n) => `describe ${n}`), 'describe pods -l app=db'], normalise);
    const [, web] = (await expectPrintsAsPage(h, ['describe pod web', 'describe pods -l app=web'], normaliseMany)).map((r) => r.stdout);
    // Fields of the pod: kubectl's scheme converts only metadata.name and metadata.namespace.
    const fields = ['POD_NAME:\\s+web-\\w+-\\w+ \\(v?1?:metadata\\.name\\)', 'POD_NAMESPACE:\\s+default \\(v?1?:metadata\\.namespace\\)', 'POD_UID:\\s+\\(v?1?:metadata\\.uid\\)', 'POD_IP:\\s+\\(v?1?:status\\.podIP\\)'];
    const resources = ['CPU_MILLIS:\\s+250 \\(requests\\.cpu\\)', 'MEMORY_LIMIT:\\s+128 \\(limits\\.memory\\)', 'CPU_LIMIT:\\s+node allocatable \\(limits\\.cpu\\)'];
    expect(web).toMatch(new RegExp(`\\n {6}${[...fields, ...resources].join('\\n {6}')}\\n`));
  });

  it('serves each running pod with podIPs and hostIPs, as the v1 conversion fills them in from podIP and hostIP, and its QoS class', async () => {
    const line = 'get pods -l app=web -o jsonpath={range.items[*]}{.status.podIP}={.status.podIPs[0].ip},{.status.hostIP}={.status.hostIPs[*].ip},{.status.qosClass};{end}';
    const [real] = await expectAnswersAsPage(h, [line]);
    const pairs = (real?.real ?? '').split(';').filter((p) => p !== '');
    expect(pairs.length).toBe(2);
    for (const p of pairs) expect(p).toMatch(/^(10\.244\.\d+\.\d+)=\1,(172\.18\.0\.\d+)=\2,Burstable$/);
  });

  it("serves a pod's spec with the defaults and admissions a cluster stores, and takes it back as it was", async () => {
    const pod = `pod/${webPods()[0]?.metadata.name}`;
    const fields = await h.kubectl(['get', pod, '-o', 'jsonpath={.spec.serviceAccountName},{.spec.dnsPolicy},{.spec.priority},{.spec.volumes[-1:].name},{.spec.containers[0].volumeMounts[-1:].mountPath}']);
    expect(fields.stdout).toMatch(/^default,ClusterFirst,0,kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5},\/var\/run\/secrets\/kubernetes\.io\/serviceaccount$/);
    const d = await h.kubectl(['describe', pod]);
    expect(d.stdout).toMatch(/\nPriority:\s+0\nService Account:\s+default\n/);
    expect(d.stdout).toMatch(/\n {6}\/var\/run\/secrets\/kubernetes\.io\/serviceaccount from kube-api-access-\w{5} \(ro\)\n/);
    // A replace of what was served stores what was stored: no new revision, no rollout. What is
    // stored before and after is read from the served store (kubectl's get -o yaml is what is replaced).
    const stored = (target: string) => {
      const [kind, name] = target.split('/');
      return servedObjects(h, kind === 'pod' ? 'Pod' : 'Deployment').find((o) => o.metadata.name === name);
    };
    const webReplicaSets = () => servedObjects(h, 'ReplicaSet').filter((rs) => rs.metadata.labels?.app === 'web').map((rs) => rs.metadata.name);
    const rsBefore = webReplicaSets();
    for (const target of [pod, 'deployment/web']) {
      const before = stored(target)?.spec;
      expect(before, target).toBeDefined();
      const r = await h.kubectl(['replace', '-f', '-'], (await h.kubectl(['get', target, '-o', 'yaml'])).stdout);
      expect(r.stderr, target).toBe('');
      // A no-op update keeps the spec (the pod's resourceVersion may move on with its status).
      expect(stored(target)?.spec, target).toEqual(before);
    }
    expect(stored('deployment/web')?.metadata.generation).toBe(1);
    expect(webReplicaSets()).toEqual(rsBefore);
  });

  it('prints a StatefulSet claim with its class, volume, finalizers, capacity, access modes and the pod using it', async () => {
    await expectPrintsAsPage(h, ['describe pvc data-store-0', 'describe persistentvolumeclaims'], normalise);
    await expectPrintsAsPage(h, ['describe pvc data'], normaliseMany);
  });

  it('prints each ReplicaSet with its pods by phase, its template and Events', async () => {
    const rs = servedObjects(h, 'ReplicaSet')
      .filter((r) => r.metadata.labels?.app === 'web')
      .map((r) => `replicaset.apps/${r.metadata.name}`)
      .join('\n');
    await expectPrintsAsPage(h, [`describe ${rs}`], normalise);
    await expectPrintsAsPage(h, ['describe rs', 'describe replicasets db'], normaliseMany);
    // --show-events given: the Events of every object, as 1.32 and 1.33 print them by default.
    await expectPrintsAsPage(h, ['describe rs --show-events', 'describe replicasets db --show-events=true'], normalise);
  });

  it('matches a name as a prefix only for exactly TYPE NAME, as kubectl does', async () => {
    // `describe deploy we` describes web; `deploy/we` and `deploy we web` are a name not found.
    await expectAnswersAsPage(h, ['describe deploy/we', 'describe deploy we db'], normaliseMany);
  });
});
