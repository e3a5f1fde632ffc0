// The console's writes refused as the served API refuses them, from the real kubectl (v1.32.4)
// against npm run serve beside the page's console on the same state: apply of the read-only
// ServiceAccounts, StorageClasses and provisioned PersistentVolumes (the 405 to the create or the patch, with
// kubectl's `error when creating` or `error when applying patch` around it), apply's other
// refusals (an Invalid one prints from its causes, a claim grown past what its class can give is a
// 403 kubectl wraps), and the patches and labels the console now writes through the served API's
// own update (rest/update.ts).
import { describe, expect, it } from 'vitest';
import { newTx } from '../src/engine/client/tx.ts';
import { executeKubectl } from '../src/engine/kubectl/execute.ts';
import { toRFC3339 } from '../src/engine/lib/time.ts';
import { type Harness, servedObjects, servedRead } from './kubectlHarness.ts';
import { expectAnswersAsPage, servedScenario } from './printsAsPage.ts';
import { deploymentDoc } from './scenarioDocs.ts';

const claimDoc = (name: string) => `  - apiVersion: v1
    kind: PersistentVolumeClaim
    metadata: { name: ${name} }
    spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }
`;

const SCENARIO = `version: 1
name: console writes
cluster: { nodes: 2 }
objects:
${deploymentDoc('web', 2, '{ name: nginx, image: "nginx:1.27" }')}${claimDoc('pending')}${claimDoc('bound')}  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: db, labels: { app: db } }
    spec:
      replicas: 1
      selector: { matchLabels: { app: db } }
      template:
        metadata: { labels: { app: db } }
        spec:
          containers: [{ name: db, image: "db:1", volumeMounts: [{ name: d, mountPath: /d }] }]
          volumes: [{ name: d, persistentVolumeClaim: { claimName: bound } }]
  - apiVersion: v1
    kind: Service
    metadata: { name: svc }
    spec: { selector: { app: web }, ports: [{ port: 80 }] }
  - apiVersion: v1
    kind: ResourceQuota
    metadata: { name: q }
    spec: { hard: { pods: "20" } }
`;

/**
 * expectAppliesAsPage pipes each manifest to the real kubectl's `apply -f -` and to the console's
 * on the same state (the clock paused), and expects the same answer: the server's warnings first,
 * then stdout and stderr, and the same success. For refusals only: kubectl runs first.
 */
async function expectAppliesAsPage(h: Harness, manifests: readonly string[]): Promise<void> {
  h.clock.pause();
  try {
    h.server.live.advance();
    const now = h.server.live.virtualNow();
    for (const manifest of manifests) {
      const real = await h.kubectl(['apply', '-f', '-'], manifest);
      const stderr = real.stderr.split(/(?<=\n)/);
      const warnings = stderr.filter((l) => l.startsWith('Warning: ')).join('');
      const rest = stderr.filter((l) => !l.startsWith('Warning: ')).join('');
      const tx = newTx(h.server.live.st, 'user');
      tx.now = now;
      tx.nowIso = toRFC3339(now);
      const page = executeKubectl(tx, 'apply -f -', manifest);
      expect(page.output, manifest).toBe((warnings + real.stdout + rest).replace(/\n$/, ''));
      expect(page.ok, manifest).toBe(real.code === 0);
    }
  } finally {
    h.clock.resume();
  }
}

const object = (apiVersion: string, kind: string, name: string, rest = '') => `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata: { name: ${name} }\n${rest}`;
const claim = (name: string, storage: string) => object('v1', 'PersistentVolumeClaim', name, `spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: ${storage} } } }\n`);
const web = (replicas: number, app: string) =>
  object('apps/v1', 'Deployment', 'web', `spec:\n  replicas: ${replicas}\n  selector: { matchLabels: { app: ${app} } }\n  template:\n    metadata: { labels: { app: ${app} } }\n    spec: { containers: [{ name: nginx, image: "nginx:1.27" }] }\n`);

describe('the console’s writes the served API refuses, against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deployment/web', 'deployment/db']);

  // A new PersistentVolume is stored, made by hand (persistentVolumes.test.ts); a provisioned one is read-only.
  it('answers apply of a ServiceAccount, StorageClass or provisioned PersistentVolume with the 405 kubectl prints', async () => {
    const volume = servedRead(h, 'get pvc bound -o jsonpath={.spec.volumeName}').output;
    expect(volume).toMatch(/^pvc-/);
    const pv = 'spec: { capacity: { storage: 1Gi }, accessModes: [ReadWriteOnce], hostPath: { path: /tmp } }\n';
    await expectAppliesAsPage(h, [
      object('v1', 'ServiceAccount', 'default'),
      object('v1', 'ServiceAccount', 'build'),
      object('storage.k8s.io/v1', 'StorageClass', 'standard', 'provisioner: rancher.io/local-path\n'),
      object('storage.k8s.io/v1', 'StorageClass', 'fast', 'provisioner: example.com/fast\n'),
      object('v1', 'PersistentVolume', volume, pv),
      // No name: kubectl asks for none (the mapping it names prints `/v1` for the core group).
      'apiVersion: v1\nkind: ServiceAccount\nmetadata: { labels: { a: b } }\n',
      'apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: { labels: { a: b } }\nprovisioner: x\n',
    ]);
    await expectAnswersAsPage(h, ['delete sa default', 'delete sc standard', 'delete pv --all', 'label sa default a=b', 'annotate sc standard a=b']);
  });

  it('answers apply of the kinds a client may not create or patch, and of an invalid ReplicaSet, as the served API does', async () => {
    // A ReplicaSet of one's own is created (standalone.test.ts); this one is refused by ValidateReplicaSet.
    const rs = object('apps/v1', 'ReplicaSet', 'rs1', 'spec:\n  replicas: -1\n  selector: { matchLabels: { a: b } }\n  template:\n    metadata: { labels: { a: c } }\n    spec: { containers: [{ name: a, image: a }], activeDeadlineSeconds: 5 }\n');
    await expectAppliesAsPage(h, [rs, object('v1', 'Node', 'node-9'), object('v1', 'Endpoints', 'svc'), object('v1', 'Endpoints', 'nope')]);
    // The server warns of every request for v1 Endpoints, once a line.
    // The served times follow the wall clock, the console's the run's.
    const dates = (t: string) => t.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, '-');
    await expectAnswersAsPage(h, ['label endpoints svc a=b', 'annotate endpointslices --all a=b', 'annotate endpoints svc --list', 'delete endpoints nope'], dates);
  });

  it('prints apply’s refusals of an update as kubectl does: Invalid from its causes, anything else after the patch sent', async () => {
    await expectAppliesAsPage(h, [
      // Pending: its spec is immutable (a 422); bound: growing it is the resize admission's 403.
      claim('pending', '2Gi'),
      claim('bound', '2Gi'),
      claim('bound', '500Mi'),
      web(-1, 'web'),
      web(2, 'other'),
      object('v1', 'Service', 'svc', 'spec: { type: Weird, selector: { app: web }, ports: [{ port: 80 }] }\n'),
      object('v1', 'ResourceQuota', 'q', 'spec: { hard: { pods: lots } }\n'),
      // Pod: no name, as kubectl reads it (`/v1`).
      'apiVersion: v1\nkind: Pod\nmetadata: { labels: { a: b } }\nspec: { containers: [{ name: a, image: a }] }\n',
    ]);
  });

  it('refuses a patch as the served API’s update does: every cause, a quantity that does not decode, a node port', async () => {
    await expectAnswersAsPage(h, [
      `patch deploy web -p '{"spec":{"replicas":-1,"selector":{"matchLabels":{"app":"x"}},"template":{"metadata":{"labels":{"app":"x"}}}}}'`,
      `patch quota q -p '{"spec":{"hard":{"pods":"lots"}}}'`,
      `patch svc svc -p '{"spec":{"type":"NodePort","ports":[{"port":80,"nodePort":20000}]}}'`,
    ]);
  });

  it('keeps a namespace’s name label, which the registry sets on every update (the console’s is pinned in executeNodes.test)', async () => {
    expect((await h.kubectl(['label', 'ns', 'default', 'kubernetes.io/metadata.name-'])).stdout).toBe('namespace/default unlabeled\n');
    expect(servedObjects(h, 'Namespace').find((n) => n.metadata.name === 'default')?.metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'default' });
  });
});
