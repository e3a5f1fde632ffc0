import { describe, expect, it } from 'vitest';
import type { LabelSelector } from '../api/types.ts';
import { labelsImplySelector, selectorMatches } from './labels.ts';

describe('labelsImplySelector', () => {
  const web = { app: 'web', tier: 'stable' };
  it.each<[string, LabelSelector | undefined, boolean]>([
    ['implies matchLabels the labels carry', { matchLabels: { app: 'web' } }, true],
    ['does not imply a matchLabels value the labels differ on', { matchLabels: { app: 'db' } }, false],
    ['implies In on a key the labels hold with a listed value', { matchExpressions: [{ key: 'tier', operator: 'In', values: ['stable', 'x'] }] }, true],
    ['implies NotIn on a key the labels hold with an unlisted value', { matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['canary'] }] }, true],
    ['implies Exists on a key the labels hold', { matchExpressions: [{ key: 'tier', operator: 'Exists' }] }, true],
    ['does not imply NotIn on a key the labels lack', { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'track', operator: 'NotIn', values: ['canary'] }] }, false],
    ['does not imply DoesNotExist on a key the labels lack', { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'track', operator: 'DoesNotExist' }] }, false],
    ['does not imply Exists on a key the labels lack', { matchExpressions: [{ key: 'track', operator: 'Exists' }] }, false],
    ['implies the empty selector, which selects everything', {}, true],
    ['does not imply a missing selector, which selects nothing', undefined, false],
  ])('%s', (_name, selector, want) => {
    expect(labelsImplySelector(selector, web)).toBe(want);
  });

  it('is true only when every superset of the labels is selected (the sets tried: the labels plus one more)', () => {
    const selectors: LabelSelector[] = [
      { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'track', operator: 'DoesNotExist' }] },
      { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'track', operator: 'NotIn', values: ['canary'] }] },
      { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['canary'] }] },
    ];
    const extras: Record<string, string>[] = [{}, { track: 'canary' }, { track: 'stable' }, { other: 'x' }];
    for (const s of selectors) {
      const all = extras.every((e) => selectorMatches(s, { ...web, ...e }));
      expect(labelsImplySelector(s, web)).toBe(all);
    }
  });
});
