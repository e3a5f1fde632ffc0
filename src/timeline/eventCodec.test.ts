import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../engine/api/types.ts';
import { EventCodec } from './eventCodec.ts';
import { freshRun, preset } from './testScenarios.ts';

/** exact lists a value's keys in order and its leaves with their types (-0 and undefined apart), nested. */
function exact(x: unknown): unknown {
  if (x === null || typeof x !== 'object') return Object.is(x, -0) ? '-0' : [typeof x, x];
  if (Array.isArray(x)) return ['array', x.length, x.map(exact)];
  return ['object', Object.keys(x).map((k) => [k, exact((x as Record<string, unknown>)[k])])];
}

let recorded: KubeObject[] | undefined;

/** recordedEvents: every Event write of the broken-image preset's first 3,000 ticks, run once for the tests that read them. */
function recordedEvents(): KubeObject[] {
  recorded ??= freshRun(preset('broken-image'), 3000).records.flatMap((r) => r.writes.filter((w) => w.object.kind === 'Event').map((w) => w.object));
  return recorded;
}

/** holed is [1, <hole>, 3]. */
function holed(): unknown[] {
  const a: unknown[] = [1];
  a[2] = 3;
  return a;
}

const leaf = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.double(),
  fc.integer(),
  fc.constantFrom(-0, 0, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 40 + 0.5, true, false, null, undefined),
);
const value = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(fc.string(), tie('v'), { maxKeys: 5 })),
}));
const event = fc.record({ apiVersion: fc.constant('v1'), kind: fc.constant('Event'), metadata: fc.dictionary(fc.string(), value.v, { maxKeys: 6 }) });

/** One recording's codec, shared by the tests as a recording's log and keyframes share it. */
const codec = new EventCodec();

describe('EventCodec', () => {
  it('reads back every plain object key for key, in order, with its leaves exactly', () => {
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 40 }), (objs) => {
        // Encoded together, as a log does, so tables and inlined leaves mix.
        const texts = objs.map((o) => codec.encode(o as unknown as KubeObject));
        texts.forEach((t, i) => {
          if (t === null) return;
          expect(exact(codec.decode(t))).toEqual(exact(objs[i]));
        });
        return true;
      }),
      { numRuns: 300, seed: 24 },
    );
  });

  it('reads back every Event of a recorded run as the engine wrote it', () => {
    const events = recordedEvents();
    for (const e of events) {
      const t = codec.encode(e);
      expect(t).not.toBeNull();
      expect(exact(codec.decode(t as string))).toEqual(exact(e));
    }
    expect(events.length).toBeGreaterThan(100);
  });

  it('reads an Event\'s name from its text alone, as decoding it would', () => {
    const events = recordedEvents();
    for (const e of events) expect(codec.nameOf(codec.encode(e) as string)).toBe(e.metadata.name);
    expect(events.length).toBeGreaterThan(100);
    // A shape without metadata.name has none to read.
    expect(codec.nameOf(codec.encode({ kind: 'Event', metadata: {} } as unknown as KubeObject) as string)).toBe('');
  });

  it.each([
    ['a string holding the separator', { kind: 'Event', metadata: { name: 'a\u0001b' } }],
    ['a class instance', { kind: 'Event', metadata: { at: new Date(0) } }],
    ['a Map', { kind: 'Event', metadata: { m: new Map() } }],
    ['an array with a hole', { kind: 'Event', metadata: { a: holed() } }],
    ['an own __proto__ key', { kind: 'Event', metadata: JSON.parse('{"__proto__": {"x": 1}}') }],
  ])('does not encode an object with %s', (_name, o) => {
    expect(codec.encode(o as unknown as KubeObject)).toBeNull();
  });

  it('gives the same text for the same object, and a new object at each decoding', () => {
    const o = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'x', resourceVersion: '7' }, count: 2 } as unknown as KubeObject;
    const t = codec.encode(o) as string;
    expect(codec.encode(o)).toBe(t);
    expect(codec.decode(t)).not.toBe(codec.decode(t));
  });

  it('reads texts made before forget after it, and encodes alike after it', () => {
    const events = Array.from({ length: 40 }, (_, k) => ({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: `web-${k % 7}.${k}`, uid: `u-${k}` },
      involvedObject: { name: `web-${k % 7}` },
      count: k,
    }));
    const before = events.slice(0, 20).map((o) => codec.encode(o as unknown as KubeObject) as string);
    codec.forget();
    const after = events.slice(20).map((o) => codec.encode(o as unknown as KubeObject) as string);
    for (const [k, t] of [...before, ...after].entries()) expect(exact(codec.decode(t))).toEqual(exact(events[k]));
  });

  it('codes a name that starts with a tabled string of the same Event as that string and the rest', () => {
    const events = Array.from({ length: 60 }, (_, k) => ({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: `pod-number-${k % 3}.${k}.x`, uid: `uid-${k}` },
      involvedObject: { name: `pod-number-${k % 3}` },
    }));
    const texts = events.map((o) => codec.encode(o as unknown as KubeObject) as string);
    expect(texts.filter((t) => t.includes('\u0001P')).length).toBeGreaterThan(30);
    for (const [k, t] of texts.entries()) expect(exact(codec.decode(t))).toEqual(exact(events[k]));
  });

  it('packs a uid of its own into 19 characters and reads it back', () => {
    const uids = fc.sample(fc.uuid(), { numRuns: 60, seed: 23 });
    uids.push('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '0a0b0c0d-0e0f-1011-1213-14151617181a');
    const events = uids.map((uid, k) => ({ apiVersion: 'v1', kind: 'Event', metadata: { name: `e${k}`, uid } }));
    const texts = events.map((o) => codec.encode(o as unknown as KubeObject) as string);
    expect(texts.filter((t) => t.includes('\u0001H')).length).toBeGreaterThan(40);
    for (const [k, t] of texts.entries()) expect(exact(codec.decode(t))).toEqual(exact(events[k]));
  });
});
