// `kubectl get|describe pv|sc|sa` through the real kubectl (v1.32.4) against `npm run serve` and
// in the page's console, on one state: a StatefulSet's two bound claims and their local-path
// volumes, kind's default StorageClass, each namespace's default ServiceAccount, and a write the
// served API refuses (405). What kubectl 1.36 (the console) prints differently from 1.32 is evened
// out by describeSkew.ts' normalisers: the Events of several objects described at once, and the
// ServiceAccount's `Mountable secrets` and `Tokens` lines.
import { describe, it } from 'vitest';
import { eventsOfManyDropped, serviceAccountSecretsDropped } from './describeSkew.ts';
import { expectAnswersAsPage, expectPrintsAsPage, servedScenario } from './printsAsPage.ts';

const SCENARIO = `version: 1
name: derived as page
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
  - apiVersion: v1
    kind: Namespace
    metadata: { name: data }
`;

describe('pv, sc and sa in the console as the real kubectl prints them', () => {
  const h = servedScenario(SCENARIO, ['statefulset/store']);

  it('lists volumes, the class and accounts as tables, wide, by name, in comma lists and across namespaces', async () => {
    await expectPrintsAsPage(h, [
      'get pv',
      'get pv -o wide',
      'get pvc,pv',
      'get pvc,pv -A',
      'get pv,pvc -A',
      'get pods,nodes -A',
      'get sc',
      'get storageclass.storage.k8s.io',
      'get sa',
      'get sa -A',
      'get sa -n data',
      'get pv -o name',
      'get sc,sa -o name',
      'get persistentvolumes --field-selector metadata.name!=x',
    ]);
  });

  it('describes them as kubectl 1.36 does', async () => {
    await expectPrintsAsPage(h, ['describe pv'], eventsOfManyDropped);
    await expectPrintsAsPage(h, ['describe sc standard', 'describe storageclasses']);
    await expectPrintsAsPage(h, ['describe sa default', 'describe sa default -n data'], serviceAccountSecretsDropped);
  });

  it('refuses a write as the served API does, and reads what is missing as NotFound', async () => {
    await expectAnswersAsPage(h, ['get serviceaccount default -o jsonpath={.metadata.uid}', 'delete sa default', 'delete pv nothing', 'label sa default team=a',
      'label sa default team-',
      'label sa nobody team=a',
      'patch sc standard -p {"allowVolumeExpansion":true}',
      'scale sa default --replicas=2',
      'set env sa/default A=1', 'get sc fast', 'get sc --field-selector spec.provisioner=x']);
  });
});
