// kubectl get / describe for the policy kinds, in kubectl's columns (pkg/printers/internalversion
// printers.go: printResourceQuota, printPodDisruptionBudget, printHorizontalPodAutoscaler; and
// describe.go), on a small cluster run for 2 minutes.
import { describe, expect, it } from 'vitest';
import type { PolicyObject } from '../../api/policyTypes.ts';
import { createEngine, runUntil } from '../../sim/simulation.ts';
import type { EngineState } from '../../sim/state.ts';
import { kubectl, testConfig, webDeployment } from '../../sim/executeTestEngine.ts';

const POLICY: PolicyObject[] = [
  { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute' }, spec: { hard: { 'requests.cpu': '4', 'limits.cpu': '8', pods: '10' } } },
  { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web' }, spec: { maxUnavailable: '25%', selector: { matchLabels: { app: 'web' } } } },
  {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      maxReplicas: 6,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }],
    },
  },
];

function cluster(): EngineState {
  const d = webDeployment(4);
  d.spec.template.spec.containers = d.spec.template.spec.containers.map((c) => ({ ...c, resources: { requests: { cpu: '200m' }, limits: { cpu: '400m' } } }));
  const config = testConfig([d]);
  config.objects = [...config.objects, ...POLICY];
  config.load = [{ at: 0, workload: 'deployment/web', cpuMilli: 90 }];
  const st = createEngine(config);
  runUntil(st, 120_000);
  st.now = 120_000;
  return st;
}

describe('kubectl get and describe of the policy kinds', () => {
  const st = cluster();
  it.each([
    [
      'get quota',
      ['NAME      AGE   REQUEST                            LIMIT', 'compute   2m    pods: 4/10, requests.cpu: 800m/4   limits.cpu: 1600m/8'],
    ],
    [
      'get pdb',
      ['NAME   MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE', 'web    N/A             25%               1                     2m'],
    ],
    [
      'get hpa',
      ['NAME   REFERENCE        TARGETS        MINPODS   MAXPODS   REPLICAS   AGE', 'web    Deployment/web   cpu: 45%/50%   1         6         4          2m'],
    ],
  ])('prints %s in kubectl columns', (line, want) => {
    expect(kubectl(st, line)).toEqual({ ok: true, output: want.join('\n') });
  });

  it('prints describe quota with used and hard per resource, sorted', () => {
    expect(kubectl(st, 'describe quota compute').output).toBe(
      ['Name:         compute', 'Namespace:    default', 'Resource      Used   Hard', '--------      ----   ----', 'limits.cpu    1600m  8', 'pods          4      10', 'requests.cpu  800m   4'].join('\n'),
    );
  });

  it('prints describe pdb with the status counts', () => {
    const out = kubectl(st, 'describe pdb web').output.split('\n');
    expect(out.slice(0, 9)).toEqual([
      'Name:             web',
      'Namespace:        default',
      'Max unavailable:  25%',
      'Selector:         app=web',
      'Status:',
      '    Allowed disruptions:  1',
      '    Current:              4',
      '    Desired:              3',
      '    Total:                4',
    ]);
  });

  it('prints describe hpa with the metric, the replica bounds and the conditions', () => {
    const out = kubectl(st, 'describe hpa web').output;
    expect(out).toContain('Reference:                                             Deployment/web');
    expect(out).toContain('  resource cpu on pods  (as a percentage of request):  45% (90m) / 50%');
    expect(out).toContain('Deployment pods:                                       4 current / 4 desired');
    expect(out).toContain('  ScalingActive   True    ValidMetricFound    the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)');
  });
});
