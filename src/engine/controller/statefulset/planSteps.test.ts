import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecisionLog } from '../../api/decision.ts';
import type { StatefulPod, StatefulSet } from '../../api/statefulTypes.ts';
import type { ControllerRevision } from '../../api/types.ts';
import { ownedPods } from '../../client/cache.ts';
import type { EngineState } from '../../client/state.ts';
import { kubectl } from '../../sim/executeTestEngine.ts';
import { step } from '../../sim/simulation.ts';
import { statefulEngine, webStatefulSet } from '../../sim/statefulTestEngine.ts';
import { podFacts } from './podFacts.ts';
import { noClaims, type ReplicaLoop, runForLoud, stepReplica, withPlaceholders } from './planSteps.ts';
import { runForAll, type StepContext } from './processReplica.ts';
import { slotsOf } from './replicaSlots.ts';
import { RevisionSets } from './revisions.ts';

const revision = (st: EngineState, name: string | undefined) =>
  [...st.cache.objects.ControllerRevision.values()].find((r) => r.metadata.name === name) as ControllerRevision | undefined;

/** One step context for the cached state, as updateStatefulSetPlan makes it (phase replicas). */
function contextOf(st: EngineState, set: StatefulSet, update: ControllerRevision, missing: number, log: DecisionLog): StepContext {
  return {
    set,
    start: 0,
    missing,
    sets: new RevisionSets(set, update, update),
    monotonic: set.spec.podManagementPolicy !== 'Parallel',
    placeholder: null,
    nowMs: st.now,
    claims: noClaims,
    actions: [],
    log,
    phase: 'replicas',
    batch: 0,
  };
}

/**
 * Runs the replicas loop on each tick's cached state twice — runForLoud over the slots' flags, and
 * runForAll stepping every replica from the same first one — and compares result, writes,
 * decisions and the batch left in the context; returns the ticks compared and those that wrote.
 */
function compareEachTick(st: EngineState, ticks: number, at: Record<number, string>): { compared: number; acted: number } {
  let compared = 0;
  let acted = 0;
  for (let t = 0; t < ticks; t++) {
    const line = at[t];
    if (line !== undefined) kubectl(st, line);
    if (!step(st)) break;
    const set = st.cache.objects.StatefulSet.get('default/web') as StatefulSet | undefined;
    const update = revision(st, set?.status?.updateRevision);
    if (!set || !update) continue;
    const pods = [...ownedPods(st.cache, set.metadata.uid ?? '').values()].filter((p) => podFacts(p as StatefulPod).parent === 'web') as StatefulPod[];
    const view = slotsOf(set, pods);
    const monotonic = set.spec.podManagementPolicy !== 'Parallel';
    const from = monotonic ? Math.max(0, view.firstLoudAt0) : 0;
    const run = (loud: boolean) => {
      const log: DecisionLog = [];
      const ctx = contextOf(st, set, update, view.pods.length - view.filled, log);
      const loop: ReplicaLoop = { replicas: view.pods, facts: view.facts, from, quiet: true };
      const r = loud ? runForLoud(ctx, loop, monotonic ? view.loudAt0 : view.loudBurst) : runForAll(ctx, view.pods.length - from, stepReplica, loop);
      return JSON.stringify([r, ctx.actions, log, ctx.batch]);
    };
    const skipping = run(true);
    expect(skipping).toBe(run(false));
    if (skipping.includes('"op"')) acted++;
    compared++;
  }
  return { compared, acted };
}

describe('runForLoud', () => {
  it('writes and decides as runForAll over every replica does under OrderedReady (create, pod deleted mid-set, update, scale)', () => {
    const st = statefulEngine(webStatefulSet(6, { volumeClaimTemplates: [] }));
    const r = compareEachTick(st, 1500, { 400: 'delete pod web-2', 700: 'set image statefulset/web nginx=nginx:2', 1200: 'scale statefulset/web --replicas=3' });
    expect(r.compared).toBeGreaterThan(1000);
    expect(r.acted).toBeGreaterThan(10);
  });

  it('writes and decides as runForAll over every replica does under Parallel, batch numbers included', () => {
    const st = statefulEngine(webStatefulSet(12, { volumeClaimTemplates: [], podManagementPolicy: 'Parallel' }));
    const r = compareEachTick(st, 900, { 150: 'delete pod web-5', 300: 'set image statefulset/web nginx=nginx:2', 700: 'scale statefulset/web --replicas=20' });
    expect(r.compared).toBeGreaterThan(600);
    expect(r.acted).toBeGreaterThan(10);
  });

  it('writes and decides as runForAll does under Parallel at minReadySeconds 5 (loudBurst reads no time)', () => {
    const st = statefulEngine(webStatefulSet(8, { volumeClaimTemplates: [], podManagementPolicy: 'Parallel', minReadySeconds: 5 }));
    const r = compareEachTick(st, 700, { 250: 'set image statefulset/web nginx=nginx:2', 500: 'delete pod web-3' });
    expect(r.compared).toBeGreaterThan(400);
    expect(r.acted).toBeGreaterThan(5);
  });
});

/** The placeholder loop as it was: every slot from 0, a second missing one ends it under OrderedReady. */
function placeholdersFull(slots: readonly (StatefulPod | undefined)[], missing: number, monotonic: boolean, build: (i: number) => StatefulPod) {
  const replicas = slots.slice();
  let built = 0;
  for (let i = 0; i < replicas.length && missing > 0; i++) {
    if (replicas[i] !== undefined) continue;
    if (monotonic && built++ > 0) break;
    replicas[i] = build(i);
  }
  return replicas;
}

describe('withPlaceholders', () => {
  const pod = (name: string): StatefulPod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [] } });
  it('builds the same placeholders, in the same order, as the scan of every slot', () => {
    // A slot: empty, or a pod that is loud or quiet (an empty slot is always loud).
    const slot = fc.constantFrom('empty', 'loud', 'quiet');
    fc.assert(
      fc.property(fc.array(slot, { minLength: 1, maxLength: 40 }), fc.boolean(), (layout, monotonic) => {
        const slots = layout.map((k, i) => (k === 'empty' ? undefined : pod(`web-${i}`)));
        const loud = Uint8Array.from(layout, (k) => (k === 'quiet' ? 0 : 1));
        const missing = layout.filter((k) => k === 'empty').length;
        const calls: number[][] = [[], []];
        const build = (n: 0 | 1) => (i: number) => {
          (calls[n] as number[]).push(i);
          return pod(`placeholder-${i}`);
        };
        const got = withPlaceholders(slots, loud, missing, monotonic, { at: build(0) });
        const want = placeholdersFull(slots, missing, monotonic, build(1));
        expect(got.map((p) => p?.metadata.name)).toEqual(want.map((p) => p?.metadata.name));
        expect(calls[0]).toEqual(calls[1]);
      }),
      { numRuns: 300 },
    );
  });

  it('builds only the first missing slot under OrderedReady, found past 999 quiet pods', () => {
    const slots = [...Array.from({ length: 999 }, (_, i) => pod(`web-${i}`)), undefined];
    const loud = new Uint8Array(1000);
    loud[999] = 1;
    const seen: number[] = [];
    withPlaceholders(slots, loud, 1, true, {
      at: (i) => {
        seen.push(i);
        return pod('p');
      },
    });
    expect(seen).toEqual([999]);
  });
});
