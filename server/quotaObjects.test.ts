// A quota on Services through the real kubectl (v1.32.4): service/kubernetes counts, a create
// over the quota is refused with kube-apiserver's 403 and kubectl's `error when creating`.
import { describe, expect, it } from 'vitest';
import { servedObjects, servedRead, servedUntil } from './kubectlHarness.ts';
import { servedScenario } from './printsAsPage.ts';

const SCENARIO = `version: 1
name: quota on services
cluster: { nodes: 1 }
objects:
  - apiVersion: v1
    kind: ResourceQuota
    metadata: { name: q }
    spec: { hard: { services: "1", count/services: "5" } }
`;

const SERVICE = `apiVersion: v1
kind: Service
metadata: { name: api }
spec: { selector: { app: api }, ports: [{ port: 80 }] }
`;

describe('a quota on Services against npm run serve', () => {
  const h = servedScenario(SCENARIO);

  it('counts service/kubernetes and refuses the next Service with the admission plugin’s words', async () => {
    // The quota's counts and the Services are read on the served state (servedUntil, servedRead):
    // the refused apply is kubectl's. The quota controller's first count comes a moment after the start.
    await servedUntil(h, 'the quota counted', () => servedRead(h, 'get quota q -o jsonpath={.status.used.services}').output === '1' || 'not yet');
    expect(servedRead(h, 'get quota q').output).toMatch(/\nq\s+\S+\s+count\/services: 1\/5, services: 1\/1\s*$/);
    const r = await h.kubectl(['apply', '-f', '-'], SERVICE);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toBe(
      'Error from server (Forbidden): error when creating "STDIN": services "api" is forbidden: exceeded quota: q, requested: services=1, used: services=1, limited: services=1\n',
    );
    expect(
      servedObjects(h, 'Service')
        .filter((s) => s.metadata.namespace === 'default')
        .map((s) => s.metadata.name),
    ).toEqual(['kubernetes']);
  });
});
