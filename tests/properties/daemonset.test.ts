/**
 * Properties of the DaemonSet controller over random node pools (labels, taints, cordons), random
 * update budgets and random readiness delays (fast-check). Fault-free: every image pulls, starts
 * and turns Ready. Each run rolls the template from agent:1 to agent:2 at 60 s and is checked at
 * every tick from then on, straight from the API store.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DaemonSet, IntOrString, Taint, Toleration } from '../../src/engine/api/types.ts';
import { DEFAULT_IMAGE_BEHAVIOUR, type NodeConfig, type SimConfig } from '../../src/engine/config.ts';
import { getScaledValueFromIntOrPercent } from '../../src/engine/lib/intstr.ts';
import { createEngine, type EngineState, runUntil } from '../../src/engine/sim.ts';
import { availableOn, convergenceProblems, isLive, podsByNode, run, shouldRunOn, theDaemonSet } from '../golden/daemonsetRun.ts';

const UPDATE_MS = 60_000;
// Past the informers' 12 h resync: a surge node whose new pod turned Ready while an earlier
// requeue of the DaemonSet was pending keeps its old pod until then (client-go's delaying queue
// merges the minReadySeconds requeue into the earlier one, as in a real cluster).
const END_MS = UPDATE_MS + 13 * 60 * 60_000;

const budget = fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 100 }).map((p) => `${p}%`));

const taintArb: fc.Arbitrary<Taint[]> = fc.constantFrom(
  [],
  [],
  [{ key: 'dedicated', value: 'infra', effect: 'NoSchedule' }],
  [{ key: 'dedicated', value: 'infra', effect: 'NoExecute' }],
  [{ key: 'spot', effect: 'PreferNoSchedule' }],
);

const nodeArb = fc.record({
  pool: fc.constantFrom('general', 'general', 'batch', null),
  taints: taintArb,
  unschedulable: fc.boolean(),
});

const seconds = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 4 })).map(([a, b]) => [a, a + b] as [number, number]);

const scenarioArb = fc.record({
  nodes: fc.array(nodeArb, { minLength: 1, maxLength: 40 }),
  nodeSelector: fc.constantFrom(null, { pool: 'general' }),
  tolerateDedicated: fc.boolean(),
  surge: fc.boolean(),
  budget,
  minReadySeconds: fc.constantFrom(0, 0, 1, 3),
  readyOld: seconds,
  readyNew: seconds,
  seed: fc.integer({ min: 1, max: 1_000_000 }),
});

type Scn = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

function daemonSet(s: Scn, image: string): DaemonSet {
  const rollingUpdate: { maxSurge: IntOrString; maxUnavailable: IntOrString } = s.surge
    ? { maxSurge: s.budget, maxUnavailable: 0 }
    : { maxSurge: 0, maxUnavailable: s.budget };
  const tolerations: Toleration[] = s.tolerateDedicated ? [{ key: 'dedicated', operator: 'Exists' }] : [];
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', labels: { app: 'agent' } },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      minReadySeconds: s.minReadySeconds,
      updateStrategy: { type: 'RollingUpdate', rollingUpdate },
      template: {
        metadata: { labels: { app: 'agent' } },
        spec: {
          ...(s.nodeSelector ? { nodeSelector: s.nodeSelector } : {}),
          ...(tolerations.length ? { tolerations } : {}),
          containers: [{ name: 'agent', image }],
        },
      },
    },
  };
}

function config(s: Scn): SimConfig {
  const nodes: NodeConfig[] = s.nodes.map((n, i) => ({
    name: `node-${i + 1}`,
    labels: n.pool ? ({ pool: n.pool } as Record<string, string>) : {},
    taints: n.taints,
    unschedulable: n.unschedulable,
    maxPods: 110,
  }));
  return {
    seed: s.seed,
    nodes,
    images: {
      default: DEFAULT_IMAGE_BEHAVIOUR,
      'agent:1': { ...DEFAULT_IMAGE_BEHAVIOUR, readySeconds: s.readyOld },
      'agent:2': { ...DEFAULT_IMAGE_BEHAVIOUR, readySeconds: s.readyNew },
    },
    terminationSeconds: 1,
    watchDelaySeconds: 0.05,
    objects: [daemonSet(s, 'agent:1')],
    actions: [{ at: UPDATE_MS / 1000, apply: daemonSet(s, 'agent:2') }],
  };
}

/** The budget resolved against the nodes that should run the pod, rounding up as the controller does. */
function resolved(st: EngineState, s: Scn, ds: DaemonSet): number {
  return getScaledValueFromIntOrPercent(s.budget, shouldRunOn(st, ds).size, true);
}

/** checkTick returns what is wrong at this tick of the update, or null. */
function checkTick(st: EngineState, s: Scn): string | null {
  const ds = theDaemonSet(st, 'agent');
  if (!ds) return 'the DaemonSet is gone';
  const want = shouldRunOn(st, ds);
  const all = podsByNode(st, ds);
  const live = podsByNode(st, ds, isLive);
  const limit = resolved(st, s, ds);
  const most = Math.max(0, ...[...live.values()].map((p) => p.length));
  if (!s.surge) {
    if (most > 1) return `a node holds ${most} live pods without surge`;
    const bare = [...want].filter((n) => !availableOn(st, ds, all.get(n)));
    if (bare.length > limit) return `${bare.length} nodes lack an available pod, maxUnavailable ${limit}: ${bare.join(', ')}`;
    return null;
  }
  if (most > 2) return `a node holds ${most} live pods`;
  const doubled = [...live.values()].filter((p) => p.length === 2).length;
  if (doubled > limit) return `${doubled} nodes hold two live pods, maxSurge ${limit}`;
  const bare = [...want].filter((n) => !availableOn(st, ds, all.get(n)));
  if (bare.length > 0) return `with surge and maxUnavailable 0, ${bare.join(', ')} lack an available pod`;
  return null;
}

/** runChecked runs the scenario and returns the first broken invariant, or the end state's problems. */
function runChecked(s: Scn): string[] {
  const st = createEngine(config(s));
  runUntil(st, UPDATE_MS - 1);
  const before = convergenceProblems(st, 'agent');
  if (before.length > 0) return [`not settled before the update: ${before.join('; ')}`];
  let broken: string | null = null;
  runUntil(st, END_MS, () => {
    broken ??= checkTick(st, s);
  });
  if (broken !== null) return [broken];
  return convergenceProblems(st, 'agent');
}

describe('DaemonSet rolling update properties', () => {
  it('keeps the budget at every tick and converges to one up-to-date available pod per node', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        expect(runChecked(s)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it('gives the same ticks for the same scenario', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const trace = (): string => {
          const out: string[] = [];
          run(config(s), UPDATE_MS + 60_000, (_st, t) => out.push(JSON.stringify([t.tick, t.time, t.actor, t.summary, t.writes])));
          return out.join('\n');
        };
        expect(trace()).toBe(trace());
      }),
      { numRuns: 5 },
    );
  }, 60_000);
});
