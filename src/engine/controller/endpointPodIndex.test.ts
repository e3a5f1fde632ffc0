import { describe, expect, it } from 'vitest';
import type { EndpointPod } from '../api/discoveryTypes.ts';
import type { Pod } from '../api/types.ts';
import type { WatchRecord } from '../apiserver/store.ts';
import { applyWatch, type CacheState, newCacheState } from '../client/cache.ts';
import { indexedPods, listDelta, listedFor, podIndexOnWatch } from './endpointPodIndex.ts';

let rv = 0;
function pod(name: string, labels: Record<string, string> | undefined, namespace = 'default', ready = false): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, resourceVersion: String(++rv), ...(labels ? { labels } : {}) },
    spec: { containers: [{ name: 'c', image: 'i' }] },
    status: { phase: 'Running', podIP: '10.0.0.1', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  } as Pod;
}

const asEp = (p: Pod): EndpointPod => p as EndpointPod;

/** deliver is the informer's order: the cache takes the event, then the handlers see it. */
function deliver(c: CacheState, type: WatchRecord['type'], p: Pod, storeKey?: string): void {
  const rec: WatchRecord = { type, object: p };
  applyWatch(c, rec);
  podIndexOnWatch(c, rec, asEp, storeKey);
}

/** scan is the reference: every cached pod of the namespace the selector selects, by name. */
function scan(c: CacheState, namespace: string, selector: Record<string, string>): string[] {
  const out: string[] = [];
  for (const p of c.objects.Pod.values()) {
    if (p.kind !== 'Pod' || (p.metadata.namespace ?? 'default') !== namespace) continue;
    if (Object.entries(selector).every(([k, v]) => p.metadata.labels?.[k] === v)) out.push(p.metadata.name);
  }
  return out.sort();
}

const names = (c: CacheState, ns: string, sel: Record<string, string>): string[] => indexedPods(c, ns, sel, asEp).map((p) => p.metadata.name);

type Step = [WatchRecord['type'], Pod];
const web = { app: 'web' };

describe('indexedPods', () => {
  const cases: { name: string; steps: Step[]; selector: Record<string, string>; namespace?: string; want: string[] }[] = [
    { name: 'lists added pods by name', steps: [['ADDED', pod('b', web)], ['ADDED', pod('a', web)], ['ADDED', pod('c', { app: 'db' })]], selector: web, want: ['a', 'b'] },
    { name: 'drops a pod whose label no longer matches', steps: [['MODIFIED', pod('a', { app: 'db' })]], selector: web, want: ['b'] },
    { name: 'takes in a pod whose new label matches', steps: [['MODIFIED', pod('c', web)]], selector: web, want: ['b', 'c'] },
    { name: 'drops a deleted pod', steps: [['DELETED', pod('b', web)]], selector: web, want: ['c'] },
    { name: 'answers another selector (a Service selector change) from a fresh scan', steps: [], selector: { app: 'db' }, want: ['a'] },
    { name: 'keeps namespaces apart', steps: [['ADDED', pod('a', web, 'other')]], selector: web, namespace: 'other', want: ['a'] },
    { name: 'ignores a stale event (older resourceVersion)', steps: [['MODIFIED', { ...pod('c', { app: 'db' }), metadata: { name: 'c', namespace: 'default', labels: { app: 'db' }, resourceVersion: '1' } }]], selector: web, want: ['c'] },
    { name: 'an empty selector selects every pod of the namespace', steps: [], selector: {}, want: ['a', 'c'] },
  ];
  const c = newCacheState();
  for (const tc of cases) {
    it(`${tc.name}`, () => {
      // Listed before the steps too, so each case also checks what the events changed in the index.
      indexedPods(c, tc.namespace ?? 'default', tc.selector, asEp);
      for (const [type, p] of tc.steps) deliver(c, type, p);
      expect(names(c, tc.namespace ?? 'default', tc.selector)).toEqual(tc.want);
      expect(names(c, tc.namespace ?? 'default', tc.selector)).toEqual(scan(c, tc.namespace ?? 'default', tc.selector));
    });
  }

  it('gives the newest object of a pod after a status write', () => {
    const cache = newCacheState();
    deliver(cache, 'ADDED', pod('x', web));
    const before = indexedPods(cache, 'default', web, asEp);
    const ready = pod('x', web, 'default', true);
    deliver(cache, 'MODIFIED', ready);
    expect(indexedPods(cache, 'default', web, asEp)[0]).toBe(ready);
    // The list handed out before is not changed under its reader.
    expect(before[0]).not.toBe(ready);
  });

  it('rebuilds when the cache changed without it (a write it did not see)', () => {
    const cache = newCacheState();
    deliver(cache, 'ADDED', pod('x', web));
    expect(names(cache, 'default', web)).toEqual(['x']);
    applyWatch(cache, { type: 'ADDED', object: pod('y', web) });
    expect(names(cache, 'default', web)).toEqual(['x', 'y']);
  });

  it('drops itself when an event was missed, then lists by scan', () => {
    const cache = newCacheState();
    deliver(cache, 'ADDED', pod('x', web));
    expect(names(cache, 'default', web)).toEqual(['x']);
    applyWatch(cache, { type: 'ADDED', object: pod('y', web) });
    deliver(cache, 'ADDED', pod('z', web));
    expect(names(cache, 'default', web)).toEqual(['x', 'y', 'z']);
  });
});

describe('podIndexOnWatch', () => {
  it('gives the same lists as the full scan over random pod events (property, 5 seeds × 400 events)', () => {
    let deltas = 0;
    for (let seed = 1; seed <= 5; seed++) {
      let s = seed;
      const rnd = (n: number): number => {
        s = (s * 1103515245 + 12345) % 2147483648;
        return s % n;
      };
      const cache = newCacheState();
      const sels = [web, { app: 'db' }, { app: 'web', tier: 'a' }, {}];
      const labelSets: (Record<string, string> | undefined)[] = [web, { app: 'db' }, { app: 'web', tier: 'a' }, { tier: 'a' }, undefined];
      const handed: [readonly unknown[], unknown[]][] = [];
      const history = new Map<string, (readonly EndpointPod[])[]>();
      for (let i = 0; i < 400; i++) {
        const name = `p${rnd(30)}`;
        const ns = rnd(4) === 0 ? 'other' : 'default';
        const exists = cache.objects.Pod.has(`${ns}/${name}`);
        const type = !exists ? 'ADDED' : rnd(5) === 0 ? 'DELETED' : 'MODIFIED';
        // The caller's key: the store's, absent, or one of another object (a handler called with another tx.key).
        const storeKey = [`${ns}/${name}`, undefined, `${ns}/${name}x`, `x${ns}/${name}`][rnd(4)];
        deliver(cache, type, pod(name, labelSets[rnd(labelSets.length)], ns, rnd(2) === 0), storeKey);
        const sel = sels[rnd(sels.length)] as Record<string, string>;
        for (const n of ['default', 'other']) {
          const got = indexedPods(cache, n, sel, asEp);
          expect(got.map((p) => p.metadata.name)).toEqual(scan(cache, n, sel));
          // The very cached objects, not older versions.
          for (const p of got) expect(cache.objects.Pod.get(`${n}/${p.metadata.name}`)).toBe(p);
          handed.push([got, [...got]]);
          // listDelta against the lists handed out before for this selector: exactly the pods whose objects differ.
          const key = `${n} ${JSON.stringify(sel)}`;
          const before = history.get(key) ?? [];
          for (const prev of before) {
            const d = listDelta(prev, got, Infinity);
            if (d === undefined) continue;
            deltas++;
            const byName = (l: readonly EndpointPod[]): Map<string, EndpointPod> => new Map(l.map((p) => [p.metadata.name, p]));
            const [a, b] = [byName(prev), byName(got)];
            const want = [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)).sort();
            expect(d.filter((c) => c.old !== c.cur).map((c) => c.name).sort()).toEqual(want);
            for (const c of d) expect([c.old, c.cur]).toEqual([a.get(c.name), b.get(c.name)]);
          }
          history.set(key, [...before.slice(-3), got]);
        }
      }
      // A list handed out never changes under its reader.
      for (const [list, copy] of handed) expect(list).toEqual(copy);
    }
    expect(deltas).toBeGreaterThan(1000);
  });
});

describe('flush', () => {
  it('places batches of changes among thousands of pods as the full scan does (property, 3 seeds × 40 lists)', () => {
    for (let seed = 1; seed <= 3; seed++) {
      let s = seed;
      const rnd = (n: number): number => {
        s = (s * 1103515245 + 12345) % 2147483648;
        return s % n;
      };
      const cache = newCacheState();
      for (let i = 0; i < 2000; i++) deliver(cache, 'ADDED', pod(`w${rnd(100000)}`, web));
      let prev = indexedPods(cache, 'default', web, asEp);
      for (let list = 0; list < 40; list++) {
        // Between two lists: a few to a few hundred events, gaps of 1 to 2,000 pods between them.
        const keys = [...cache.objects.Pod.keys()];
        for (let i = rnd(300); i >= 0; i--) {
          const had = keys[rnd(keys.length)];
          if (rnd(3) === 0 && had !== undefined && cache.objects.Pod.has(had)) deliver(cache, 'DELETED', cache.objects.Pod.get(had) as Pod);
          else if (rnd(2) === 0 && had !== undefined) deliver(cache, 'MODIFIED', pod(had.slice('default/'.length), web, 'default', rnd(2) === 0));
          else deliver(cache, 'ADDED', pod(`w${rnd(100000)}`, rnd(4) === 0 ? { app: 'db' } : web));
        }
        const got = indexedPods(cache, 'default', web, asEp);
        expect(got.map((p) => p.metadata.name).join()).toBe(scan(cache, 'default', web).join());
        expect(got.every((p) => cache.objects.Pod.get(`default/${p.metadata.name}`) === p)).toBe(true);
        // Patched in place of the old list, not rebuilt by the fallback (which keeps no delta).
        expect(listDelta(prev, got, Infinity)).toBeDefined();
        prev = got;
      }
    }
  });
});

describe('listedFor', () => {
  const cache = newCacheState();
  deliver(cache, 'ADDED', pod('a', { app: 'web', tier: 'fe' }));
  const list = indexedPods(cache, 'default', { tier: 'fe', app: 'web' }, asEp);
  const cases: { name: string; pods: readonly EndpointPod[]; selector: Record<string, string>; want: boolean }[] = [
    { name: 'the list the index gave for the selector (keys in any order)', pods: list, selector: { app: 'web', tier: 'fe' }, want: true },
    { name: 'a selector with a key fewer', pods: list, selector: { app: 'web' }, want: false },
    { name: 'a selector with a key more', pods: list, selector: { app: 'web', tier: 'fe', x: 'y' }, want: false },
    { name: 'a selector with another value', pods: list, selector: { app: 'web', tier: 'be' }, want: false },
    { name: 'a copy of the list', pods: [...list], selector: { app: 'web', tier: 'fe' }, want: false },
  ];
  for (const tc of cases) {
    it(`answers ${tc.want} for ${tc.name}`, () => {
      expect(listedFor(tc.pods, tc.selector)).toBe(tc.want);
    });
  }
});
