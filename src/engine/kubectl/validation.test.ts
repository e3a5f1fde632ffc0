import { describe, expect, it } from 'vitest';
import { isQualifiedName, isValidLabelValue } from './validation.ts';

describe('isQualifiedName', () => {
  it.each([['app'], ['example.com/app'], ['node-role.kubernetes.io/worker'], ['A_b.c']])('accepts %j', (k) => {
    expect(isQualifiedName(k)).toEqual([]);
  });
  it('rejects an empty prefix', () => {
    expect(isQualifiedName('/app')).toEqual(['prefix part must be non-empty']);
  });
  it('rejects two slashes', () => {
    expect(isQualifiedName('a/b/c')[0]).toMatch(/^a valid label key must consist of/);
  });
  it('rejects a name over 63 characters', () => {
    expect(isQualifiedName('a'.repeat(64))).toEqual(['name part must be no more than 63 characters']);
  });
});

describe('isValidLabelValue', () => {
  it.each([[''], ['ssd'], ['v1.2_3-x']])('accepts %j', (v) => {
    expect(isValidLabelValue(v)).toEqual([]);
  });
  it('rejects a value ending in a dash', () => {
    expect(isValidLabelValue('ssd-')).toHaveLength(1);
  });
});
