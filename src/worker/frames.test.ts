import { describe, expect, it } from 'vitest';
import { Recording } from '../timeline/recording.ts';
import { numbers, preset } from '../timeline/testScenarios.ts';
import {
  frameAt,
  newFrameCaches,
  packPods,
  RECENT_TICKS,
  TICK_VIEW_CACHE_SIZE,
  TickViewCache,
  tickView,
} from './frames.ts';
import { POD_PACK_ABOVE, POD_VIEW_LIMIT } from './protocol.ts';

describe('packPods', () => {
  it.each([
    ['views at the limit, whatever came before', POD_VIEW_LIMIT, true, false],
    ['views just above the limit when the last frame had views', POD_VIEW_LIMIT + 1, false, false],
    ['packed just above the limit when the last frame was packed', POD_VIEW_LIMIT + 1, true, true],
    ['views at the packing line when coming from views', POD_PACK_ABOVE, false, false],
    ['packed above the packing line', POD_PACK_ABOVE + 1, false, true],
  ])('gives %s', (_what, count, before, packed) => {
    expect(packPods(count, before)).toBe(packed);
  });
});

describe('frameAt', () => {
  /** The seed preset with `replicas` pods, recorded up to its 3,000th tick. */
  function recording(replicas: number): Recording {
    const s = preset('seed');
    const rec = new Recording({
      ...s,
      objects: s.objects.map((o) => (o.kind === 'Deployment' ? { ...o, spec: { ...o.spec, replicas } } : o)),
    });
    rec.timeline.record({ untilTick: 3000 });
    return rec;
  }

  it.each(['statefulset-parallel', 'statefulset-ordered'])(
    'builds at random ticks, seeked in any order, the frame of a recording that stopped there (%s)',
    (id) => {
      const whole = new Recording(preset(id));
      whole.timeline.record();
      const n = whole.timeline.length;
      const caches = newFrameCaches();
      for (const i of [n, ...numbers(id.length + 3, 6, 1, n), 1]) {
        const straight = new Recording(preset(id));
        straight.timeline.record({ untilTick: i });
        const want = frameAt(straight, i, true, newFrameCaches());
        expect(JSON.stringify(frameAt(whole, i, true, caches))).toBe(JSON.stringify(want));
      }
    },
  );

  it('keeps only its own frame of rendered ticks after random seeks, and still renders one tick a frame when following the playhead', () => {
    const rec = new Recording(preset('statefulset-parallel'));
    rec.timeline.record();
    const n = rec.timeline.length;
    const caches = newFrameCaches();
    // Random seeks: each frame renders its 50 ticks anew; the ticks kept are that frame's alone
    // (without keepOnly 50 to 100 stayed: two frames' worth before the cap emptied it).
    for (const tick of numbers(7, 20, RECENT_TICKS, n)) {
      frameAt(rec, tick, true, caches);
      expect(caches.ticks.size).toBe(RECENT_TICKS);
    }
    caches.ticks.clear();
    const reads: number[] = [];
    const records = rec.timeline.records;
    const viewAt = records.viewAt.bind(records);
    records.viewAt = (i: number) => {
      reads.push(i);
      return viewAt(i);
    };
    // The run has 109 ticks: forward from 60 to 100, then back to 80.
    for (let t = 60; t <= 100; t++) frameAt(rec, t, true, caches);
    for (let t = 99; t >= 80; t--) frameAt(rec, t, true, caches);
    // The first frame's 50, then one a frame forward (40) and one a frame back (20).
    expect(reads.length).toBe(RECENT_TICKS + 40 + 20);
  });

  it('keeps the pods packed inside the band and sends the aggregates when they switch', () => {
    const rec = recording(1100);
    const caches = newFrameCaches();
    const views = frameAt(rec, 3000, false, caches);
    expect(views.podCount).toBeGreaterThan(POD_VIEW_LIMIT);
    expect(views.podCount).toBeLessThanOrEqual(POD_PACK_ABOVE);
    expect(views.packed).toBeNull();
    expect(views.view).toBeNull();
    caches.packed = true;
    const packed = frameAt(rec, 3000, false, caches);
    expect(packed.packed?.count).toBe(packed.podCount);
    expect(packed.view).toBeNull();
    // back to views below the band: that frame carries the pods as views at once
    const back = frameAt(rec, 1, false, caches);
    expect(back.podCount).toBeLessThanOrEqual(POD_VIEW_LIMIT);
    expect(back.packed).toBeNull();
    expect(back.full).toBe(true);
    expect(back.view?.pods).toHaveLength(back.podCount);
  });
});

describe('tickView', () => {
  it('renders every decision of a run from a catalogue, never as the bare `fn: key` fallback', () => {
    const rec = new Recording(preset('seed'));
    rec.timeline.record({});
    const decisions = rec.timeline.records.slice().flatMap((r) => tickView(r).decisions);
    // The event recorder's decisions (a combined SuccessfulCreate) are among them.
    expect(decisions.some((d) => d.fn === 'eventCorrelate')).toBe(true);
    for (const d of decisions) expect(d.text.startsWith(`${d.fn}:`), d.text).toBe(false);
  });
});

describe('TickViewCache', () => {
  it('renders each tick once while a panel follows the playhead either way, and keeps two frames of ticks at most', () => {
    const rec = new Recording(preset('seed'));
    rec.timeline.record();
    const reads: number[] = [];
    // A miss reads its tick with viewAt (at: what a retry's lookup reads).
    const records = rec.timeline.records;
    const log = {
      length: records.length,
      at: (i: number) => records.at(i),
      viewAt: (i: number) => {
        reads.push(i);
        return records.viewAt(i);
      },
    };
    const cache = new TickViewCache();
    const frame = (tick: number) => {
      for (let t = tick - RECENT_TICKS + 1; t <= tick; t++) cache.get(log, t);
      expect(cache.size).toBeLessThanOrEqual(TICK_VIEW_CACHE_SIZE);
    };
    // Forward from tick 100 to 400: ticks 51 to 400, each read once.
    for (let t = 100; t <= 400; t++) frame(t);
    expect([reads.length, new Set(reads).size]).toEqual([350, 350]);
    // Then back to tick 300: one tick more a frame (the first frame back has all 50).
    for (let t = 399; t >= 300; t--) frame(t);
    expect(reads.length).toBe(350 + 99);
    const view = records.viewAt(119);
    expect(cache.get(log, 120)).toEqual(tickView(view?.rec as never, records, view?.labels));
  });
});
