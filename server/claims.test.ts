// A standalone PersistentVolumeClaim through the real kubectl (v1.32.4) against npm run serve,
// beside the page's console on the same state: kubectl apply -f claim.yaml (Pending: `standard` waits
// for its first consumer), get pvc and describe pvc before and after a Deployment that mounts it
// runs (Bound to pvc-<uid>), create -f of a bad one and of one that exists, and the updates the API
// server refuses: another class (the spec is immutable), less storage than bound, more storage
// (the PersistentVolumeClaimResize admission: `standard` allows no expansion).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeNormalised, rolledOut, servedObjects, servedRead, servedUntil } from './kubectlHarness.ts';
import { expectAnswersAsPage, servedScenario } from './printsAsPage.ts';

const SCENARIO = `version: 1
name: claims
cluster: { nodes: 2 }
objects: []
`;

const CLAIM = `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: mysql-pv-claim
  labels: { app: mysql }
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 20Gi
`;

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata: { name: mysql, labels: { app: mysql } }
spec:
  replicas: 1
  selector: { matchLabels: { app: mysql } }
  strategy: { type: Recreate }
  template:
    metadata: { labels: { app: mysql } }
    spec:
      containers:
      - name: mysql
        image: "mysql:9"
        volumeMounts: [{ name: mysql-persistent-storage, mountPath: /var/lib/mysql }]
      volumes:
      - name: mysql-persistent-storage
        persistentVolumeClaim: { claimName: mysql-pv-claim }
`;

/** The served run's dates are on the wall clock, the console's on the virtual one: blanked, with the columns they set. */
const datesNormalised = (t: string) => describeNormalised(t).replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, '-');

const READS = ['get pvc', 'get pvc -o wide', 'get persistentvolumeclaims mysql-pv-claim', 'describe pvc mysql-pv-claim', 'get pvc mysql-pv-claim -o yaml'];

describe('a standalone PersistentVolumeClaim against npm run serve', () => {
  const h = servedScenario(SCENARIO);

  it('applies claim.yaml, Pending until a pod mounts it, as the console prints it', async () => {
    const file = join(h.dir, 'claim.yaml');
    writeFileSync(file, CLAIM);
    expect(await h.kubectl(['apply', '-f', file])).toMatchObject({ code: 0, stdout: 'persistentvolumeclaim/mysql-pv-claim created\n', stderr: '' });
    expect(servedRead(h, "get pvc mysql-pv-claim -o jsonpath='{.status.phase} {.spec.storageClassName} {.spec.volumeMode} {.metadata.finalizers}'").output).toBe(
      'Pending standard Filesystem ["kubernetes.io/pvc-protection"]',
    );
    await expectAnswersAsPage(h, READS, datesNormalised);
  });

  it('refuses create -f of a claim that exists and of an invalid one in the API server’s words', async () => {
    const file = join(h.dir, 'claim.yaml');
    const again = await h.kubectl(['create', '-f', file]);
    expect(again.stderr).toBe('Error from server (AlreadyExists): error when creating "' + file + '": persistentvolumeclaims "mysql-pv-claim" already exists\n');
    const bad = join(h.dir, 'bad.yaml');
    writeFileSync(bad, CLAIM.replace('mysql-pv-claim', 'bad').replace('[ReadWriteOnce]', '[ReadWriteSometimes]').replace('20Gi', '"0"'));
    // kubectl 1.32 lists several causes one a line.
    expect((await h.kubectl(['create', '-f', bad])).stderr).toBe(
      'The PersistentVolumeClaim "bad" is invalid: \n* spec.accessModes: Unsupported value: "ReadWriteSometimes": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"\n* spec.resources[storage]: Invalid value: "0": must be greater than zero\n',
    );
  });

  it('refuses a larger request while it is Pending: the spec is immutable but for a bound claim’s requests', async () => {
    const bigger = join(h.dir, 'bigger.yaml');
    writeFileSync(bigger, CLAIM.replace('20Gi', '30Gi'));
    const r = await h.kubectl(['apply', '-f', bigger]);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').slice(0, 5)).toEqual([
      'The PersistentVolumeClaim "mysql-pv-claim" is invalid: spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims',
      '  core.PersistentVolumeClaimSpec{',
      '  \t... // 2 identical fields',
      '- \tResources: {"requests":{"storage":"20Gi"}},',
      '+ \tResources: {"requests":{"storage":"30Gi"}},',
    ]);
    await expectAnswersAsPage(h, [`patch pvc mysql-pv-claim -p '{"spec":{"resources":{"requests":{"storage":"30Gi"}}}}'`]);
  });

  it('binds it to pvc-<uid> once the Deployment’s pod is scheduled, as the console prints it', async () => {
    const file = join(h.dir, 'mysql.yaml');
    writeFileSync(file, DEPLOYMENT);
    expect((await h.kubectl(['apply', '-f', file])).stdout).toBe('deployment.apps/mysql created\n');
    await rolledOut(h, 'deployment/mysql');
    const uid = servedRead(h, 'get pvc mysql-pv-claim -o jsonpath={.metadata.uid}').output;
    expect(uid).not.toBe('');
    expect(servedRead(h, "get pvc mysql-pv-claim -o jsonpath='{.status.phase} {.spec.volumeName} {.status.capacity.storage}'").output).toBe(`Bound pvc-${uid} 20Gi`);
    await expectAnswersAsPage(h, READS, datesNormalised);
  });

  it('refuses another class, less storage than bound and more than standard can give, as the console does', async () => {
    await expectAnswersAsPage(h, [
      `patch pvc mysql-pv-claim -p '{"spec":{"storageClassName":"fast"}}'`,
      `patch pvc mysql-pv-claim -p '{"spec":{"resources":{"requests":{"storage":"10Gi"}}}}'`,
      `patch pvc mysql-pv-claim -p '{"spec":{"resources":{"requests":{"storage":"30Gi"}}}}'`,
      `patch pvc mysql-pv-claim -p '{"spec":{"accessModes":["ReadWriteOncePod","ReadWriteOnce"]}}' --type=merge`,
    ]);
    const r = await h.kubectl(['patch', 'pvc', 'mysql-pv-claim', '-p', '{"spec":{"resources":{"requests":{"storage":"30Gi"}}}}']);
    expect(r.stderr).toBe(
      'Error from server (Forbidden): persistentvolumeclaims "mysql-pv-claim" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize\n',
    );
  });

  it('outlives the Deployment, and goes when deleted', async () => {
    expect((await h.kubectl(['delete', 'deployment', 'mysql'])).code).toBe(0);
    await servedUntil(h, 'the mysql pods gone', () => servedObjects(h, 'Pod').every((p) => p.metadata.labels?.app !== 'mysql') || 'some left');
    expect(servedRead(h, 'get pvc mysql-pv-claim -o jsonpath={.status.phase}').output).toBe('Bound');
    expect(await h.kubectl(['delete', 'pvc', 'mysql-pv-claim', '--timeout=60s'])).toMatchObject({ code: 0, stdout: 'persistentvolumeclaim "mysql-pv-claim" deleted\n' });
  });
});
