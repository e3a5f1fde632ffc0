import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Event, KubeObject } from '../api/types.ts';
import { DEFAULT_IMAGE_BEHAVIOUR } from '../config.ts';
import { nextInt, seedPrng } from '../lib/prng.ts';
import {
  type CorrelatedEvent,
  eventAggregate,
  eventObserve,
  getEventKey,
  lruAdd,
  maxLruCacheEntries,
  newEventCorrelator,
  spamFilter,
} from './eventCorrelator.ts';
import { eventAggregatorByReasonFunc } from './eventKeys.ts';
import { createEngine } from '../sim/simulation.ts';
import type { EngineState } from '../sim/state.ts';
import { newTx, recordEvent } from './tx.ts';

const base: CorrelatedEvent = {
  component: 'replicaset-controller',
  host: '',
  kind: 'ReplicaSet',
  namespace: 'default',
  name: 'web-1',
  uid: 'u1',
  apiVersion: 'apps/v1',
  type: 'Normal',
  reason: 'SuccessfulCreate',
  message: '',
  fieldPath: '',
};
const msg = (i: number): CorrelatedEvent => ({ ...base, message: `Created pod: web-1-${i}` });

describe('eventAggregate', () => {
  it('passes nine distinct messages through and combines the tenth and later ones', () => {
    const c = newEventCorrelator();
    const prng = seedPrng(1);
    const out = Array.from({ length: 12 }, (_, i) => eventAggregate(c, msg(i), i * 1000, prng));
    expect(out.slice(0, 9).map((a) => [a.aggregated, a.message])).toEqual(
      Array.from({ length: 9 }, (_, i) => [false, `Created pod: web-1-${i}`]),
    );
    expect(out.slice(9).map((a) => a.message)).toEqual([
      '(combined from similar events): Created pod: web-1-9',
      '(combined from similar events): Created pod: web-1-10',
      '(combined from similar events): Created pod: web-1-11',
    ]);
    // The combined ones share one key, so they count up one Event.
    expect(new Set(out.slice(9).map((a) => a.key)).size).toBe(1);
    expect([...c.aggregate.values()][0]?.localKeys).toHaveLength(9);
  });

  it('drops the message PopAny drew from the ten, in order, and keeps a known one without a draw', () => {
    const c = newEventCorrelator();
    const prng = seedPrng(7);
    for (let i = 0; i < 9; i++) eventAggregate(c, msg(i), 0, prng);
    const twin = { ...prng };
    const pop = nextInt(twin, 10);
    eventAggregate(c, msg(9), 0, prng);
    const ten = Array.from({ length: 10 }, (_, i) => `Created pod: web-1-${i}`);
    const kept = ten.filter((_, i) => i !== pop);
    expect([...c.aggregate.values()][0]?.localKeys).toEqual(kept);
    expect(prng).toEqual(twin);
    // A message already in the nine is no new one: it stays as it is and draws nothing.
    const again = eventAggregate(c, { ...base, message: kept[0] as string }, 0, prng);
    expect(again.aggregated).toBe(false);
    expect(prng).toEqual(twin);
    expect([...c.aggregate.values()][0]?.localKeys).toEqual(kept);
  });

  it('starts afresh when the last similar event is more than 600 s old', () => {
    const c = newEventCorrelator();
    const prng = seedPrng(1);
    for (let i = 0; i < 9; i++) eventAggregate(c, msg(i), 0, prng);
    expect(eventAggregate(c, msg(9), 600_001, prng).aggregated).toBe(false);
  });

  it('keeps other reasons and objects apart', () => {
    const c = newEventCorrelator();
    const prng = seedPrng(1);
    for (let i = 0; i < 9; i++) eventAggregate(c, msg(i), 0, prng);
    expect(eventAggregate(c, { ...msg(9), reason: 'SuccessfulDelete' }, 0, prng).aggregated).toBe(false);
    expect(eventAggregate(c, { ...msg(9), name: 'web-2', uid: 'u2' }, 0, prng).aggregated).toBe(false);
  });
});

describe('getEventKey', () => {
  it('is the object, type and reason, then the field path and message, NUL between, whatever the parts, past the tails’ table too', () => {
    const part = fc.string({ maxLength: 6 });
    fc.assert(
      fc.property(part, part, part, part, part, fc.constantFrom('', 'u1', 'u2'), (type, reason, fieldPath, message, name, uid) => {
        const e = { ...base, type, reason, fieldPath, message, name, uid };
        const object = uid !== '' ? uid : `ReplicaSet\u0000default\u0000${name}\u0000apps/v1`;
        const agg = `${object}\u0000${type}\u0000${reason}`;
        return getEventKey(e) === (fieldPath === '' ? `${agg}\u0000${message}` : `${agg}\u0000${fieldPath}\u0000${message}`);
      }),
      { numRuns: 6000 },
    );
  });

  it.each([
    ['one object, one reason, two messages', [['u1', 'R', 'm1'], ['u1', 'R', 'm2'], ['u1', 'R', 'm1']]],
    ['another reason between', [['u1', 'R', 'm1'], ['u1', 'S', 'm1'], ['u1', 'R', 'm2']]],
    ['another object between', [['u1', 'R', 'm1'], ['u2', 'R', 'm1'], ['u1', 'R', 'm1'], ['u1', 'R', 'm2']]],
    ['an object without a uid between', [['u1', 'R', 'm1'], ['', 'R', 'm2'], ['u1', 'R', 'm2']]],
  ])('gives each Event its own keys in a burst: %s', (_what, events) => {
    for (const [uid, reason, message] of events as [string, string, string][]) {
      const e = { ...base, uid, reason, message };
      const object = uid !== '' ? uid : `ReplicaSet\u0000default\u0000${e.name}\u0000apps/v1`;
      expect(eventAggregatorByReasonFunc(e)).toBe(`${object}\u0000${e.type}\u0000${reason}`);
      expect(getEventKey(e)).toBe(`${object}\u0000${e.type}\u0000${reason}\u0000${message}`);
    }
  });

  it('gives the same keys to a repeat, right after it or after other objects’ keys', () => {
    const part = fc.constantFrom<string>('', 'a', 'spec.containers{web}', 'Readiness probe failed: HTTP probe failed with statuscode: 503');
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3000 })), part, part, part, part), { minLength: 1, maxLength: 400 }), (events) => {
        for (const [n, type, reason, fieldPath, message] of events) {
          const e = { ...base, type, reason, fieldPath, message, uid: n === 0 ? '' : `u${n % 2500}` };
          const object = e.uid !== '' ? e.uid : `ReplicaSet\u0000default\u0000${e.name}\u0000apps/v1`;
          const agg = `${object}\u0000${type}\u0000${reason}`;
          const want = fieldPath === '' ? `${agg}\u0000${message}` : `${agg}\u0000${fieldPath}\u0000${message}`;
          if (eventAggregatorByReasonFunc(e) !== agg || getEventKey(e) !== want || getEventKey(e) !== want) return false;
        }
        return true;
      }),
      { numRuns: 60 },
    );
  });
});

/** The aggregator as it was written before records kept one message as a string: a plain array. */
function referenceAggregate(m: Map<string, { keys: string[]; lastMs: number }>, e: CorrelatedEvent, nowMs: number, draw: (n: number) => number) {
  const k = `${e.type}\u0000${e.reason}`;
  let r = m.get(k);
  if (r === undefined || nowMs - r.lastMs > 600_000) r = { keys: [], lastMs: nowMs };
  const keys = r.keys.includes(e.message) ? r.keys : [...r.keys, e.message];
  if (keys.length < 10) {
    m.set(k, { keys, lastMs: nowMs });
    return false;
  }
  const pop = draw(keys.length);
  m.set(k, { keys: keys.filter((_, i) => i !== pop), lastMs: nowMs });
  return true;
}

describe('eventAggregate against the array-only reference', () => {
  it.each([
    ['an empty first message', ['', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'], 9],
    ['one message, then nine others', ['x', 'x', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'], 10],
    ['two messages taking turns', ['x', 'y', 'x', 'y', 'x'], -1],
  ])('counts %s as the reference does (the first combined write at %d)', (_what, messages, want) => {
    const c = newEventCorrelator();
    const prng = seedPrng(1);
    const got = messages.map((message) => eventAggregate(c, { ...base, message }, 0, prng).aggregated);
    expect(got.indexOf(true)).toBe(want);
  });

  it('aggregates the same events and draws the same numbers, the empty message and repeats included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ message: fc.constantFrom('', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'), reason: fc.constantFrom('R1', 'R2'), gap: fc.constantFrom(0, 1000, 700_000) }), { maxLength: 60 }),
        (steps) => {
          const c = newEventCorrelator();
          const ref = new Map<string, { keys: string[]; lastMs: number }>();
          const prng = seedPrng(3);
          const twin = seedPrng(3);
          let now = 0;
          for (const s of steps) {
            now += s.gap;
            const e = { ...base, message: s.message, reason: s.reason };
            if (eventAggregate(c, e, now, prng).aggregated !== referenceAggregate(ref, e, now, (n) => nextInt(twin, n))) return false;
          }
          return JSON.stringify(prng) === JSON.stringify(twin);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('eventObserve', () => {
  it('counts a repeat under the first one’s key and first timestamp', () => {
    const c = newEventCorrelator();
    expect(eventObserve(c, 'k', () => 'a.1', 'T1')).toEqual({ count: 1, firstTimestamp: 'T1', key: 'a.1' });
    expect(eventObserve(c, 'k', () => 'a.2', 'T2')).toEqual({ count: 2, firstTimestamp: 'T1', key: 'a.1' });
  });

  it('forgets the least recently used key past 4,096', () => {
    const c = newEventCorrelator();
    for (let i = 0; i <= maxLruCacheEntries; i++) eventObserve(c, `k${i}`, () => `n${i}`, 'T');
    expect(c.logs.size).toBe(maxLruCacheEntries);
    expect(eventObserve(c, 'k0', () => 'again', 'T2')).toEqual({ count: 1, firstTimestamp: 'T2', key: 'again' });
  });
});

describe('spamFilter', () => {
  /** burst runs n events through the filter at one time and says which were dropped. */
  const burst = (c: ReturnType<typeof newEventCorrelator>, n: number, at: number) =>
    Array.from({ length: n }, () => spamFilter(c, base, at));

  it.each([
    { name: 'drops the 26th of a burst', later: 0, want: [true] },
    { name: 'lets one more through 300 s after the burst', later: 300_000, want: [false, true] },
    { name: 'refills to no more than the burst', later: 100 * 300_000, want: [...Array(25).fill(false), true] },
  ])('$name', ({ later, want }) => {
    const c = newEventCorrelator();
    expect(burst(c, 25, 0)).toEqual(Array(25).fill(false));
    expect(burst(c, want.length, later)).toEqual(want);
  });
});

function engine(): EngineState {
  return createEngine({
    seed: 1,
    nodes: ['n1', 'n2'].map((name) => ({ name, labels: {}, taints: [], unschedulable: false, maxPods: 110 })),
    images: { default: DEFAULT_IMAGE_BEHAVIOUR },
    terminationSeconds: 1,
    watchDelaySeconds: 0.05,
    objects: [],
    actions: [],
  });
}

const rs = {
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: { name: 'web-1', namespace: 'default', uid: 'u1' },
  spec: { replicas: 1, selector: { matchLabels: {} }, template: { metadata: {}, spec: { containers: [] } } },
} as unknown as KubeObject;
const pod = (node: string) =>
  ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `p-${node}`, namespace: 'default', uid: `pod-${node}` },
    spec: { nodeName: node, containers: [] },
  }) as unknown as KubeObject;

const events = (st: EngineState): Event[] => [...st.store.objects.Event.values()] as Event[];

describe('recordEvent', () => {
  it('writes nine Events and a combined one that counts the rest, as a ReplicaSet creating 12 pods shows', () => {
    const st = engine();
    for (let i = 0; i < 12; i++) recordEvent(newTx(st, 'test'), rs, 'Normal', 'SuccessfulCreate', `Created pod: web-1-${i}`, 'replicaset-controller');
    const list = events(st);
    expect(list).toHaveLength(10);
    expect(list.at(-1)).toMatchObject({ count: 3, message: '(combined from similar events): Created pod: web-1-11' });
  });

  it('stops writing a crash loop’s repeats after 25, and counts the dropped ones in the next write', () => {
    const st = engine();
    const p = pod('n1');
    const back = () => {
      const tx = newTx(st, 'test');
      recordEvent(tx, p, 'Warning', 'BackOff', 'Back-off restarting failed container', 'kubelet');
      return tx.decisions;
    };
    const said = Array.from({ length: 30 }, back);
    expect(events(st).map((e) => e.count)).toEqual([25]);
    // Each dropped write says why in the tick's Explain.
    expect(said[24]).toEqual([]);
    expect(said[25]).toEqual([
      {
        fn: 'eventCorrelate',
        key: 'spamDropped',
        values: { reason: 'BackOff', kind: 'Pod', name: 'p-n1', recorder: 'kubelet/n1', count: 26 },
      },
    ]);
    st.now += 300_000;
    back();
    expect(events(st).map((e) => e.count)).toEqual([31]);
  });

  it('gives each node’s kubelet its own recorder (the scheduler has none: it records through events.k8s.io, eventSeries.ts)', () => {
    const st = engine();
    recordEvent(newTx(st, 'test'), pod('n1'), 'Normal', 'Pulling', 'Pulling image "a"', 'kubelet');
    recordEvent(newTx(st, 'test'), pod('n2'), 'Normal', 'Pulling', 'Pulling image "a"', 'kubelet');
    recordEvent(newTx(st, 'test'), pod('n1'), 'Normal', 'Pulling', 'Pulling image "a"', 'kubelet');
    expect([...st.eventCorrelators.keys()].sort()).toEqual(['kubelet/n1', 'kubelet/n2']);
    expect(events(st).map((e) => [e.source?.host, e.count])).toEqual([
      ['n1', 2],
      ['n2', 1],
    ]);
  });

  it('reports the source’s component and host as the reporting controller and instance (generateEvent)', () => {
    const st = engine();
    recordEvent(newTx(st, 'test'), pod('n1'), 'Normal', 'Pulling', 'Pulling image "a"', 'kubelet');
    recordEvent(newTx(st, 'test'), rs, 'Normal', 'SuccessfulCreate', 'Created pod: web-1-a', 'replicaset-controller');
    expect(events(st).map((e) => [e.reportingComponent, e.reportingInstance])).toEqual([
      ['kubelet', 'n1'],
      ['replicaset-controller', ''],
    ]);
  });
});

describe('lruAdd', () => {
  /** The plain LRU: the oldest key is the Map's first. */
  function referenceAdd(m: Map<string, number>, key: string, v: number): void {
    m.delete(key);
    m.set(key, v);
    if (m.size > maxLruCacheEntries) {
      const oldest = m.keys().next().value;
      if (oldest !== undefined) m.delete(oldest);
    }
  }

  it('drops the same keys in the same order as a walk from the front, under reads, re-adds and copies', () => {
    const prng = seedPrng(7);
    const rand = (n: number) => nextInt(prng, n);
    let mine = new Map<string, number>();
    const ref = new Map<string, number>();
    for (let i = 0; i < 60_000; i++) {
      const key = `k${rand(6_000)}`;
      if (rand(3) === 0) {
        // A read that moves the key to the most recent end (groupcache lru.Get), on both maps.
        const w = mine.get(key);
        if (w !== undefined) {
          mine.delete(key);
          mine.set(key, w);
        }
        const v = ref.get(key);
        if (v !== undefined) {
          ref.delete(key);
          ref.set(key, v);
        }
      } else {
        // `present: false` only where the key is missing (as the correlator's get told it).
        lruAdd(mine, key, i, rand(2) === 0 || mine.has(key));
        referenceAdd(ref, key, i);
      }
      // A keyframe copies the caches: the copy carries on from its own front.
      if (i === 30_000) mine = new Map(mine);
    }
    expect([...mine.entries()]).toEqual([...ref.entries()]);
    expect(mine.size).toBe(maxLruCacheEntries);
  });
});
