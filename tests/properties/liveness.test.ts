/**
 * Liveness (DESIGN.md §17): whatever a scenario does — stalled rollouts, disruption budgets,
 * quotas, drains, crash loops, never-ready pods, unschedulable replacements — virtual time moves
 * on and every run ends by its horizon.
 *
 * The bound on ticks at one instant: these scenarios hold at most 6 replicas, a DaemonSet on at
 * most 4 nodes and 5 actions, so one instant's own work (a write's deliveries and the syncs and
 * kubelet steps they wake) is a few dozen ticks. What could grow without bound is a controller
 * requeueing a key "now": every such requeue goes through its queue's rate limiter, which lets
 * at most its bucket's burst (100) through without a wait and never less than 5 ms per key. So
 * no instant may hold more than burst + 100 = 200 ticks; the largest seen is logged.
 *
 * CASES runs per `npm test` (a fixed seed, so a failure reproduces); each is a small cluster run
 * to its horizon.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTROLLER_RATE_LIMITER } from '../../src/engine/client/rateLimiter.ts';
import { createEngine, lastActionTime, newStallWatch, nextEventTime, step, watchTick } from '../../src/engine/sim.ts';
import { validateScenario } from '../../src/scenario/parse.ts';
import { toSimConfig } from '../../src/scenario/toSimConfig.ts';
import type { Action, Scenario, ScenarioObject } from '../../src/scenario/types.ts';

const CASES = Number(process.env.LIVENESS_CASES ?? 2_000);
const BURST = DEFAULT_CONTROLLER_RATE_LIMITER.kind === 'default' ? DEFAULT_CONTROLLER_RATE_LIMITER.burst : 0;
const MAX_TICKS_AT_ONE_INSTANT = BURST + 100;
/** Ticks a run may take in all (a crash loop's back-off and a probe's period keep it well below). */
const MAX_TICKS = 200_000;
/**
 * The page and the CLI run to the last action + 600 s; here + 60 s, which is past the longest
 * progress deadline generated (45 s) wherever the last action leaves the rollout, so a deadline
 * check that would stand still comes due before the horizon.
 */
const HORIZON_AFTER_LAST_ACTION_MS = 60_000;

const IMAGES = ['app:1', 'app:2', 'app:crash', 'app:unready', 'app:broken'] as const;
const image = fc.constantFrom(...IMAGES);
const intOrPercent = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('25%', '50%', '100%'));
const strategy = fc
  .tuple(intOrPercent, intOrPercent)
  .filter(([s, u]) => !(s === 0 && u === 0))
  .map(([maxSurge, maxUnavailable]) => ({ type: 'RollingUpdate', rollingUpdate: { maxSurge, maxUnavailable } }));

const deploymentArb = fc.record({
  replicas: fc.integer({ min: 0, max: 6 }),
  strategy: fc.oneof({ weight: 4, arbitrary: strategy }, { weight: 1, arbitrary: fc.constant({ type: 'Recreate' }) }),
  progressDeadlineSeconds: fc.integer({ min: 8, max: 45 }),
  minReadySeconds: fc.constantFrom(0, 0, 2, 7),
  image,
  antiAffinity: fc.boolean(),
  probes: fc.boolean(),
});

const actionArb = (nodes: number): fc.Arbitrary<Action> => {
  const node = fc.integer({ min: 1, max: nodes }).map((i) => `node-${i}`);
  const at = fc.integer({ min: 0, max: 240_000 }).map((ms) => ms / 1000);
  const kubectl = fc.oneof(
    image.map((i) => `set image deployment/db db=${i}`),
    fc.integer({ min: 0, max: 6 }).map((n) => `scale deployment/db --replicas=${n}`),
    fc.constantFrom('rollout undo deployment/db', 'rollout restart deployment/db', 'rollout pause deployment/db', 'rollout resume deployment/db', 'delete pod -l app=db'),
    node.map((n) => `drain ${n} --ignore-daemonsets`),
    node.map((n) => `cordon ${n}`),
    node.map((n) => `uncordon ${n}`),
    image.map((i) => `set image daemonset/agent agent=${i}`),
  );
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ at, kubectl }) },
    { weight: 1, arbitrary: fc.record({ at, node: fc.record({ name: node, ready: fc.boolean() }) }) },
  );
};

const clusterArb = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 }),
  nodes: fc.integer({ min: 1, max: 4 }),
  watchDelaySeconds: fc.constantFrom(0, 0.05, 0.05, 1.5),
  deployment: deploymentArb,
  daemonSet: fc.option(image, { nil: undefined }),
  pdb: fc.option(fc.oneof(fc.record({ maxUnavailable: fc.integer({ min: 0, max: 1 }) }), fc.record({ minAvailable: fc.integer({ min: 1, max: 6 }) })), { nil: undefined }),
  quotaPods: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
});
type Cluster = typeof clusterArb extends fc.Arbitrary<infer T> ? T : never;

const scenarioArb = clusterArb
  .chain((s) => fc.record({ s: fc.constant(s), actions: fc.array(actionArb(s.nodes), { maxLength: 5 }) }))
  .map(({ s, actions }) => toScenario(s, actions));

function podSpec(container: string, img: string, d: { antiAffinity: boolean; probes: boolean }) {
  return {
    ...(d.antiAffinity
      ? { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: container } }, topologyKey: 'kubernetes.io/hostname' }] } } }
      : {}),
    containers: [
      {
        name: container,
        image: img,
        ...(d.probes
          ? { readinessProbe: { httpGet: { path: '/', port: 80 }, periodSeconds: 5 }, livenessProbe: { httpGet: { path: '/', port: 80 }, periodSeconds: 10, failureThreshold: 2 } }
          : {}),
      },
    ],
  };
}

function toScenario(s: Cluster, actions: Action[]): Scenario {
  const d = s.deployment;
  const objects: ScenarioObject[] = [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'db' },
      spec: {
        replicas: d.replicas,
        strategy: d.strategy,
        progressDeadlineSeconds: d.progressDeadlineSeconds,
        minReadySeconds: d.minReadySeconds,
        selector: { matchLabels: { app: 'db' } },
        template: { metadata: { labels: { app: 'db' } }, spec: podSpec('db', d.image, d) },
      },
    } as ScenarioObject,
  ];
  if (s.daemonSet !== undefined)
    objects.push({
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'agent' },
      spec: { selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels: { app: 'agent' } }, spec: podSpec('agent', s.daemonSet, { antiAffinity: false, probes: false }) } },
    } as ScenarioObject);
  if (s.pdb !== undefined)
    objects.push({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'db' }, spec: { ...s.pdb, selector: { matchLabels: { app: 'db' } } } } as ScenarioObject);
  if (s.quotaPods !== undefined)
    objects.push({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'pods' }, spec: { hard: { pods: String(s.quotaPods) } } } as ScenarioObject);
  return {
    version: 1,
    name: 'liveness',
    seed: s.seed,
    cluster: {
      nodes: s.nodes,
      images: { 'app:crash': { crash: true }, 'app:unready': { ready: 'never' }, 'app:broken': { pull: 'fail' } },
    },
    controller: { watchDelaySeconds: s.watchDelaySeconds },
    objects,
    actions: actions.slice().sort((a, b) => a.at - b.at),
  };
}

let largest = 0;
let runs = 0;
let totalTicks = 0;

/** runToHorizon runs a scenario as the page does and says how it ended. */
function runToHorizon(scenario: Scenario): { ticks: number; maxAtOneInstant: number; endedBy: 'horizon' | 'idle' | 'stall' | 'cap' } {
  const valid = validateScenario(scenario);
  if (!valid.ok) throw new Error(`generated an invalid scenario: ${valid.errors[0]}`);
  const config = toSimConfig(valid.value);
  const st = createEngine(config);
  const horizon = lastActionTime(config) + HORIZON_AFTER_LAST_ACTION_MS;
  const watch = newStallWatch(MAX_TICKS_AT_ONE_INSTANT + 1);
  let ticks = 0;
  let maxAtOneInstant = 0;
  for (;;) {
    const t = nextEventTime(st);
    if (t === null) return { ticks, maxAtOneInstant, endedBy: 'idle' };
    if (t > horizon) return { ticks, maxAtOneInstant, endedBy: 'horizon' };
    if (ticks >= MAX_TICKS) return { ticks, maxAtOneInstant, endedBy: 'cap' };
    const rec = step(st);
    if (rec === null) return { ticks, maxAtOneInstant, endedBy: 'idle' };
    ticks++;
    const stalled = watchTick(watch, rec) !== null;
    if (watch.ticks > maxAtOneInstant) maxAtOneInstant = watch.ticks;
    if (stalled) return { ticks, maxAtOneInstant, endedBy: 'stall' };
  }
}

describe('liveness', () => {
  it(`moves virtual time on and ends every run by its horizon (${CASES} fuzzed scenarios)`, () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const r = runToHorizon(scenario);
        runs++;
        totalTicks += r.ticks;
        largest = Math.max(largest, r.maxAtOneInstant);
        expect(r.maxAtOneInstant).toBeLessThanOrEqual(MAX_TICKS_AT_ONE_INSTANT);
        expect(['horizon', 'idle']).toContain(r.endedBy);
      }),
      { numRuns: CASES, seed: 20261128 },
    );
    console.log(`liveness: ${runs} runs, the most ticks at one instant ${largest} (bound ${MAX_TICKS_AT_ONE_INSTANT}), ${totalTicks} ticks in all`);
    expect(runs).toBe(CASES);
  }, 600_000);
});
