import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const wrapped = new WeakMap<TFunction, TFunction>();
const LIMIT = 5000;

/**
 * cachedT wraps a translator with a memo of its answers. An i18next `t` call costs about 0.2 ms
 * here, and the panels re-render several times a second while a rollout plays, so the same
 * strings would be looked up thousands of times. One memo per translator (per language).
 */
export function cachedT(t: TFunction): TFunction {
  const known = wrapped.get(t);
  if (known) return known;
  const memo = new Map<string, string>();
  const fn = ((key: string | string[], options?: Record<string, unknown>) => {
    const id = options === undefined ? String(key) : `${String(key)}\u0000${JSON.stringify(options)}`;
    let text = memo.get(id);
    if (text === undefined) {
      text = String(options === undefined ? t(key) : t(key, options));
      if (memo.size >= LIMIT) memo.clear();
      memo.set(id, text);
    }
    return text;
  }) as unknown as TFunction;
  wrapped.set(t, fn);
  return fn;
}

/** useT is `useTranslation().t` with a memo of its answers (see cachedT). */
export function useT(): TFunction {
  const { t } = useTranslation();
  return useMemo(() => cachedT(t), [t]);
}
