import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IntOrString } from '../../../api/types.ts';
import {
  getReplicaSetProportion,
  isSaturated,
  maxSurge,
  maxUnavailable,
  minAvailable,
  newRSNewReplicas,
  resolveFenceposts,
} from './fenceposts.ts';
import { dep, rs } from './fixtures.ts';

const intOrPercent: fc.Arbitrary<IntOrString> = fc.oneof(
  fc.integer({ min: 0, max: 50 }),
  fc.integer({ min: 0, max: 200 }).map((p) => `${p}%`),
);

describe('resolveFenceposts', () => {
  it('rounds surge up and unavailable down when both are percentages', () => {
    expect(resolveFenceposts('25%', '25%', 10)).toEqual({ surge: 3, unavailable: 2 });
  });

  it('makes unavailable 1 when rounding leaves both at 0', () => {
    expect(resolveFenceposts('1%', '1%', 2)).toEqual({ surge: 1, unavailable: 0 });
    expect(resolveFenceposts(0, '1%', 2)).toEqual({ surge: 0, unavailable: 1 });
  });

  it('never returns 0/0 and never goes negative for valid inputs', () => {
    fc.assert(
      fc.property(intOrPercent, intOrPercent, fc.integer({ min: 0, max: 1000 }), (s, u, desired) => {
        const r = resolveFenceposts(s, u, desired);
        expect(r.surge).toBeGreaterThanOrEqual(0);
        expect(r.unavailable).toBeGreaterThanOrEqual(0);
        expect(r.surge + r.unavailable).toBeGreaterThan(0);
      }),
    );
  });

  it('rounds a percentage surge up and a percentage unavailable down for any size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 1000 }), (sp, up, desired) => {
        const r = resolveFenceposts(`${sp}%`, `${up}%`, desired);
        expect(r.surge).toBe(Math.ceil((sp * desired) / 100));
        const down = Math.floor((up * desired) / 100);
        expect(r.unavailable).toBe(r.surge === 0 && down === 0 ? 1 : down);
      }),
    );
  });
});

describe('maxSurge / maxUnavailable / minAvailable', () => {
  it('gives 3 / 2 / 8 for 10 replicas at 25%/25%', () => {
    const d = dep();
    expect([maxSurge(d), maxUnavailable(d), minAvailable(d)]).toEqual([3, 2, 8]);
  });

  it('gives 0 / 0 / 0 for Recreate', () => {
    const d = dep({ strategy: 'Recreate' });
    expect([maxSurge(d), maxUnavailable(d), minAvailable(d)]).toEqual([0, 0, 0]);
  });

  it('caps maxUnavailable at replicas', () => {
    expect(maxUnavailable(dep({ replicas: 3, maxUnavailable: 5 }))).toBe(3);
  });
});

describe('newRSNewReplicas', () => {
  it('creates the Seed new RS at 3 when the old RS has 10', () => {
    const d = dep();
    const newRS = rs('new', 0);
    expect(newRSNewReplicas(d, [rs('old', 10), newRS], newRS)).toBe(3);
  });

  it('throws for an unknown strategy type', () => {
    const d = { ...dep(), spec: { ...dep().spec, strategy: { type: 'BlueGreen' } } };
    expect(() => newRSNewReplicas(d, [], rs('n', 0))).toThrow("deployment type BlueGreen isn't supported");
  });

  it('never lets the total exceed replicas + surge, nor the new RS exceed replicas', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        intOrPercent,
        fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 4 }),
        fc.integer({ min: 0, max: 200 }),
        (replicas, surge, olds, newSize) => {
          const d = dep({ replicas, maxSurge: surge, maxUnavailable: 1 });
          const newRS = rs('new', Math.min(newSize, replicas));
          const all = [...olds.map((n, i) => rs(`old-${i}`, n)), newRS];
          const current = all.reduce((n, r) => n + (r.spec.replicas ?? 0), 0);
          const next = newRSNewReplicas(d, all, newRS);
          const total = current - (newRS.spec.replicas ?? 0) + next;
          const { surge: s } = resolveFenceposts(surge, 1, replicas);
          expect(total).toBeLessThanOrEqual(Math.max(current, replicas + s));
          expect(next).toBeGreaterThanOrEqual(newRS.spec.replicas ?? 0);
          expect(next).toBeLessThanOrEqual(replicas);
        },
      ),
    );
  });
});

describe('isSaturated', () => {
  it('requires size, annotation and availability to all equal replicas', () => {
    const d = dep({ replicas: 3 });
    const full = rs('n', 3, { annotations: { 'deployment.kubernetes.io/desired-replicas': '3' } });
    expect(isSaturated(d, full)).toBe(true);
    expect(isSaturated(d, rs('n', 3, { available: 2, annotations: { 'deployment.kubernetes.io/desired-replicas': '3' } }))).toBe(false);
    expect(isSaturated(d, rs('n', 3))).toBe(false);
    expect(isSaturated(d, null)).toBe(false);
  });
});

describe('getReplicaSetProportion', () => {
  it('never hands out more than what is left when scaling up', () => {
    const d = dep({ replicas: 20, maxSurge: 0, maxUnavailable: 1 });
    const r = rs('a', 10, { annotations: { 'deployment.kubernetes.io/max-replicas': '10' } });
    expect(getReplicaSetProportion(r, d, 10, 0)).toBe(10);
    expect(getReplicaSetProportion(r, d, 10, 7)).toBe(3);
    expect(getReplicaSetProportion(r, d, 10, 10)).toBe(0);
  });
});
