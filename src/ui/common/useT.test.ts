import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { cachedT } from './useT.ts';

describe('cachedT', () => {
  it('asks the translator once per key and options, and shares the memo per translator', () => {
    const t = vi.fn((key: string, o?: { n?: number }) => `${key}:${o?.n ?? ''}`) as unknown as TFunction;
    const c = cachedT(t);
    expect(c('a')).toBe('a:');
    expect(c('a')).toBe('a:');
    expect(c('b', { n: 1 })).toBe('b:1');
    expect(c('b', { n: 2 })).toBe('b:2');
    expect(c('b', { n: 1 })).toBe('b:1');
    expect(t).toHaveBeenCalledTimes(3);
    expect(cachedT(t)).toBe(c);
  });

  it('keeps translators apart (another language is another translator)', () => {
    const en = ((k: string) => `en ${k}`) as unknown as TFunction;
    const zh = ((k: string) => `zh ${k}`) as unknown as TFunction;
    expect(cachedT(en)('x')).toBe('en x');
    expect(cachedT(zh)('x')).toBe('zh x');
  });
});
