import { useEffect, useRef, useState } from 'react';

export interface Present<T> {
  item: T;
  /** True while the item is gone from the data and plays its leave transition. */
  leaving: boolean;
}

interface Gone<T> {
  item: T;
  /** The keys in the order they had when this item left, and its index there. */
  order: readonly string[];
  index: number;
}

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * usePresence keeps items that left `items` for `ms` more milliseconds, flagged `leaving`, so a
 * CSS transition can fade them out where they were; an item that comes back is live again at
 * once. With prefers-reduced-motion, or ms 0, items leave immediately.
 */
export function usePresence<T>(items: readonly T[], key: (item: T) => string, ms = 180): Present<T>[] {
  const previous = useRef<Map<string, T>>(new Map());
  const timers = useRef<Set<ReturnType<typeof setTimeout>>>(new Set());
  const [leaving, setLeaving] = useState<ReadonlyMap<string, Gone<T>>>(() => new Map());
  const keys = items.map(key);
  const present = new Set(keys);
  const signature = keys.join('\n');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key list (signature) is the trigger
  useEffect(() => {
    const order = [...previous.current.keys()];
    const gone = new Map<string, Gone<T>>();
    order.forEach((k, index) => {
      const item = previous.current.get(k);
      if (!present.has(k) && item !== undefined) gone.set(k, { item, order, index });
    });
    previous.current = new Map(items.map((item) => [key(item), item]));
    if (gone.size === 0 || ms <= 0 || reducedMotion()) return;
    setLeaving((cur) => new Map([...cur, ...gone]));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setLeaving((cur) => {
        const next = new Map(cur);
        for (const k of gone.keys()) if (next.get(k) === gone.get(k)) next.delete(k);
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

  const live: Present<T>[] = items.map((item) => ({ item, leaving: false }));
  if (leaving.size === 0) return live;
  // Rank live items 2i; a leaving one right after the nearest live item that preceded it.
  const indexOf = new Map(keys.map((k, i) => [k, i]));
  const ranked = live.map((p, i) => ({ p, rank: 2 * i }));
  for (const [k, gone] of leaving) {
    if (present.has(k)) continue;
    let rank = -1;
    for (let j = gone.index - 1; j >= 0; j--) {
      const at = indexOf.get(gone.order[j] as string);
      if (at !== undefined) {
        rank = 2 * at + 1;
        break;
      }
    }
    ranked.push({ p: { item: gone.item, leaving: true }, rank });
  }
  return ranked.sort((a, b) => a.rank - b.rank).map((r) => r.p);
}
