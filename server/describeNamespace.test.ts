// kubectl describe namespace through the real kubectl (v1.32.4) and the page's console on one
// state: an Active namespace with its quota and LimitRanges, and one Terminating with the namespace controller's
// conditions, held by a quota's finalizer. The RFC 1123 times, which the server moves to the wall clock, are evened out.
import { describe, expect, it } from 'vitest';
import { rolledOut } from './kubectlHarness.ts';
import { expectPrintsAsPage, servedScenario } from './printsAsPage.ts';

const SCENARIO = `version: 1
name: describe namespace
cluster: { nodes: 2 }
objects:
  - apiVersion: v1
    kind: ResourceQuota
    metadata: { name: pods, namespace: shop }
    spec: { hard: { pods: "4", requests.cpu: "2" } }
  - apiVersion: v1
    kind: LimitRange
    metadata: { name: pod-cap, namespace: shop }
    spec: { limits: [{ type: Pod, max: { cpu: "2" } }] }
  - apiVersion: v1
    kind: LimitRange
    metadata: { name: cpu-bounds, namespace: shop }
    spec: { limits: [{ type: Container, max: { cpu: "1" } }] }
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, namespace: shop, labels: { app: web } }
    spec:
      replicas: 2
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec: { containers: [{ name: web, image: "nginx:1.25", resources: { requests: { cpu: 100m } } }] }
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: api, namespace: team-a, labels: { app: api } }
    spec:
      replicas: 2
      selector: { matchLabels: { app: api } }
      template:
        metadata: { labels: { app: api } }
        spec: { containers: [{ name: api, image: "nginx:1.25" }] }
  - apiVersion: v1
    kind: ResourceQuota
    metadata: { name: held, namespace: team-a, finalizers: [example.com/hold] }
    spec: { hard: { pods: "10" } }
`;

const RFC1123Z = /[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}/g;
const normalise = (t: string) => t.replace(RFC1123Z, '-');

describe('kubectl describe namespace against npm run serve', () => {
  const h = servedScenario(SCENARIO);

  it('prints an Active namespace with its quota, and a Terminating one with its conditions, as kubectl does', async () => {
    for (const [d, ns] of [['deployment/web', 'shop'], ['deployment/api', 'team-a']] as const) {
      await rolledOut(h, `${d} -n ${ns}`);
    }
    expect((await h.kubectl(['delete', 'namespace', 'team-a', '--wait=false'])).code).toBe(0);
    // Past the controller's first passes (5 s after the delete, then after its status write): the
    // quota's finalizer holds the namespace Terminating.
    await new Promise((r) => setTimeout(r, 2000));
    const [shop, teamA, def] = (await expectPrintsAsPage(h, ['describe namespace shop', 'describe ns team-a', 'describe namespace default'], normalise)).map((r) => r.stdout);
    expect(shop).toMatch(/\nResource Quotas\n {2}Name:\s+pods\n {2}Resource\s+Used\s+Hard\n {2}-{8}\s+-{3}\s+-{3}\n {2}pods\s+2\s+4\n {2}requests\.cpu\s+200m\s+2\n\n/);
    // Every LimitRange of the namespace in one table, as the API server lists them (by name).
    expect(shop).toMatch(/\nResource Limits\n Type\s+Resource\s+Min\s+Max\s+Default Request\s+Default Limit\s+Max Limit\/Request Ratio\n -{4}\s+-{8}.*\n Container\s+cpu\s+-\s+1\s+1\s+1\s+-\n Pod\s+cpu\s+-\s+2\s+-\s+-\s+-\n$/);
    expect(def).toMatch(/\n\nNo resource quota\.\n\nNo LimitRange resource\.\n$/);
    expect(teamA).toMatch(/\nStatus:\s+Terminating\n/);
    expect(teamA).toMatch(/ NamespaceFinalizersRemaining\s+True\s+.+SomeFinalizersRemain\s+Some content in the namespace has finalizers remaining: example\.com\/hold in 1 resource instances\n/);
  });
});
