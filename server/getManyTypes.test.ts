// `kubectl get deploy,rs,po`, `get all` and `get TYPE/NAME TYPE/NAME` through the real kubectl
// (v1.32.4) and in the page's console, on one state: a table per type in the order asked (`all`
// in discovery order), names with their kind when more than one kind is found, byte for byte.
import { describe, it } from 'vitest';
import { expectAnswersAsPage, servedScenario } from './printsAsPage.ts';
import { deploymentDoc } from './scenarioDocs.ts';

const SCENARIO = `version: 1
name: many types
cluster:
  nodes: 2
objects:
${deploymentDoc('web', 2, '{ name: web, image: "web:1" }')}  - apiVersion: apps/v1
    kind: DaemonSet
    metadata: { name: agent, labels: { app: agent } }
    spec:
      selector: { matchLabels: { app: agent } }
      template:
        metadata: { labels: { app: agent } }
        spec: { containers: [{ name: agent, image: "agent:1" }] }
  - apiVersion: apps/v1
    kind: StatefulSet
    metadata: { name: db, labels: { app: db } }
    spec:
      replicas: 1
      serviceName: db
      selector: { matchLabels: { app: db } }
      template:
        metadata: { labels: { app: db } }
        spec: { containers: [{ name: db, image: "db:1" }] }
  - apiVersion: v1
    kind: Service
    metadata: { name: web }
    spec:
      selector: { app: web }
      ports: [{ port: 80, targetPort: 8080 }]
`;

describe('kubectl get with several types against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deployment/web', 'statefulset/db']);

  it('prints one table per type, names with their kind', async () => {
    await expectAnswersAsPage(h, [
      'get all',
      'get all -o wide',
      'get deploy,rs',
      'get deploy,rs,po -o wide',
      'get rs,deploy -A',
      'get deploy,nodes',
      'get deploy,rs --show-labels',
      'get deploy,rs --no-headers',
      'get deploy,rs,po --sort-by=.metadata.name',
      'get deploy,ds,sts -o name',
      'get all -l app=db -o name',
      'get deploy/web ds/agent',
      'get svc,ep,endpointslices',
      'get ep',
      'get ep web -o name',
    ]);
  });

  it('answers as kubectl does when one type or none has objects', async () => {
    await expectAnswersAsPage(h, [
      'get deploy,rs web',
      'get deploy,rs -l app=none',
      'get deploy,nodes -l app=none',
      'get pods,events -l app=db',
      'get deploy,foo',
      'get deploy,rs -w',
    ]);
  });
});
