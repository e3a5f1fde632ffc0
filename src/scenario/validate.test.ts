import { describe, expect, it } from 'vitest';
import { validateScenario } from './parse.ts';
import type { Scenario } from './types.ts';

const deployment = (name = 'web', extra: Record<string, unknown> = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, labels: { app: name } },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }] } },
    ...extra,
  },
});

const base = (): Record<string, unknown> => ({ version: 1, name: 'test', objects: [deployment()] });

/** with builds a scenario from the base one with some fields replaced (undefined: removed). */
function with_(patch: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base(), ...patch };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

function firstError(x: unknown): string {
  const r = validateScenario(x);
  return r.ok ? '(valid)' : (r.errors[0] ?? '(no message)');
}

describe('validateScenario', () => {
  it('accepts the smallest scenario when only version, name and objects are given', () => {
    expect(validateScenario({ version: 1, name: 'empty', objects: [] })).toEqual({
      ok: true,
      value: { version: 1, name: 'empty', objects: [] },
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['the root has an unknown field', with_({ foo: 1 }), 'foo: unknown field'],
    ['a field is misspelt', with_({ acitons: [] }), 'acitons: unknown field (did you mean "actions"?)'],
    ['version is missing', with_({ version: undefined }), 'version: required'],
    ['version is 0', with_({ version: 0 }), 'version: must be 1'],
    ['version is a string', with_({ version: '1' }), 'version: must be 1'],
    ['name is missing', with_({ name: undefined }), 'name: required'],
    ['name is blank', with_({ name: '  ' }), 'name: must be a non-empty string'],
    ['description is a number', with_({ description: 3 }), 'description: must be a string'],
    ['seed is negative', with_({ seed: -1 }), 'seed: must be a whole number from 0 to 4294967295'],
    ['seed is fractional', with_({ seed: 1.5 }), 'seed: must be a whole number from 0 to 4294967295'],
    ['objects is missing', with_({ objects: undefined }), 'objects: required'],
    ['objects is a mapping', with_({ objects: {} }), 'objects: must be a list of Deployment, DaemonSet and StatefulSet manifests, and Namespaces ([] for none)'],
    ['cluster is a list', with_({ cluster: [] }), 'cluster: must be a mapping with nodes, nodeDefaults, images, terminationSeconds, load, traffic'],
    ['cluster has an unknown field', with_({ cluster: { foo: 1 } }), 'cluster.foo: unknown field'],
    [
      'a node cpu does not parse',
      with_({ cluster: { nodes: [{ name: 'a', allocatable: { cpu: 'lots' } }] } }),
      "cluster.nodes[0].allocatable.cpu: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
    ],
    [
      'a node memory is negative',
      with_({ cluster: { nodeDefaults: { allocatable: { memory: '-1Gi' } } } }),
      'cluster.nodeDefaults.allocatable.memory: Invalid value: "-1Gi": must be greater than or equal to 0',
    ],
    ['a node pods count is a fractional string', with_({ cluster: { nodes: 1, nodeDefaults: { allocatable: { pods: '1.5' } } } }), 'cluster.nodeDefaults.allocatable.pods: must be a whole number from 0 to 10,000'],
    ['a node pods count is fractional', with_({ cluster: { nodes: 1, nodeDefaults: { allocatable: { pods: 1.5 } } } }), 'cluster.nodeDefaults.allocatable.pods: must be a whole number from 0 to 10,000'],
    ['allocatable has an unknown resource', with_({ cluster: { nodes: [{ name: 'a', allocatable: { gpu: 1 } }] } }), 'cluster.nodes[0].allocatable.gpu: unknown field (did you mean "cpu"?)'],
    ['nodes is negative', with_({ cluster: { nodes: -1 } }), 'cluster.nodes: must be a whole number of nodes ≥ 0, or a list of nodes'],
    ['nodes is a string', with_({ cluster: { nodes: '3' } }), 'cluster.nodes: must be a whole number of nodes ≥ 0, or a list of nodes'],
    [
      'nodes is over the limit',
      with_({ cluster: { nodes: 2001 } }),
      "cluster.nodes: 2,001 nodes is over Rollout Lab's limit of 2,000 nodes (it keeps the page responsive)",
    ],
    ['a node has no name', with_({ cluster: { nodes: [{ labels: {} }] } }), 'cluster.nodes[0].name: required'],
    [
      'a node has an unknown field',
      with_({ cluster: { nodes: [{ name: 'a', cpu: 4 }] } }),
      'cluster.nodes[0].cpu: unknown field',
    ],
    [
      'two nodes share a name',
      with_({ cluster: { nodes: [{ name: 'a' }, { name: 'a' }] } }),
      'cluster.nodes[1].name: Duplicate value: "a"',
    ],
    [
      'a node name has capitals',
      with_({ cluster: { nodes: [{ name: 'Worker-A' }] } }),
      `cluster.nodes[0].name: Invalid value: "Worker-A": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
    ],
    [
      'a node label value is a number',
      with_({ cluster: { nodes: [{ name: 'a', labels: { zone: 1 } }] } }),
      'cluster.nodes[0].labels.zone: must be a string (quote numbers and booleans, e.g. "true")',
    ],
    [
      'a node label value has a space',
      with_({ cluster: { nodes: [{ name: 'a', labels: { zone: 'a b' } }] } }),
      `cluster.nodes[0].labels: Invalid value: "a b": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
    ],
    [
      'a taint effect is unknown',
      with_({ cluster: { nodes: [{ name: 'a', taints: [{ key: 'k', effect: 'NoRun' }] }] } }),
      'cluster.nodes[0].taints[0].effect: Unsupported value: "NoRun": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
    ],
    [
      'a taint has no effect',
      with_({ cluster: { nodes: [{ name: 'a', taints: [{ key: 'k' }] }] } }),
      'cluster.nodes[0].taints[0].effect: required',
    ],
    [
      'two taints share key and effect',
      with_({
        cluster: {
          nodes: [{ name: 'a', taints: [{ key: 'k', effect: 'NoSchedule' }, { key: 'k', value: 'v', effect: 'NoSchedule' }] }],
        },
      }),
      'cluster.nodes[0].taints[1]: Duplicate value: {"key":"k","effect":"NoSchedule"}: taints must be unique by key and effect pair',
    ],
    ['maxPods is fractional', with_({ cluster: { nodes: [{ name: 'a', maxPods: 1.5 }] } }), 'cluster.nodes[0].maxPods: must be a whole number from 0 to 10,000'],
    [
      'an allocatable cpu is not a quantity',
      with_({ cluster: { nodes: [{ name: 'a', allocatable: { cpu: 'four' } }] } }),
      "cluster.nodes[0].allocatable.cpu: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
    ],
    [
      'allocatable has an unknown key',
      with_({ cluster: { nodes: [{ name: 'a', allocatable: { gpu: '1' } }] } }),
      'cluster.nodes[0].allocatable.gpu: unknown field (did you mean "cpu"?)',
    ],
    [
      'allocatable pods is negative',
      with_({ actions: [{ at: 1, node: { name: 'n', add: { allocatable: { pods: -1 } } } }] }),
      'actions[0].node.add.allocatable.pods: must be a whole number from 0 to 10,000',
    ],
    [
      'an image pull is not "fail"',
      with_({ cluster: { images: { 'nginx:broken': { pull: 'always' } } } }),
      'cluster.images["nginx:broken"].pull: must be "fail"',
    ],
    ['an image ready is not "never"', with_({ cluster: { images: { 'app:x': { ready: false } } } }), 'cluster.images["app:x"].ready: must be "never"'],
    ['an image crash is a string', with_({ cluster: { images: { 'app:x': { crash: 'yes' } } } }), 'cluster.images["app:x"].crash: must be true or false'],
    ['an image field is unknown', with_({ cluster: { images: { default: { pullSecs: 1 } } } }), 'cluster.images.default.pullSecs: unknown field (did you mean "pullSeconds"?)'],
    [
      'a delay is negative',
      with_({ cluster: { images: { default: { pullSeconds: -1 } } } }),
      'cluster.images.default.pullSeconds: must be a number of seconds from 0 to 86,400, or a [min, max] pair of them',
    ],
    [
      'a delay range is reversed',
      with_({ cluster: { images: { default: { readySeconds: [4, 1] } } } }),
      'cluster.images.default.readySeconds: [min, max] needs min ≤ max, got [4, 1]',
    ],
    [
      'a delay range has three numbers',
      with_({ cluster: { images: { default: { readySeconds: [1, 2, 3] } } } }),
      'cluster.images.default.readySeconds: must be a number of seconds from 0 to 86,400, or a [min, max] pair of them',
    ],
    [
      'an image reference has a space',
      with_({ cluster: { images: { 'nginx 1.8': {} } } }),
      'cluster.images["nginx 1.8"]: an image reference must be non-empty and contain no spaces (e.g. "nginx:1.9.3")',
    ],
    [
      'terminationSeconds is a range',
      with_({ cluster: { terminationSeconds: [1, 2] } }),
      'cluster.terminationSeconds: must be a number of seconds from 0 to 86,400',
    ],
    ['controller has an unknown field', with_({ controller: { burstReplicas: 5 } }), 'controller.burstReplicas: unknown field'],
    ['watchDelaySeconds is negative', with_({ controller: { watchDelaySeconds: -0.5 } }), 'controller.watchDelaySeconds: must be a number of seconds from 0 to 86,400'],
    ['actions is a mapping', with_({ actions: {} }), 'actions: must be a list of actions ({ at, kubectl | apply | node | request })'],
    ['an action has a negative time', with_({ actions: [{ at: -1, kubectl: 'get rs' }] }), 'actions[0].at: must be a number ≥ 0'],
    ['an action time is a string', with_({ actions: [{ at: '30', kubectl: 'get rs' }] }), 'actions[0].at: must be a number ≥ 0'],
    ['an action has no time', with_({ actions: [{ kubectl: 'get rs' }] }), 'actions[0].at: required'],
    [
      'an action time has 4 decimals',
      with_({ actions: [{ at: 1.0005, kubectl: 'get rs' }] }),
      'actions[0].at: must have at most 3 decimals (the virtual clock counts milliseconds)',
    ],
    ['an action does nothing', with_({ actions: [{ at: 1 }] }), 'actions[0]: needs one of kubectl, apply, node, request'],
    [
      'an action does two things',
      with_({ actions: [{ at: 1, kubectl: 'get rs', node: { name: 'node-1', ready: false } }] }),
      'actions[0]: has kubectl and node; an action does exactly one of kubectl, apply, node, request',
    ],
    ['an action has an unknown field', with_({ actions: [{ at: 1, kubectl: 'get rs', when: 2 }] }), 'actions[0].when: unknown field'],
    [
      'a recorded request reads',
      with_({ actions: [{ at: 1, request: { method: 'GET', path: '/api/v1/pods' } }] }),
      'actions[0].request.method: must be one of POST, PUT, PATCH, DELETE',
    ],
    [
      'a recorded request is not an API path',
      with_({ actions: [{ at: 1, request: { method: 'POST', path: '/version' } }] }),
      'actions[0].request.path: must be an API path such as /apis/apps/v1/namespaces/default/deployments/web',
    ],
    [
      'a kubectl line is empty',
      with_({ actions: [{ at: 1, kubectl: ' ' }] }),
      'actions[0].kubectl: must be a kubectl command line, e.g. "set image deployment/web nginx=nginx:1.9.3"',
    ],
    ['a kubectl line has two lines', with_({ actions: [{ at: 1, kubectl: 'get rs\nget pods' }] }), 'actions[0].kubectl: must be one line (one command per action)'],
    [
      'a scale goes over the limit',
      with_({ actions: [{ at: 1, kubectl: 'scale deployment/web --replicas=5001' }] }),
      "actions[0].kubectl: 5,001 replicas is over Rollout Lab's limit of 5,000 per workload (it keeps the page responsive)",
    ],
    ['a node action has no change', with_({ actions: [{ at: 1, node: { name: 'node-1' } }] }), 'actions[0].node: needs one of ready (true or false), remove (true), add (the new node)'],
    [
      'a node action has two changes',
      with_({ actions: [{ at: 1, node: { name: 'node-1', ready: true, remove: true } }] }),
      'actions[0].node: has ready and remove; a node action does exactly one of ready, remove, add',
    ],
    ['a node action removes with false', with_({ actions: [{ at: 1, node: { name: 'node-1', remove: false } }] }), 'actions[0].node.remove: must be true'],
    ['a node action ready is a string', with_({ actions: [{ at: 1, node: { name: 'node-1', ready: 'no' } }] }), 'actions[0].node.ready: must be true or false'],
    ['a node action names a missing node', with_({ actions: [{ at: 1, node: { name: 'node-9', ready: false } }] }), 'actions[0].node.name: nodes "node-9" not found'],
    [
      'a node action adds an existing node',
      with_({ actions: [{ at: 1, node: { name: 'node-3', add: {} } }] }),
      'actions[0].node.name: nodes "node-3" already exists',
    ],
    [
      'a node is changed after it was removed',
      with_({
        actions: [
          { at: 5, node: { name: 'node-1', ready: true } },
          { at: 1, node: { name: 'node-1', remove: true } },
        ],
      }),
      'actions[0].node.name: nodes "node-1" not found',
    ],
    [
      'an added node has an unknown field',
      with_({ actions: [{ at: 1, node: { name: 'node-4', add: { zone: 'a' } } }] }),
      'actions[0].node.add.zone: unknown field',
    ],
    ['an object is a string', with_({ objects: ['web'] }), 'objects[0]: must be a Kubernetes manifest (a mapping with apiVersion, kind, metadata, spec), not a string ("web")'],
    [
      'an object is an Ingress',
      with_({ objects: [deployment(), { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'web' } }] }),
      'objects[1].kind: unsupported kind "Ingress" (Rollout Lab simulates Deployment, DaemonSet and StatefulSet, with ReplicaSet, Pod, Namespace, ResourceQuota, LimitRange, PodDisruptionBudget, HorizontalPodAutoscaler, Service, ConfigMap, Secret, PersistentVolumeClaim and PersistentVolume)',
    ],
    ['an object has no kind', with_({ objects: [{ apiVersion: 'apps/v1' }] }), 'objects[0].kind: kind not set'],
    ['an object has no apiVersion', with_({ objects: [{ kind: 'Deployment' }] }), 'objects[0].apiVersion: apiVersion not set'],
    [
      'an object has an old apiVersion',
      with_({ objects: [{ ...deployment(), apiVersion: 'extensions/v1beta1' }] }),
      'objects[0].apiVersion: no matches for kind "Deployment" in version "extensions/v1beta1" (Rollout Lab simulates apps/v1)',
    ],
    [
      'replicas is a string',
      with_({ objects: [deployment('web', { replicas: '3' })] }),
      'objects[0]: Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
    ],
    [
      'replicas is fractional',
      with_({ objects: [deployment('web', { replicas: 2.5 })] }),
      'objects[0]: Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number 2.5 into Go struct field DeploymentSpec.spec.replicas of type int32',
    ],
    [
      'a spec field is misspelt',
      with_({ objects: [deployment('web', { replica: 3 })] }),
      'objects[0]: Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replica"',
    ],
    [
      'maxSurge is a boolean',
      with_({ objects: [deployment('web', { strategy: { rollingUpdate: { maxSurge: true } } })] }),
      'objects[0]: Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal bool into Go struct field RollingUpdateDeployment.spec.strategy.rollingUpdate.maxSurge of type int32',
    ],
    [
      'a label value is a number',
      with_({ objects: [{ ...deployment(), metadata: { name: 'web', labels: { tier: 1 } } }] }),
      'objects[0]: Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string',
    ],
    [
      'replicas is over the limit',
      with_({ objects: [deployment('web', { replicas: 5001 })] }),
      "objects[0].spec.replicas: 5,001 replicas is over Rollout Lab's limit of 5,000 per workload (it keeps the page responsive)",
    ],
    ['two objects share a name', with_({ objects: [deployment(), deployment()] }), 'objects[1].metadata.name: deployments.apps "web" already exists'],
    [
      'an applied object is a CronJob',
      with_({ actions: [{ at: 1, apply: { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'c' } } }] }),
      'actions[0].apply.kind: unsupported kind "CronJob" (Rollout Lab simulates Deployment, DaemonSet and StatefulSet, with ReplicaSet, Pod, Namespace, ResourceQuota, LimitRange, PodDisruptionBudget, HorizontalPodAutoscaler, Service, ConfigMap, Secret, PersistentVolumeClaim and PersistentVolume)',
    ],
  ])('reports the field path when %s', (_what, scenario, message) => {
    expect(firstError(scenario)).toBe(message);
  });

  it('takes allocatable.pods written as a Node writes it, the quantity string "110"', () => {
    const r = validateScenario(with_({ cluster: { nodes: 1, nodeDefaults: { allocatable: { pods: '110' } } } }));
    expect(r.ok && r.value.cluster?.nodeDefaults?.allocatable?.pods).toBe(110);
  });

  it('explains a newer file version instead of listing its fields', () => {
    expect(firstError({ version: 2, name: 'x', objects: [], rollouts: [] })).toBe(
      'version: This scenario was made by a newer version of Rollout Lab (version 2); this version reads version 1. Open it with the newer Rollout Lab, or change it to version 1.',
    );
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a list', []],
    ['a string', 'version: 1'],
  ])('refuses a root that is %s', (_what, x) => {
    expect(firstError(x)).toBe('The scenario must be a mapping with version, name, cluster, objects and actions');
  });

  it('reports every problem when several fields are wrong', () => {
    const r = validateScenario(with_({ seed: 'x', cluster: { nodes: -1 }, actions: [{ at: -1, kubectl: 'get rs' }] }));
    expect(r.ok ? [] : r.errors).toEqual([
      'seed: must be a whole number from 0 to 4294967295',
      'cluster.nodes: must be a whole number of nodes ≥ 0, or a list of nodes',
      'actions[0].at: must be a number ≥ 0',
    ]);
  });

  it('stops at 50 messages when a file has thousands of errors', () => {
    const actions = Array.from({ length: 5000 }, () => ({ at: -1 }));
    const r = validateScenario(with_({ actions }));
    expect(r.ok ? 0 : r.errors.length).toBe(50);
  });

  it('refuses more than 10,000 actions with the limit in the message', () => {
    const actions = Array.from({ length: 10_001 }, (_, i) => ({ at: i, kubectl: 'get rs' }));
    expect(firstError(with_({ actions }))).toBe(
      "actions: 10,001 actions is over Rollout Lab's limit of 10,000 actions (it keeps the page responsive)",
    );
  });

  it('refuses nodes added past the 2,000-node limit', () => {
    const actions = [{ at: 1, node: { name: 'extra', add: {} } }];
    expect(firstError(with_({ cluster: { nodes: 2000 }, actions }))).toBe(
      "actions[0].node.name: 2,001 nodes is over Rollout Lab's limit of 2,000 nodes (it keeps the page responsive)",
    );
  });

  it('refuses a value nested deeper than 64 levels', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(firstError(with_({ description: deep }))).toBe('The scenario nests deeper than 64 levels; no real scenario does');
  });

  it('treats inherited names such as constructor as unknown fields', () => {
    expect(firstError(JSON.parse('{"version":1,"name":"x","objects":[],"constructor":1}'))).toBe('constructor: unknown field');
    expect(firstError(JSON.parse('{"version":1,"name":"x","objects":[],"__proto__":{"seed":3}}'))).toBe('__proto__: unknown field');
  });

  it('drops null fields of a manifest as the API server does', () => {
    const r = validateScenario(with_({ objects: [{ ...deployment(), status: null, spec: { ...deployment().spec, paused: null } }] }));
    expect(r.ok && r.value.objects[0]).toEqual(deployment());
  });

  it('returns the scenario in §4 key order when the file has another order', () => {
    const r = validateScenario({ objects: [], actions: [], name: 'n', version: 1, seed: 3 });
    expect(r.ok && Object.keys(r.value)).toEqual(['version', 'name', 'seed', 'objects', 'actions']);
  });

  it('keeps a valid scenario unchanged', () => {
    const s: Scenario = {
      version: 1,
      name: 'full',
      description: 'all fields',
      seed: 7,
      cluster: {
        nodes: [
          { name: 'a', labels: { disk: 'ssd' }, taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }], unschedulable: true, maxPods: 10 },
          { name: 'b', allocatable: { cpu: '8', memory: '32Gi', pods: 64 } },
        ],
        images: { default: { pullSeconds: 2, readySeconds: [1, 3] }, 'app:crash': { crash: true }, 'app:bad': { pull: 'fail', ready: 'never' } },
        terminationSeconds: 2,
      },
      controller: { watchDelaySeconds: 0.1 },
      objects: [deployment() as Scenario['objects'][number]],
      actions: [
        { at: 1, kubectl: 'scale deployment/web --replicas=5' },
        { at: 2, node: { name: 'c', add: { labels: { disk: 'hdd' }, allocatable: { cpu: '500m', pods: 10 } } } },
        { at: 3, node: { name: 'a', ready: false } },
        { at: 4, node: { name: 'c', remove: true } },
        { at: 5, apply: deployment('api') as Scenario['objects'][number] },
      ],
    };
    expect(validateScenario(s)).toEqual({ ok: true, value: s });
  });
});
