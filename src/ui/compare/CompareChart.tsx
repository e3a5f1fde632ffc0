import { ChartTicks } from '../timeline/ChartTicks.tsx';
import { useEffect, useMemo, useRef } from 'react';
import { compareSeek } from '../../state/compareActions.ts';
import { useAppStore } from '../../state/hooks.ts';
import { type AppState, appStore } from '../../state/store.ts';
import { useT } from '../common/useT.ts';
import { useSize } from '../timeline/useSize.ts';
import { CHART_MARGINS, compareChartModel } from './compareChartModel.ts';
import { seconds } from './format.ts';
import { useThrottled } from './useThrottled.ts';
import { VARIANT_COLOURS, variantLetter } from './variantText.ts';

const variantsOf = (s: AppState) => s.compareVariants;
const endOf = (s: AppState) => s.compareEndTime;
const timeOf = (s: AppState) => s.compareTime;
const playingOf = (s: AppState) => s.comparePlaying;

/** Shortest time between two redraws of the lines while playing (the cursor moves every frame). */
const PLAYING_REDRAW_MS = 1000;

/**
 * CompareChart: every variant's available pods (solid) and pods not terminating (dashed) on one
 * time axis, with each variant's least-available moment marked. The cursor follows the shared
 * clock outside React; a click or drag seeks every variant.
 */
export function CompareChart() {
  const t = useT();
  const playing = useAppStore(playingOf);
  // While playing, four 2,000-pod runs add samples four times a second: redraw once a second.
  const variants = useThrottled(useAppStore(variantsOf), PLAYING_REDRAW_MS, playing);
  const endTime = useThrottled(useAppStore(endOf), PLAYING_REDRAW_MS, playing);
  const box = useRef<HTMLDivElement>(null);
  const cursor = useRef<SVGLineElement>(null);
  const { width, height } = useSize(box);
  // From a little before the first rollout: the creation before it is the same in every variant.
  const starts = variants.flatMap((v) => (v.rollout ? [v.rollout.startSeconds] : []));
  const from =
    starts.length > 0 && starts.length === variants.length ? Math.max(0, Math.min(...starts) - 5) : 0;
  const model = useMemo(
    () =>
      compareChartModel(
        variants.map((v) => v.series),
        endTime,
        width,
        height,
        from,
      ),
    [variants, endTime, width, height, from],
  );

  useEffect(() => {
    const place = (time: number) => {
      const x = String(model.x(time));
      cursor.current?.setAttribute('x1', x);
      cursor.current?.setAttribute('x2', x);
    };
    place(timeOf(appStore.getState()));
    return appStore.subscribe((next, prev) => {
      if (timeOf(next) !== timeOf(prev)) place(timeOf(next));
    });
  }, [model]);

  const seekAt = (clientX: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (rect) compareSeek(model.invertX(clientX - rect.left));
  };
  const bottom = height - CHART_MARGINS.bottom;
  return (
    <div ref={box} className="relative h-full min-h-28 w-full select-none" data-testid="compare-chart">
      {width > 0 && height > 0 ? (
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={t('compare.chart.label')}
          className="block touch-none text-slate-700 dark:text-slate-300"
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            seekAt(e.clientX);
          }}
          onPointerMove={(e) => {
            if (e.currentTarget.hasPointerCapture(e.pointerId)) seekAt(e.clientX);
          }}
        >
          <ChartTicks
            yTicks={model.yTicks}
            xTicks={model.xTicks.map((tk) => ({ ...tk, label: `${tk.value}s` }))}
            left={CHART_MARGINS.left}
            right={width - CHART_MARGINS.right}
            xLabelY={bottom + 14}
          />
          {model.lines.map((ln, i) => (
            <g key={variants[i]?.id} data-testid="compare-series" data-variant={variantLetter(i)}>
              <path
                d={ln.pods}
                fill="none"
                stroke={VARIANT_COLOURS[i]}
                strokeWidth={1.5}
                strokeDasharray="5 3"
              />
              <path d={ln.available} fill="none" stroke={VARIANT_COLOURS[i]} strokeWidth={2.5} />
            </g>
          ))}
          {variants.map((v, i) => {
            const r = v.rollout;
            if (!r) return null;
            const px = model.x(r.minAvailableSeconds);
            const py = model.y(r.minAvailable);
            return (
              <path
                key={v.id}
                d={`M${px - 5},${py - 10}h10l-5,9z`}
                fill={VARIANT_COLOURS[i]}
                className="stroke-white dark:stroke-slate-900"
                data-testid="compare-min-marker"
              >
                <title>
                  {`${variantLetter(i)}: ${t('compare.summary.marker', {
                    n: r.minAvailable,
                    replicas: r.replicas,
                    time: seconds(r.minAvailableSeconds),
                    revision: r.revision ?? '?',
                  })}`}
                </title>
              </path>
            );
          })}
          <line
            ref={cursor}
            y1={CHART_MARGINS.top - 4}
            y2={bottom}
            className="stroke-accent"
            strokeWidth={2}
          />
        </svg>
      ) : null}
    </div>
  );
}
