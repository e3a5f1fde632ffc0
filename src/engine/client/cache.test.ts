import { describe, expect, it } from 'vitest';
import type { Deployment } from '../api/types.ts';
import { DEFAULT_IMAGE_BEHAVIOUR, type SimConfig } from '../config.ts';
import { activeRankedKeys } from '../controller/podRankKey.ts';
import { activeRelatedPodsPerNode, getPodsToDelete, podsToDeleteFromKeys } from '../controller/podRanking.ts';
import { filterActivePods, isPodActive, isPodReady } from '../controller/podUtil.ts';
import { createEngine, nextEventTime, step } from '../sim.ts';
import type { Pod } from '../api/types.ts';
import { activePodsPerNode, cloneCache, type CacheState, indexMove, ownedPodCount, ownedPods, ownerStats, podsOwnedBy } from './cache.ts';

function config(): SimConfig {
  const d: Deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: {
      replicas: 12,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'web:1' }] } },
    },
  };
  return {
    seed: 3,
    nodes: [1, 2, 3].map((i) => ({ name: `node-${i}`, labels: {}, taints: [], unschedulable: false, maxPods: 110 })),
    images: { default: DEFAULT_IMAGE_BEHAVIOUR },
    terminationSeconds: 1,
    watchDelaySeconds: 0.05,
    objects: [d],
    actions: [
      { at: 20, kubectl: 'set image deployment/web web=web:2' },
      { at: 40, kubectl: 'scale deployment/web --replicas=4' },
    ],
  };
}

/** The rollout and the scale-down are over by 2 minutes (the 12 h resync would never stop a run). */
const END_MS = 120_000;

function more(st: ReturnType<typeof createEngine>): boolean {
  const t = nextEventTime(st);
  return t !== null && t <= END_MS && step(st) !== null;
}

function rsUids(c: CacheState): string[] {
  return [...c.objects.ReplicaSet.values()].map((r) => r.metadata.uid ?? '');
}

describe('activePodsPerNode', () => {
  it('counts what activeRelatedPodsPerNode counts from the listed pods, at every tick of a rollout and a scale-down', () => {
    const st = createEngine(config());
    let checked = 0;
    while (more(st)) {
      const uids = rsUids(st.cache);
      const listed = uids.flatMap((u) => podsOwnedBy(st.cache, u));
      expect(activePodsPerNode(st.cache, uids)).toEqual(activeRelatedPodsPerNode(listed));
      expect(uids.reduce((n, u) => n + ownedPodCount(st.cache, u), 0)).toBe(listed.length);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('activeRankedKeys', () => {
  it('picks the pods getPodsToDelete picks from the listed pods, at every tick, for every ReplicaSet and count', () => {
    const st = createEngine(config());
    while (more(st)) {
      const uids = rsUids(st.cache);
      const related = uids.flatMap((u) => podsOwnedBy(st.cache, u));
      for (const uid of uids) {
        const filtered = filterActivePods(podsOwnedBy(st.cache, uid));
        for (const n of [1, 3, filtered.length]) {
          const keys = activeRankedKeys(ownedPods(st.cache, uid), activePodsPerNode(st.cache, uids), st.now);
          const got = podsToDeleteFromKeys(keys, n).map((p) => p.metadata.name);
          expect(got).toEqual(getPodsToDelete(filtered, related, n, st.now).map((p) => p.metadata.name));
        }
      }
    }
  });
});

describe('ownerStats', () => {
  it('equals a count over the listed pods at every tick, status writes included', () => {
    const st = createEngine(config());
    while (more(st)) {
      for (const rs of st.cache.objects.ReplicaSet.values()) {
        if (rs.kind !== 'ReplicaSet') continue;
        const pods = podsOwnedBy(st.cache, rs.metadata.uid ?? '');
        const active = pods.filter(isPodActive);
        const want = rs.spec.template.metadata?.labels ?? {};
        expect(ownerStats(st.cache, rs.metadata.uid ?? '')).toEqual({
          active: active.length,
          ready: active.filter(isPodReady).length,
          fullyLabeled: active.filter((p) => Object.entries(want).every(([k, v]) => p.metadata.labels?.[k] === v)).length,
          terminating: pods.filter((p) => p.metadata.deletionTimestamp && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed').length,
        });
      }
    }
  });
});

describe('ownerStats of other controllers', () => {
  it('keeps no counts for the pods of a StatefulSet or a DaemonSet (only ReplicaSets are asked)', () => {
    const st = createEngine({
      ...config(),
      objects: [
        {
          apiVersion: 'apps/v1',
          kind: 'StatefulSet',
          metadata: { name: 'db', labels: { app: 'db' } },
          spec: {
            replicas: 2,
            serviceName: 'db',
            selector: { matchLabels: { app: 'db' } },
            template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'db:1' }] } },
          },
        },
        {
          apiVersion: 'apps/v1',
          kind: 'DaemonSet',
          metadata: { name: 'agent', labels: { app: 'agent' } },
          spec: {
            selector: { matchLabels: { app: 'agent' } },
            template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a', image: 'a:1' }] } },
          },
        },
      ] as SimConfig['objects'],
      actions: [],
    });
    while (more(st));
    const owners = [...st.cache.objects.StatefulSet.values(), ...st.cache.objects.DaemonSet.values()].map((o) => o.metadata.uid ?? '');
    expect(owners).toHaveLength(2);
    for (const uid of owners) {
      expect(ownedPodCount(st.cache, uid)).toBeGreaterThan(0);
      expect(st.cache.ownerStats.has(uid)).toBe(false);
      expect(st.cache.activeByNode.has(uid)).toBe(false);
    }
  });
});

describe('cloneCache', () => {
  it('copies the per-node counts so the copy does not move with the original', () => {
    const st = createEngine(config());
    for (let i = 0; i < 200; i++) step(st);
    const copy = cloneCache(st.cache);
    const before = activePodsPerNode(copy, rsUids(copy));
    while (more(st));
    expect(activePodsPerNode(copy, rsUids(copy))).toEqual(before);
    expect(activePodsPerNode(st.cache, rsUids(st.cache))).not.toEqual(before);
  });
});

/** A pod object standing for one version (only its identity is read). */
const version = (name: string): Pod => ({ metadata: { name } }) as Pod;

/** The index as [key, [pod key, pod name][]] pairs, inner sets in their order. */
function entries(m: Map<string, Map<string, Pod>>): [string, [string, string][]][] {
  return [...m].map(([k, s]) => [k, [...s].map(([v, p]) => [v, p.metadata.name] as [string, string])]);
}

describe('indexMove', () => {
  const a1 = version('a1');
  const b1 = version('b1');
  const a2 = version('a2');
  // Each case: the index before, the move (key, pod key, new version), the sets after (by key, in order).
  const cases: { name: string; before: [string, [string, Pod][]][]; k: string | undefined; v: string; after: [string, [string, string][]][] }[] = [
    { name: 'moves the pod to the end of a set of two', before: [['n1', [['a', a1], ['b', b1]]]], k: 'n1', v: 'a', after: [['n1', [['b', 'b1'], ['a', 'a2']]]] },
    { name: 'replaces the lone pod of a set of one, the set kept in its place', before: [['n1', [['a', a1]]], ['n2', [['b', b1]]]], k: 'n1', v: 'a', after: [['n1', [['a', 'a2']]], ['n2', [['b', 'b1']]]] },
    { name: 'adds a set at the end when the key has none', before: [['n2', [['b', b1]]]], k: 'n1', v: 'a', after: [['n2', [['b', 'b1']]], ['n1', [['a', 'a2']]]] },
    { name: 'adds the pod after the others when the set lacks it', before: [['n1', [['b', b1]]]], k: 'n1', v: 'a', after: [['n1', [['b', 'b1'], ['a', 'a2']]]] },
    { name: 'does nothing without a key', before: [['n1', [['a', a1]]]], k: undefined, v: 'a', after: [['n1', [['a', 'a1']]]] },
  ];
  for (const c of cases) {
    it(`${c.name}`, () => {
      const m = new Map(c.before.map(([k, pods]) => [k, new Map(pods)] as const));
      const lone = c.k === undefined ? undefined : m.get(c.k);
      indexMove(m, c.k, c.v, a2);
      expect(entries(m)).toEqual(c.after);
      // A set that had the pod stays the same Map (readers hold none across writes; nothing is allocated).
      if (lone?.has(c.v) && c.k !== undefined) expect(m.get(c.k)).toBe(lone);
    });
  }
});
