// Conformance: the HPA's replica calculator and normalization against replica_calculator_test.go
// and horizontal_test.go (tests/fixtures/k8s-policy-cases.json).
import { describe, expect, it } from 'vitest';
import type { HPAScalingRules } from '../../src/engine/api/policyTypes.ts';
import type { Pod, PodPhase } from '../../src/engine/api/types.ts';
import { generateHPAScaleDownRules, generateHPAScaleUpRules } from '../../src/engine/apiserver/defaultsPolicy.ts';
import { toRFC3339 } from '../../src/engine/lib/time.ts';
import type { TimestampedScaleEvent } from '../../src/engine/controller/podautoscaler/memory.ts';
import type { PodMetric } from '../../src/engine/controller/podautoscaler/metrics.ts';
import { convertDesiredReplicasWithRules, stabilizeRecommendation } from '../../src/engine/controller/podautoscaler/normalize.ts';
import {
  calculateScaleDownLimitWithBehaviors,
  calculateScaleUpLimitWithScalingRules,
  convertDesiredReplicasWithBehaviorRate,
  getReplicasChangePerPeriod,
  stabilizeRecommendationWithBehaviors,
  storeScaleEvent,
} from '../../src/engine/controller/podautoscaler/normalizeBehaviors.ts';
import { calculateRequests, getResourceReplicas, groupPods } from '../../src/engine/controller/podautoscaler/replicaCalculator.ts';
import { type NamedCase, splitCases } from './caseTable.ts';

const FUNCTIONS = [
  'GetResourceReplicas',
  'groupPods',
  'calculateRequests',
  'convertDesiredReplicasWithRules',
  'stabilizeRecommendation',
  'convertDesiredReplicasWithBehaviorRate',
  'storeScaleEvent',
  'stabilizeRecommendationWithBehaviors',
  'calculateScaleUpLimitWithScalingRules',
  'calculateScaleDownLimitWithBehaviors',
] as const;
const NOT_APPLICABLE: Record<string, string> = {};
const { run, all, skipped } = splitCases('podautoscaler', FUNCTIONS, NOT_APPLICABLE);

// "now" is a day after the epoch; Go's zero time (an unset timestamp in a test fixture) is the epoch.
const NOW = 24 * 3600_000;
const ZERO = 0;
const MIN = 60_000;
const at = (secondsFromNow: number): number => NOW + secondsFromNow * 1000;
/** replica_calculator_test.go's defaultTesting* periods. */
const PERIODS = { cpuInitializationPeriodMs: 2 * MIN, delayOfInitialReadinessStatusMs: 10_000 };

interface CalcInput {
  currentReplicas: number;
  targetUtilization: number;
  tolerances?: [number, number];
  requests: string[];
  levels: number[][];
  podNames?: string[];
  podReadiness?: ('True' | 'False')[];
  podStartTime?: ('hot' | 'cool')[];
  podPhase?: PodPhase[];
  podDeletionTimestamp?: boolean[];
}

/** buildFakePod and newFakeResourceMetricsClient of replica_calculator_test.go. */
function calcFixture(f: CalcInput): { pods: Pod[]; metrics: Map<string, PodMetric> } {
  const count = Math.max(f.currentReplicas, f.podPhase?.length ?? 0);
  const pods: Pod[] = [];
  for (let i = 0; i < count; i++) {
    const start = f.podStartTime?.[i] === 'hot' ? NOW : f.podStartTime?.[i] === 'cool' ? NOW - 3 * MIN : ZERO;
    const req = f.requests[i];
    const resources = req === undefined ? undefined : { requests: { cpu: req } };
    pods.push({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: `test-pod-${i}`,
        namespace: 'test-namespace',
        labels: { name: 'test-pod' },
        ...(f.podDeletionTimestamp?.[i] ? { deletionTimestamp: toRFC3339(NOW) } : {}),
      },
      spec: {
        containers: [
          { name: 'container1', image: 'i', ...(resources ? { resources } : {}) },
          { name: 'container2', image: 'i', ...(resources ? { resources } : {}) },
        ],
      },
      status: {
        phase: f.podPhase?.[i] ?? 'Running',
        startTime: toRFC3339(start),
        conditions: [{ type: 'Ready', status: f.podReadiness?.[i] ?? 'True', lastTransitionTime: toRFC3339(ZERO) }],
      },
    } as Pod);
  }
  const metrics = new Map<string, PodMetric>();
  f.levels.forEach((lv, i) => {
    // A pod metric lists two containers; one without usage makes the pod's metric missing.
    if (lv.length < 2) return;
    metrics.set(f.podNames?.[i] ?? `test-pod-${i}`, { value: lv.reduce((a, b) => a + b, 0), timestamp: ZERO, window: MIN });
  });
  return { pods, metrics };
}

interface GroupPodInput {
  name: string;
  phase: PodPhase;
  startTime?: number;
  deleted?: boolean;
  ready?: { status: 'True' | 'False'; lastTransitionTime: number };
}

function groupFixture(pods: GroupPodInput[], metrics: Record<string, { timestamp?: number; window?: number }>) {
  const ps = pods.map(
    (p) =>
      ({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: p.name, ...(p.deleted ? { deletionTimestamp: toRFC3339(1000) } : {}) },
        spec: { containers: [] },
        status: {
          phase: p.phase,
          ...(p.startTime === undefined ? {} : { startTime: toRFC3339(at(p.startTime)) }),
          ...(p.ready ? { conditions: [{ type: 'Ready', status: p.ready.status, lastTransitionTime: toRFC3339(at(p.ready.lastTransitionTime)) }] } : {}),
        },
      }) as Pod,
  );
  const ms = new Map<string, PodMetric>();
  for (const [name, m] of Object.entries(metrics)) {
    ms.set(name, { value: 1, timestamp: m.timestamp === undefined ? ZERO : at(m.timestamp), window: (m.window ?? 0) * 1000 });
  }
  return { pods: ps, metrics: ms };
}

interface RequestPodInput {
  name: string;
  podCpu?: string;
  containers: { name: string; cpu?: string }[];
  initContainers?: { name: string; cpu?: string; restartPolicy?: string }[];
}

function requestPod(p: RequestPodInput): Pod {
  const ctr = (c: { name: string; cpu?: string; restartPolicy?: string }) => ({
    name: c.name,
    image: 'i',
    ...(c.cpu ? { resources: { requests: { cpu: c.cpu } } } : {}),
    ...(c.restartPolicy ? { restartPolicy: c.restartPolicy } : {}),
  });
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: p.name, namespace: 'test-namespace' },
    spec: {
      containers: p.containers.map(ctr),
      ...(p.initContainers ? { initContainers: p.initContainers.map(ctr) } : {}),
      ...(p.podCpu ? { resources: { requests: { cpu: p.podCpu } } } : {}),
    },
  } as Pod;
}

/** generateScalingRules(pods, podsPeriod, percent, percentPeriod, stabilizationWindow) of horizontal_test.go. */
function generateScalingRules(a: [number, number, number, number, number] | undefined): HPAScalingRules | undefined {
  if (!a) return undefined;
  const [pods, podsPeriod, percent, percentPeriod, window] = a;
  const policies: NonNullable<HPAScalingRules['policies']> = [];
  if (pods !== 0) policies.push({ type: 'Pods', value: pods, periodSeconds: podsPeriod });
  if (percent !== 0) policies.push({ type: 'Percent', value: percent, periodSeconds: percentPeriod });
  return { stabilizationWindowSeconds: window, selectPolicy: 'Max', ...(policies.length > 0 ? { policies } : {}) };
}

/** generateEventsUniformDistribution: events at the centres of equal segments of the last periodSeconds (whole seconds). */
function uniformEvents(e: { uniform: number[]; periodSeconds: number } | undefined): TimestampedScaleEvent[] {
  if (!e) return [];
  const seg = e.periodSeconds / e.uniform.length;
  return e.uniform.map((change, idx) => ({
    replicaChange: change,
    at: NOW - Math.trunc(e.periodSeconds - seg * (idx + 1) + seg / 2) * 1000,
    outdated: false,
  }));
}

const recs = (rs: [number, number][]) => rs.map(([recommendation, s]) => ({ recommendation, at: at(s) }));

function check(c: NamedCase): void {
  const input = c.input as Record<string, unknown>;
  const exp = c.expected as Record<string, unknown>;
  switch (c.function) {
    case 'GetResourceReplicas': {
      const f = input as unknown as CalcInput;
      const { pods, metrics } = calcFixture(f);
      const [down, up] = f.tolerances ?? [0.1, 0.1];
      const r = getResourceReplicas(f.currentReplicas, f.targetUtilization, 'cpu', { scaleDown: down, scaleUp: up }, pods, metrics, NOW, PERIODS);
      if (exp.error !== undefined) {
        expect('error' in r ? r.error : 'no error').toContain(exp.error as string);
        return;
      }
      if ('error' in r) throw new Error(r.error);
      expect({ replicas: r.replicaCount, utilization: r.utilization, rawUtilization: r.rawUtilization }).toEqual(exp);
      return;
    }
    case 'groupPods': {
      const { pods, metrics } = groupFixture(input.pods as GroupPodInput[], input.metrics as Record<string, { timestamp?: number; window?: number }>);
      const g = groupPods(pods, metrics, input.resource as string, PERIODS.cpuInitializationPeriodMs, PERIODS.delayOfInitialReadinessStatusMs, NOW);
      expect({ readyPodCount: g.readyPodCount, unready: [...g.unreadyPods], missing: [...g.missingPods], ignored: [...g.ignoredPods] }).toEqual(exp);
      return;
    }
    case 'calculateRequests': {
      const r = calculateRequests((input.pods as RequestPodInput[]).map(requestPod), input.container as string, input.resource as string);
      if ('error' in r) expect({ error: r.error }).toEqual(exp);
      else expect({ requests: Object.fromEntries(r) }).toEqual(exp);
      return;
    }
    case 'convertDesiredReplicasWithRules': {
      const i = input as { currentReplicas: number; desiredReplicas: number; hpaMinReplicas: number; hpaMaxReplicas: number };
      const r = convertDesiredReplicasWithRules(i.currentReplicas, i.desiredReplicas, i.hpaMinReplicas, i.hpaMaxReplicas);
      expect({ replicas: r.replicas, condition: r.condition }).toEqual(exp);
      return;
    }
    case 'stabilizeRecommendation': {
      const i = input as { recommendations: [number, number][]; prenormalizedDesiredReplicas: number; windowSeconds: number };
      const r = stabilizeRecommendation(recs(i.recommendations), i.prenormalizedDesiredReplicas, NOW, i.windowSeconds * 1000);
      expect({ stabilizedReplicas: r.recommendation, logLength: r.recommendations.length }).toEqual(exp);
      return;
    }
    case 'convertDesiredReplicasWithBehaviorRate': {
      type Rules = [number, number, number, number, number];
      const i = input as {
        scaleUpEvents?: { uniform: number[]; periodSeconds: number };
        scaleDownEvents?: { uniform: number[]; periodSeconds: number };
        scaleUpRules?: Rules;
        scaleDownRules?: Rules;
        specMinReplicas: number;
        specMaxReplicas: number;
        currentReplicas: number;
        prenormalizedDesiredReplicas: number;
      };
      const memory = { recommendations: [], scaleUpEvents: uniformEvents(i.scaleUpEvents), scaleDownEvents: uniformEvents(i.scaleDownEvents) };
      const r = convertDesiredReplicasWithBehaviorRate(
        memory,
        {
          scaleUpBehavior: generateHPAScaleUpRules(generateScalingRules(i.scaleUpRules)),
          scaleDownBehavior: generateHPAScaleDownRules(generateScalingRules(i.scaleDownRules)),
          minReplicas: i.specMinReplicas,
          maxReplicas: i.specMaxReplicas,
          currentReplicas: i.currentReplicas,
          desiredReplicas: i.prenormalizedDesiredReplicas,
        },
        NOW,
      );
      expect({ replicas: r.replicas, condition: r.reason }).toEqual(exp);
      return;
    }
    case 'storeScaleEvent': {
      const i = input as { replicaChange: number; prevScaleEvents: [number, number][]; scalingRules: [number, number, number, number, number] | null };
      const prev = i.prevScaleEvents.map(([replicaChange, s]) => ({ replicaChange, at: at(s), outdated: false }));
      const rules = generateScalingRules(i.scalingRules ?? undefined);
      expect(getReplicasChangePerPeriod(60, prev, NOW)).toBe(exp.replicasChangePerPeriod60);
      const empty = { recommendations: [], scaleUpEvents: prev, scaleDownEvents: prev };
      const up = storeScaleEvent(empty, rules ? { scaleUp: rules } : undefined, 10, 10 + i.replicaChange, NOW);
      const down = storeScaleEvent(empty, rules ? { scaleDown: rules } : undefined, 10, 10 - i.replicaChange, NOW);
      expect(up.scaleUpEvents.map((e) => [e.replicaChange, e.outdated])).toEqual(exp.newScaleEvents);
      expect(down.scaleDownEvents.map((e) => [e.replicaChange, e.outdated])).toEqual(exp.newScaleEvents);
      return;
    }
    case 'stabilizeRecommendationWithBehaviors': {
      const i = input as {
        recommendations: [number, number][];
        currentReplicas: number;
        prenormalizedDesiredReplicas: number;
        scaleUpStabilizationWindowSeconds: number;
        scaleDownStabilizationWindowSeconds: number;
      };
      const r = stabilizeRecommendationWithBehaviors(
        recs(i.recommendations),
        {
          scaleUpBehavior: { stabilizationWindowSeconds: i.scaleUpStabilizationWindowSeconds },
          scaleDownBehavior: { stabilizationWindowSeconds: i.scaleDownStabilizationWindowSeconds },
          minReplicas: 0,
          maxReplicas: 0,
          currentReplicas: i.currentReplicas,
          desiredReplicas: i.prenormalizedDesiredReplicas,
        },
        NOW,
      );
      expect(r.recommendation).toBe(exp.stabilizedReplicas);
      if (exp.recommendations) expect(r.recommendations.map((x) => x.recommendation)).toEqual(exp.recommendations);
      return;
    }
    case 'calculateScaleUpLimitWithScalingRules':
    case 'calculateScaleDownLimitWithBehaviors': {
      const i = input as { currentReplicas: number; selectPolicy: 'Min' | 'Max'; policies: ['Pods' | 'Percent', number, number][] };
      const rules: HPAScalingRules = {
        stabilizationWindowSeconds: 300,
        selectPolicy: i.selectPolicy,
        policies: i.policies.map(([type, value, periodSeconds]) => ({ type, value, periodSeconds })),
      };
      const fn = c.function === 'calculateScaleUpLimitWithScalingRules' ? calculateScaleUpLimitWithScalingRules : calculateScaleDownLimitWithBehaviors;
      expect(fn(i.currentReplicas, [], [], rules, NOW)).toBe(exp.limit);
      return;
    }
    default:
      throw new Error(`no runner for ${c.function}`);
  }
}

describe('conformance: pkg/controller/podautoscaler', () => {
  it.each(run.map((c) => [c.name, c] as const))('%s', (_name, c) => check(c));
  it('runs or lists every case of its functions', () => {
    expect(run.length + skipped.length).toBe(all.length);
    expect(all.length).toBe(133);
  });
});
