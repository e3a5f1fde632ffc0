// kubectl expose and annotate, kube-root-ca.crt and node ports through the real kubectl (v1.32.4) and
// in the page's console, on one state: what each lists and builds (expose --dry-run=client, which
// writes nothing), and the same refusals in the same words.
import { describe, expect, it } from 'vitest';
import { servedRead } from './kubectlHarness.ts';
import { expectAnswersAsPage, expectPrintsAsPage, servedScenario } from './printsAsPage.ts';

const SCENARIO = `version: 1
name: expose and annotate
cluster:
  nodes: 2
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web }
    spec:
      replicas: 2
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec: { containers: [{ name: web, image: "web:1" }] }
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: api, namespace: team-a, labels: { app: api, tier: back } }
    spec:
      replicas: 1
      selector: { matchLabels: { app: api } }
      template:
        metadata: { labels: { app: api } }
        spec: { containers: [{ name: api, image: "api:1", ports: [{ containerPort: 8080, name: http }, { containerPort: 9090, protocol: UDP }] }] }
  - apiVersion: apps/v1
    kind: DaemonSet
    metadata: { name: agent }
    spec:
      selector: { matchLabels: { app: agent } }
      template:
        metadata: { labels: { app: agent } }
        spec: { containers: [{ name: agent, image: "agent:1" }] }
  - apiVersion: v1
    kind: Service
    metadata: { name: np }
    spec:
      type: NodePort
      selector: { app: web }
      ports: [{ name: http, port: 80 }, { name: dns, port: 53, protocol: UDP }, { name: dnstcp, port: 53, protocol: TCP }]
  - apiVersion: v1
    kind: Service
    metadata: { name: fixed }
    spec:
      type: NodePort
      selector: { app: web }
      ports: [{ port: 80, nodePort: 30999 }]
`;

describe('expose, annotate and what every namespace holds, against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deployment/web']);

  it('lists kube-root-ca.crt in every namespace and the node ports of a NodePort Service as kubectl does', async () => {
    await expectPrintsAsPage(h, ['get cm -A', 'get svc np', 'get svc np -o wide', 'annotate deploy api -n team-a --list']);
    // The allocated ports, read on the served state (servedRead): kubectl printed them above.
    const [http, udp, tcp, policy] = servedRead(h, "get svc np -o jsonpath='{.spec.ports[*].nodePort} {.spec.externalTrafficPolicy}'").output.split(' ');
    expect(Number(http)).toBeGreaterThanOrEqual(30086);
    expect(udp).toBe(tcp);
    expect(policy).toBe('Cluster');
  });

  it('builds the Service expose would create, and refuses what kubectl refuses, in its words', async () => {
    await expectAnswersAsPage(h, [
      'expose deployment api -n team-a --dry-run=client -o yaml',
      'expose deployment api -n team-a --port=80 --target-port=http --name=api-svc --type=NodePort --dry-run=client -o json',
      'expose deployment web --port=80,81 --dry-run=client -o name',
      'expose deployment web',
      'expose deploy',
      'expose ds agent --port=80',
      'expose deployment nope --port=80',
      'expose deployment web --port=abc',
      'expose deployment web --port=80 -l bad',
      'expose svc kubernetes --name=k2',
      'annotate deploy web',
      'annotate deploy web a- a=x',
      'annotate deploy a=b web',
      'annotate deploy nope a=b',
      // A node port asked for in an update: the allocator's refusals, as at a create.
      `patch svc np --type=json -p '[{"op":"replace","path":"/spec/ports/0/nodePort","value":30999}]'`,
      `patch svc np --type=json -p '[{"op":"replace","path":"/spec/ports/0/nodePort","value":40000}]'`,
    ]);
  });
});
