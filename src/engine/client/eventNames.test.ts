import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv32a, utf8Bytes } from '../lib/hash.ts';
import { EPOCH_UNIX_MS } from '../lib/time.ts';
import { hexString, seedPrng } from '../lib/prng.ts';
import { beginNaming, clockEventName, clockEventSuffix, clockNameStored, clockNameUid, endNaming, nameNewEvent, nameUid, nameUidOf, naming, skipNameDraws, unixNanoHex } from './eventNames.ts';

/** The definitions the fast versions must equal: a BigInt product, and four hashes of [i, ...bytes] spliced into 8-4-4-4-12. */
const nanoHexByBigInt = (ms: number): string => (BigInt(ms) * 1_000_000n).toString(16);

function uidBySpec(name: string): string {
  const bytes = utf8Bytes(name);
  const hex = [0, 1, 2, 3].map((i) => fnv32a([i, ...bytes]).toString(16).padStart(8, '0')).join('');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return [hex.slice(0, 8), hex.slice(8, 12), `4${hex.slice(13, 16)}`, `${variant}${hex.slice(17, 20)}`, hex.slice(20, 32)].join('-');
}

describe('unixNanoHex', () => {
  it.each([
    [0, '0'],
    [1, 'f4240'],
    [EPOCH_UNIX_MS, '18867251edfa0000'],
    [EPOCH_UNIX_MS + 60_050, '1886725fe93c4880'],
    [2 ** 24 - 1, nanoHexByBigInt(2 ** 24 - 1)],
    [2 ** 24, nanoHexByBigInt(2 ** 24)],
  ])('writes %d ms as %s ns', (ms, hex) => {
    expect(unixNanoHex(ms)).toBe(hex);
  });

  it('equals the BigInt product for every millisecond up to year 2255', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 43 }), (ms) => unixNanoHex(ms) === nanoHexByBigInt(ms)));
  });

  it('adds nanoseconds within the ms: 2026-01-01 plus 1 µs is 18867251edfa03e8, and every ms and ns equal the BigInt sum', () => {
    expect(unixNanoHex(EPOCH_UNIX_MS, 1000)).toBe('18867251edfa03e8');
    const byBigInt = (ms: number, ns: number) => (BigInt(ms) * 1_000_000n + BigInt(ns)).toString(16);
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 43 }), fc.integer({ min: 0, max: 999_999 }), (ms, ns) => unixNanoHex(ms, ns) === byBigInt(ms, ns)));
  });
});

describe('clockEventName', () => {
  it('names the Event after its object and the UnixNano of the virtual clock', () => {
    expect(clockEventName('web-abc', 60_050)).toBe(`web-abc.${nanoHexByBigInt(EPOCH_UNIX_MS + 60_050)}`);
  });
});

describe('clockEventSuffix', () => {
  it('gives each ms and µs its own digits, the µs of one ms made once and the next ms’s afresh', () => {
    const asks: [number, number][] = [
      [60_050, 2000],
      [60_050, 1000],
      [60_050, 0],
      [60_051, 1000],
      [60_050, 1000],
      [60_050, 3000],
      [60_050, 63_000],
      [60_050, 64_000],
      [60_050, 1500],
      [60_051, 0],
    ];
    for (const [ms, ns] of asks) expect(clockEventSuffix(ms, ns)).toBe(`.${unixNanoHex(EPOCH_UNIX_MS + ms, ns)}`);
  });
});

describe('nameUid', () => {
  it('is a version-4-shaped uid (8-4-4-4-12, version 4, variant 10)', () => {
    expect(nameUid('web-abc.1886725fe93c4880')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('equals the four hashes of [i, ...bytes] spliced together, for ASCII and other names', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (name) => nameUid(name) === uidBySpec(name)));
    expect(nameUid('')).toBe(uidBySpec(''));
    expect(nameUid('pod-ä.1')).toBe(uidBySpec('pod-ä.1'));
  });

  it('differs between two names', () => {
    expect(nameUid('a.1')).not.toBe(nameUid('a.2'));
  });
});

describe('skipNameDraws', () => {
  it('leaves the PRNG where hexString’s 16 digits leave it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const mine = seedPrng(seed);
        const ref = seedPrng(seed);
        skipNameDraws(mine);
        hexString(ref, 16);
        expect(mine).toEqual(ref);
      }),
    );
  });
});

describe('nameUidOf', () => {
  it('is nameUid of the object and suffix joined, ASCII or not', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 20 }), (object, suffix) => {
        expect(nameUidOf(object, suffix)).toBe(nameUid(object + suffix));
      }),
    );
    expect(nameUidOf('web-abc', clockEventSuffix(60_050))).toBe(nameUid(clockEventName('web-abc', 60_050)));
  });
});

describe('clockNameUid', () => {
  it('is nameUid of the clock name nameNewEvent made last, object after object and ms after ms', () => {
    const names: [string, number][] = [
      ['web-abc', 60_050],
      ['web-abc', 60_050],
      ['web-xyz', 60_050],
      ['web-abc', 60_051],
      ['pod-ä', 60_051],
      ['web-abc', 60_051],
    ];
    const events = new Map<string, unknown>();
    for (const [object, ms] of names) {
      beginNaming(false, seedPrng(1), events, ms, 'default/', object);
      const name = nameNewEvent();
      endNaming();
      expect(clockNameUid()).toBe(uidBySpec(name));
      events.set(naming.key, {});
    }
  });
});

describe('nameNewEvent', () => {
  it.each([
    ['no Event of the name stored', [], 0],
    ['the ms’s name stored', [0], 1000],
    ['the first two stored', [0, 1000], 2000],
    ['the first stored and the third', [0, 2000], 1000],
    ['every µs but the last stored', Array.from({ length: 999 }, (_, i) => i * 1000), 999_000],
    ['every µs stored (the last given again)', Array.from({ length: 1000 }, (_, i) => i * 1000), 999_000],
  ])('names a clock Event 1 µs on per name taken: %s', (_what, taken: number[], nanos) => {
    const events = new Map(taken.map((n) => [`default/${clockEventName('web-abc', 60_050, n)}`, {}]));
    beginNaming(false, seedPrng(1), events, 60_050, 'default/', 'web-abc');
    const name = nameNewEvent();
    // Asked again (the Event was dropped, or another of the object at once): the same answer.
    expect(nameNewEvent()).toBe(name);
    endNaming();
    expect(name).toBe(clockEventName('web-abc', 60_050, nanos));
    expect(naming).toMatchObject({ fresh: true, suffix: clockEventSuffix(60_050, nanos), key: `default/${name}`, prng: undefined });
    expect(naming.events.size).toBe(0);
  });

  /** A store's Event map that counts its lookups, and the rv a write moves, as the store keeps them. */
  function countingStore(): { events: Map<string, unknown>; probes: () => number; rv: number } {
    let n = 0;
    const events = new Map<string, unknown>();
    const has = events.has.bind(events);
    events.has = (k: string) => {
      n++;
      return has(k);
    };
    return { events, probes: () => n, rv: 0 };
  }

  /** name is recordEvent's naming of one clock Event about web-abc at 60.050 s, stored when `store` says so. */
  function name(s: ReturnType<typeof countingStore>, rv: number, store = true): string {
    beginNaming(false, seedPrng(1), s.events, 60_050, 'default/', 'web-abc', rv);
    const made = nameNewEvent();
    endNaming();
    if (store) {
      s.events.set(naming.key, {});
      s.rv = rv + 1;
      clockNameStored(s.events, s.rv);
    }
    return made;
  }

  it.each([
    ['nothing written between (Pulled, Created, Started)', [], [0, 1000, 2000], 3],
    ['the first one deleted after it went in (its µs is free again)', ['delete'], [0, 1000, 0], 3],
    ['another write between (the store moved on: probed from 0)', ['write'], [0, 1000, 2000], 5],
    ['the second one dropped by the spam filter (not stored)', ['drop'], [0, 1000, 1000], 3],
  ])('names as probing from 0 would, probing only the next µs while nothing else was written: %s', (_what, between: string[], nanos, probes) => {
    const s = countingStore();
    const got = [name(s, s.rv)];
    const act = between[0];
    got.push(name(s, s.rv, act !== 'drop'));
    if (act === 'delete') {
      s.events.delete(`default/${clockEventName('web-abc', 60_050, 0)}`);
      s.rv++;
    } else if (act === 'write') s.rv++;
    got.push(name(s, s.rv));
    expect(got).toEqual(nanos.map((n) => clockEventName('web-abc', 60_050, n)));
    expect(s.probes()).toBe(probes);
  });

  it('probes from 0 for a store it has not seen store a name (another engine at the same rv)', () => {
    const a = countingStore();
    name(a, 7);
    const b = countingStore();
    b.events.set(`default/${clockEventName('web-abc', 60_050, 1000)}`, {});
    expect(name(b, 8)).toBe(clockEventName('web-abc', 60_050, 0));
    expect(b.probes()).toBe(1);
  });

  it('names from the clock when it draws too, leaving the PRNG where 16 hex digits leave it, and says no name was made until one is', () => {
    const prng = seedPrng(7);
    const ref = seedPrng(7);
    hexString(ref, 16);
    beginNaming(true, prng, new Map(), 60_050, 'default/', 'web-abc');
    expect(naming.fresh).toBe(false);
    expect(prng).toEqual(seedPrng(7));
    expect(nameNewEvent()).toBe(clockEventName('web-abc', 60_050, 0));
    expect(naming.fresh).toBe(true);
    expect(prng).toEqual(ref);
    endNaming();
  });

  it('draws nothing for a name the kubelet’s container Events take', () => {
    const prng = seedPrng(7);
    beginNaming(false, prng, new Map(), 60_050, 'default/', 'web-abc');
    expect(nameNewEvent()).toBe(clockEventName('web-abc', 60_050, 0));
    expect(prng).toEqual(seedPrng(7));
    endNaming();
  });
});
