// The endpoint kinds (issue 22) through the real kubectl: `get endpointslices`, `get endpoints`
// (with kube-apiserver's deprecation warning) and `describe svc`, byte for byte beside the
// page's own console on the same state, and read-only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventAgesNormalised, type Harness, rolledOut, startHarness } from './kubectlHarness.ts';
import { expectPrintsAsPage } from './printsAsPage.ts';

const SCENARIO = `version: 1
name: endpoints
cluster:
  nodes: 3
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, labels: { app: web } }
    spec:
      replicas: 5
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec:
          containers:
            - { name: web, image: "web:1", ports: [{ name: http, containerPort: 8080 }] }
  - apiVersion: v1
    kind: Service
    metadata: { name: web, labels: { app: web } }
    spec:
      selector: { app: web }
      ports: [{ name: http, port: 80, targetPort: http }]
`;

describe('the endpoint kinds against npm run serve', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ text: SCENARIO, speed: 10 });
    await rolledOut(h, 'deployment/web');
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('prints endpointslices, endpoints and describe svc exactly as the page does: 5 ready addresses with the target port after the API server\'s own, and the warning that v1 Endpoints is deprecated', async () => {
    // Events' ages come from kubectl's own clock (eventAgesNormalised). The runs compared are the ones checked after.
    const [slices, ep, d] = await expectPrintsAsPage(h, ['get endpointslices', 'get endpoints', 'describe svc web', 'get ep web'], eventAgesNormalised);
    expect(slices?.stdout).toMatch(/^NAME\s+ADDRESSTYPE\s+PORTS\s+ENDPOINTS\s+AGE\nkubernetes\s+IPv4\s+6443\s+172\.18\.0\.2\s+\S+\nweb-[bcdfghjklmnpqrstvwxz2456789]{5}\s+IPv4\s+8080\s+[\d.]+,[\d.]+,[\d.]+ \+ 2 more\.\.\.\s+\S+\n$/);
    expect(ep?.stderr).toBe('Warning: v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice\n');
    expect(ep?.stdout).toMatch(/^NAME\s+ENDPOINTS\s+AGE\nkubernetes\s+172\.18\.0\.2:6443\s+\S+\nweb\s+[\d.]+:8080,[\d.]+:8080,[\d.]+:8080 \+ 2 more\.\.\.\s+\S+\n$/);
    expect(d?.stdout).toMatch(/\nPort:\s+http\s+80\/TCP\nTargetPort:\s+http\/TCP\nEndpoints:\s+[\d.]+:8080,[\d.]+:8080,[\d.]+:8080 \+ 2 more\.\.\.\n/);
  });

  it("prints the API server's own service/kubernetes as a cluster serves it, and as the page does", async () => {
    const [, d] = await expectPrintsAsPage(h, ['get svc', 'describe svc kubernetes', 'get ep kubernetes', 'get endpointslice kubernetes -o wide'], eventAgesNormalised);
    if (d === undefined) throw new Error('no describe svc kubernetes');
    expect(d.stdout).toMatch(/\nLabels:\s+component=apiserver\n\s+provider=kubernetes\n/);
    expect(d.stdout).toMatch(/\nIP:\s+10\.96\.0\.1\n[\s\S]*\nPort:\s+https\s+443\/TCP\nTargetPort:\s+6443\/TCP\nEndpoints:\s+172\.18\.0\.2:6443\n/);
  });

  it('refuses writes to the endpoint kinds', async () => {
    const r = await h.kubectl(['delete', 'endpoints', 'web']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/MethodNotAllowed|not supported/);
  });
});
