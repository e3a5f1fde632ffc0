import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../../api/types.ts';
import { rs } from '../fixtures.ts';
import { oldPodsRunning, scaleDownOldReplicaSetsForRecreatePlan } from './recreate.ts';

const pod = (phase?: Pod['status'] extends infer S ? S extends { phase?: infer P } ? P : never : never): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p' },
  spec: { containers: [] },
  status: phase ? { phase } : {},
});

describe('oldPodsRunning', () => {
  it('ignores the pods of the new ReplicaSet', () => {
    const fresh = rs('new', 1);
    const old = rs('old', 0, { statusReplicas: 0 });
    expect(oldPodsRunning(fresh, [old], new Map([['uid-new', [pod('Running')]]]))).toBe(false);
    expect(oldPodsRunning(fresh, [old], new Map([['uid-old', [pod('Running')]]]))).toBe(true);
  });

  it('counts pods without a phase but not terminal ones', () => {
    expect(oldPodsRunning(null, [], { x: [pod()] })).toBe(true);
    expect(oldPodsRunning(null, [], { x: [pod('Succeeded'), pod('Failed')] })).toBe(false);
  });
});

describe('scaleDownOldReplicaSetsForRecreatePlan', () => {
  it('lists only the active old ReplicaSets', () => {
    expect(scaleDownOldReplicaSetsForRecreatePlan([rs('a', 2), rs('b', 0)]).map((m) => [m.rs.metadata.name, m.from, m.to])).toEqual([['a', 2, 0]]);
  });
});
