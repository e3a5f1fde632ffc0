import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseScenarioText } from './parse.ts';
import type { Scenario, Workload } from './types.ts';
import { ignoredNote, importManifests, objectToYaml, scenarioToYaml, stripServerFields } from './yamlIo.ts';

const web = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', labels: { app: 'web' } },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }] } },
  },
} as Workload;

const service = 'apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: web\n';
const configMap = 'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: cfg\n';

describe('scenarioToYaml', () => {
  const s: Scenario = {
    actions: [{ node: { ready: false, name: 'node-2' }, at: 5 } as never],
    objects: [web],
    cluster: { images: { 'nginx:broken': { pull: 'fail' }, default: { readySeconds: [1, 4] } }, nodes: 3 },
    seed: 7,
    name: 'order',
    version: 1,
  };

  it('writes keys in §4 order when the object has another order', () => {
    const text = scenarioToYaml(s);
    const top = text.split('\n').filter((l) => /^\w/.test(l)).map((l) => l.split(':')[0]);
    expect(top).toEqual(['version', 'name', 'seed', 'cluster', 'objects', 'actions']);
    expect(text).toContain('  - at: 5\n    node: { name: node-2, ready: false }\n');
  });

  it('writes short leaf maps and lists inline', () => {
    const text = scenarioToYaml(s);
    expect(text).toContain('readySeconds: [ 1, 4 ]');
    expect(text).toContain('"nginx:broken": { pull: fail }');
    expect(text).toContain('- { name: nginx, image: "nginx:1.8" }');
  });

  it('reads back unchanged with parseScenarioText', () => {
    expect(parseScenarioText(scenarioToYaml(s))).toEqual({ ok: true, value: parseScenarioText(JSON.stringify(s)).ok && (parseScenarioText(JSON.stringify(s)) as { value: Scenario }).value });
  });

  it('keeps allocatable and nodeDefaults (listed nodes, defaults, an added node) through export and import', () => {
    const withResources: Scenario = {
      version: 1,
      name: 'resources',
      cluster: {
        nodes: [{ name: 'big', allocatable: { cpu: '8', memory: '32Gi', pods: 200 } }, { name: 'small', labels: { zone: 'a' }, allocatable: { cpu: '500m' } }],
        nodeDefaults: { allocatable: { memory: '4Gi' }, labels: { pool: 'default' } },
      },
      objects: [],
      actions: [{ at: 10, node: { name: 'extra', add: { allocatable: { cpu: 2, pods: 30 } } } }],
    };
    const text = scenarioToYaml(withResources);
    expect(text).toContain('allocatable: { cpu: "8", memory: 32Gi, pods: 200 }');
    expect(text).toContain('nodeDefaults:');
    const back = parseScenarioText(text);
    expect(back.ok && back.value.cluster).toEqual(withResources.cluster);
    expect(back.ok && back.value.actions).toEqual(withResources.actions);
  });

  it.each(['yes', 'on', 'No', '1:20', '0777', '2026-01-01', '~', '0o17', '1_000'])(
    'quotes %s so that YAML 1.1 and 1.2 readers both see a string',
    (v) => {
      const text = scenarioToYaml({ version: 1, name: v, objects: [] });
      expect(parse(text, { version: '1.1' }).name).toBe(v);
      expect(parse(text).name).toBe(v);
    },
  );
});

describe('objectToYaml', () => {
  it('prints like kubectl get -o yaml when given a Deployment', () => {
    expect(objectToYaml({ ...web, status: { replicas: 2, observedGeneration: 1 } })).toBe(
      [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata:',
        '  labels:',
        '    app: web',
        '  name: web',
        'spec:',
        '  replicas: 2',
        '  selector:',
        '    matchLabels:',
        '      app: web',
        '  template:',
        '    metadata:',
        '      labels:',
        '        app: web',
        '    spec:',
        '      containers:',
        '      - image: nginx:1.8',
        '        name: nginx',
        'status:',
        '  observedGeneration: 1',
        '  replicas: 2',
        '',
      ].join('\n'),
    );
  });

  it('quotes timestamps and booleans-in-1.1 as kubectl does', () => {
    expect(objectToYaml({ metadata: { creationTimestamp: '2026-01-01T00:00:31Z', annotations: { on: 'y' } } })).toBe(
      'metadata:\n  annotations:\n    "on": "y"\n  creationTimestamp: "2026-01-01T00:00:31Z"\n',
    );
  });
});

describe('importManifests', () => {
  it('keeps Deployments and lists other kinds when several documents are pasted', () => {
    const r = importManifests([service, objectToYaml(web), configMap].join('---\n'));
    expect(r).toEqual({
      ok: true,
      value: {
        type: 'objects',
        objects: [web],
        nodes: [],
        ignored: ['Ingress "web"', 'CronJob "cfg"'],
        note: 'Ignored 2 documents: Ingress "web", CronJob "cfg" (Rollout Lab simulates Deployment, DaemonSet and StatefulSet, with ReplicaSet, Pod, Namespace, ResourceQuota, LimitRange, PodDisruptionBudget, HorizontalPodAutoscaler, Service, ConfigMap, Secret and PersistentVolumeClaim)',
      },
    });
  });

  it('strips what the cluster filled in when the manifest comes from kubectl get -o yaml', () => {
    const fromCluster = {
      ...web,
      metadata: {
        ...web.metadata,
        uid: 'u',
        resourceVersion: '12',
        generation: 3,
        creationTimestamp: '2026-01-01T00:00:00Z',
        managedFields: [{ manager: 'kubectl' }],
        annotations: { 'deployment.kubernetes.io/revision': '2', team: 'a' },
      },
      spec: { ...web.spec, template: { ...web.spec.template, metadata: { creationTimestamp: null, labels: { app: 'web' } } } },
      status: { replicas: 2 },
    };
    const r = importManifests(objectToYaml(fromCluster));
    expect(r.ok && r.value.type === 'objects' && r.value.objects).toEqual([
      { ...web, metadata: { ...web.metadata, annotations: { team: 'a' } } },
    ]);
  });

  it('unpacks a kind: List when the paste is kubectl get deploy -o yaml', () => {
    const r = importManifests(objectToYaml({ apiVersion: 'v1', kind: 'List', items: [web, { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 's' } }] }));
    expect(r.ok && r.value.type === 'objects' && [r.value.objects, r.value.ignored]).toEqual([[web], ['Ingress "s"']]);
  });

  it('keeps ConfigMaps and Secrets as objects, as the pods read them', () => {
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  MODE: blue\n';
    const secret = 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\nstringData:\n  password: s3cr3t\n';
    const r = importManifests([objectToYaml(web), cm, secret].join('---\n'));
    expect(r.ok && r.value.type === 'objects' && r.value.objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['Deployment/web', 'ConfigMap/cfg', 'Secret/db']);
    expect(r.ok && r.value.type === 'objects' && r.value.ignored).toEqual([]);
  });

  it('takes a whole scenario when the document has version and objects', () => {
    const r = importManifests('version: 1\nname: s\nobjects: []\n');
    expect(r).toEqual({ ok: true, value: { type: 'scenario', scenario: { version: 1, name: 's', objects: [] }, ignored: [], note: null } });
  });

  it.each<[string, string, string]>([
    ['nothing', '# just a comment\n', 'Nothing to import: paste Deployment, DaemonSet or StatefulSet manifests, or a scenario file'],
    ['only other kinds', service, 'No Deployment, DaemonSet, StatefulSet or Node found. Ignored 1 document: Ingress "web" (Rollout Lab simulates Deployment, DaemonSet and StatefulSet, with ReplicaSet, Pod, Namespace, ResourceQuota, LimitRange, PodDisruptionBudget, HorizontalPodAutoscaler, Service, ConfigMap, Secret and PersistentVolumeClaim)'],
    ['broken YAML', 'kind: [', 'The pasted text is not valid YAML: line 1, column 8: Flow sequence'],
    ['a manifest without kind', 'apiVersion: apps/v1\nmetadata: {name: x}\n', 'kind: kind not set'],
    [
      'a second document that is broken',
      `${service}---\nkind: Deployment\napiVersion: apps/v1\nmetadata: {name: x}\nspec: {replicas: "2"}\n`,
      'Document 2: Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
    ],
    ['a scenario among manifests', `${service}---\nversion: 1\nobjects: []\n`, 'Document 2: a scenario file must be the only document in the pasted text'],
    ['the same Deployment twice', `${objectToYaml(web)}---\n${objectToYaml(web)}`, 'Document 2: Deployment "web" appears twice'],
    ['an invalid scenario', 'version: 1\nobjects: []\n', 'name: required'],
  ])('explains the problem when the paste is %s', (_what, text, message) => {
    const r = importManifests(text);
    expect(r.ok ? '(imported)' : r.errors[0]).toContain(message);
  });
});

describe('stripServerFields', () => {
  it('leaves the input unchanged when it strips a copy', () => {
    const input = { kind: 'Deployment', metadata: { name: 'x', uid: 'u' }, status: {} };
    const copy = structuredClone(input);
    expect(stripServerFields(input)).toEqual({ kind: 'Deployment', metadata: { name: 'x' } });
    expect(input).toEqual(copy);
  });
});

describe('ignoredNote', () => {
  it.each<[string[], string | null]>([
    [[], null],
    [['Secret "a"'], 'Ignored 1 document: Secret "a" (Rollout Lab simulates Deployment, DaemonSet and StatefulSet, with ReplicaSet, Pod, Namespace, ResourceQuota, LimitRange, PodDisruptionBudget, HorizontalPodAutoscaler, Service, ConfigMap, Secret and PersistentVolumeClaim)'],
  ])('counts documents when %j are ignored', (ignored, note) => {
    expect(ignoredNote(ignored)).toBe(note);
  });
});
