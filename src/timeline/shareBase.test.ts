import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { share } from './shareBase.ts';

/** copy is what cloneEngineState does to a part: containers copied, every other object shared. */
function copy(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(copy);
  if (x instanceof Map) return new Map([...x].map(([k, v]) => [k, copy(v)]));
  if (x instanceof Set) return new Set(x);
  if (typeof x === 'object' && x !== null && Object.getPrototypeOf(x) === Object.prototype && !('kind' in x)) {
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, copy(v)]));
  }
  return x;
}

/** A value the clone shares (as an API object is): the same only as itself. */
const pod = (name: string) => ({ kind: 'Pod', metadata: { name } });

describe('share', () => {
  const p1 = pod('a');
  it.each([
    ['an empty queue', { items: [], dirty: new Set(), failures: new Map(), bucket: { tokens: 100, lastMs: 0 } }, null],
    ['a queue with the same keys in the same order', { items: ['a', 'b'], dirty: new Set(['a', 'b']) }, null],
    ['the same pod, held in a Map', { active: new Map([['a', p1]]) }, null],
    ['keys in another order', { dirty: new Set(['a', 'b']) }, { dirty: new Set(['b', 'a']) }],
    ['Map keys in another order', { m: new Map([['a', 1], ['b', 2]]) }, { m: new Map([['b', 2], ['a', 1]]) }],
    ['record keys in another order', { r: { a: 1, b: 2 } }, { r: { b: 2, a: 1 } }],
    ['an equal pod that is not the same object', { active: new Map([['a', p1]]) }, { active: new Map([['a', pod('a')]]) }],
    ['a changed number', { bucket: { tokens: 100, lastMs: 0 } }, { bucket: { tokens: 99, lastMs: 0 } }],
    ['a key more', { m: new Map([['a', 1]]) }, { m: new Map([['a', 1], ['b', 1]]) }],
    ['-0 for 0', { x: [0] }, { x: [-0] }],
    ['an array one longer', { items: ['a'] }, { items: ['a', 'b'] }],
  ])('keeps the keyframe before\'s part when equal, the new copy when not (%s)', (_, before, now) => {
    const live = now ?? before;
    const prev = copy(before);
    const cur = copy(live);
    const got = share(cur, prev, live);
    expect(got === prev).toBe(now === null);
    expect(got).toEqual(live);
  });

  it('swaps the equal parts of a changed copy for the ones before, and keeps the changed ones', () => {
    const before = { q: { items: ['a'], failures: new Map([['a', 1]]) }, e: new Map([['x', { add: 1, delKeys: new Set(['k']) }]]) };
    const live = { q: { items: ['a', 'b'], failures: new Map([['a', 1]]) }, e: new Map([['x', { add: 1, delKeys: new Set(['k']) }]]) };
    const prev = copy(before) as typeof before;
    const got = share(copy(live), prev, live) as typeof live;
    expect(got.e).toBe(prev.e);
    expect(got.q).not.toBe(prev.q);
    expect(got.q.failures).toBe(prev.q.failures);
    expect(got.q.items).toEqual(['a', 'b']);
  });

  it('keeps the live state\'s own objects: a shared value is never swapped for an equal one', () => {
    const a = pod('a');
    const live = { active: new Map([['a', a]]), list: [a] };
    const prev = { active: new Map([['a', pod('a')]]), list: [pod('a')] };
    const got = share(copy(live), prev, live) as typeof live;
    expect(got.active.get('a')).toBe(a);
    expect(got.list[0]).toBe(a);
    // and the live state itself is left as it was
    expect(live.active.get('a')).toBe(a);
  });

  // Any two states: what share returns equals the new copy (the same objects where the live state
  // shares them, Map, Set and key order included), and the live state and the one before are unchanged.
  // Two equal objects that are not the same one (the first and the third).
  const shared = [pod('a'), pod('b'), pod('a')];
  const leaf = fc.oneof(fc.integer({ min: -2, max: 2 }), fc.constantFrom('a', 'b', -0, Number.NaN, undefined, null), fc.constantFrom(...shared));
  const tree = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small' }, leaf, tie('arr'), tie('map'), tie('set'), tie('rec')),
    arr: fc.array(tie('node'), { maxLength: 3 }),
    map: fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), tie('node')), { maxLength: 3 }).map((e) => new Map(e)),
    set: fc.array(fc.constantFrom('a', 'b', 'c', 1), { maxLength: 3 }).map((e) => new Set(e)),
    rec: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('node'), { maxKeys: 3 }),
  })).node;

  /** shape lays a value out with its order and the identity of shared values visible. */
  function shape(x: unknown): unknown {
    if (Array.isArray(x)) return ['arr', x.map(shape)];
    if (x instanceof Map) return ['map', [...x].map(([k, v]) => [k, shape(v)])];
    if (x instanceof Set) return ['set', [...x]];
    const i = shared.indexOf(x as (typeof shared)[number]);
    if (i >= 0) return ['shared', i];
    if (typeof x === 'object' && x !== null) return ['rec', Object.entries(x).map(([k, v]) => [k, shape(v)])];
    return Object.is(x, -0) ? '-0' : x;
  }

  /** near is `x` with its `at`-th number leaf's sign turned (0 and -0 too): a state one step away. */
  function near(x: unknown, at: number): unknown {
    let n = 0;
    const walk = (v: unknown): unknown => {
      if (typeof v === 'number') return n++ === at ? -v : v;
      if (Array.isArray(v)) return v.map(walk);
      if (v instanceof Map) return new Map([...v].map(([k, w]) => [k, walk(w)]));
      if (v instanceof Set || shared.includes(v as (typeof shared)[number]) || typeof v !== 'object' || v === null) return v;
      return Object.fromEntries(Object.entries(v).map(([k, w]) => [k, walk(w)]));
    };
    return walk(x);
  }
  const pair = fc.oneof(
    fc.tuple(tree, tree),
    fc.tuple(tree, fc.nat(6)).map(([live, at]) => [near(live, at), live] as const),
  );

  it('gives back what was copied, order and shared objects included (property)', () => {
    fc.assert(
      fc.property(pair, ([before, live]) => {
        const prev = copy(before);
        const prevShape = shape(prev);
        const liveShape = shape(live);
        const got = share(copy(live), prev, live);
        expect(shape(got)).toEqual(liveShape);
        expect(shape(live)).toEqual(liveShape);
        expect(shape(prev)).toEqual(prevShape);
      }),
      { numRuns: 2000 },
    );
  });
});
