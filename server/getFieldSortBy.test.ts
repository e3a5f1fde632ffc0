// `kubectl get --field-selector`, `--sort-by` and the table printer's options (--show-labels, -L,
// --no-headers) through the real kubectl (v1.32.4) and in the page's console, on one state: the
// rows, their order (Go's sort.Sort, not stable, over 12 rows and more with ties) and every
// refusal, byte for byte (stdout and stderr together, and the exit status).
import { describe, it } from 'vitest';
import { expectAnswersAsPage, servedScenario } from './printsAsPage.ts';
import { UNSCHEDULABLE_DB_DOC } from './scenarioDocs.ts';

// Three Deployments, one pod of which never schedules: over 100 Events with many ties in their
// timestamps, types and reasons (sort.Sort's ninther, its partial insertion sort and its pattern
// breaking all run), and pods in both phases.
const SCENARIO = `version: 1
name: field selectors and sorting
cluster:
  nodes: 3
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, labels: { app: web } }
    spec:
      replicas: 14
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec: { containers: [{ name: web, image: "web:1", resources: { requests: { cpu: 500m } } }] }
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: api, labels: { app: api } }
    spec:
      replicas: 2
      selector: { matchLabels: { app: api } }
      template:
        metadata: { labels: { app: api } }
        spec: { containers: [{ name: api, image: "api:1", resources: { requests: { cpu: "1" } } }] }
${UNSCHEDULABLE_DB_DOC}`;

describe('kubectl get --field-selector and --sort-by against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deployment/web', 'deployment/api']);

  it('lists what the field selector matches, as the API server filters it', async () => {
    await expectAnswersAsPage(h, [
      'get pods --field-selector status.phase=Running',
      'get pods --field-selector status.phase!=Running,spec.restartPolicy=Always',
      'get pods --field-selector status.phase==Pending -o name',
      'get pods --field-selector spec.hostNetwork=false -l app=api',
      'get events --field-selector reason=Scheduled',
      'get events --field-selector type=Warning,involvedObject.kind=Pod -o wide',
      'get deploy --field-selector metadata.name=web',
      'get pods --field-selector status.phase=Nope',
    ]);
  });

  it('refuses a field the kind does not select on, a selector it cannot parse, and a name with a selector', async () => {
    await expectAnswersAsPage(h, [
      'get pods --field-selector foo=bar',
      'get pods --field-selector a',
      'get deploy --field-selector status.replicas=2',
      'get nodes --field-selector metadata.namespace=default',
      'get pods --field-selector z=1,status.phase=Running,b=2 -l app=web',
      'get pods web --field-selector status.phase=Running',
      'get pods web -l app=web',
    ]);
  });

  it('sorts the rows as kubectl does, ties and all', async () => {
    await expectAnswersAsPage(h, [
      'get events --sort-by=.lastTimestamp',
      'get events --sort-by=.type',
      'get events --sort-by={.reason}',
      'get events --sort-by=involvedObject.name -o wide',
      'get pods --sort-by=.status.phase',
      'get pods --sort-by=.status.containerStatuses[0].restartCount',
      'get pods --sort-by=.metadata.name -o name',
      'get events --sort-by=.count -o name',
      'get rs --sort-by=.status.replicas',
      'get pods --sort-by=.spec.containers[0].resources.requests.cpu',
    ]);
  });

  it('prints label columns, the labels and no headers as kubectl does', async () => {
    await expectAnswersAsPage(h, [
      'get pods --show-labels',
      'get pods -L app,pod-template-hash -o wide',
      'get pods -L app -L missing --show-labels --sort-by=.metadata.name',
      'get pods --no-headers',
      'get pods --no-headers -l app=none',
      'get deploy --show-labels -A',
      'get nodes -L kubernetes.io/hostname',
      'get events --no-headers --field-selector reason=Scheduled',
      'get pods --label-columns=app --no-headers=true',
      'get pods --show-labels -o yaml',
      'get pods --show-labels -o name',
    ]);
  });

  it('says what kubectl says when the sort path finds nothing', async () => {
    await expectAnswersAsPage(h, [
      'get pods --sort-by=.foo',
      'get pods --sort-by={.status.phase',
      'get pods --sort-by=.foo -o json',
      'get pods --sort-by={.foo -o name',
      'get deploy db --sort-by=.foo',
    ]);
  });
});
