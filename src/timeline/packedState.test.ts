import { describe, expect, it } from 'vitest';
import { createEngine, type EngineState, step } from '../engine/sim.ts';
import { toSimConfig } from '../scenario/toSimConfig.ts';
import type { Scenario } from '../scenario/types.ts';
import { diffStates, stateDigest } from './digest.ts';
import { mapOf, type PackedState, packState, unpackState } from './packedState.ts';
import { freshRun, numbers, preset } from './testScenarios.ts';

/** big is the Seed preset at 300 replicas (its maps grow past what a keyframe shares). */
function big(): Scenario {
  const s = preset('seed');
  return { ...s, objects: s.objects.map((o) => ('spec' in o ? { ...o, spec: { ...o.spec, replicas: 300 } } : o)) } as Scenario;
}

describe('packState', () => {
  it.each(['seed', 'daemonset-rolling', 'nodes-coming-and-going', 'broken-image'])(
    'unpacks to the state it packed, Map order included (%s)',
    (id) => {
      const s = preset(id);
      const end = freshRun(s, 5000).st.tick;
      const st = createEngine(toSimConfig(s));
      for (const i of [0, 1, ...numbers(id.length, 4, 2, end - 1).sort((a, b) => a - b), end]) {
        while (st.tick < i) step(st);
        const before = stateDigest(st);
        const packed = packState(st);
        expect(stateDigest(st)).toBe(before);
        expect(diffStates(unpackState(packed), st)).toEqual([]);
      }
    },
  );

  it('shares the entries a map keeps from the keyframe before, and unpacks both as they were', () => {
    const { st } = freshRun(big(), 2000);
    const first = packState(st);
    const a = stateDigest(st);
    for (let k = 0; k < 1000; k++) step(st);
    const second = packState(st, first);
    // The run has settled by tick 2,000 (1,511 Events at both ticks): the second keyframe keeps
    // the first one's packed Events, and the correlators' caches, which did not change, as they are.
    expect(st.store.objects.Event.size).toBe(1511);
    expect(mapOf(second, 'store/Event')).toBe(mapOf(first, 'store/Event'));
    expect(second.recorders).toBe(first.recorders);
    expect(second.correlators).toBe(first.correlators);
    expect(second.correlatorSizes).toBe(first.correlatorSizes);
    expect(stateDigest(unpackState(second))).toBe(stateDigest(st));
    expect(stateDigest(unpackState(first))).toBe(a);
  });

  it('keeps the maps of the keyframe before when none changed, and labels each as eachMap does', () => {
    // Pods with a readinessProbe: the kubelet keeps their probe workers.
    const { st } = freshRun(preset('probe-paced'), 300);
    expect(st.probes.size).toBeGreaterThan(0);
    const first = packState(st);
    const second = packState(st, first);
    expect(second.maps).toBe(first.maps);
    expect(mapOf(first, 'store/Pod')).toEqual([...st.store.objects.Pod].flat());
    expect(mapOf(first, 'cache/Node')).toEqual([...st.cache.objects.Node].flat());
    expect(mapOf(first, 'probes')).toEqual([...st.probes].flat());
    step(st);
    const third = packState(st, second);
    expect(diffStates(unpackState(third), st)).toEqual([]);
  });

  it('unpacks every state of a long chain of keyframes, each sharing with the one before', () => {
    const { st } = freshRun(big(), 600);
    // The shared maps' entries at each link, in order (values by identity).
    const entries = (x: EngineState) => [
      [...x.store.objects.Event],
      ...[...x.eventCorrelators.values()].flatMap((c) => [[...c.aggregate], [...c.logs], [...c.spam]]),
    ];
    const chain: { packed: PackedState; entries: unknown[][] }[] = [];
    // More links than a chain may have (MAX_DEPTH): a plain copy starts a new one.
    for (let k = 0; k < 24; k++) {
      for (let n = 0; n < 60; n++) step(st);
      chain.push({ packed: packState(st, chain.at(-1)?.packed), entries: entries(st) });
    }
    expect(chain.filter((c) => !Array.isArray(mapOf(c.packed, 'store/Event'))).length).toBeGreaterThan(12);
    for (const c of chain) {
      const got = entries(unpackState(c.packed));
      expect(got.length).toBe(c.entries.length);
      got.forEach((m, i) => {
        const want = c.entries[i] ?? [];
        expect(m.length).toBe(want.length);
        m.forEach(([k, v], j) => {
          const [k2, v2] = want[j] as [unknown, unknown];
          expect(k).toBe(k2);
          // Events are kept as text (eventCodec.ts): equal, in the same key order, not the same object.
          if ((v as { kind?: string } | null)?.kind === 'Event') expect(JSON.stringify(v)).toBe(JSON.stringify(v2));
          else expect(v).toBe(v2);
        });
      });
    }
  });

  it.each(['statefulset-parallel', 'daemonset-rolling', 'autoscaler-during-rollout', 'traffic-probe'])(
    'keeps the base parts that did not change as the keyframe before\'s, and unpacks each link as it was (%s)',
    (id) => {
      const st = createEngine(toSimConfig(preset(id)));
      let prev: PackedState | undefined;
      let sharedQueues = 0;
      for (let k = 0; k < 12; k++) {
        for (let n = 0; n < 40; n++) step(st);
        const packed = packState(st, prev);
        expect(diffStates(unpackState(packed), st)).toEqual([]);
        if (prev !== undefined) {
          // The store's emptied kind Maps are the same every time; a quiet controller's queue too.
          expect(packed.base.store.objects).toBe(prev.base.store.objects);
          sharedQueues += Object.keys(st.queues).filter((c) => packed.base.queues[c as keyof EngineState['queues']] === prev?.base.queues[c as keyof EngineState['queues']]).length;
        }
        prev = packed;
      }
      expect(sharedQueues).toBeGreaterThan(11 * 5);
    },
  );

  it('unpacks a fresh state each time: stepping one leaves the next intact', () => {
    const { st } = freshRun(preset('seed'), 300);
    const packed = packState(st);
    const a = unpackState(packed);
    for (let k = 0; k < 50; k++) step(a);
    a.store.objects.Pod.clear();
    expect(stateDigest(unpackState(packed))).toBe(stateDigest(st));
  });

  it('packs only the deliveries not yet taken, and the unpacked state steps on alike', () => {
    const st = createEngine(toSimConfig(preset('seed')));
    while (st.deliveriesHead === 0 && st.tick < 500) step(st);
    expect(st.deliveriesHead).toBeGreaterThan(0);
    const copy = unpackState(packState(st));
    expect(copy.deliveriesHead).toBe(0);
    expect(diffStates(copy, st)).toEqual([]);
    const a = Array.from({ length: 30 }, () => step(st));
    expect(Array.from({ length: 30 }, () => step(copy))).toEqual(a);
  });
});
