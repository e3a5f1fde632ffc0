import { useMemo } from 'react';
import { useAppStore } from '../../state/hooks.ts';
import { largeTextSelector, presenterSelector } from '../../state/selectors.ts';

/**
 * useRootFontPx is the root font size in px (16 by default, 20 with Large text, more when the
 * browser's own text size is larger), read again when Large text or the presenter layout change;
 * what is drawn in px (the chart's margins) scales with it.
 */
export function useRootFontPx(): number {
  const large = useAppStore(largeTextSelector);
  const presenter = useAppStore(presenterSelector);
  // biome-ignore lint/correctness/useExhaustiveDependencies: both change <html>'s font size
  return useMemo(() => {
    if (typeof document === 'undefined') return 16;
    return Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  }, [large, presenter]);
}
