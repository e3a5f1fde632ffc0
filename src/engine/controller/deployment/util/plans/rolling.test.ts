import { describe, expect, it } from 'vitest';
import type { DecisionLog } from '../../../../api/decision.ts';
import { dep, rs } from '../fixtures.ts';
import { renderDecision } from './explainCatalog.ts';
import {
  cleanupUnhealthyReplicasPlan,
  reconcileNewReplicaSetPlan,
  reconcileOldReplicaSetsPlan,
  scaleDownOldReplicaSetsForRollingUpdatePlan,
} from './rolling.ts';

const moves = (plan: { moves: { rs: { metadata: { name: string } }; from: number; to: number }[] }) =>
  plan.moves.map((m) => `${m.rs.metadata.name} ${m.from}→${m.to}`);

describe('reconcileOldReplicaSetsPlan', () => {
  it('scales the Seed old RS 10 → 8 on the first sync and explains maxScaledDown', () => {
    const log: DecisionLog = [];
    const old = rs('old', 10);
    const fresh = rs('new', 3, { statusReplicas: 0, available: 0 });
    const plan = reconcileOldReplicaSetsPlan([old, fresh], [old], fresh, dep(), log);
    expect(moves(plan)).toEqual(['old 10→8']);
    expect(plan).toMatchObject({ scaled: true, allPodsCount: 13, minAvailable: 8, newRSUnavailablePodCount: 3, maxScaledDown: 2 });
    const d = log.find((x) => x.key === 'maxScaledDown');
    expect(d).toEqual({
      fn: 'reconcileOldReplicaSets',
      key: 'maxScaledDown',
      values: { allPodsCount: 13, minAvailable: 8, newRSUnavailablePodCount: 3, maxScaledDown: 2 },
    });
    expect(d && renderDecision(d)).toBe('maxScaledDown = allPodsCount 13 − minAvailable 8 − newRSUnavailablePodCount 3 = 2');
  });

  it('does nothing when unavailable new pods use up the budget', () => {
    const old = rs('old', 8);
    const fresh = rs('new', 5, { available: 0 });
    const plan = reconcileOldReplicaSetsPlan([old, fresh], [old], fresh, dep());
    expect(plan.maxScaledDown).toBe(0);
    expect(plan.scaled).toBe(false);
    expect(plan.moves).toEqual([]);
  });

  it('cleans up unhealthy old replicas before scaling down healthy ones', () => {
    const older = rs('older', 2, { available: 0, created: '2026-01-01T00:00:00Z' });
    const old = rs('old', 8, { created: '2026-01-01T00:00:01Z' });
    const fresh = rs('new', 3, { available: 3 });
    const plan = reconcileOldReplicaSetsPlan([older, old, fresh], [older, old], fresh, dep());
    expect(moves(plan)).toEqual(['older 2→0', 'old 8→5']);
    expect(plan).toMatchObject({ cleanupCount: 2, scaledDownCount: 3, scaled: true });
  });

  it('fails the step like upstream when an RS reports more available pods than its spec', () => {
    const old = rs('old', 8, { statusReplicas: 10, available: 10 });
    const fresh = rs('new', 5, { available: 5 });
    const plan = reconcileOldReplicaSetsPlan([old, fresh], [old], fresh, dep());
    expect(plan.scaled).toBe(false);
    expect(plan.moves).toEqual([]);
    expect(plan.error).toBe('when cleaning up unhealthy replicas, got invalid request to scale down default/old 8 -> 10');
  });
});

describe('cleanupUnhealthyReplicasPlan', () => {
  it('visits old RSs oldest first and stops when the budget is spent', () => {
    const a = rs('a', 3, { available: 1, created: '2026-01-01T00:00:02Z' });
    const b = rs('b', 3, { available: 0, created: '2026-01-01T00:00:01Z' });
    const plan = cleanupUnhealthyReplicasPlan([a, b], dep(), 4);
    expect(moves(plan)).toEqual(['b 3→0', 'a 3→2']);
    expect(plan.cleanupCount).toBe(4);
  });
});

describe('scaleDownOldReplicaSetsForRollingUpdatePlan', () => {
  it('takes from the oldest RS first, each giving what it has', () => {
    const a = rs('a', 1, { created: '2026-01-01T00:00:01Z' });
    const b = rs('b', 5, { created: '2026-01-01T00:00:02Z' });
    const fresh = rs('new', 6);
    const plan = scaleDownOldReplicaSetsForRollingUpdatePlan([a, b, fresh], [b, a], dep());
    expect(plan.totalScaleDownCount).toBe(4);
    expect(moves(plan)).toEqual(['a 1→0', 'b 5→2']);
  });
});

describe('reconcileNewReplicaSetPlan', () => {
  it('grows the new RS to fill the surge when old pods went away', () => {
    const log: DecisionLog = [];
    const old = rs('old', 8);
    const fresh = rs('new', 3);
    expect(reconcileNewReplicaSetPlan(dep(), [old, fresh], fresh, log)).toBe(5);
    expect(log.map((d) => renderDecision(d))).toEqual([
      'maxSurge 25% of replicas 10 = 2.5, rounded up → 3',
      'scaleUpCount = min(maxTotalPods 13 − currentPodCount 11, replicas 10 − newRSReplicas 3) = 2',
      'scale new ReplicaSet new 3 → 5',
    ]);
  });

  it('returns null when the surge is used up', () => {
    const fresh = rs('new', 3);
    expect(reconcileNewReplicaSetPlan(dep(), [rs('old', 10), fresh], fresh)).toBeNull();
  });

  it('scales a too-large new RS down to replicas', () => {
    const fresh = rs('new', 12);
    expect(reconcileNewReplicaSetPlan(dep(), [fresh], fresh)).toBe(10);
  });
});
