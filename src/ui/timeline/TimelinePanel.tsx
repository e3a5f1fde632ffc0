import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useAppStore } from '../../state/hooks.ts';
import {
  endTimeSelector,
  hasTrafficSelector,
  markersSelector,
  replicaSetsSelector,
  rolloutsSelector,
  seriesSelector,
  tickSelector,
  timeSelector,
} from '../../state/selectors.ts';
import type { SeriesPoint } from '../../worker/protocol.ts';
import { Panel } from '../common/Panel.tsx';
import { SimGate } from '../common/SimGate.tsx';
import { SummaryStrip } from '../compare/SummaryStrip.tsx';
import { useT } from '../common/useT.ts';
import { TrafficSlot } from '../traffic/TrafficSlot.tsx';
import { activityEnd, CHART_BOX, METRICS, type Metric, seriesKeys } from './chartSeries.ts';
import { METRIC_STYLE, seriesColor, seriesRevisions } from './chartStyle.ts';
import { SeriesReadout } from './SeriesReadout.tsx';
import { bandKindOf } from './strategyBounds.ts';
import { TimelineControls } from './TimelineControls.tsx';
import { useKeyboardShortcuts } from './useKeyboardShortcuts.ts';

// The chart and d3 with it (about 14 KB of the first page's gzipped JS) load on demand: the panel
// mounts with the page and starts the load, and the chart only draws once the worker has recorded
// the run, which takes longer than this chunk (the worker's own script is 660 KB). The fallback
// is the chart's own box, so nothing moves when it arrives.
const loadChart = () => import('./TimelineChart.tsx');
const TimelineChart = lazy(() => loadChart().then((m) => ({ default: m.TimelineChart })));

/** The note under the legend for each kind's band. */
const BAND_NOTE = {
  Deployment: 'timeline.bandNote',
  DaemonSet: 'timeline.bandNoteDaemonSet',
  StatefulSet: 'timeline.bandNoteStatefulSet',
} as const;

/** pointAt is the last sample at or before the tick (samples are in tick order). */
export function pointAt(series: readonly SeriesPoint[], tick: number): SeriesPoint | null {
  let lo = 0;
  let hi = series.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((series[mid]?.tick ?? 0) <= tick) lo = mid + 1;
    else hi = mid;
  }
  return series[lo - 1] ?? null;
}

/** TimelinePanel: the transport, the position slider and the chart of the whole run. */
export function TimelinePanel() {
  const t = useT();
  useKeyboardShortcuts();
  const series = useAppStore(seriesSelector);
  const endTime = useAppStore(endTimeSelector);
  const markers = useAppStore(markersSelector);
  const replicaSets = useAppStore(replicaSetsSelector);
  const tick = useAppStore(tickSelector);
  const time = useAppStore(timeSelector);
  const rollouts = useAppStore(rolloutsSelector);
  const traffic = useAppStore(hasTrafficSelector);
  const [metrics, setMetrics] = useState<readonly Metric[]>(['desired', 'available']);
  useEffect(() => {
    void loadChart();
  }, []);

  // A line's colour is its ReplicaSet's revision over the whole run: the same wherever the cursor is.
  const revisions = useMemo(() => seriesRevisions(series), [series]);
  const keys = useMemo(() => seriesKeys(series), [series]);
  const point = pointAt(series, tick);
  const bandKind = bandKindOf(point);
  // The time axis of the timeline chart and of the Traffic chart under it: the same second, the same x.
  const chartEnd = activityEnd(
    series,
    markers.map((m) => m.time),
    endTime,
    time,
  );
  const colorOf = (key: string) => seriesColor(key, revisions);
  const revisionOf = (key: string) =>
    replicaSets.find((r) => r.name === key)?.revision ?? revisions.get(key) ?? null;
  const toggle = (m: Metric) =>
    setMetrics((cur) =>
      cur.includes(m) ? cur.filter((x) => x !== m) : METRICS.filter((x) => x === m || cur.includes(x)),
    );

  return (
    <Panel title={t('panels.timeline')} area="timeline" bodyClassName="flex flex-col gap-2 p-2">
      <TimelineControls />
      <SimGate
        hasData={series.length > 0}
        emptyTitle={t('timeline.emptyTitle')}
        emptyText={t('timeline.emptyText')}
      >
        <SummaryStrip />
        {/* With the Traffic chart under it, the row keeps its chart's height (the panel scrolls) rather than overlap it. */}
        <div className={`flex flex-1 flex-col gap-2 md:flex-row ${traffic ? 'min-h-20' : 'min-h-0'}`}>
          <div className={`timeline-chart-box min-w-0 flex-1 ${traffic ? 'min-h-20' : 'min-h-28'}`}>
            <Suspense fallback={<div className={CHART_BOX} />}>
              <TimelineChart
                series={series}
                keys={keys}
                endTime={chartEnd}
                markers={markers}
                metrics={metrics}
                revisions={revisions}
                rollouts={rollouts}
              />
            </Suspense>
          </div>
          <div className="relative flex shrink-0 flex-col gap-1.5 overflow-auto md:w-72">
            <SeriesReadout point={point} keys={keys} colorOf={colorOf} revisionOf={revisionOf} />
            <fieldset className="flex flex-wrap gap-x-2 gap-y-0.5 text-xs">
              <legend className="sr-only">{t('timeline.metrics')}</legend>
              {METRICS.map((m) => (
                <label key={m} className="flex items-center gap-1">
                  <input type="checkbox" checked={metrics.includes(m)} onChange={() => toggle(m)} />
                  <svg
                    width="18"
                    height="6"
                    aria-hidden="true"
                    className="text-slate-700 dark:text-slate-200"
                  >
                    <line
                      x1="0"
                      x2="18"
                      y1="3"
                      y2="3"
                      stroke="currentColor"
                      strokeWidth={METRIC_STYLE[m].width}
                      strokeDasharray={METRIC_STYLE[m].dash}
                    />
                  </svg>
                  {t(`view.metric.${m}`)}
                </label>
              ))}
            </fieldset>
            {bandKind ? (
              <p data-testid="band-note" className="text-xs text-slate-600 dark:text-slate-400">
                {t(BAND_NOTE[bandKind])}
              </p>
            ) : null}
          </div>
        </div>
        <TrafficSlot end={chartEnd} />
      </SimGate>
    </Panel>
  );
}
