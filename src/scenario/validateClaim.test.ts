// A v1 PersistentVolumeClaim of its own as a scenario object: in `objects` and `apply` actions,
// refused in the API server's words with the object's path, imported beside a Deployment (as a
// tutorial's two documents), round-tripped through a share link and the exported YAML.
import { describe, expect, it } from 'vitest';
import { importManifests } from './importDocs.ts';
import { parseScenarioText } from './parse.ts';
import { decodeShareHash, encodeShareHash } from './shareUrl.ts';
import { scenarioToYaml } from './yamlIo.ts';

const CLAIM = `  - apiVersion: v1
    kind: PersistentVolumeClaim
    metadata: { name: mysql-pv-claim, labels: { app: mysql } }
    spec:
      accessModes: [ReadWriteOnce]
      resources: { requests: { storage: 20Gi } }`;

const scenario = (objects: string, actions = ''): string => `version: 1\nname: claims\ncluster:\n  nodes: 1\nobjects:\n${objects}\n${actions}`;

const errors = (text: string): string[] => {
  const r = parseScenarioText(text);
  return r.ok ? [] : r.errors;
};

const QUANTITY = `quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`;

describe('a PersistentVolumeClaim in a scenario', () => {
  it('is kept as written (the class, volume mode and status are the API server’s to add)', () => {
    const r = parseScenarioText(scenario(CLAIM));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.objects).toEqual([
      {
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'mysql-pv-claim', labels: { app: 'mysql' } },
        spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '20Gi' } } },
      },
    ]);
  });

  it.each([
    ['no access mode', CLAIM.replace('[ReadWriteOnce]', '[]'), 'objects[0]: The PersistentVolumeClaim "mysql-pv-claim" is invalid: spec.accessModes: Required value: at least 1 access mode is required'],
    ['no storage request', CLAIM.replace('{ requests: { storage: 20Gi } }', '{}'), 'objects[0]: The PersistentVolumeClaim "mysql-pv-claim" is invalid: spec.resources[storage]: Required value'],
    ['a zero storage request', CLAIM.replace('20Gi', '0'), 'objects[0]: The PersistentVolumeClaim "mysql-pv-claim" is invalid: spec.resources[storage]: Invalid value: "0": must be greater than zero'],
    [
      'a volumeMode that does not exist',
      `${CLAIM}\n      volumeMode: Raw`,
      'objects[0]: The PersistentVolumeClaim "mysql-pv-claim" is invalid: spec.volumeMode: Unsupported value: "Raw": supported values: "Block", "Filesystem"',
    ],
    ['a storage request that is no quantity', CLAIM.replace('20Gi', '20GB'), `objects[0]: PersistentVolumeClaim in version "v1" cannot be handled as a PersistentVolumeClaim: ${QUANTITY}`],
    [
      'a misspelt field',
      CLAIM.replace('accessModes', 'accessMode'),
      'objects[0]: PersistentVolumeClaim in version "v1" cannot be handled as a PersistentVolumeClaim: strict decoding error: unknown field "spec.accessMode"',
    ],
    ['another apiVersion', CLAIM.replace('apiVersion: v1', 'apiVersion: storage/v1'), 'objects[0].apiVersion: no matches for kind "PersistentVolumeClaim" in version "storage/v1" (Rollout Lab serves it at v1)'],
  ])('refuses %s in the API server’s words', (_what, objects, message) => {
    expect(errors(scenario(objects))).toEqual([message]);
  });

  it('refuses two claims of one name in one namespace', () => {
    expect(errors(scenario(`${CLAIM}\n${CLAIM}`))).toEqual(['objects[1].metadata.name: persistentvolumeclaims "mysql-pv-claim" already exists']);
  });

  it('is taken by an apply action, and refused there with the action’s path', () => {
    const apply = (storage: string) =>
      `actions:\n  - at: 10\n    apply: { apiVersion: v1, kind: PersistentVolumeClaim, metadata: { name: late }, spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: ${storage} } } } }\n`;
    expect(errors(scenario(CLAIM, apply('1Gi')))).toEqual([]);
    expect(errors(scenario(CLAIM, apply('"-1"')))).toEqual(['actions[0].apply: The PersistentVolumeClaim "late" is invalid: spec.resources[storage]: Invalid value: "-1": must be greater than zero']);
  });

  it('goes through a share link and the exported YAML unchanged', () => {
    const r = parseScenarioText(scenario(CLAIM));
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const shared = decodeShareHash(encodeShareHash(r.value));
    expect(shared.ok && shared.value.scenario).toEqual(r.value);
    const exported = parseScenarioText(scenarioToYaml(r.value));
    expect(exported.ok && exported.value).toEqual(r.value);
  });
});

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata: { name: mysql }
spec:
  selector: { matchLabels: { app: mysql } }
  template:
    metadata: { labels: { app: mysql } }
    spec:
      containers: [{ name: mysql, image: "mysql:9", volumeMounts: [{ name: data, mountPath: /var/lib/mysql }] }]
      volumes: [{ name: data, persistentVolumeClaim: { claimName: mysql-pv-claim } }]`;

describe('Import of a claim', () => {
  it('keeps a claim beside the Deployment that mounts it (no longer ignored)', () => {
    const claim = 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: { name: mysql-pv-claim }\nspec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 20Gi } } }';
    const r = importManifests(`${claim}\n---\n${DEPLOYMENT}\n`);
    expect(r.ok).toBe(true);
    if (!r.ok || r.value.type !== 'objects') return;
    expect(r.value.ignored).toEqual([]);
    expect(r.value.note).toBeNull();
    expect(r.value.objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['PersistentVolumeClaim/mysql-pv-claim', 'Deployment/mysql']);
  });

  it('takes a claim from kubectl get pvc -o yaml without what the cluster wrote', () => {
    const exported = `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
  namespace: default
  uid: 0b0e3c52-62a3-4c5b-9a4f-0c3f6b0bd1a1
  resourceVersion: "812"
  creationTimestamp: "2026-01-01T00:00:00Z"
  annotations:
    pv.kubernetes.io/bind-completed: "yes"
    pv.kubernetes.io/bound-by-controller: "yes"
    volume.beta.kubernetes.io/storage-provisioner: rancher.io/local-path
    volume.kubernetes.io/selected-node: kind-worker
    volume.kubernetes.io/storage-provisioner: rancher.io/local-path
    team: db
  finalizers: [kubernetes.io/pvc-protection]
spec:
  accessModes: [ReadWriteOnce]
  resources: { requests: { storage: 1Gi } }
  storageClassName: standard
  volumeMode: Filesystem
  volumeName: pvc-0b0e3c52-62a3-4c5b-9a4f-0c3f6b0bd1a1
status:
  phase: Bound
  accessModes: [ReadWriteOnce]
  capacity: { storage: 1Gi }
`;
    const r = importManifests(exported);
    expect(r.ok && r.value.type === 'objects' && r.value.objects).toEqual([
      {
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'data', namespace: 'default', annotations: { team: 'db' } },
        spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: 'standard', volumeMode: 'Filesystem' },
      },
    ]);
  });

  it('refuses a bad claim in the import as a whole, with its document number', () => {
    const bad = 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: { name: mysql-pv-claim }\nspec: { resources: { requests: { storage: 20Gi } } }';
    expect(importManifests(`${DEPLOYMENT}\n---\n${bad}\n`)).toEqual({
      ok: false,
      errors: ['Document 2: The PersistentVolumeClaim "mysql-pv-claim" is invalid: spec.accessModes: Required value: at least 1 access mode is required'],
    });
  });
});
