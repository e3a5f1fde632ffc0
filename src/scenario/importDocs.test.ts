import { describe, expect, it } from 'vitest';
import { importManifests } from './importDocs.ts';

const deployment = (name: string, replicas: number | string = 3, namespace?: string) => `apiVersion: apps/v1
kind: Deployment
metadata: { name: ${name}${namespace ? `, namespace: ${namespace}` : ''} }
spec:
  replicas: ${replicas}
  selector: { matchLabels: { app: ${name} } }
  template:
    metadata: { labels: { app: ${name} } }
    spec: { containers: [{ name: c, image: "nginx:1.9" }] }
`;

/** A node as `kubectl get node -o yaml` prints it, trimmed: the kubelet's fields are dropped on import. */
const node = `apiVersion: v1
kind: Node
metadata:
  name: pool-b-1
  uid: 2f0c
  labels: { pool: b, kubernetes.io/os: linux }
spec:
  taints: [{ key: dedicated, value: payments, effect: NoSchedule }]
  unschedulable: true
status:
  capacity: { cpu: "8", memory: 32Gi, pods: "110" }
  allocatable: { cpu: 7910m, memory: 31Gi, pods: "100" }
  conditions: [{ type: Ready, status: "True" }]
`;

describe('importManifests', () => {
  it('makes a v1 Node a scenario node with its labels, taints, unschedulable and allocatable', () => {
    const r = importManifests(node);
    expect(r.ok && r.value.type === 'objects' && r.value.nodes).toEqual([
      {
        name: 'pool-b-1',
        labels: { pool: 'b', 'kubernetes.io/os': 'linux' },
        taints: [{ key: 'dedicated', value: 'payments', effect: 'NoSchedule' }],
        unschedulable: true,
        allocatable: { cpu: '7910m', memory: '31Gi', pods: 100 },
      },
    ]);
  });

  it('takes capacity when a node has no allocatable, and a bare node as just its name', () => {
    const r = importManifests(
      'apiVersion: v1\nkind: Node\nmetadata: { name: a }\nstatus: { capacity: { pods: 30 } }\n---\napiVersion: v1\nkind: Node\nmetadata: { name: b }\n',
    );
    expect(r.ok && r.value.type === 'objects' && r.value.nodes).toEqual([{ name: 'a', allocatable: { pods: 30 } }, { name: 'b' }]);
  });

  it('keeps a Namespace document as a Namespace object, with its labels, in the file’s order', () => {
    const r = importManifests(
      `apiVersion: v1\nkind: Namespace\nmetadata: { name: payments, labels: { team: pay } }\n---\n${deployment('checkout-api', 30, 'payments')}`,
    );
    expect(r.ok && r.value.type === 'objects' && r.value.objects.map((o) => [o.kind, o.metadata])).toEqual([
      ['Namespace', { name: 'payments', labels: { team: 'pay' } }],
      ['Deployment', { name: 'checkout-api', namespace: 'payments' }],
    ]);
  });

  it('takes a Namespace from kubectl get -o yaml without what the cluster filled in', () => {
    const r = importManifests(
      'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: payments\n  uid: 8f0c\n  resourceVersion: "41"\n  creationTimestamp: "2026-01-01T00:00:00Z"\n' +
        '  labels: { kubernetes.io/metadata.name: payments }\nspec: { finalizers: [kubernetes] }\nstatus: { phase: Active }\n',
    );
    expect(r.ok && r.value.type === 'objects' && r.value.objects).toEqual([
      {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: 'payments', labels: { 'kubernetes.io/metadata.name': 'payments' } },
        spec: { finalizers: ['kubernetes'] },
      },
    ]);
  });

  it('refuses the same Namespace twice', () => {
    const ns = 'apiVersion: v1\nkind: Namespace\nmetadata: { name: payments }\n';
    expect(importManifests(`${ns}---\n${ns}`)).toEqual({ ok: false, errors: ['Document 2: Namespace "payments" appears twice'] });
  });

  it('lists every bad document, one message each in the API server’s words with its position, and imports nothing', () => {
    const text = [
      deployment('ok'),
      deployment('x', -1),
      'apiVersion: v1\nkind: Node\nmetadata: { name: Bad_Node }\n',
      'apiVersion: v1\nkind: Namespace\nmetadata: { name: Pay.ments }\n',
      'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: s }\n',
      'apiVersion: v2\nkind: Node\nmetadata: { name: n }\n',
    ].join('---\n');
    const r = importManifests(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      'Document 2: The Deployment "x" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
      expect.stringMatching(/^Document 3: The Node "Bad_Node" is invalid: metadata\.name: Invalid value: "Bad_Node": a lowercase RFC 1123 subdomain/),
      expect.stringMatching(/^Document 4: The Namespace "Pay\.ments" is invalid: metadata\.name: Invalid value: "Pay\.ments": a lowercase RFC 1123 label/),
      'Document 6: apiVersion: no matches for kind "Node" in version "v2" (a Node is v1)',
    ]);
  });

  it('reads YAML as kubectl does: an unquoted yes, on or y is a boolean, and a label cannot be one', () => {
    const text = deployment('web').replace('labels: { app: web }', 'labels: { app: web, canary: yes }');
    const r = importManifests(text);
    expect(r.ok ? [] : r.errors).toEqual([
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal bool into Go struct field ObjectMeta.spec.template.metadata.labels of type string',
    ]);
    expect(importManifests(deployment('web').replace('labels: { app: web }', 'labels: { app: web, canary: "yes" }')).ok).toBe(true);
  });

  it('gives a document with several problems one message', () => {
    const r = importManifests(
      `${deployment('ok')}---\napiVersion: v1\nkind: Node\nmetadata: { name: node-a, labels: { "a b": x } }\nspec: { taints: [{ key: k, effect: Sometimes }] }\n`,
    );
    expect(r.ok ? [] : r.errors).toHaveLength(1);
    expect(r.ok ? '' : r.errors[0]).toMatch(
      /^Document 2: The Node "node-a" is invalid: \[metadata\.labels: Invalid value: "a b": .*, spec\.taints\[0\]\.effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"\]$/,
    );
  });

  it('refuses the same node twice', () => {
    const r = importManifests(`${node}---\n${node}`);
    expect(r.ok ? [] : r.errors).toEqual(['Document 2: Node "pool-b-1" appears twice']);
  });

  it('takes a paste of nodes only', () => {
    const r = importManifests('apiVersion: v1\nkind: Node\nmetadata: { name: a }\n');
    expect(r.ok && r.value.type === 'objects' && [r.value.objects, r.value.nodes]).toEqual([[], [{ name: 'a' }]]);
  });

  // Issue #13: the policy kinds import beside the workloads; their bad input gets the API server's words.
  const quota = (cpu: string) => `apiVersion: v1
kind: ResourceQuota
metadata: { name: compute }
spec: { hard: { requests.cpu: ${cpu}, pods: "10" } }
`;
  const pdb = (extra = '') => `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: { name: web }
spec: { minAvailable: 2${extra}, selector: { matchLabels: { app: web } } }
`;
  const hpa = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 2
  maxReplicas: 10
  metrics: [{ type: Resource, resource: { name: cpu, target: { type: Utilization, averageUtilization: 50 } } }]
`;

  it('imports a ResourceQuota, a PodDisruptionBudget and an HPA as objects, in the file’s order', () => {
    const r = importManifests([deployment('web'), quota('"2"'), pdb(), hpa].join('---\n'));
    expect(r.ok && r.value.type === 'objects' && r.value.objects.map((o) => `${o.apiVersion} ${o.kind}`)).toEqual([
      'apps/v1 Deployment',
      'v1 ResourceQuota',
      'policy/v1 PodDisruptionBudget',
      'autoscaling/v2 HorizontalPodAutoscaler',
    ]);
  });

  it('refuses a quantity that does not parse and a budget with both minAvailable and maxUnavailable, and imports nothing', () => {
    const r = importManifests([deployment('web'), quota('lots'), pdb(', maxUnavailable: 1'), hpa].join('---\n'));
    expect(r).toEqual({
      ok: false,
      errors: [
        `Document 2: ResourceQuota in version "v1" cannot be handled as a ResourceQuota: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
        'Document 3: The PodDisruptionBudget "web" is invalid: spec: Invalid value: {"MinAvailable":2,"Selector":{"matchLabels":{"app":"web"}},"MaxUnavailable":1,"UnhealthyPodEvictionPolicy":null}: minAvailable and maxUnavailable cannot be both set',
      ],
    });
  });
});
