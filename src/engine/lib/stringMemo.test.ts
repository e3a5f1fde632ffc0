import { describe, expect, it } from 'vitest';
import { stringMemo } from './stringMemo.ts';

describe('stringMemo', () => {
  it.each([
    ['the key asked last', ['a', 'a', 'a'], 1],
    ['keys in turns, kept in the table', ['a', 'b', 'a', 'b'], 2],
    ['more keys than max: the table starts afresh', ['a', 'b', 'c', 'a'], 4],
    ['the empty key', ['', ''], 1],
  ])('makes each string once while it is kept: %s', (_what, keys, made) => {
    const calls: string[] = [];
    const memo = stringMemo((k) => {
      calls.push(k);
      return `${k}/`;
    }, 2);
    for (const k of keys) expect(memo(k)).toBe(`${k}/`);
    expect(calls).toHaveLength(made);
  });

  it('keeps one table per memo', () => {
    const a = stringMemo((k) => `a:${k}`, 8);
    const b = stringMemo((k) => `b:${k}`, 8);
    expect([a('x'), b('x'), a('x')]).toEqual(['a:x', 'b:x', 'a:x']);
  });
});
