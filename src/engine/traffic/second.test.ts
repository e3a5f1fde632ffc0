import { describe, expect, it } from 'vitest';
import { requestTimes } from './second.ts';
import type { ClientState } from './state.ts';

const client = (steps: { at: number; rps: number }[]): ClientState => ({ service: 'default/web', port: undefined, node: 'node-1', keepAlive: false, steps, conns: [], burst: undefined });

describe('requestTimes', () => {
  it.each<[string, { at: number; rps: number }[], number, number[]]>([
    ['spaces 4 rps 250 ms apart', [{ at: 0, rps: 4 }], 10, [10_000, 10_250, 10_500, 10_750]],
    ['restarts the spacing at a step inside the second', [{ at: 0, rps: 2 }, { at: 10_300, rps: 4 }], 10, [10_000, 10_300, 10_550, 10_800]],
    ['sends nothing after rps 0', [{ at: 0, rps: 2 }, { at: 10_600, rps: 0 }], 10, [10_000, 10_500]],
    ['sends nothing before the first step', [{ at: 10_500, rps: 2 }], 10, [10_500]],
    ['keeps the phase of a step from an earlier second', [{ at: 300, rps: 2 }], 10, [10_300, 10_800]],
  ])('%s', (_why, steps, second, want) => {
    expect(requestTimes(client(steps), second * 1000, second * 1000 + 1000)).toEqual(want);
  });

  it('grows its buffer past 1,024 instants and keeps none of a bigger second for a smaller one', () => {
    const gap = 1000 / 3000;
    expect(requestTimes(client([{ at: 0, rps: 3000 }]), 10_000, 11_000)).toEqual(Array.from({ length: 3000 }, (_, i) => (30_000 + i) * gap));
    expect(requestTimes(client([{ at: 0, rps: 2 }]), 10_000, 11_000)).toEqual([10_000, 10_500]);
  });
});
