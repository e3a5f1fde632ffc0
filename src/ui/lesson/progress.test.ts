import { describe, expect, it } from 'vitest';
import { PROGRESS_KEY, readAllProgress, readProgress, saveAnswer, saveStep } from './progress.ts';

function memory(): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
    key: () => null,
    get length() {
      return m.size;
    },
  };
}

describe('lesson progress', () => {
  it('keeps the furthest step and the answers per lesson', () => {
    const s = memory();
    saveStep('seed-rollout', 3, 8, s);
    saveStep('seed-rollout', 1, 8, s);
    saveAnswer('seed-rollout', 3, { input: '2', right: false }, s);
    saveAnswer('seed-rollout', 3, { input: '3', right: true }, s);
    expect(readProgress('seed-rollout', s)).toEqual({
      step: 3,
      total: 8,
      answers: { '3': { input: '3', right: true } },
    });
    expect(readProgress('other', s)).toBeNull();
  });

  it('starts over when the lesson changed length, and survives bad or blocked storage', () => {
    const s = memory();
    saveStep('x', 5, 8, s);
    saveStep('x', 1, 4, s);
    expect(readProgress('x', s)?.step).toBe(1);
    s.setItem(PROGRESS_KEY, 'not json');
    expect(readAllProgress(s)).toEqual({});
    const blocked = {
      ...memory(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as Storage;
    expect(() => saveStep('x', 1, 4, blocked)).not.toThrow();
    expect(readAllProgress(null)).toEqual({});
  });
});
