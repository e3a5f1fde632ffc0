import { describe, expect, it } from 'vitest';
import { kubectl, settledCluster, webDeployment } from '../sim/executeTestEngine.ts';
import type { EngineState } from '../sim/state.ts';

// `apply -f -` of what the served API refuses, in kubectl 1.32.4's words against it
// (server/consoleWrites.test.ts compares the same manifests with the real kubectl).
const object = (apiVersion: string, kind: string, name: string, rest: Record<string, unknown> = {}) => ({ apiVersion, kind, metadata: { name }, ...rest });

const MISSING = (resource: string) =>
  `Warning: resource ${resource} is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.`;
const SA_OWNER = "the serviceaccount controller makes each namespace's default account, and Rollout Lab serves no other";
const SC_OWNER = 'the cluster comes with its one StorageClass, standard';
const LAST_APPLIED = (json: string) => `{"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":${JSON.stringify(`${json}\n`)}}}}`;

/** The `web` Deployment (made without apply), the `svc` Service and the `q` quota (applied). */
function cluster(): EngineState {
  const st = settledCluster([webDeployment(1)]);
  expect(kubectl(st, 'apply -f -', object('v1', 'Service', 'svc', { spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } })).ok).toBe(true);
  expect(kubectl(st, 'apply -f -', object('v1', 'ResourceQuota', 'q', { spec: { hard: { pods: '10' } } })).ok).toBe(true);
  return st;
}

describe('runApply', () => {
  it.each<[string, unknown, string]>([
    [
      'a ServiceAccount that exists',
      object('v1', 'ServiceAccount', 'default'),
      [
        MISSING('serviceaccounts/default'),
        'Error from server (MethodNotAllowed): error when applying patch:',
        LAST_APPLIED('{"apiVersion":"v1","kind":"ServiceAccount","metadata":{"annotations":{},"name":"default","namespace":"default"}}'),
        'to:',
        'Resource: "/v1, Resource=serviceaccounts", GroupVersionKind: "/v1, Kind=ServiceAccount"',
        'Name: "default", Namespace: "default"',
        `for: "STDIN": error when patching "STDIN": patch is not supported on resources of kind "serviceaccounts": ${SA_OWNER}`,
      ].join('\n'),
    ],
    ['a new ServiceAccount', object('v1', 'ServiceAccount', 'build'), `Error from server (MethodNotAllowed): error when creating "STDIN": create is not supported on resources of kind "serviceaccounts": ${SA_OWNER}`],
    [
      'the StorageClass',
      object('storage.k8s.io/v1', 'StorageClass', 'standard', { provisioner: 'rancher.io/local-path' }),
      [
        MISSING('storageclasses/standard'),
        'Error from server (MethodNotAllowed): error when applying patch:',
        LAST_APPLIED('{"apiVersion":"storage.k8s.io/v1","kind":"StorageClass","metadata":{"annotations":{},"name":"standard"},"provisioner":"rancher.io/local-path"}'),
        'to:',
        'Resource: "storage.k8s.io/v1, Resource=storageclasses", GroupVersionKind: "storage.k8s.io/v1, Kind=StorageClass"',
        'Name: "standard", Namespace: ""',
        `for: "STDIN": error when patching "STDIN": patch is not supported on resources of kind "storageclasses.storage.k8s.io": ${SC_OWNER}`,
      ].join('\n'),
    ],
    [
      // A volume made by hand is stored (ValidatePersistentVolume); only the provisioned ones are read-only.
      'a new PersistentVolume without access modes or source',
      object('v1', 'PersistentVolume', 'pv1', { spec: { capacity: { storage: '1Gi' } } }),
      'The PersistentVolume "pv1" is invalid: \n* spec.accessModes: Required value\n* spec: Required value: must specify a volume type',
    ],
    // A ReplicaSet of its own is created (the docs' frontend.yaml), once valid: this one has no spec.
    [
      'a new ReplicaSet without a spec',
      object('apps/v1', 'ReplicaSet', 'rs1'),
      [
        'The ReplicaSet "rs1" is invalid: ',
        '* spec.selector: Required value',
        '* spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`',
        '* spec.template.spec.containers: Required value',
      ].join('\n'),
    ],
    [
      'a ServiceAccount without a name',
      { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { labels: { a: 'b' } } },
      'error: error when retrieving current configuration of:\nResource: "/v1, Resource=serviceaccounts", GroupVersionKind: "/v1, Kind=ServiceAccount"\nName: "", Namespace: "default"\nfrom server for: "STDIN": resource name may not be empty',
    ],
    [
      'an Endpoints that exists',
      object('v1', 'Endpoints', 'kubernetes'),
      [
        'Warning: v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice',
        MISSING('endpoints/kubernetes'),
        'Error from server (MethodNotAllowed): error when applying patch:',
        LAST_APPLIED('{"apiVersion":"v1","kind":"Endpoints","metadata":{"annotations":{},"name":"kubernetes","namespace":"default"}}'),
        'to:',
        'Resource: "/v1, Resource=endpoints", GroupVersionKind: "/v1, Kind=Endpoints"',
        'Name: "kubernetes", Namespace: "default"',
        'for: "STDIN": error when patching "STDIN": patch is not supported on resources of kind "endpoints"',
      ].join('\n'),
    ],
    [
      'a quota whose quantity does not decode',
      object('v1', 'ResourceQuota', 'q', { spec: { hard: { pods: 'lots' } } }),
      [
        'Error from server (BadRequest): error when applying patch:',
        '{"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\\"apiVersion\\":\\"v1\\",\\"kind\\":\\"ResourceQuota\\",\\"metadata\\":{\\"annotations\\":{},\\"name\\":\\"q\\",\\"namespace\\":\\"default\\"},\\"spec\\":{\\"hard\\":{\\"pods\\":\\"lots\\"}}}\\n"}},"spec":{"hard":{"pods":"lots"}}}',
        'to:',
        'Resource: "/v1, Resource=resourcequotas", GroupVersionKind: "/v1, Kind=ResourceQuota"',
        'Name: "q", Namespace: "default"',
        `for: "STDIN": error when patching "STDIN": ResourceQuota in version "v1" cannot be handled as a ResourceQuota: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
      ].join('\n'),
    ],
    [
      'a Deployment the update validation refuses (every cause, spec first, no source)',
      { ...webDeployment(-1), spec: { ...webDeployment(-1).spec, selector: { matchLabels: { app: 'x' } } } },
      `${MISSING('deployments/web')}\nThe Deployment "web" is invalid: \n* spec.replicas: Invalid value: -1: must be greater than or equal to 0\n* spec.template.metadata.labels: Invalid value: {"app":"web"}: \`selector\` does not match template \`labels\`\n* spec.selector: Invalid value: {"matchLabels":{"app":"x"}}: field is immutable`,
    ],
  ])('refuses %s as the served API does', (_what, manifest, want) => {
    const st = cluster();
    const rv = st.store.rv;
    expect(kubectl(st, 'apply -f -', manifest)).toEqual({ ok: false, output: want });
    expect(st.store.rv).toBe(rv);
  });

  it('configures a node, which a client may patch', () => {
    const st = cluster();
    expect(kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1', labels: { disk: 'ssd' } } })).toEqual({
      ok: true,
      output: `${MISSING('nodes/node-1')}\nnode/node-1 configured`,
    });
    expect(st.store.objects.Node.get('node-1')?.metadata.labels).toMatchObject({ disk: 'ssd', 'kubernetes.io/hostname': 'node-1' });
  });
});
