import { describe, expect, it } from 'vitest';
import { parseSelector } from './selector.ts';

describe('parseSelector', () => {
  it.each([
    ['app=nginx', [{ key: 'app', operator: 'In', values: ['nginx'] }]],
    ['app==nginx', [{ key: 'app', operator: 'In', values: ['nginx'] }]],
    ['app!=nginx', [{ key: 'app', operator: 'NotIn', values: ['nginx'] }]],
    ['tier in (web, api)', [{ key: 'tier', operator: 'In', values: ['web', 'api'] }]],
    ['tier notin (web)', [{ key: 'tier', operator: 'NotIn', values: ['web'] }]],
    ['canary,!legacy', [{ key: 'canary', operator: 'Exists' }, { key: 'legacy', operator: 'DoesNotExist' }]],
    ['app=nginx,pod-template-hash=64f9d8d55d', [{ key: 'app', operator: 'In', values: ['nginx'] }, { key: 'pod-template-hash', operator: 'In', values: ['64f9d8d55d'] }]],
  ])('parses %j', (text, reqs) => {
    expect(parseSelector(text)).toEqual({ selector: { matchExpressions: reqs } });
  });

  it('selects everything when empty', () => {
    expect(parseSelector('')).toEqual({ selector: {} });
  });

  it.each([['=x'], ['a in b'], ['a in (b'], ['a=b;c']])('rejects %j', (text) => {
    expect(parseSelector(text)).toHaveProperty('error');
  });
});
