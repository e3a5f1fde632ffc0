// `kubectl describe node` and the node leases through the real kubectl (v1.32.4) and in the
// page's console (kubectl v1.36.3's describe), on one state: a control-plane node with a taint, a
// worker running pods of two namespaces with requests and limits, a cordoned node that failed and
// came back (the node controller's NodeNotReady about its uid, the kubelet's NodeReady about its
// name: describe asks for both), and a node whose kubelet stopped (every condition Unknown, its
// lease no longer renewed). What kubectl works out from its own clock (the RFC 1123 times the
// server moves to the wall clock, the pods' and Events' ages) is evened out, and what 1.36 prints
// differently (describeSkew.ts): no Kube-Proxy Version line, and no Events for several nodes or
// the nodes a prefix matched.
import { describe, expect, it } from 'vitest';
import { eventsOfManyDropped, kubeProxyVersionDropped } from './describeSkew.ts';
import { describeNormalised } from './kubectlHarness.ts';
import { expectPrintsAsPage, servedScenario } from './printsAsPage.ts';

const SCENARIO = `version: 1
name: describe node
cluster:
  nodes:
    - name: cp
      labels: { node-role.kubernetes.io/control-plane: "" }
      taints: [{ key: node-role.kubernetes.io/control-plane, effect: NoSchedule }]
    - { name: worker-a }
    - { name: worker-b, unschedulable: true }
    - { name: worker-c }
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web }
    spec:
      replicas: 3
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec:
          nodeSelector: { kubernetes.io/hostname: worker-a }
          containers:
            - name: web
              image: "web:1"
              resources: { requests: { cpu: 250m, memory: 64Mi }, limits: { memory: 128Mi } }
            - { name: log, image: "log:2", resources: { requests: { cpu: 100m, memory: 32Mi }, limits: { cpu: 100m, memory: 32Mi } } }
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: jobs, namespace: batch }
    spec:
      replicas: 1
      selector: { matchLabels: { app: jobs } }
      template:
        metadata: { labels: { app: jobs } }
        spec:
          nodeSelector: { kubernetes.io/hostname: worker-a }
          containers: [{ name: jobs, image: "jobs:1" }]
actions:
  - { at: 1, node: { name: worker-c, ready: false } }
  - { at: 2, node: { name: worker-b, ready: false } }
  - { at: 3, node: { name: worker-b, ready: true } }
`;


/** podAgesNormalised blanks the Age of each row of the Non-terminated Pods table (its last column). */
function podAgesNormalised(text: string): string {
  return text
    .split('\n')
    .map((l) => (/^ {2}(default|batch) /.test(l) ? l.replace(/\S+$/, '-') : l))
    .join('\n');
}

const normalise = (t: string) => podAgesNormalised(describeNormalised(kubeProxyVersionDropped(t)));
const normaliseMany = (t: string) => normalise(eventsOfManyDropped(t));

describe('kubectl describe node against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deployment/web']);

  it('prints each node as kubectl does: roles, taints, lease, conditions, addresses, system info, pods and allocated resources', async () => {
    await expectPrintsAsPage(h, ['describe node cp', 'describe node worker-a', 'describe nodes worker-b', 'describe node worker-c'], normalise);
    await expectPrintsAsPage(h, ['describe no worker', 'describe nodes'], normaliseMany);
  });

  it('serves one kubelet lease per node in kube-node-lease, held by the node and owned by it', async () => {
    const leases = await h.kubectl(['get', 'leases', '-n', 'kube-node-lease']);
    expect(leases.stdout.split('\n').map((l) => l.split(/\s+/).slice(0, 2).join(' '))).toEqual(['NAME HOLDER', 'cp cp', 'worker-a worker-a', 'worker-b worker-b', 'worker-c worker-c', '']);
    const lease = JSON.parse((await h.kubectl(['get', 'lease', 'worker-a', '-n', 'kube-node-lease', '-o', 'json'])).stdout) as {
      metadata: { ownerReferences: { kind: string; name: string }[] };
      spec: { holderIdentity: string; leaseDurationSeconds: number; renewTime: string };
    };
    expect(lease.metadata.ownerReferences.map((o) => `${o.kind}/${o.name}`)).toEqual(['Node/worker-a']);
    expect(lease.spec.leaseDurationSeconds).toBe(40);
    expect(lease.spec.renewTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const other = await h.kubectl(['get', 'leases']);
    expect(other.stderr).toBe('No resources found in default namespace.\n');
    const refused = await h.kubectl(['delete', 'lease', 'cp', '-n', 'kube-node-lease']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Error from server (MethodNotAllowed)');
  });
});
