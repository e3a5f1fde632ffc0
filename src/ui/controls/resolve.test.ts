import { describe, expect, it } from 'vitest';
import { percentOf, resolveFenceposts, scaled } from './resolve.ts';

describe('percentOf', () => {
  it.each([
    ['25%', 25],
    [' 0% ', 0],
    [3, null],
    ['3', null],
    ['x%', null],
  ] as const)('reads %j as %j', (value, pct) => {
    expect(percentOf(value)).toBe(pct);
  });
});

describe('scaled', () => {
  it.each([
    ['25%', 10, true, 3],
    ['25%', 10, false, 2],
    ['10%', 3, true, 1],
    ['10%', 3, false, 0],
    [4, 10, true, 4],
    ['100%', 7, false, 7],
  ] as const)('resolves %j of %i (up %s) to %i', (value, total, up, n) => {
    expect(scaled(value, total, up)).toBe(n);
  });
});

describe('resolveFenceposts', () => {
  it('rounds a Deployment’s surge up and unavailable down', () => {
    expect(resolveFenceposts('Deployment', '25%', '25%', 10)).toEqual({
      surge: 3,
      unavailable: 2,
      bumped: false,
    });
  });

  it('makes a Deployment’s maxUnavailable 1 when both come to 0', () => {
    expect(resolveFenceposts('Deployment', '0%', '10%', 3)).toEqual({
      surge: 0,
      unavailable: 1,
      bumped: true,
    });
  });

  it('rounds both of a DaemonSet’s up', () => {
    expect(resolveFenceposts('DaemonSet', '10%', '10%', 5)).toEqual({
      surge: 1,
      unavailable: 1,
      bumped: false,
    });
  });
});
