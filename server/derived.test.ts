// What the server derives from the engine's objects, through the real kubectl (v1.32.4): each
// namespace's default ServiceAccount, a StatefulSet claim's PersistentVolume, and kind's default
// StorageClass, listed, described and read-only.
import { describe, expect, it } from 'vitest';
import { servedRead } from './kubectlHarness.ts';
import { servedScenario } from './printsAsPage.ts';

const SCENARIO = `version: 1
name: derived
cluster:
  nodes: 2
objects:
  - apiVersion: apps/v1
    kind: StatefulSet
    metadata: { name: store }
    spec:
      replicas: 2
      serviceName: store
      selector: { matchLabels: { app: store } }
      template:
        metadata: { labels: { app: store } }
        spec:
          containers: [{ name: store, image: "store:1", volumeMounts: [{ name: data, mountPath: /var/lib/store }] }]
      volumeClaimTemplates:
        - metadata: { name: data }
          spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, namespace: data }
    spec:
      replicas: 1
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec: { containers: [{ name: web, image: "web:1" }] }
`;

describe('derived resources against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['statefulset/store']);

  it('lists the default ServiceAccount of every namespace, as the serviceaccount controller makes them', async () => {
    const all = await h.kubectl(['get', 'sa', '-A']);
    expect(all.stdout).toMatch(/^NAMESPACE\s+NAME\s+SECRETS\s+AGE\ndata\s+default\s+0\s+\S+\ndefault\s+default\s+0\s+\S+\nkube-node-lease\s+default\s+0\s+\S+\nkube-public\s+default\s+0\s+\S+\nkube-system\s+default\s+0\s+\S+\n$/);
    const d = await h.kubectl(['describe', 'serviceaccount', 'default', '-n', 'data']);
    expect(d.stdout).toMatch(/^Name:\s+default\nNamespace:\s+data\nLabels:\s+<none>\nAnnotations:\s+<none>\nImage pull secrets:\s+<none>\nMountable secrets:\s+<none>\nTokens:\s+<none>\nEvents:\s+<none>\n$/);
    // The pods' account, read on the served state (servedRead): kubectl prints the account above.
    expect(servedRead(h, 'get pods -l app=store -o jsonpath={.items[*].spec.serviceAccountName}').output).toBe('default default');
    const missing = await h.kubectl(['get', 'sa', 'builder']);
    expect(missing.stderr).toBe('Error from server (NotFound): serviceaccounts "builder" not found\n');
  });

  it("lists each bound claim's volume and kind's default StorageClass, and describes them", async () => {
    const pv = await h.kubectl(['get', 'pv']);
    const rows = pv.stdout.trim().split('\n');
    expect(rows[0]).toMatch(/^NAME\s+CAPACITY\s+ACCESS MODES\s+RECLAIM POLICY\s+STATUS\s+CLAIM\s+STORAGECLASS\s+VOLUMEATTRIBUTESCLASS\s+REASON\s+AGE$/);
    expect(rows.slice(1).map((r) => r.split(/\s+/).slice(1, 7).join(' ')).sort()).toEqual(['1Gi RWO Delete Bound default/data-store-0 standard', '1Gi RWO Delete Bound default/data-store-1 standard']);
    // Each volume is its claim's spec.volumeName.
    const names = servedRead(h, 'get pvc -o jsonpath={.items[*].spec.volumeName}').output.split(' ').sort();
    expect(rows.slice(1).map((r) => r.split(/\s+/)[0]).sort()).toEqual(names);
    const d = await h.kubectl(['describe', 'pv', names[0] ?? '']);
    expect(d.stdout).toMatch(/\nFinalizers:\s+\[kubernetes\.io\/pv-protection\]\nStorageClass:\s+standard\nStatus:\s+Bound\nClaim:\s+default\/data-store-\d\nReclaim Policy:\s+Delete\nAccess Modes:\s+RWO\nVolumeMode:\s+Filesystem\nCapacity:\s+1Gi\nNode Affinity:\s+\n\s+Required Terms:\s+\n\s+Term 0:\s+kubernetes\.io\/hostname in \[node-\d\]\n/);
    expect(d.stdout).toMatch(/\n\s+Type:\s+HostPath \(bare host directory volume\)\n\s+Path:\s+\/var\/local-path-provisioner\/pvc-[\w-]+_default_data-store-\d\n\s+HostPathType:\s+DirectoryOrCreate\n/);
    const sc = await h.kubectl(['get', 'sc']);
    expect(sc.stdout).toMatch(/^NAME\s+PROVISIONER\s+RECLAIMPOLICY\s+VOLUMEBINDINGMODE\s+ALLOWVOLUMEEXPANSION\s+AGE\nstandard \(default\)\s+rancher\.io\/local-path\s+Delete\s+WaitForFirstConsumer\s+false\s+\S+\n$/);
    const dsc = await h.kubectl(['describe', 'storageclass', 'standard']);
    expect(dsc.stdout).toMatch(/^Name:\s+standard\nIsDefaultClass:\s+Yes\n/);
  });

  it('lists them in discovery and refuses writes in their owners’ words', async () => {
    const core = await h.kubectl(['api-resources', '--api-group=']);
    expect(core.stdout).toMatch(/\npersistentvolumes\s+pv\s+v1\s+false\s+PersistentVolume\n/);
    expect(core.stdout).toMatch(/\nserviceaccounts\s+sa\s+v1\s+true\s+ServiceAccount\n/);
    const storage = await h.kubectl(['api-resources', '--api-group=storage.k8s.io']);
    expect(storage.stdout).toMatch(/\nstorageclasses\s+sc\s+storage\.k8s\.io\/v1\s+false\s+StorageClass\n/);
    const del = await h.kubectl(['delete', 'sa', 'default']);
    expect(del.code).not.toBe(0);
    expect(del.stderr).toMatch(/MethodNotAllowed|not supported/);
  });
});
