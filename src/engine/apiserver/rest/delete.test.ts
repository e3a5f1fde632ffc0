import { describe, expect, it } from 'vitest';
import { deleteOptions } from './delete.ts';

const q = (s = '') => new URLSearchParams(s);

describe('deleteOptions', () => {
  it.each([
    ['kubectl’s body', { propagationPolicy: 'Background' }, '', { propagationPolicy: 'Background', errors: [] }],
    ['a body with a grace period and a uid precondition', { gracePeriodSeconds: 0, preconditions: { uid: 'u' } }, '', { gracePeriodSeconds: 0, uid: 'u', errors: [] }],
    ['the query without a body', undefined, 'propagationPolicy=Foreground&gracePeriodSeconds=5', { gracePeriodSeconds: 5, propagationPolicy: 'Foreground', errors: [] }],
    ['the body before the query', { propagationPolicy: 'Orphan' }, 'propagationPolicy=Foreground', { propagationPolicy: 'Orphan', errors: [] }],
    ['orphanDependents true', { orphanDependents: true }, '', { propagationPolicy: 'Orphan', errors: [] }],
    ['orphanDependents=false in the query', undefined, 'orphanDependents=false', { propagationPolicy: 'Background', errors: [] }],
    ['a null policy (nil)', { propagationPolicy: null }, '', { errors: [] }],
  ])('reads %s', (_, body, query, want) => {
    expect(deleteOptions(body, q(query))).toEqual(want);
  });

  it.each([
    ['an unknown policy', { propagationPolicy: 'orphan' }, 'propagationPolicy: Unsupported value: "orphan": supported values: "Foreground", "Background", "Orphan", "nil"'],
    ['both fields', { propagationPolicy: 'Orphan', orphanDependents: true }, 'propagationPolicy: Invalid value: "Orphan": orphanDependents and deletionPropagation cannot be both set'],
  ])('refuses %s as ValidateDeleteOptions does', (_, body, message) => {
    const errs = deleteOptions(body, q()).errors;
    expect(errs).toHaveLength(1);
    expect(`${errs[0]?.field}: ${errs[0]?.type}: ${errs[0]?.badValue}: ${errs[0]?.detail}`).toBe(message);
  });
});
