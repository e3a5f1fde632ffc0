import { useMemo, useRef } from 'react';
import type { ActionMarker, RolloutView, SeriesPoint } from '../../worker/protocol.ts';
import { MinAvailableMarkers } from '../compare/MinAvailableMarkers.tsx';
import { useT } from '../common/useT.ts';
import { useRootFontPx } from '../common/useRootFontPx.ts';
import { chartModel } from './chartModel.ts';
import { CHART_BOX, type Metric, scaleMargins } from './chartSeries.ts';
import { ChartMarkers } from './ChartMarkers.tsx';
import { ChartTicks } from './ChartTicks.tsx';
import { METRIC_STYLE, seriesColor } from './chartStyle.ts';
import { SeriesThinner } from './seriesThinner.ts';
import { useSize } from './useSize.ts';
import { useTimeCursor } from './useTimeCursor.ts';

interface TimelineChartProps {
  series: readonly SeriesPoint[];
  keys: readonly string[];
  endTime: number;
  markers: readonly ActionMarker[];
  metrics: readonly Metric[];
  /** Each ReplicaSet series' revision over the whole run (seriesRevisions): its line's colour. */
  revisions: ReadonlyMap<string, number>;
  /** The run summary's rollouts: each gets a marker at its least-available moment. */
  rollouts?: readonly RolloutView[];
}

/**
 * TimelineChart draws the run over virtual time. The cursor follows the store's time through a
 * transient subscription (no React render per frame); a click or drag on the chart seeks.
 */
export function TimelineChart(props: TimelineChartProps) {
  const { series, keys, endTime, markers, metrics, revisions, rollouts = [] } = props;
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const cursor = useRef<SVGLineElement>(null);
  const { width, height } = useSize(box);
  const rootPx = useRootFontPx();
  const margins = useMemo(() => scaleMargins(rootPx), [rootPx]);
  // Tens of thousands of samples thinned to a few per pixel column, reading only new ones.
  const thinner = useRef(new SeriesThinner());
  const thin = useMemo(
    () =>
      thinner.current.thin(
        series,
        Math.max(endTime, series.at(-1)?.time ?? 0, 1),
        width - margins.left - margins.right,
        metrics,
      ),
    [series, endTime, width, metrics, margins],
  );
  const model = useMemo(
    () => chartModel(thin, endTime, width, height, metrics, keys, margins),
    [thin, endTime, width, height, metrics, keys, margins],
  );

  const seekAt = useTimeCursor(model, box, cursor);

  const plotBottom = height - margins.bottom;
  return (
    <div ref={box} className={`${CHART_BOX} select-none`} data-testid="timeline-chart">
      {width > 0 && height > 0 ? (
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={t('timeline.chartLabel')}
          className="block touch-none text-slate-700 dark:text-slate-300"
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            seekAt(e.clientX);
          }}
          onPointerMove={(e) => {
            if (e.currentTarget.hasPointerCapture(e.pointerId)) seekAt(e.clientX);
          }}
        >
          {model.band ? (
            <path d={model.band} className="fill-sky-blue/15" data-testid="strategy-band" />
          ) : null}
          {model.upper ? (
            <path
              d={model.upper}
              className="fill-none stroke-sky-blue"
              strokeDasharray="2 3"
              data-testid="strategy-upper"
            />
          ) : null}
          {model.lower ? (
            <path
              d={model.lower}
              className="fill-none stroke-sky-blue"
              strokeDasharray="2 3"
              data-testid="strategy-lower"
            />
          ) : null}
          <ChartTicks
            yTicks={model.yTicks}
            xTicks={model.xTicks}
            left={margins.left}
            right={width - margins.right}
            xLabelY={plotBottom + margins.bottom * 0.64}
          />
          <line
            x1={margins.left}
            x2={width - margins.right}
            y1={plotBottom}
            y2={plotBottom}
            className="stroke-slate-400"
          />
          <ChartMarkers
            markers={markers}
            x={model.x}
            width={width}
            top={margins.top}
            plotBottom={plotBottom}
          />
          {model.totals.map((tot) => (
            <path
              key={tot.metric}
              d={tot.d}
              className="fill-none stroke-slate-900 dark:stroke-slate-100"
              strokeWidth={tot.metric === 'available' ? 1.5 : 1}
              strokeDasharray={tot.metric === 'current' ? '1 2' : undefined}
              opacity={0.55}
            />
          ))}
          {model.lines.map((ln) => (
            <path
              key={`${ln.key}/${ln.metric}`}
              d={ln.d}
              data-series={ln.key}
              data-metric={ln.metric}
              fill="none"
              stroke={seriesColor(ln.key, revisions)}
              strokeWidth={METRIC_STYLE[ln.metric].width}
              strokeDasharray={METRIC_STYLE[ln.metric].dash}
            />
          ))}
          <MinAvailableMarkers
            rollouts={rollouts}
            x={model.x}
            y={model.y}
            plotTop={margins.top}
            plotBottom={plotBottom}
          />
          <line
            ref={cursor}
            y1={margins.top - 4}
            y2={plotBottom}
            className="stroke-accent"
            strokeWidth={2}
            data-testid="timeline-cursor"
          />
        </svg>
      ) : null}
    </div>
  );
}
