// A PersistentVolume's life through the real kubectl (v1.32.4) against npm run serve: `kubectl get
// pv -w` streams a volume made by hand (Pending, Available, Bound, Released, and with reclaim
// policy Delete and a hostPath outside /tmp, Failed: the hostPath deleter refuses) and a volume the
// provisioner made for a claim; an update of what ValidatePersistentVolumeUpdate keeps is refused
// in the API server's words, as the page's console refuses it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { servedRead, servedUntil } from './kubectlHarness.ts';
import { expectAnswersAsPage, servedScenario } from './printsAsPage.ts';

const SCENARIO = `version: 1
name: pv-watch
cluster: { nodes: 2 }
objects: []
`;

const volume = (name: string, extra = '') => `apiVersion: v1
kind: PersistentVolume
metadata: { name: ${name}, labels: { type: local } }
spec:
  storageClassName: manual
  persistentVolumeReclaimPolicy: Delete
  capacity: { storage: 10Gi }
  accessModes: [ReadWriteOnce]
  hostPath: { path: /mnt/data }
${extra}`;

const CLAIM = `apiVersion: v1
kind: PersistentVolumeClaim
metadata: { name: task-pv-claim }
spec:
  storageClassName: manual
  accessModes: [ReadWriteOnce]
  resources: { requests: { storage: 3Gi } }
`;

const PROVISIONED = `apiVersion: v1
kind: PersistentVolumeClaim
metadata: { name: data }
spec:
  accessModes: [ReadWriteOnce]
  resources: { requests: { storage: 1Gi } }
---
apiVersion: v1
kind: Pod
metadata: { name: user }
spec:
  volumes: [{ name: d, persistentVolumeClaim: { claimName: data } }]
  containers: [{ name: c, image: nginx, volumeMounts: [{ mountPath: /data, name: d }] }]
`;

const FAILED_DELETE = 'host_path deleter only supports /tmp/.+ but received provided /mnt/data';

/** The EVENT and STATUS columns of `get pv -w --output-watch-events`, for one volume. */
const eventsOf = (out: string, name: string) =>
  out
    .split('\n')
    .map((l) => l.split(/\s+/))
    .filter((w) => w[1] === name)
    .map((w) => `${w[0]} ${w[5]}`);

describe('kubectl get pv -w against npm run serve', () => {
  const h = servedScenario(SCENARIO);
  const file = (name: string, text: string) => {
    const p = join(h.dir, name);
    writeFileSync(p, text);
    return p;
  };
  // A field of what the served store holds, read by the console (servedRead), not by a kubectl process.
  const jsonpath = (args: string[], path: string) => servedRead(h, `${args.join(' ')} -o jsonpath='${path}'`).output;
  /** phaseIs waits (15 s at most) until the object `what` names (`pv task-pv-volume`) is in `phase` on the served state. */
  const phaseIs = (what: string, phase: string) =>
    servedUntil(h, `${what} ${phase}`, () => {
      const now = jsonpath(['get', ...what.split(' ')], '{.status.phase}');
      return now === phase || `phase "${now}"`;
    }, 15_000);
  /** watch starts `kubectl get pv -w` once the server holds its watch open; `output` resolves when `done` says so. */
  const watch = async (extra: string[], done: (out: string) => boolean): Promise<{ output: Promise<string> }> => {
    const subscribed = vi.spyOn(h.server.live, 'subscribe');
    const output = h.watch(['get', 'pv', '-w', '--output-watch-events', ...extra], done, 60_000);
    await servedUntil(h, 'the watch held open', () => subscribed.mock.calls.length > 0 || 'no watch yet', 15_000);
    subscribed.mockRestore();
    return { output };
  };

  it('streams a Delete volume made by hand from Pending to Failed, then its deletion', async () => {
    const watching = await watch([], (out) => /DELETED\s+task-pv-volume/.test(out));
    expect((await h.kubectl(['apply', '-f', file('pv.yaml', volume('task-pv-volume'))])).stdout).toBe('persistentvolume/task-pv-volume created\n');
    await phaseIs('pv task-pv-volume', 'Available');
    expect((await h.kubectl(['apply', '-f', file('claim.yaml', CLAIM)])).code).toBe(0);
    await phaseIs('pv task-pv-volume', 'Bound');
    expect((await h.kubectl(['delete', 'pvc', 'task-pv-claim'])).code).toBe(0);
    await phaseIs('pv task-pv-volume', 'Failed');
    expect(jsonpath(['get', 'pv', 'task-pv-volume'], '{.status.message}')).toBe(FAILED_DELETE);
    expect(servedRead(h, 'get events --field-selector reason=VolumeFailedDelete -o custom-columns=TYPE:.type,FROM:.source.component,MESSAGE:.message --no-headers').output).toBe(
      `Warning   persistentvolume-controller   ${FAILED_DELETE}`,
    );
    expect((await h.kubectl(['delete', 'pv', 'task-pv-volume'])).code).toBe(0);
    const out = await watching.output;
    expect(eventsOf(out, 'task-pv-volume')).toEqual([
      'ADDED Pending',
      'MODIFIED Available',
      // bind: the claimRef first, then the phase.
      'MODIFIED Available',
      'MODIFIED Bound',
      'MODIFIED Released',
      'MODIFIED Failed',
      'MODIFIED Terminating',
      'DELETED Terminating',
    ]);
  }, 90_000);

  it('refuses a new source, volume mode or node affinity in the API server’s words, as the console does', async () => {
    const affinity = '  nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: kubernetes.io/hostname, operator: In, values: [node-1] }] }] } }\n';
    expect((await h.kubectl(['apply', '-f', file('kept.yaml', volume('kept', affinity))])).code).toBe(0);
    const patch = (p: string) => `patch pv kept -p '${p}'`;
    // kubectl's answers, compared with the console's, are then pinned (with the final newline answersOf drops).
    const [source, mode] = await expectAnswersAsPage(h, [
      patch('{"spec":{"hostPath":{"path":"/mnt/other"}}}'),
      patch('{"spec":{"volumeMode":"Block"}}'),
      patch('{"spec":{"nodeAffinity":{"required":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"kubernetes.io/hostname","operator":"In","values":["node-2"]}]}]}}}}'),
      patch('{"spec":{"capacity":{"storage":"0"}}}'),
    ]);
    expect(`${source?.real}\n`).toBe(
      'The PersistentVolume "kept" is invalid: spec.persistentvolumesource: Forbidden: spec.persistentvolumesource is immutable after creation\n' +
        '  core.PersistentVolumeSource{\n  \t... // 2 identical fields\n- \tHostPath: {"path":"/mnt/data","type":""},\n+ \tHostPath: {"path":"/mnt/other","type":""},\n  \t... // 19 identical fields\n  }\n\n',
    );
    expect(`${mode?.real}\n`).toBe('The PersistentVolume "kept" is invalid: volumeMode: Invalid value: "Block": field is immutable\n');
    // What may change, changes.
    expect((await h.kubectl(['patch', 'pv', 'kept', '-p', '{"spec":{"capacity":{"storage":"20Gi"},"persistentVolumeReclaimPolicy":"Retain"}}'])).stdout).toBe('persistentvolume/kept patched\n');
  }, 60_000);

  it('streams the volume the provisioner makes for a claim, and its deletion with the claim', async () => {
    const all = await watch([], (out) => /DELETED\s+pvc-/.test(out));
    expect((await h.kubectl(['apply', '-f', file('provisioned.yaml', PROVISIONED)])).code).toBe(0);
    await phaseIs('pvc data', 'Bound');
    const name = jsonpath(['get', 'pvc', 'data'], '{.spec.volumeName}');
    expect((await h.kubectl(['delete', 'pod', 'user', '--grace-period=0', '--force'])).code).toBe(0);
    expect((await h.kubectl(['delete', 'pvc', 'data'])).code).toBe(0);
    const out = await all.output;
    expect(eventsOf(out, name)).toEqual(['ADDED Bound', 'DELETED Bound']);
    // kept is listed first (ADDED Available), then left alone.
    expect(eventsOf(out, 'kept')).toEqual(['ADDED Available']);
  }, 90_000);
});
