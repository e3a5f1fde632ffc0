import { describe, expect, it } from 'vitest';
import { buildTable, SlotState, slotState } from './rollingUpdateTable.ts';
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
  });
});
