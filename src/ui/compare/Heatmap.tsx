import { useId, useMemo, useRef } from 'react';
import { selectCell } from '../../state/sweepActions.ts';
import type { SweepCell, SweepSetup } from '../../state/sweepGrid.ts';
import { useT } from '../common/useT.ts';
import { useSize } from '../timeline/useSize.ts';
import { cellText } from './cellText.ts';
import { HEAT_MARGINS, type HeatMetric, formatValue, heatmapModel, lowerIsBetter } from './heatmapModel.ts';

interface HeatmapProps {
  metric: HeatMetric;
  setup: SweepSetup;
  cells: readonly SweepCell[];
  selected: { xi: number; yi: number } | null;
}

/**
 * Heatmap draws one figure of a sweep over its two fields, with a legend. Each cell is a button
 * (its name says the variant and figures); clicking one picks it for the details below.
 */
export function Heatmap({ metric, setup, cells, selected }: HeatmapProps) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const { width, height } = useSize(box);
  const hatch = useId();
  const captionId = useId();
  const model = useMemo(
    () => heatmapModel(setup, cells, metric, width, height),
    [setup, cells, metric, width, height],
  );
  const title = t(`compare.sweep.${metric}`);
  return (
    <figure className="flex min-h-0 min-w-0 flex-1 flex-col gap-1" aria-label={title}>
      <figcaption id={captionId} className="flex flex-wrap items-center gap-x-3 text-sm font-semibold">
        {title}
        <Legend metric={metric} domain={model.domain} stops={model.stops} hatch={hatch} />
      </figcaption>
      <div ref={box} className="min-h-48 flex-1" data-testid={`heatmap-${metric}`}>
        {width > 0 && height > 0 ? (
          // biome-ignore lint/a11y/useSemanticElements: the cells are SVG; a fieldset cannot hold them
          <svg
            width={width}
            height={height}
            role="group"
            aria-labelledby={captionId}
            className="block text-slate-700 dark:text-slate-300"
          >
            <defs>
              <pattern
                id={hatch}
                width="6"
                height="6"
                patternUnits="userSpaceOnUse"
                patternTransform="rotate(45)"
              >
                <rect width="6" height="6" className="fill-slate-100 dark:fill-slate-800" />
                <line
                  x1="0"
                  y1="0"
                  x2="0"
                  y2="6"
                  className="stroke-slate-400 dark:stroke-slate-500"
                  strokeWidth="2"
                />
              </pattern>
            </defs>
            {model.cells.map((c) => {
              const isSel = selected?.xi === c.cell.xi && selected?.yi === c.cell.yi;
              const label = cellText(t, setup, c.cell, metric);
              return (
                // biome-ignore lint/a11y/useSemanticElements: an SVG cell cannot be a <button>
                <g
                  key={`${c.cell.xi}-${c.cell.yi}`}
                  role="button"
                  tabIndex={0}
                  aria-label={label}
                  aria-pressed={isSel}
                  data-testid="sweep-cell"
                  data-kind={c.kind}
                  className="cursor-pointer focus-visible:outline-none [&:focus-visible>rect]:stroke-accent"
                  onClick={() => selectCell({ xi: c.cell.xi, yi: c.cell.yi })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      selectCell({ xi: c.cell.xi, yi: c.cell.yi });
                    }
                  }}
                >
                  <title>{label}</title>
                  <rect
                    x={c.x}
                    y={c.y}
                    width={c.w}
                    height={c.h}
                    fill={c.fill ?? (c.kind === 'pending' ? 'none' : `url(#${hatch})`)}
                    strokeWidth={isSel ? 3 : 2}
                    className={
                      isSel
                        ? 'stroke-slate-900 dark:stroke-white'
                        : c.kind === 'pending'
                          ? 'stroke-slate-300 dark:stroke-slate-700'
                          : 'stroke-transparent'
                    }
                  />
                  {c.w >= 22 && c.h >= 12 ? (
                    <text
                      x={c.x + c.w / 2}
                      y={c.y + c.h / 2}
                      dy="0.35em"
                      textAnchor="middle"
                      fill={c.ink}
                      className={`pointer-events-none font-medium tabular-nums ${c.kind === 'value' ? 'text-[0.625rem]' : 'text-sm'}`}
                    >
                      {c.text}
                    </text>
                  ) : null}
                </g>
              );
            })}
            {model.xTicks.map((tk) => (
              <text
                key={tk.label}
                x={tk.x}
                y={height - HEAT_MARGINS.bottom + 12}
                textAnchor="middle"
                className="fill-current text-[0.625rem]"
              >
                {tk.label}
              </text>
            ))}
            <text
              x={(HEAT_MARGINS.left + width) / 2}
              y={height - 4}
              textAnchor="middle"
              className="fill-current font-mono text-xs"
            >
              {setup.x.field}
            </text>
            {model.yTicks.map((tk) => (
              <text
                key={tk.label}
                x={HEAT_MARGINS.left - 4}
                y={tk.y}
                dy="0.32em"
                textAnchor="end"
                className="fill-current text-[0.625rem]"
              >
                {tk.label}
              </text>
            ))}
            <text
              transform={`translate(10 ${(height - HEAT_MARGINS.bottom) / 2}) rotate(-90)`}
              textAnchor="middle"
              className="fill-current font-mono text-xs"
            >
              {setup.y.field}
            </text>
          </svg>
        ) : null}
      </div>
    </figure>
  );
}

interface LegendProps {
  metric: HeatMetric;
  domain: [number, number] | null;
  stops: { offset: number; color: string }[];
  hatch: string;
}

/** Legend: the colour ramp with its two ends (brighter is better), and the marked cells. */
function Legend({ metric, domain, stops, hatch }: LegendProps) {
  const t = useT();
  const gradient = useId();
  const [lo, hi] = domain ?? [0, 0];
  // Bright (right) is the better end: the shortest duration, the most pods available.
  const left = lowerIsBetter(metric) ? hi : lo;
  const right = lowerIsBetter(metric) ? lo : hi;
  return (
    <span
      className="inline-flex flex-wrap items-center gap-x-2 text-xs font-normal"
      data-testid={`legend-${metric}`}
    >
      {domain ? (
        <span className="inline-flex items-center gap-1">
          <span className="tabular-nums">{formatValue(metric, left)}</span>
          <svg width="80" height="10" aria-hidden="true">
            <defs>
              <linearGradient id={gradient}>
                {stops.map((s) => (
                  <stop key={s.offset} offset={s.offset} stopColor={s.color} />
                ))}
              </linearGradient>
            </defs>
            <rect width="80" height="10" fill={`url(#${gradient})`} />
          </svg>
          <span className="tabular-nums">{formatValue(metric, right)}</span>
          <span className="text-slate-600 dark:text-slate-400">{t(`compare.sweep.better.${metric}`)}</span>
        </span>
      ) : null}
      <span className="inline-flex items-center gap-1">
        <svg width="12" height="12" aria-hidden="true">
          <rect width="12" height="12" fill={`url(#${hatch})`} />
        </svg>
        {t(
          metric === 'duration'
            ? 'compare.sweep.legendMarkedDuration'
            : metric === 'errors'
              ? 'compare.sweep.legendMarkedErrors'
              : 'compare.sweep.legendMarked',
        )}
      </span>
    </span>
  );
}
