import { describe, expect, it } from 'vitest';
import { compareOfHash } from './compareUrl.ts';

describe('compareOfHash', () => {
  it.each([
    ['#v1.abc&t=3&compare=maxSurge:0,25%25,100%25', { field: 'maxSurge', values: [0, '25%', '100%'] }],
    ['#v1.abc&compare=maxUnavailable:25%,1', { field: 'maxUnavailable', values: ['25%', 1] }],
    ['#v1.abc&compare=image:ok,pull-fail', { field: 'image', values: ['ok', 'pull-fail'] }],
    ['#v1.abc&compare=seed:1,2,3,4', { field: 'seed', values: [1, 2, 3, 4] }],
  ])('reads %s', (hash, axis) => {
    expect(compareOfHash(hash)).toEqual({ ok: true, axis });
  });

  it.each([
    [
      '#v1.abc&compare=surge:1,2',
      'unknown field "surge"; the fields are maxSurge, maxUnavailable, replicas, minReadySeconds, seed, partition, image',
    ],
    ['#v1.abc&compare=replicas:3', 'replicas: 1 value; a compare shows 2 to 4'],
    ['#v1.abc&compare=seed:1,2,3,4,5', 'seed: 5 values; a compare shows 2 to 4'],
    ['#v1.abc&compare=maxSurge:1,x', 'maxSurge: "x" is not an integer or a percentage such as 25%'],
  ])('says why %s does not open', (hash, reason) => {
    expect(compareOfHash(hash)).toEqual({ ok: false, reason });
  });

  it('is null without a compare parameter', () => {
    expect(compareOfHash('#v1.abc&t=4')).toBeNull();
  });
});
