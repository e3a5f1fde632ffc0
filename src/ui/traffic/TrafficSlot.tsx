import { lazy, Suspense } from 'react';
import { useAppStore } from '../../state/hooks.ts';
import { hasTrafficSelector } from '../../state/selectors.ts';

// The chart, its words and d3 load only for a run with traffic (issue 22: the first page's budget).
const TrafficPanel = lazy(() => import('./TrafficPanel.tsx').then((m) => ({ default: m.TrafficPanel })));

/**
 * TrafficSlot is where the Traffic region goes in the Timeline panel: nothing for a run without
 * traffic; with traffic, the region, and while it loads an empty row of the region's size (flex-1
 * beside the timeline's own row), so the timeline chart shrinks once, not twice.
 */
export function TrafficSlot({ end }: { end: number }) {
  const has = useAppStore(hasTrafficSelector);
  if (!has) return null;
  return (
    <Suspense fallback={<div className="min-h-20 flex-1" data-testid="traffic-loading" />}>
      <TrafficPanel end={end} />
    </Suspense>
  );
}
