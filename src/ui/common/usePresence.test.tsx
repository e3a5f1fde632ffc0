// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePresence } from './usePresence.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const id = (s: string) => s;
const view = (list: { item: string; leaving: boolean }[]) =>
  list.map((p) => `${p.item}${p.leaving ? '~' : ''}`);

describe('usePresence', () => {
  it('keeps a removed item, flagged leaving, for the transition, then drops it', () => {
    const { result, rerender } = renderHook(({ items }) => usePresence(items, id, 180), {
      initialProps: { items: ['a', 'b', 'c'] },
    });
    expect(view(result.current)).toEqual(['a', 'b', 'c']);
    rerender({ items: ['a', 'c'] });
    expect(view(result.current)).toEqual(['a', 'b~', 'c']);
    act(() => vi.advanceTimersByTime(200));
    expect(view(result.current)).toEqual(['a', 'c']);
  });

  it('fades several neighbours out where they were', () => {
    const { result, rerender } = renderHook(({ items }) => usePresence(items, id, 180), {
      initialProps: { items: ['a', 'b', 'c', 'd'] },
    });
    rerender({ items: ['a', 'd', 'e'] });
    expect(view(result.current)).toEqual(['a', 'b~', 'c~', 'd', 'e']);
    rerender({ items: ['e'] });
    expect(view(result.current).sort()).toEqual(['a~', 'b~', 'c~', 'd~', 'e']);
  });

  it('brings a leaving item back at once when it returns (interruptible)', () => {
    const { result, rerender } = renderHook(({ items }) => usePresence(items, id, 180), {
      initialProps: { items: ['a', 'b'] },
    });
    rerender({ items: ['a'] });
    rerender({ items: ['a', 'b'] });
    expect(view(result.current)).toEqual(['a', 'b']);
    act(() => vi.advanceTimersByTime(200));
    expect(view(result.current)).toEqual(['a', 'b']);
  });

  it('lets items go at once without a transition time', () => {
    const { result, rerender } = renderHook(({ items }) => usePresence(items, id, 0), {
      initialProps: { items: ['a', 'b'] },
    });
    rerender({ items: ['a'] });
    expect(view(result.current)).toEqual(['a']);
  });
});
