// The Kubernetes documentation's "Configure a Pod to Use a PersistentVolume for Storage" through
// the real kubectl (v1.32.4) against npm run serve, beside the page's console on the same state:
// a hostPath PersistentVolume (class manual, no such StorageClass) made Available, a claim the PV
// controller binds to it, the pod that mounts the claim Running; a bad volume refused in the API
// server's words; the claim deleted (the volume Released: Retain), then the volume deleted.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeNormalised, servedObjects, servedRead, servedUntil } from './kubectlHarness.ts';
import { expectAnswersAsPage, servedScenario } from './printsAsPage.ts';

const SCENARIO = `version: 1
name: pv-tutorial
cluster: { nodes: 2 }
objects: []
`;

const PV = `apiVersion: v1
kind: PersistentVolume
metadata:
  name: task-pv-volume
  labels:
    type: local
spec:
  storageClassName: manual
  capacity:
    storage: 10Gi
  accessModes:
    - ReadWriteOnce
  hostPath:
    path: "/mnt/data"
`;

const CLAIM = `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: task-pv-claim
spec:
  storageClassName: manual
  accessModes:
    - ReadWriteOnce
  resources:
    requests:
      storage: 3Gi
`;

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: task-pv-pod
spec:
  volumes:
    - name: task-pv-storage
      persistentVolumeClaim:
        claimName: task-pv-claim
  containers:
    - name: task-pv-container
      image: nginx
      ports:
        - containerPort: 80
          name: "http-server"
      volumeMounts:
        - mountPath: "/usr/share/nginx/html"
          name: task-pv-storage
`;

const datesNormalised = (t: string) => describeNormalised(t).replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, '-');
const READS = ['get pv', 'get pv -o wide', 'get pv task-pv-volume', 'describe pv task-pv-volume', 'get pvc task-pv-claim'];

describe('the PersistentVolume tutorial against npm run serve', () => {
  const h = servedScenario(SCENARIO);
  // A field of what the served store holds, read by the console (servedRead), not by a kubectl process.
  const jsonpath = (args: string[]) => servedRead(h, `${args.slice(0, -1).join(' ')} -o jsonpath='${args[args.length - 1]}'`).output;
  /** phaseIs waits (10 s at most) until the object `what` names (`pv task-pv-volume`) is in `phase` on the served state. */
  const phaseIs = (what: string, phase: string) =>
    servedUntil(h, `${what} ${phase}`, () => {
      const now = jsonpath(['get', ...what.split(' '), '{.status.phase}']);
      return now === phase || `phase "${now}"`;
    }, 10_000);

  it('creates the volume, Available, as the console prints it', async () => {
    const file = join(h.dir, 'pv-volume.yaml');
    writeFileSync(file, PV);
    expect(await h.kubectl(['apply', '-f', file])).toMatchObject({ code: 0, stdout: 'persistentvolume/task-pv-volume created\n', stderr: '' });
    await phaseIs('pv task-pv-volume', 'Available');
    expect(jsonpath(['get', 'pv', 'task-pv-volume', '{.status.phase} {.spec.persistentVolumeReclaimPolicy} {.metadata.finalizers}'])).toBe('Available Retain ["kubernetes.io/pv-protection"]');
    await expectAnswersAsPage(h, ['get pv', 'describe pv task-pv-volume'], datesNormalised);
  });

  it('refuses a volume without capacity, access modes or source in the API server’s words', async () => {
    const bad = join(h.dir, 'bad.yaml');
    writeFileSync(bad, 'apiVersion: v1\nkind: PersistentVolume\nmetadata: { name: bad }\nspec: { storageClassName: manual }\n');
    expect((await h.kubectl(['apply', '-f', bad])).stderr).toBe(
      'The PersistentVolume "bad" is invalid: \n* spec.accessModes: Required value\n* spec.capacity: Required value\n* spec.capacity: Unsupported value: core.ResourceList(nil): supported values: "storage"\n* spec: Required value: must specify a volume type\n',
    );
  });

  it('binds the claim to the volume and runs the pod, as the console prints them', async () => {
    const claim = join(h.dir, 'pv-claim.yaml');
    writeFileSync(claim, CLAIM);
    expect((await h.kubectl(['apply', '-f', claim])).stdout).toBe('persistentvolumeclaim/task-pv-claim created\n');
    await phaseIs('pvc task-pv-claim', 'Bound');
    expect(jsonpath(['get', 'pvc', 'task-pv-claim', '{.status.phase} {.spec.volumeName} {.status.capacity.storage}'])).toBe('Bound task-pv-volume 10Gi');
    expect(jsonpath(['get', 'pv', 'task-pv-volume', '{.status.phase} {.spec.claimRef.namespace}/{.spec.claimRef.name}'])).toBe('Bound default/task-pv-claim');
    const pod = join(h.dir, 'pv-pod.yaml');
    writeFileSync(pod, POD);
    expect((await h.kubectl(['apply', '-f', pod])).stdout).toBe('pod/task-pv-pod created\n');
    await servedUntil(h, 'task-pv-pod Ready', () => servedObjects(h, 'Pod').some((p) => p.metadata.name === 'task-pv-pod' && p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')) || 'not Ready');
    await expectAnswersAsPage(h, READS, datesNormalised);
  });

  it('releases the volume when the claim is deleted, then deletes the volume', async () => {
    expect((await h.kubectl(['delete', 'pod', 'task-pv-pod', '--grace-period=0', '--force'])).code).toBe(0);
    expect((await h.kubectl(['delete', 'pvc', 'task-pv-claim'])).code).toBe(0);
    await phaseIs('pv task-pv-volume', 'Released');
    expect(jsonpath(['get', 'pv', 'task-pv-volume', '{.status.phase}'])).toBe('Released');
    await expectAnswersAsPage(h, ['get pv'], datesNormalised);
    expect(await h.kubectl(['delete', 'pv', 'task-pv-volume'])).toMatchObject({ code: 0, stdout: 'persistentvolume "task-pv-volume" deleted\n' });
    expect(servedObjects(h, 'PersistentVolume').map((v) => v.metadata.name)).not.toContain('task-pv-volume');
  });
});
