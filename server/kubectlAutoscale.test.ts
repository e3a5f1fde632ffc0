// kubectl autoscale and the autoscaling/v1 HorizontalPodAutoscaler through the real kubectl
// (v1.32.4): autoscale posts a v1 object as protobuf, the served API stores it as v2 and serves
// both versions, converting as kube-apiserver does (hpaConversion.ts).
import { describe, expect, it } from 'vitest';
import { servedScenario } from './printsAsPage.ts';
import { deploymentDoc } from './scenarioDocs.ts';

const SCENARIO = `version: 1
name: kubectl autoscale
cluster: { nodes: 2 }
objects:
${deploymentDoc('web', 2, '{ name: app, image: "nginx:1", resources: { requests: { cpu: 100m, memory: 64Mi } } }')}  - apiVersion: autoscaling/v2
    kind: HorizontalPodAutoscaler
    metadata: { name: api }
    spec:
      scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: api }
      minReplicas: 1
      maxReplicas: 3
      metrics:
        - { type: Resource, resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } } }
        - { type: Resource, resource: { name: memory, target: { type: AverageValue, averageValue: 100Mi } } }
      behavior: { scaleDown: { stabilizationWindowSeconds: 60 } }
`;

const json = (text: string): Record<string, unknown> => JSON.parse(text) as Record<string, unknown>;

describe('kubectl autoscale against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deploy/web']);

  it('serves autoscaling/v1 beside the preferred v2 in discovery', async () => {
    const group = json((await h.kubectl(['get', '--raw', '/apis/autoscaling'])).stdout);
    expect(group.versions).toEqual([
      { groupVersion: 'autoscaling/v2', version: 'v2' },
      { groupVersion: 'autoscaling/v1', version: 'v1' },
    ]);
    expect(group.preferredVersion).toEqual({ groupVersion: 'autoscaling/v2', version: 'v2' });
    const v1 = json((await h.kubectl(['get', '--raw', '/apis/autoscaling/v1'])).stdout);
    expect((v1.resources as { name: string }[]).map((r) => r.name)).toEqual(['horizontalpodautoscalers', 'horizontalpodautoscalers/status']);
    expect((await h.kubectl(['api-versions'])).stdout).toMatch(/^autoscaling\/v1\nautoscaling\/v2\n/m);
  });

  it('creates a v1 HPA from a protobuf body and serves it in both versions', async () => {
    expect(await h.kubectl(['autoscale', 'deployment', 'web', '--min=2', '--max=5', '--cpu-percent=80'])).toMatchObject({ code: 0, stdout: 'horizontalpodautoscaler.autoscaling/web autoscaled\n' });
    expect((await h.kubectl(['get', 'hpa', 'web', '--no-headers'])).stdout).toMatch(/^web\s+Deployment\/web\s+cpu: \S+\/80%\s+2\s+5\s+\d+\s+\d+s\n$/);
    const v1 = json((await h.kubectl(['get', 'horizontalpodautoscalers.v1.autoscaling', 'web', '-o', 'json'])).stdout);
    expect(v1.apiVersion).toBe('autoscaling/v1');
    expect(v1.spec).toEqual({ scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 2, maxReplicas: 5, targetCPUUtilizationPercentage: 80 });
    expect(v1.status).toMatchObject({ currentReplicas: expect.any(Number), desiredReplicas: expect.any(Number) });
    expect((await h.kubectl(['get', 'hpa', 'web', '-o', 'jsonpath={.apiVersion} {.spec.metrics[*].resource.target.averageUtilization}'])).stdout).toBe('autoscaling/v2 80');
    // client-go's short-name expander drops the version, so hpa.v1.autoscaling reads v2, as against a cluster.
    expect((await h.kubectl(['get', 'hpa.v1.autoscaling', 'web', '-o', 'jsonpath={.apiVersion}'])).stdout).toBe('autoscaling/v2');
    const d = (await h.kubectl(['describe', 'hpa', 'web'])).stdout;
    expect(d).toMatch(/^Reference:\s+Deployment\/web$/m);
    expect(d).toMatch(/^ {2}resource cpu on pods {2}\(as a percentage of request\):\s+.+ \/ 80%$/m);
    expect(d).toMatch(/^Min replicas:\s+2\nMax replicas:\s+5$/m);
    expect((await h.kubectl(['delete', 'hpa', 'web'])).stdout).toBe('horizontalpodautoscaler.autoscaling "web" deleted\n');
  });

  it('answers a v1 target of 0 % with the internal object field path', async () => {
    const r = await h.kubectl(['autoscale', 'deployment', 'web', '--max=5', '--cpu-percent=0', '--name=bad']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('The HorizontalPodAutoscaler "bad" is invalid: spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0\n');
  });

  it('keeps what v1 cannot say through a v1 patch: the other metrics and the behavior ride in annotations', async () => {
    const v1 = json((await h.kubectl(['get', 'horizontalpodautoscalers.v1.autoscaling', 'api', '-o', 'json'])).stdout);
    const annotations = (v1.metadata as { annotations: Record<string, string> }).annotations;
    expect(annotations['autoscaling.alpha.kubernetes.io/metrics']).toBe('[{"type":"Resource","resource":{"name":"memory","targetAverageValue":"100Mi"}}]');
    expect(annotations['autoscaling.alpha.kubernetes.io/behavior']).toMatch(/^\{"ScaleUp":\{"StabilizationWindowSeconds":0,"SelectPolicy":"Max",.*"ScaleDown":\{"StabilizationWindowSeconds":60,/);
    const patched = await h.kubectl(['patch', 'horizontalpodautoscalers.v1.autoscaling', 'api', '--type=merge', '-p', '{"spec":{"maxReplicas":4,"targetCPUUtilizationPercentage":70}}']);
    expect(patched.stdout).toBe('horizontalpodautoscaler.autoscaling/api patched\n');
    const v2 = json((await h.kubectl(['get', 'hpa', 'api', '-o', 'json'])).stdout);
    const spec = v2.spec as { maxReplicas: number; metrics: unknown[]; behavior: { scaleDown: unknown } };
    expect(spec.maxReplicas).toBe(4);
    // The cpu metric comes back after the annotation's, as upstream's conversion orders them.
    expect(spec.metrics).toEqual([
      { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '100Mi' } } },
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
    ]);
    expect(spec.behavior.scaleDown).toMatchObject({ stabilizationWindowSeconds: 60 });
    expect((v2.metadata as { annotations?: unknown }).annotations).toBeUndefined();
  });
});
