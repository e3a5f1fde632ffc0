import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { newWatchPrinter } from '../engine/kubectl/printers/table.ts';
import { Recording } from './recording.ts';
import { preset } from './testScenarios.ts';
import { LINES_PER_BLOCK, WatchLines } from './watchTrack.ts';

describe('WatchLines', () => {
  const a = newWatchPrinter('Pod');
  const b = { ...a, printedHeaders: true };

  it('reads back each line with its tick, by at and slice, and nothing past either end', () => {
    const lines = new WatchLines();
    lines.push(0, 'NAME   READY', a);
    lines.push(5, 'web-0  0/1', b);
    lines.push(9, 'web-0  1/1', b);
    expect(lines.length).toBe(3);
    expect(lines.slice()).toEqual([
      { tick: 0, text: 'NAME   READY' },
      { tick: 5, text: 'web-0  0/1' },
      { tick: 9, text: 'web-0  1/1' },
    ]);
    expect(lines.slice(1, 2)).toEqual([{ tick: 5, text: 'web-0  0/1' }]);
    expect(lines.at(-1)).toEqual({ tick: 9, text: 'web-0  1/1' });
    expect([lines.at(3), lines.at(-4)]).toEqual([undefined, undefined]);
  });

  it('gives back the printer of the last line kept when cut, and none when cut to nothing', () => {
    const lines = new WatchLines();
    lines.push(0, 'header', a);
    lines.push(3, 'row 1', a);
    lines.push(4, 'row 2', b);
    lines.push(6, 'row 3', b);
    expect(lines.lastPrinter()).toBe(b);
    lines.truncate(3);
    expect(lines.lastPrinter()).toBe(b);
    lines.truncate(2);
    expect(lines.lastPrinter()).toBe(a);
    expect(lines.slice().map((l) => l.text)).toEqual(['header', 'row 1']);
    lines.push(8, 'row 2 again', b);
    expect(lines.at(-1)).toEqual({ tick: 8, text: 'row 2 again' });
    lines.truncate(0);
    expect([lines.length, lines.lastPrinter()]).toEqual([0, undefined]);
  });

  it.each([
    ['inside a joined block', LINES_PER_BLOCK + 7],
    ['at the start of a joined block', 2 * LINES_PER_BLOCK],
    ['in the open lines', 3 * LINES_PER_BLOCK + 5],
  ])('reads back every line across joined blocks, and again when cut %s and pushed on', (_where, cut) => {
    const text = (k: number) => `web-${k}${' '.repeat(k % 5)}   ${k % 2}/1   Running   ${k}s`;
    const lines = new WatchLines();
    const want: { tick: number; text: string }[] = [];
    for (let k = 0; k < 3 * LINES_PER_BLOCK + 20; k++) {
      lines.push(2 * k, text(k), a);
      want.push({ tick: 2 * k, text: text(k) });
    }
    expect(lines.slice()).toEqual(want);
    lines.truncate(cut);
    lines.trim();
    expect(lines.slice()).toEqual(want.slice(0, cut));
    for (let k = cut; k < 4 * LINES_PER_BLOCK; k++) lines.push(2 * k, `again ${text(k)}`, b);
    const again = [...want.slice(0, cut)];
    for (let k = cut; k < 4 * LINES_PER_BLOCK; k++) again.push({ tick: 2 * k, text: `again ${text(k)}` });
    expect(lines.slice()).toEqual(again);
    expect(lines.at(cut)).toEqual(again[cut]);
  });
});

describe('WatchLines memory', () => {
  it('keeps a line cut from a longer output as a string of its own, not a view that holds the output', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const lines = new WatchLines();
    const printer = newWatchPrinter('Pod');
    const pad = 'x'.repeat(400);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 20_000; i++) {
      // As WatchTrack splits a flush: each line a slice of an output of ~450 characters.
      const out = `web-${i}   1/1   Running   0   ${i}s\n${pad}${i}`;
      lines.push(i, out.split('\n')[0] as string, printer);
    }
    gc();
    const perLine = (process.memoryUsage().heapUsed - before) / 20_000;
    // Flat: ~56 bytes a text and a slot; as slices each kept its ~470-byte output.
    expect(perLine).toBeLessThan(150);
    expect(lines.at(7)?.text).toBe('web-7   1/1   Running   0   7s');
  });

  it('keeps the texts of a block of lines in one string: a pod row of ~43 characters costs ~47 bytes, not ~75', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const lines = new WatchLines();
    const printer = newWatchPrinter('Pod');
    // Lines pushed first, so the push's optimized code and feedback (~0.4 MB once, ~20 bytes a
    // line here) are made before the weighing (a heap test beside it once read them in).
    const warm = new WatchLines();
    for (let i = 0; i < 20_000; i++) warm.push(i, `web-${i % 100}   1/1     Running   0          ${10_000 + i}s`, printer);
    warm.trim();
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 20_000; i++) lines.push(i, `web-${i % 100}   1/1     Running   0          ${10_000 + i}s`, printer);
    lines.trim();
    gc();
    gc();
    const perLine = (process.memoryUsage().heapUsed - before) / 20_000;
    // A string a line: its 16-byte header and padding and an 8-byte slot beside its ~43 characters.
    expect(perLine).toBeLessThan(60);
    expect(lines.at(-1)?.text).toBe('web-99   1/1     Running   0          29999s');
  });
});

describe('WatchTrack', () => {
  it('prints after a cut what a recording without the cut printed (same rows, same column widths)', () => {
    const whole = new Recording(preset('statefulset-ordered'));
    whole.timeline.record();
    const cut = new Recording(preset('statefulset-ordered'));
    cut.timeline.record();
    cut.watch.truncate(50);
    expect(cut.watch.kinds.pods.lines.length).toBeLessThan(whole.watch.kinds.pods.lines.length);
    expect(cut.watch.kinds.sts.lines.length).toBeLessThan(whole.watch.kinds.sts.lines.length);
    for (let k = 50; k < cut.timeline.length; k++) cut.watch.append(cut.timeline.records.at(k) as never);
    expect(cut.watch.kinds.pods.lines.slice()).toEqual(whole.watch.kinds.pods.lines.slice());
    expect(cut.watch.kinds.sts.lines.slice()).toEqual(whole.watch.kinds.sts.lines.slice());
  });
});
