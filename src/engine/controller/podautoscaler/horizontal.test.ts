import { describe, expect, it } from 'vitest';
import type { HorizontalPodAutoscaler } from '../../api/policyTypes.ts';
import type { Event } from '../../api/types.ts';
import { testConfig, webDeployment } from '../../sim/executeTestEngine.ts';
import { createEngine, runUntil } from '../../sim/simulation.ts';
import type { EngineState } from '../../sim/state.ts';

function hpa(target: string): HorizontalPodAutoscaler {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: target },
      minReplicas: 1,
      maxReplicas: 10,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }],
    },
  };
}

/** web (4 replicas, optionally requesting 200m) with an HPA on `target`, each pod using `cpu`, run for `seconds`. */
function run(opts: { request: boolean; target?: string; cpu?: number; seconds: number }): EngineState {
  const d = webDeployment(4);
  if (opts.request) d.spec.template.spec.containers = d.spec.template.spec.containers.map((c) => ({ ...c, resources: { requests: { cpu: '200m' } } }));
  const config = testConfig([d]);
  config.objects = [...config.objects, hpa(opts.target ?? 'web')];
  config.load = [{ at: 0, workload: 'deployment/web', cpuMilli: opts.cpu ?? 100 }];
  const st = createEngine(config);
  runUntil(st, opts.seconds * 1000);
  return st;
}

const theHpa = (st: EngineState) => st.store.objects.HorizontalPodAutoscaler.get('default/web') as HorizontalPodAutoscaler;
const condition = (st: EngineState, type: string) => theHpa(st).status?.conditions?.find((c) => c.type === type);
const events = (st: EngineState, reason: string) =>
  [...st.store.objects.Event.values()].filter((e): e is Event => e.kind === 'Event' && e.reason === reason).map((e) => e.message);

describe('syncHorizontalPodAutoscaler', () => {
  it('says which container lacks a cpu request when the pods request none', () => {
    const st = run({ request: false, seconds: 100 });
    const active = condition(st, 'ScalingActive');
    expect(active).toMatchObject({ status: 'False', reason: 'FailedGetResourceMetric' });
    expect(active?.message).toMatch(/^the HPA was unable to compute the replica count: failed to get cpu utilization: missing request for cpu in container nginx of Pod web-[a-z0-9]+-[a-z0-9]{5}$/);
    expect(events(st, 'FailedGetResourceMetric')[0]).toMatch(/^failed to get cpu utilization: missing request for cpu in container nginx of Pod web-/);
  });

  it('reports FailedGetScale when its target does not exist (the API server accepted it)', () => {
    const st = run({ request: true, target: 'nope', seconds: 40 });
    expect(condition(st, 'AbleToScale')).toMatchObject({
      status: 'False',
      reason: 'FailedGetScale',
      message: 'the HPA controller was unable to get the target\'s current scale: deployments/scale.apps "nope" not found',
    });
    expect(events(st, 'FailedGetScale')[0]).toBe('deployments/scale.apps "nope" not found');
  });

  it('scales up by the utilization ratio, to maxReplicas, and records SuccessfulRescale in upstream words', () => {
    // Each pod uses 150m of its 200m = 75% against 50%: ⌈1.5 × 4⌉ = 6, then ⌈1.5 × 6⌉ = 9, then 10 (max).
    const st = run({ request: true, cpu: 150, seconds: 180 });
    const reason = 'cpu resource utilization (percentage of request) above target';
    expect(events(st, 'SuccessfulRescale')).toEqual([`New size: 6; reason: ${reason}`, `New size: 9; reason: ${reason}`, `New size: 10; reason: ${reason}`]);
    expect(st.store.objects.Deployment.get('default/web')).toMatchObject({ spec: { replicas: 10 } });
    expect(condition(st, 'ScalingLimited')).toMatchObject({ status: 'True', reason: 'TooManyReplicas' });
  });

  it('holds the count while utilization is within the 10% tolerance', () => {
    // 105m of 200m = 52%: ratio 1.04, inside [0.9, 1.1].
    const st = run({ request: true, cpu: 105, seconds: 120 });
    expect(events(st, 'SuccessfulRescale')).toEqual([]);
    expect(theHpa(st).status?.currentMetrics?.[0]?.resource?.current.averageUtilization).toBe(52);
  });
});
