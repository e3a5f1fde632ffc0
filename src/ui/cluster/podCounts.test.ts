import { describe, expect, it } from 'vitest';
import { POD_DISPLAY_PHASES, type PackedPods, type PodDisplayPhase } from '../../worker/protocol.ts';
import { terminatingCount } from './podCounts.ts';

function packed(phases: PodDisplayPhase[]): PackedPods {
  const n = phases.length;
  return {
    count: n,
    node: new Int32Array(n),
    phase: Uint8Array.from(phases.map((p) => POD_DISPLAY_PHASES.indexOf(p))),
    revision: new Int32Array(n),
    workload: new Int32Array(n),
    names: '',
    nodeNames: [],
    workloadNames: [],
  };
}

describe('terminatingCount', () => {
  it.each<[string, PodDisplayPhase[], number]>([
    ['none', ['Available', 'Pending'], 0],
    ['the terminating ones only', ['Terminating', 'Available', 'Terminating', 'Failed'], 2],
  ])('counts %s among pod views and packed pods alike', (_what, phases, want) => {
    expect(
      terminatingCount(
        phases.map((phase) => ({ phase })),
        null,
      ),
    ).toBe(want);
    expect(terminatingCount([], packed(phases))).toBe(want);
  });
});
