// `kubectl get events` through the real kubectl (v1.32.4) and in the page's console, on the same
// state: printEvent's columns, plain, -o wide (SUBOBJECT, SOURCE, FIRST SEEN, COUNT, NAME) and -A,
// byte for byte. Both print the server's Table rows (src/engine/kubectl/printers/rowsEvents.ts).
import { describe, expect, it } from 'vitest';
import { expectPrintsAsPage, servedScenario } from './printsAsPage.ts';
import { deploymentDoc, UNSCHEDULABLE_DB_DOC } from './scenarioDocs.ts';

// A running Deployment, and one whose pod never schedules: its FailedScheduling Event is counted up.
const SCENARIO = `version: 1
name: get events
cluster:
  nodes: 2
objects:
${deploymentDoc('web', 2, '{ name: web, image: "web:1" }')}${UNSCHEDULABLE_DB_DOC}`;

describe('kubectl get events against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deployment/web']);

  it('prints the Events exactly as the page does, plain, wide and across namespaces', async () => {
    await expectPrintsAsPage(h, ['get events', 'get ev -o wide', 'get events -A']);
  });

  it('shows a kubelet Event’s container and node, and the count in COUNT only', async () => {
    const wide = (await h.kubectl(['get', 'events', '-o', 'wide'])).stdout;
    expect(wide.split('\n')[0]).toMatch(/^LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+SUBOBJECT\s+SOURCE\s+MESSAGE\s+FIRST SEEN\s+COUNT\s+NAME$/);
    expect(wide).toMatch(/\sPulling\s+pod\/web-\S+\s+spec\.containers\{web\}\s+kubelet, node-\d\s+Pulling image "web:1"/);
    // The scheduler records through events.k8s.io: no source, its reporting controller and instance instead.
    expect(wide).toMatch(/\sFailedScheduling\s+pod\/db-\S+\s+default-scheduler, default-scheduler-kind-control-plane\s+0\/2 nodes are available/);
    expect((await h.kubectl(['get', 'events'])).stdout).not.toMatch(/\(x\d+ over/);
  });
});
