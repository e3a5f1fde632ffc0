import { describe, expect, it } from 'vitest';
import { fill, MAX_DEPTH, materialize, pack, type PackedMap, spacingWeight } from './packedMaps.ts';

/** A map of `n` keys k0…k(n-1), each value an object of its own (values compare by identity). */
function entries(n: number, from = 0): [string, { v: number }][] {
  return Array.from({ length: n }, (_, i) => [`k${from + i}`, { v: from + i }]);
}

const flat = (m: Map<unknown, unknown>): unknown[] => [...m].flat();
const kind = (p: PackedMap): string => (Array.isArray(p) ? 'plain' : 'tail' in p ? 'prefixed' : 'keyed');

/** unpacked is the map `p` fills, as entries in order. */
function unpacked(p: PackedMap): [unknown, unknown][] {
  const m = new Map<unknown, unknown>();
  fill(m, p);
  return [...m];
}

describe('pack', () => {
  // Each case changes a 500-entry map packed before; the next packing must give back the changed
  // map (keys, the very values, order), coded the way the case says; the spacing rule weighs it as
  // before maps were keyed (entries past a shared prefix).
  const cases: { name: string; change: (m: Map<unknown, unknown>) => void; want: string; own: number }[] = [
    { name: 'nothing changed', change: () => {}, want: 'same', own: 0 },
    { name: 'entries added at the end', change: (m) => {
        for (const [k, v] of entries(10, 500)) m.set(k, v);
      }, want: 'prefixed', own: 10 },
    // An Event whose count rose: the same key, a new value, in place (two runs and the entry).
    { name: 'the first entry updated', change: (m) => m.set('k0', { v: -1 }), want: 'keyed', own: 500 },
    // A least recently used cache: a key used again moves to the end, the oldest is dropped (3 runs).
    {
      name: 'a key moved to the end and the oldest dropped',
      change: (m) => {
        const v = m.get('k3');
        m.delete('k3');
        m.set('k3', v);
        m.delete('k0');
      },
      want: 'keyed',
      own: 499,
    },
    { name: 'every value new', change: (m) => {
        for (const [k] of entries(500)) m.set(k, { v: 0 });
      }, want: 'plain', own: 500 },
  ];
  it.each(cases)('codes a map against the one before when $name', ({ change, want, own }) => {
    const m = new Map<unknown, unknown>(entries(500));
    const first = pack(flat(m), undefined);
    change(m);
    const second = pack(flat(m), first);
    expect(second === first ? 'same' : kind(second)).toBe(want);
    expect(unpacked(second)).toEqual([...m]);
    for (const [k, v] of unpacked(second)) expect(v).toBe(m.get(k));
    expect(spacingWeight(flat(m), materialize(first))).toBe(own);
  });

  it('unpacks every link of a long chain of mixed codings, and starts a plain copy past MAX_DEPTH', () => {
    const m = new Map<unknown, unknown>(entries(300));
    let prev: PackedMap | undefined;
    const chain: { p: PackedMap; want: [unknown, unknown][] }[] = [];
    for (let k = 0; k < 40; k++) {
      // Odd links update an early entry (keyed), even ones only add at the end (prefixed).
      if (k % 2 === 1) m.set(`k${k}`, { v: -k });
      else m.set(`n${k}`, { v: k });
      prev = pack(flat(m), prev);
      chain.push({ p: prev, want: [...m] });
    }
    expect(new Set(chain.map((c) => kind(c.p)))).toEqual(new Set(['plain', 'prefixed', 'keyed']));
    for (const c of chain) {
      expect(Array.isArray(c.p) ? 0 : c.p.depth).toBeLessThanOrEqual(MAX_DEPTH);
      const got = unpacked(c.p);
      expect(got.length).toBe(c.want.length);
      got.forEach(([k, v], i) => {
        expect(k).toBe(c.want[i]?.[0]);
        expect(v).toBe(c.want[i]?.[1]);
      });
      expect(materialize(c.p)).toEqual(c.want.flat());
    }
  });

  it('fills a prefix of a keyed map when a later link shares only its first entries', () => {
    const m = new Map<unknown, unknown>(entries(400));
    const a = pack(flat(m), undefined);
    m.set('k0', { v: -1 });
    const b = pack(flat(m), a);
    for (const [k, v] of entries(20, 400)) m.set(k, v);
    const c = pack(flat(m), b);
    expect([kind(b), kind(c)]).toEqual(['keyed', 'prefixed']);
    expect(unpacked(c)).toEqual([...m]);
  });
});

describe('pack with delta', () => {
  /** Probe-like values: an object with a nested worker, a few numbers apart from one link to the next. */
  const value = (i: number, run: number) => ({ uid: `u${i}`, gen: run, workers: [{ nextK: run * 2, result: run % 2 ? 'Success' : 'Failure', period: 1 }] });

  it('keeps changed values as their changes and equal copies as found, and unpacks every link as it was', () => {
    const m = new Map<unknown, unknown>(Array.from({ length: 200 }, (_, i) => [`pod-${i}`, value(i, 0)]));
    const links: { p: PackedMap; want: [unknown, unknown][] }[] = [];
    let prev: PackedMap | undefined;
    for (let run = 1; run <= 70; run++) {
      // Three quarters change each link; the rest are new objects equal to the ones before.
      for (let i = 0; i < 200; i++) m.set(`pod-${i}`, i % 4 === 0 ? structuredClone(m.get(`pod-${i}`)) : value(i, run));
      const p = pack(flat(m), prev, true);
      links.push({ p, want: [...m] });
      prev = p;
    }
    expect(kind(links[1]?.p as PackedMap)).toBe('keyed');
    // Only the 150 changed values are its own (as changes); the 50 equal copies are runs.
    expect((links[1] as { p: unknown }).p).toMatchObject({ extra: { length: 300 } });
    // The first link, and a plain copy that starts a new chain past four times MAX_DEPTH (64 links).
    expect(links.map((l) => kind(l.p)).filter((k) => k === 'plain').length).toBe(2);
    for (const { p, want } of links) expect(unpacked(p)).toEqual(want);
    // Without delta, the same changes are a plain copy each time.
    expect(kind(pack(flat(m), links[2]?.p, false))).toBe('plain');
  });
});
