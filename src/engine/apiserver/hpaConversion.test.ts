import { describe, expect, it } from 'vitest';
import type { HorizontalPodAutoscaler, MetricSpec } from '../api/policyTypes.ts';
import { setDefaultsHorizontalPodAutoscalerV1 } from './defaultsPolicy.ts';
import { decodeBehaviorAnnotation } from './hpaBehaviorAnnotation.ts';
import {
  BehaviorSpecsAnnotation,
  convertAutoscalingHorizontalPodAutoscalerToV1HorizontalPodAutoscaler,
  convertV1HorizontalPodAutoscalerToAutoscalingHorizontalPodAutoscaler,
  HorizontalPodAutoscalerConditionsAnnotation,
  type HorizontalPodAutoscalerV1,
  MetricSpecsAnnotation,
  MetricStatusesAnnotation,
} from './hpaConversion.ts';

const ref = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
const cpu = (u: number): MetricSpec => ({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: u } } });
const memory: MetricSpec = { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '500Mi' } } };
const pods: MetricSpec = { type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '10' } } };

const v2 = (spec: Partial<HorizontalPodAutoscaler['spec']>, status?: HorizontalPodAutoscaler['status'], annotations?: Record<string, string>): HorizontalPodAutoscaler => ({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'web', namespace: 'default', ...(annotations ? { annotations } : {}) },
  spec: { scaleTargetRef: ref, minReplicas: 2, maxReplicas: 5, ...spec },
  ...(status ? { status } : {}),
});

const v1 = (spec: Partial<HorizontalPodAutoscalerV1['spec']>, annotations?: Record<string, string>): HorizontalPodAutoscalerV1 => ({
  apiVersion: 'autoscaling/v1',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'web', namespace: 'default', ...(annotations ? { annotations } : {}) },
  spec: { scaleTargetRef: ref, maxReplicas: 5, ...spec },
});

describe('convertV1HorizontalPodAutoscalerToAutoscalingHorizontalPodAutoscaler', () => {
  it.each([
    ['the cpu percentage kubectl autoscale sends', v1({ minReplicas: 2, targetCPUUtilizationPercentage: 80 }), [cpu(80)]],
    ['no percentage: the 80 % cpu default made explicit', v1({ minReplicas: 2 }), [cpu(80)]],
    ['other metrics from the annotation, the cpu one after them', v1({ targetCPUUtilizationPercentage: 50 }, { [MetricSpecsAnnotation]: '[{"type":"Resource","resource":{"name":"memory","targetAverageValue":"500Mi"}}]' }), [memory, cpu(50)]],
    ['an annotation that does not decode is ignored', v1({ targetCPUUtilizationPercentage: 60 }, { [MetricSpecsAnnotation]: 'abc' }), [cpu(60)]],
  ])('stores %s', (_name, obj, metrics) => {
    const out = convertV1HorizontalPodAutoscalerToAutoscalingHorizontalPodAutoscaler(obj);
    expect(out.apiVersion).toBe('autoscaling/v2');
    expect(out.spec.metrics).toEqual(metrics);
    expect(out.metadata.annotations).toBeUndefined();
  });

  it('keeps the annotations of its own and drops the conversion ones', () => {
    const out = convertV1HorizontalPodAutoscalerToAutoscalingHorizontalPodAutoscaler(v1({}, { team: 'a', [BehaviorSpecsAnnotation]: '{"ScaleUp":null,"ScaleDown":null}' }));
    expect(out.metadata.annotations).toEqual({ team: 'a' });
    expect(out.spec.behavior).toBeUndefined();
  });
});

describe('setDefaultsHorizontalPodAutoscalerV1', () => {
  it.each<[string, { minReplicas?: number }, number]>([
    ['unset', {}, 1],
    ['given', { minReplicas: 3 }, 3],
  ])('gives minReplicas 1 when it is %s', (_name, spec, want) => {
    expect(setDefaultsHorizontalPodAutoscalerV1({ spec }).spec.minReplicas).toBe(want);
  });
});

describe('convertAutoscalingHorizontalPodAutoscalerToV1HorizontalPodAutoscaler', () => {
  it('serves a cpu-only HPA without annotations and with the status v1 always has', () => {
    const out = convertAutoscalingHorizontalPodAutoscalerToV1HorizontalPodAutoscaler(v2({ metrics: [cpu(80)] }));
    expect(out.spec).toEqual({ scaleTargetRef: ref, minReplicas: 2, maxReplicas: 5, targetCPUUtilizationPercentage: 80 });
    expect(out.status).toEqual({ currentReplicas: 0, desiredReplicas: 0 });
    expect(out.metadata.annotations).toBeUndefined();
  });

  it('writes what v1 cannot say into the annotations, byte for byte as Go marshals it', () => {
    const status: HorizontalPodAutoscaler['status'] = {
      currentReplicas: 2,
      desiredReplicas: 2,
      currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 10, averageValue: '10m' } } }],
      conditions: [{ type: 'AbleToScale', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z', reason: 'ReadyForNewScale', message: 'recommended size matches current size' }],
    };
    const behavior = { scaleDown: { stabilizationWindowSeconds: 60, policies: [{ type: 'Pods', value: 1, periodSeconds: 30 }] } };
    const out = convertAutoscalingHorizontalPodAutoscalerToV1HorizontalPodAutoscaler(v2({ metrics: [cpu(70), memory, pods], behavior }, status, { team: 'a', [MetricSpecsAnnotation]: 'stale' }));
    expect(out.spec.targetCPUUtilizationPercentage).toBe(70);
    expect(out.status).toEqual({ currentReplicas: 2, desiredReplicas: 2, currentCPUUtilizationPercentage: 10 });
    expect(out.metadata.annotations).toEqual({
      team: 'a',
      [MetricSpecsAnnotation]: '[{"type":"Resource","resource":{"name":"memory","targetAverageValue":"500Mi"}},{"type":"Pods","pods":{"metricName":"qps","targetAverageValue":"10"}}]',
      [MetricStatusesAnnotation]: '[{"type":"Resource","resource":{"name":"cpu","currentAverageUtilization":10,"currentAverageValue":"10m"}}]',
      [BehaviorSpecsAnnotation]: '{"ScaleUp":null,"ScaleDown":{"StabilizationWindowSeconds":60,"SelectPolicy":null,"Policies":[{"Type":"Pods","Value":1,"PeriodSeconds":30}],"Tolerance":null}}',
      [HorizontalPodAutoscalerConditionsAnnotation]: '[{"type":"AbleToScale","status":"True","lastTransitionTime":"2026-01-01T00:00:00Z","reason":"ReadyForNewScale","message":"recommended size matches current size"}]',
    });
    // Back again: every metric, the behavior and the status come back; the cpu metric goes last.
    const back = convertV1HorizontalPodAutoscalerToAutoscalingHorizontalPodAutoscaler(out);
    expect(back.spec.metrics).toEqual([memory, pods, cpu(70)]);
    expect(back.spec.behavior).toEqual(behavior);
    expect(back.status).toEqual(status);
    expect(back.metadata.annotations).toEqual({ team: 'a' });
  });

  it('leaves targetCPUUtilizationPercentage out when the first cpu metric has no utilization', () => {
    const cpuValue: MetricSpec = { type: 'Resource', resource: { name: 'cpu', target: { type: 'AverageValue', averageValue: '200m' } } };
    const out = convertAutoscalingHorizontalPodAutoscalerToV1HorizontalPodAutoscaler(v2({ metrics: [cpuValue, cpu(50)] }));
    expect(out.spec.targetCPUUtilizationPercentage).toBeUndefined();
    expect(out.metadata.annotations?.[MetricSpecsAnnotation]).toBe('[{"type":"Resource","resource":{"name":"cpu","targetAverageValue":"200m"}}]');
  });
});

describe('decodeBehaviorAnnotation', () => {
  it.each([
    ['Go field names', '{"ScaleUp":{"StabilizationWindowSeconds":30,"SelectPolicy":"Min","Policies":null,"Tolerance":"0.05"},"ScaleDown":null}', { scaleUp: { stabilizationWindowSeconds: 30, selectPolicy: 'Min', tolerance: '50m' } }],
    ['keys in any case', '{"scaledown":{"policies":[{"type":"Percent","value":10,"periodseconds":60}]}}', { scaleDown: { policies: [{ type: 'Percent', value: 10, periodSeconds: 60 }] } }],
    ['neither direction', '{"ScaleUp":null}', undefined],
    ['a value of the wrong type', '{"ScaleUp":{"StabilizationWindowSeconds":"30"}}', undefined],
    ['text that is not JSON', 'abc', undefined],
  ])('reads %s', (_name, text, want) => {
    expect(decodeBehaviorAnnotation(text)).toEqual(want);
  });
});
