import { describe, expect, it } from 'vitest';
import type { PodCondition } from './types.ts';
import { updatePodCondition } from './podConditions.ts';

const NOW = '2026-01-01T00:05:10Z';
const ready: PodCondition = { type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: '2026-01-01T00:00:03Z' };
const target = { type: 'DisruptionTarget', status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' } as const;
const stored = (status: 'True' | 'False', reason: string, ltt: string): PodCondition => ({ type: 'DisruptionTarget', status, lastProbeTime: null, lastTransitionTime: ltt, reason, message: target.message });

describe('updatePodCondition', () => {
  it.each([
    { why: 'appends a new type with the time now', before: [ready], want: [ready, stored('True', 'DeletionByTaintManager', NOW)] },
    { why: 'changes nothing when the condition is the same (null: no write)', before: [ready, stored('True', 'DeletionByTaintManager', '2026-01-01T00:01:00Z')], want: null },
    {
      why: 'keeps the transition time when only the reason changes',
      before: [stored('True', 'EvictionByEvictionAPI', '2026-01-01T00:01:00Z'), ready],
      want: [stored('True', 'DeletionByTaintManager', '2026-01-01T00:01:00Z'), ready],
    },
    { why: 'takes the time now when the status changes', before: [stored('False', 'DeletionByTaintManager', '2026-01-01T00:01:00Z')], want: [stored('True', 'DeletionByTaintManager', NOW)] },
  ])('$why', ({ before, want }) => {
    expect(updatePodCondition(before, target, NOW)).toEqual(want);
  });

  it('writes the keys in the API field order (type, status, lastProbeTime, lastTransitionTime, reason, message)', () => {
    const [, added] = updatePodCondition([ready], target, NOW) ?? [];
    expect(Object.keys(added ?? {})).toEqual(['type', 'status', 'lastProbeTime', 'lastTransitionTime', 'reason', 'message']);
  });
});
