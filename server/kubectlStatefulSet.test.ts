// The served StatefulSet and PersistentVolumeClaim resources driven by the real kubectl: apply,
// rollout status, a partitioned set image, the stuck rollout that rollout undo does not fix and a
// pod deletion frees, history after undo, scale and the refused pause; get sts / get pvc /
// describe sts and rollout status compared byte for byte with the page's console on one state.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventAgesNormalised, type Harness, pageKubectl, rolledOut, servedObjects, servedRead, startHarness } from './kubectlHarness.ts';

const WEB = `apiVersion: apps/v1
kind: StatefulSet
metadata: {name: web}
spec:
  replicas: 3
  serviceName: nginx
  selector: {matchLabels: {app: nginx}}
  template:
    metadata: {labels: {app: nginx}}
    spec: {containers: [{name: nginx, image: "nginx:1.25"}]}
  volumeClaimTemplates:
  - metadata: {name: www}
    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
`;

const SCENARIO = `version: 1
name: StatefulSet web
cluster:
  nodes: 3
  images:
    "nginx:broken": { pull: fail }
objects: []
`;

describe('kubectl against npm run serve: StatefulSets', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ text: SCENARIO, speed: 20 });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('lists statefulsets (sts) with scale and status, and persistentvolumeclaims (pvc), in discovery', async () => {
    const r = await h.kubectl(['api-resources', '--api-group=apps', '--no-headers']);
    expect(r.stdout).toMatch(/^statefulsets\s+sts\s+apps\/v1\s+true\s+StatefulSet$/m);
    const core = await h.kubectl(['api-resources', '--api-group=', '--no-headers']);
    expect(core.stdout).toMatch(/^persistentvolumeclaims\s+pvc\s+v1\s+true\s+PersistentVolumeClaim$/m);
  });

  it('applies the StatefulSet and waits for its rollout', async () => {
    const p = join(h.dir, 'web.yaml');
    writeFileSync(p, WEB);
    expect(await h.kubectl(['apply', '-f', p])).toMatchObject({ code: 0, stdout: 'statefulset.apps/web created\n' });
    const r = await h.kubectl(['rollout', 'status', 'sts/web', '--timeout=60s']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n').pop()).toBe('partitioned roll out complete: 3 new pods have been updated...');
  });

  it('prints get sts, get pvc, describe sts and rollout status exactly as the page does', async () => {
    h.clock.pause();
    try {
      h.server.live.advance();
      const now = h.server.live.virtualNow();
      for (const line of ['get sts', 'get sts -o wide', 'get pvc', 'get pvc -o wide', 'get pods', 'describe sts web', 'rollout status sts/web --watch=false', 'rollout history sts/web']) {
        const r = await h.kubectl(line.split(' '));
        expect(r.stderr).toBe('');
        // describe prints CreationTimestamp from the wall clock the server sends (wallClock.ts) and
        // its Events' ages from kubectl's own clock (eventAgesNormalised): both are normalised. The
        // Events of one second come out in sort.Sort's order on both sides (lib/goSort.ts).
        const norm = (t: string) =>
          line.startsWith('describe') ? t.replace(/^CreationTimestamp:.*$/m, 'CreationTimestamp: -').split('\n').map(eventAgesNormalised).join('\n') : t;
        expect(norm(r.stdout), line).toBe(norm(pageKubectl(h, line, now)));
      }
    } finally {
      h.clock.resume();
    }
  });

  it('rolls a partition canary: only the ordinals at or above it change', async () => {
    expect((await h.kubectl(['patch', 'sts', 'web', '-p', '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":2}}}}'])).stdout).toBe('statefulset.apps/web patched\n');
    expect((await h.kubectl(['set', 'image', 'sts/web', 'nginx=nginx:1.26'])).stdout).toBe('statefulset.apps/web image updated\n');
    const r = await h.kubectl(['rollout', 'status', 'sts/web', '--timeout=60s']);
    expect(r.stdout.trim().split('\n').pop()).toBe('partitioned roll out complete: 1 new pods have been updated...');
    expect(servedObjects(h, 'Pod').map((p) => p.spec.containers[0]?.image)).toEqual(['nginx:1.25', 'nginx:1.25', 'nginx:1.26']);
    await h.kubectl(['patch', 'sts', 'web', '-p', '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":0}}}}']);
    await rolledOut(h, 'sts/web');
  });

  it('holds a broken rollout until the broken pod is deleted, then keeps the renumbered history', async () => {
    await h.kubectl(['set', 'image', 'sts/web', 'nginx=nginx:broken']);
    const stuck = await h.kubectl(['rollout', 'status', 'sts/web', '--timeout=3s']);
    expect(stuck.code).not.toBe(0);
    expect(stuck.stdout).toMatch(/Waiting for 1 pods to be ready\.\.\./);
    expect((await h.kubectl(['rollout', 'undo', 'sts/web'])).stdout).toBe('statefulset.apps/web rolled back\n');
    const still = await h.kubectl(['rollout', 'status', 'sts/web', '--timeout=3s']);
    expect(still.code).not.toBe(0);
    // --wait=false: kubectl's wait for the deletion GETs the pod, then lists and watches it by name.
    // At 20× speed the StatefulSet can recreate web-2 between the two (a real cluster takes seconds),
    // and kubectl then waits for ever for the DELETED of a pod it never saw. Its race, not the test's.
    // The state shown if it fails, read by the console on the served state (no kubectl process for a message).
    const state = () => ['get pods -o wide', 'get sts web -o jsonpath={.status}'].map((l) => servedRead(h, l).output).join('\n');
    const deleted = await h.kubectl(['delete', 'pod', 'web-2', '--wait=false']);
    expect(deleted.stdout, deleted.stderr + state()).toMatch(/^pod "web-2" deleted/);
    const done = await h.kubectl(['rollout', 'status', 'sts/web', '--timeout=60s']);
    expect(done.code, done.stdout + done.stderr + state()).toBe(0);
    expect((await h.kubectl(['rollout', 'history', 'sts/web'])).stdout).toBe('statefulset.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n3         <none>\n4         <none>\n\n');
    // Two 3 s waits for kubectl's --timeout and a rollout: room for a loaded machine.
  }, 90_000);

  it('scales through the scale subresource, and refuses pause in kubectl words', async () => {
    expect((await h.kubectl(['scale', 'sts/web', '--replicas=1'])).stdout).toBe('statefulset.apps/web scaled\n');
    const pause = await h.kubectl(['rollout', 'pause', 'sts/web']);
    expect(pause.stderr).toBe('error: statefulsets.apps "web" pausing is not supported\n');
    const forbidden = await h.kubectl(['patch', 'sts', 'web', '-p', '{"spec":{"serviceName":"other"}}']);
    expect(forbidden.stderr).toMatch(/^The StatefulSet "web" is invalid: spec: Forbidden: updates to statefulset spec for fields other than/);
  });
});
