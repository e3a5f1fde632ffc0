// The Volumes section of kubectl describe (describeVolumes) through the real kubectl and in the
// page's console (kubectl v1.36.3's describe), on one state: a pod's volumes, the
// ServiceAccount's projected token volume among them, and every Pod Template's (Deployment,
// ReplicaSet, StatefulSet), where each volume's name takes one more space. And a pod whose
// ConfigMap volume cannot be mounted: it waits in ContainerCreating, with the volume manager's
// FailedMount Events, until the ConfigMap is created. The real kubectl is kubectl.1.33 (the
// server reports v1.33.0), which already prints a projected volume's `Optional:` as 1.36 does;
// the Events' container field paths (1.35) are evened out (describeSkew.ts).
import { describe, expect, it } from 'vitest';
import { eventFieldPathsDropped } from './describeSkew.ts';
import { describeNormalised, rolledOut, servedRead } from './kubectlHarness.ts';
import { expectPrintsAsPage, servedScenario } from './printsAsPage.ts';

const SCENARIO = `version: 1
name: volumes
cluster:
  nodes: 2
objects:
  - apiVersion: v1
    kind: ConfigMap
    metadata: { name: app-config }
    data: { MODE: blue }
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: vol }
    spec:
      replicas: 1
      selector: { matchLabels: { app: vol } }
      template:
        metadata: { labels: { app: vol } }
        spec:
          containers:
            - name: web
              image: nginx
              volumeMounts: [{ name: config, mountPath: /etc/app }, { name: cache, mountPath: /cache }, { name: host, mountPath: /host, readOnly: true }]
          volumes:
            - { name: config, configMap: { name: app-config } }
            - { name: creds, secret: { secretName: creds, optional: true } }
            - { name: cache, emptyDir: { sizeLimit: 1Gi } }
            - { name: scratch, emptyDir: {} }
            - { name: host, hostPath: { path: /var/log, type: Directory } }
            - { name: logs, hostPath: { path: /var/run } }
            - name: labels
              downwardAPI:
                items: [{ path: labels, fieldRef: { fieldPath: metadata.labels } }, { path: name, fieldRef: { fieldPath: metadata.name } }]
  - apiVersion: apps/v1
    kind: StatefulSet
    metadata: { name: db }
    spec:
      replicas: 1
      serviceName: db
      selector: { matchLabels: { app: db } }
      template:
        metadata: { labels: { app: db } }
        spec:
          containers: [{ name: db, image: "db:1", volumeMounts: [{ name: data, mountPath: /data }] }]
      volumeClaimTemplates:
        - metadata: { name: data }
          spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: waits }
    spec:
      replicas: 1
      selector: { matchLabels: { app: waits } }
      template:
        metadata: { labels: { app: waits } }
        spec:
          containers: [{ name: web, image: nginx, volumeMounts: [{ name: config, mountPath: /etc/app }] }]
          volumes: [{ name: config, configMap: { name: waits-config } }]
`;

const normalise = (t: string) => describeNormalised(eventFieldPathsDropped(t));

describe('describeVolumes against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deployment/vol', 'statefulset/db'], { gitVersion: 'v1.33.0' });

  it("prints a pod's volumes and every Pod Template's as kubectl does", async () => {
    await expectPrintsAsPage(h, ['describe deployment vol', 'describe rs -l app=vol', 'describe pods -l app=vol', 'describe statefulset db', 'describe pods -l app=db'], normalise);
  });

  it('keeps a pod whose ConfigMap volume is missing in ContainerCreating, with FailedMount Events, until it is created', async () => {
    await expectPrintsAsPage(h, ['get pods -l app=waits', 'describe pods -l app=waits'], normalise);
    // The Event's and the pod's fields, and the wait, on the served state (servedRead, rolledOut): kubectl's describe is compared above.
    expect(servedRead(h, "get events --field-selector reason=FailedMount -o jsonpath='{.items[0].type} {.items[0].source.component} {.items[0].message}'").output).toBe(
      'Warning kubelet MountVolume.SetUp failed for volume "config" : configmap "waits-config" not found',
    );
    expect(servedRead(h, 'get pods -l app=waits -o jsonpath={.items[0].status.containerStatuses[0].state.waiting.reason}').output).toBe('ContainerCreating');
    expect((await h.kubectl(['create', 'configmap', 'waits-config', '--from-literal=MODE=green'])).code).toBe(0);
    // The next try is at most 2m2s away: 10 s at the served speed of 10.
    await rolledOut(h, 'deployment/waits');
  });
});
