// `kubectl get -o jsonpath=…` and `-o custom-columns=…` through the real kubectl (v1.32.4) and in the
// page's console, on one state: the text, the columns and the errors, byte for byte.
import { describe, it } from 'vitest';
import { expectAnswersAsPage, servedScenario } from './printsAsPage.ts';
import { UNSCHEDULABLE_DB_DOC } from './scenarioDocs.ts';

// A running Deployment with two containers a pod, and one whose pod never schedules.
const SCENARIO = `version: 1
name: templates
cluster:
  nodes: 2
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, labels: { app: web, tier: front } }
    spec:
      replicas: 3
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec:
          containers:
            - { name: web, image: "web:1", resources: { requests: { cpu: 250m } } }
            - { name: log, image: "log:2" }
${UNSCHEDULABLE_DB_DOC}`;

describe('kubectl get -o jsonpath and -o custom-columns against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deployment/web']);

  it('prints what a JSONPath template reads', async () => {
    await expectAnswersAsPage(h, [
      'get pods -o jsonpath={.items[*].metadata.name}',
      `get pods -o jsonpath='{range .items[*]}{.metadata.name}{"\\t"}{.status.phase}{"\\n"}{end}'`,
      `get pods -o jsonpath='{range.items[*]}{.metadata.name}{" "}{end}'`,
      `get pods -o jsonpath='{.items[?(@.status.phase=="Running")].metadata.name}'`,
      'get pods -o jsonpath={.items[0].spec.containers[*].image}',
      'get pods -o jsonpath={.items[-1:].metadata.name}',
      'get pods -o jsonpath={.items[0:2].metadata.name}',
      'get deploy web -o jsonpath={.metadata.labels}',
      'get deploy web -o jsonpath={.spec.template.spec.containers[0].resources}',
      `get deploy web -o jsonpath='{.spec.replicas}{" "}{.status.readyReplicas}'`,
      // Not `{.metadata.labels.*}`: kubectl walks a map's values in Go's random map order, so two
      // labels come out either way round (seen: 'web front', then 'front web'). jsonpath.test.ts
      // covers the console's order, by key.
      'get deploy web -o jsonpath={.spec.template.spec.containers[*].name}',
      'get deploy web -o jsonpath={.spec.nothing}',
      'get deploy web -o jsonpath=name:{.metadata.name}',
      `get deploy web -o jsonpath="{.metadata.labels['app']}"`,
      `get nodes -o jsonpath='{.items[*].status.addresses[?(@.type=="Hostname")].address}'`,
      'get pods -l app=none -o jsonpath={.items[*].metadata.name}',
      'get deploy --sort-by=.metadata.name -o jsonpath={.items[*].metadata.name}',
    ]);
  });

  it('prints custom columns', async () => {
    await expectAnswersAsPage(h, [
      'get pods -o custom-columns=NAME:.metadata.name,PHASE:.status.phase,NODE:.spec.nodeName',
      'get pods -o custom-columns=NAME:metadata.name,IMAGES:.spec.containers[*].image --no-headers',
      'get deploy -o custom-columns=NAME:{.metadata.name},LABELS:.metadata.labels,REQ:.spec.template.spec.containers[0].resources.requests',
      'get deploy web -o custom-columns=NAME:.metadata.name,NOTHING:.spec.nothing',
      'get pods -l app=none -o custom-columns=NAME:.metadata.name',
    ]);
  });

  it('refuses a template kubectl refuses', async () => {
    await expectAnswersAsPage(h, [
      'get pods -o jsonpath',
      'get pods -o jsonpath=',
      'get pods -o custom-columns=',
      'get pods -o custom-columns=NAME',
      'get pods -o jsonpath={.items[*].metadata.name',
      'get pods --show-labels -o jsonpath={.items}',
    ]);
  });
});
