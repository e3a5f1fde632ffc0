import { useEffect, useRef, useState } from 'react';

export interface Present<T> {
  item: T;
  /** True while the item is gone from the data and plays its leave transition. */
  leaving: boolean;
}

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * usePresence keeps items that left `items` for `ms` more milliseconds, flagged `leaving`, so a
 * CSS transition can fade them out; an item that comes back is live again at once. With
 * prefers-reduced-motion, or ms 0, items leave immediately.
 */
export function usePresence<T>(items: readonly T[], key: (item: T) => string, ms = 180): Present<T>[] {
  const previous = useRef<Map<string, T>>(new Map());
  const timers = useRef<Set<ReturnType<typeof setTimeout>>>(new Set());
  const [leaving, setLeaving] = useState<ReadonlyMap<string, T>>(() => new Map());
  const keys = new Set(items.map(key));
  const signature = [...keys].join('\n');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key list (signature) is the trigger
  useEffect(() => {
    const gone = new Map<string, T>();
    for (const [k, item] of previous.current) if (!keys.has(k)) gone.set(k, item);
    previous.current = new Map(items.map((item) => [key(item), item]));
    if (gone.size === 0 || ms <= 0 || reducedMotion()) return;
    setLeaving((cur) => new Map([...cur, ...gone]));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setLeaving((cur) => {
        const next = new Map(cur);
        for (const k of gone.keys()) next.delete(k);
        return next;
      });
    }, ms);
    timers.current.add(timer);
  }, [signature]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const out: Present<T>[] = items.map((item) => ({ item, leaving: false }));
  for (const [k, item] of leaving) if (!keys.has(k)) out.push({ item, leaving: true });
  return out;
}
