import { describe, expect, it } from 'vitest';
import type { StatefulPod, StatefulSet } from '../../api/statefulTypes.ts';
import { applyWatch, ownedPods } from '../../client/cache.ts';
import { selectorMatches } from '../../lib/labels.ts';
import type { EngineState } from '../../client/state.ts';
import { kubectl } from '../../sim/executeTestEngine.ts';
import { runUntil, step } from '../../sim/simulation.ts';
import { cloneEngineState } from '../../sim/state.ts';
import { statefulEngine, webStatefulSet } from '../../sim/statefulTestEngine.ts';
import { podFacts } from './podFacts.ts';
import { members, type ReplicaSlots, slotsOf } from './replicaSlots.ts';

const cachedSet = (st: EngineState) => st.cache.objects.StatefulSet.get('default/web') as StatefulSet | undefined;
// ClaimPods' members: controlled by the set, named for it and matched by its selector.
const cachedMembers = (st: EngineState, set: StatefulSet) =>
  [...ownedPods(st.cache, set.metadata.uid ?? '').values()].filter(
    (p) => podFacts(p as StatefulPod).parent === 'web' && selectorMatches(set.spec.selector, p.metadata.labels),
  ) as StatefulPod[];
const plain = (s: ReplicaSlots, updateRevision: string) => ({
  pods: s.pods.map((p) => p?.metadata.name),
  facts: s.facts,
  condemned: s.condemned.map((p) => p.metadata.name).sort(),
  filled: s.filled,
  unavailable0: s.unavailable0,
  unavailableAt0: [...s.unavailableAt0],
  firstUnavailableAt0: s.firstUnavailableAt0,
  loudAt0: [...s.loudAt0],
  firstLoudAt0: s.firstLoudAt0,
  loudBurst: [...s.loudBurst],
  tally: { ...s.tally, byRevision: [...s.tally.byRevision].sort() },
  // Where the rolling update's scan stops: the kept flags are asked for the same revision tick
  // after tick, so they are the ones set() kept up to date, not laid out again.
  unsettled: s.unsettled.last(updateRevision),
});

/** Steps the run and compares, after every tick with a set, the kept layout with one laid out from the cache. */
function compareEachTick(st: EngineState, ticks: number, at: Record<number, string> = {}): number {
  let compared = 0;
  for (let t = 0; t < ticks; t++) {
    const line = at[t];
    if (line !== undefined) kubectl(st, line);
    if (!step(st)) break;
    const set = cachedSet(st);
    if (!set) continue;
    const kept = members(st.cache, set);
    const list = cachedMembers(st, set);
    expect(kept.count).toBe(list.length);
    const upd = set.status?.updateRevision ?? '';
    expect(kept.slots && plain(kept.slots, upd)).toEqual(plain(slotsOf(set, list), upd));
    compared++;
  }
  return compared;
}

describe('members', () => {
  it('keeps the layout a fresh one gives through an OrderedReady create, update and scale-down', () => {
    const st = statefulEngine(webStatefulSet(4, { volumeClaimTemplates: [] }));
    const n = compareEachTick(st, 900, { 300: 'set image statefulset/web nginx=nginx:2', 600: 'scale statefulset/web --replicas=2' });
    expect(n).toBeGreaterThan(500);
  });

  it('keeps the layout a fresh one gives when a member is relabelled out of the selector and back', () => {
    const st = statefulEngine(webStatefulSet(4, { volumeClaimTemplates: [] }));
    const n = compareEachTick(st, 700, { 300: 'label pod web-2 app=other --overwrite', 400: 'label pod web-1 tier=x', 500: 'label pod web-2 app=web --overwrite' });
    expect(n).toBeGreaterThan(500);
  });

  it('keeps the layout a fresh one gives under Parallel with claims', () => {
    const st = statefulEngine(webStatefulSet(5, { podManagementPolicy: 'Parallel' }));
    expect(compareEachTick(st, 600, { 200: 'set image statefulset/web nginx=nginx:2' })).toBeGreaterThan(300);
  });

  it('rebuilds when the cache changed without the watch handler', () => {
    const st = statefulEngine(webStatefulSet(3, { volumeClaimTemplates: [] }));
    compareEachTick(st, 200);
    const set = cachedSet(st) as StatefulSet;
    const victim = [...ownedPods(st.cache, set.metadata.uid ?? '').values()][0] as StatefulPod;
    applyWatch(st.cache, { type: 'DELETED', object: victim });
    const kept = members(st.cache, set);
    expect(kept.count).toBe(cachedMembers(st, set).length);
    expect(kept.slots?.pods.map((p) => p?.metadata.name)).toEqual(slotsOf(set, cachedMembers(st, set)).pods.map((p) => p?.metadata.name));
  });

  it('gives no layout when two members share an ordinal (web-1 and web-01)', () => {
    const st = statefulEngine(webStatefulSet(3, { volumeClaimTemplates: [] }));
    compareEachTick(st, 200);
    const set = cachedSet(st) as StatefulSet;
    const web1 = [...ownedPods(st.cache, set.metadata.uid ?? '').values()].find((p) => p.metadata.name === 'web-1') as StatefulPod;
    const twin = { ...web1, metadata: { ...web1.metadata, name: 'web-01', uid: 'twin', resourceVersion: '999999' } };
    applyWatch(st.cache, { type: 'ADDED', object: twin });
    expect(members(st.cache, set).slots).toBeNull();
  });
});

describe('members after a copy of the engine', () => {
  it('gives a restored run (a keyframe copy, no memo) the same ticks as the run it was copied from', () => {
    const st = statefulEngine(webStatefulSet(6, { volumeClaimTemplates: [] }));
    runUntil(st, 40_000);
    kubectl(st, 'set image statefulset/web nginx=nginx:2');
    for (let i = 0; i < 40; i++) step(st);
    const copy = cloneEngineState(st);
    const a: string[] = [];
    const b: string[] = [];
    for (let i = 0; i < 400; i++) {
      a.push(JSON.stringify(step(st)));
      b.push(JSON.stringify(step(copy)));
    }
    expect(b).toEqual(a);
    expect(a.some((r) => r.includes('deleteForUpdate'))).toBe(true);
  });
});
