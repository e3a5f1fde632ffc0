import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTable, captureTable, cloneTable, countStates, flagState, type RollingUpdateTable, SlotState, slotState, tableAt, writeSlot } from './rollingUpdateTable.ts';
import type { NodeUpdate } from './updateTypes.ts';
import type { PodReadiness } from './util/daemonsetUtil.ts';

const pod = (name: string, ready: boolean, readySinceMs: number | null = 0): PodReadiness => ({ name, ready, readySinceMs });
const upd = (newPod: PodReadiness | null, oldPod: PodReadiness | null, ok = true): NodeUpdate => ({ ok, newPod, oldPod });

describe('slotState', () => {
  it.each<[string, NodeUpdate, number, number]>([
    ['more than one pod of a kind', upd(null, null, false), 0, SlotState.Excess],
    ['no pod', upd(null, null), 0, SlotState.NoPods],
    ['an old and a new pod', upd(pod('n', true), pod('o', true)), 0, SlotState.BothPods],
    ['a ready new pod', upd(pod('n', true), null), 0, SlotState.NewAvailable],
    ['a new pod not ready', upd(pod('n', false), null), 0, SlotState.NewUnavailable],
    ['a ready old pod', upd(null, pod('o', true)), 0, SlotState.OldAvailable],
    ['an old pod not ready', upd(null, pod('o', false)), 0, SlotState.OldUnavailable],
    ['a new pod ready for minReadySeconds (0 + 5 s < 10 s)', upd(pod('n', true, 0), null), 5, SlotState.NewAvailable],
    ['a new pod ready for less than minReadySeconds (8 + 5 s ≥ 10 s)', upd(pod('n', true, 8_000), null), 5, SlotState.NewUnavailable],
    ['an old pod ready since an unknown time, with minReadySeconds', upd(null, pod('o', true, null)), 5, SlotState.OldUnavailable],
    ['an old pod ready for minReadySeconds', upd(null, pod('o', true, 1_000)), 5, SlotState.OldAvailable],
  ])('reads %s', (_name, update, minReadySeconds, want) => {
    const t = buildTable(['a'], () => ({ inList: true, shouldRun: true, update }));
    expect(slotState(t, 0, minReadySeconds, 10_000)).toBe(want);
    // Without minReadySeconds the flags alone say it, and the table counts the slot there.
    if (minReadySeconds === 0) expect(flagState(t.flags[0] as number)).toBe(want);
    if (minReadySeconds === 0) expect(t.states[want]).toBe(1);
  });
});

/** The columns of a table, as plain values to compare. */
const columns = (t: RollingUpdateTable) => ({
  flags: [...t.flags],
  newPod: [...t.newPod],
  oldPod: [...t.oldPod],
  newSince: [...t.newSince],
  oldSince: [...t.oldSince],
});

describe('tableAt', () => {
  const podArb = fc.option(fc.record({ name: fc.constantFrom('a', 'b', 'c'), ready: fc.boolean(), readySinceMs: fc.option(fc.integer({ min: 0, max: 9 })) }));
  const stepArb = fc.oneof(
    fc.record({ write: fc.nat(5), ok: fc.boolean(), newPod: podArb, oldPod: podArb, inList: fc.boolean() }),
    fc.constant({ capture: true as const }),
    fc.constant({ clone: true as const }),
  );
  it('gives back each capture as it was, after any later writes, epoch changes and clones', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 120 }), (steps) => {
        // 6 slots: an epoch keeps 24 writes, so long runs start new ones.
        let t = buildTable(['a', 'b', 'c', 'd', 'e', 'f'], () => ({ inList: true, shouldRun: true, update: upd(null, null) }));
        const seen: { capture: ReturnType<typeof captureTable>; want: ReturnType<typeof columns> }[] = [];
        for (const s of steps) {
          if ('capture' in s) seen.push({ capture: captureTable(t), want: columns(t) });
          else if ('clone' in s) t = cloneTable(t);
          else writeSlot(t, s.write, { inList: s.inList, shouldRun: true, update: upd(s.newPod, s.oldPod, s.ok) });
        }
        for (const { capture, want } of seen) expect(columns(tableAt(capture))).toEqual(want);
        // The state counts kept write by write are the counts of the flags as they stand.
        expect([...t.states]).toEqual([...countStates(t.flags)]);
        expect(t.states.reduce((a, b) => a + b, 0)).toBe(6);
      }),
      { numRuns: 300 },
    );
  });

  it('replays a write made between two captures into the later one only', () => {
    const t = buildTable(['a'], () => ({ inList: true, shouldRun: true, update: upd(null, pod('old', true)) }));
    const before = captureTable(t);
    writeSlot(t, 0, { inList: true, shouldRun: true, update: upd(pod('new', false), null) });
    const after = captureTable(t);
    expect(tableAt(before).oldPod[0]).toBe('old');
    expect(tableAt(after).newPod[0]).toBe('new');
  });
});
