import { useId, useMemo, useRef } from 'react';
import { useRootFontPx } from '../common/useRootFontPx.ts';
import { CHART_BOX, scaleMargins } from '../timeline/chartSeries.ts';
import { useSize } from '../timeline/useSize.ts';
import { useTimeCursor } from '../timeline/useTimeCursor.ts';
import { useTrafficT } from './i18n.ts';
import { trafficModel } from './trafficModel.ts';
import type { TrafficSecond } from './trafficSeries.ts';
import { okColor, patternId } from './trafficStyle.ts';
import { TrafficPatterns } from './TrafficPatterns.tsx';

interface TrafficChartProps {
  /** One Service's seconds, in order. */
  series: readonly TrafficSecond[];
  service: string;
  /** The timeline chart's end (activityEnd): both charts share the time axis. */
  end: number;
}

/**
 * TrafficChart draws one Service's requests per second under the timeline chart, on its time
 * axis. Like the timeline chart, its cursor follows the store's time through a transient
 * subscription (no React render per frame), and a click or drag seeks: the two scrub together.
 */
export function TrafficChart({ series, service, end }: TrafficChartProps) {
  const t = useTrafficT();
  const uid = useId();
  const box = useRef<HTMLDivElement>(null);
  const cursor = useRef<SVGLineElement>(null);
  const { width, height } = useSize(box);
  const rootPx = useRootFontPx();
  const margins = useMemo(() => scaleMargins(rootPx), [rootPx]);
  const model = useMemo(
    () => trafficModel(series, end, width, height, margins),
    [series, end, width, height, margins],
  );

  const seekAt = useTimeCursor(model, box, cursor);

  const plotBottom = height - margins.bottom;
  const left = margins.left;
  const right = width - margins.right;
  return (
    <div ref={box} className={`${CHART_BOX} select-none`} data-testid="traffic-chart">
      {width > 0 && height > 0 ? (
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={t('chartLabel', { service })}
          className="block touch-none text-slate-700 dark:text-slate-300"
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            seekAt(e.clientX);
          }}
          onPointerMove={(e) => {
            if (e.currentTarget.hasPointerCapture(e.pointerId)) seekAt(e.clientX);
          }}
        >
          <TrafficPatterns uid={uid} />
          <rect
            x={left}
            y={model.errorBand.top}
            width={Math.max(0, right - left)}
            height={Math.max(0, model.errorBand.bottom - model.errorBand.top)}
            className="fill-slate-200/50 dark:fill-slate-800/50"
          />
          {[...model.okTicks, ...model.errorTicks].map((tk) => (
            <g key={`${tk.y}`}>
              <line
                x1={left}
                x2={right}
                y1={tk.y}
                y2={tk.y}
                className="stroke-slate-200 dark:stroke-slate-800"
              />
              <text
                x={left - 4}
                y={tk.y}
                dy="0.32em"
                textAnchor="end"
                className="fill-current text-[0.625rem]"
              >
                {tk.label}
              </text>
            </g>
          ))}
          {model.xTicks.map((tk) => (
            <text
              key={tk.value}
              x={tk.x}
              y={plotBottom + margins.bottom * 0.64}
              textAnchor="middle"
              className="fill-current text-[0.625rem]"
            >
              {tk.label}
            </text>
          ))}
          {model.layers.map((l) =>
            l.d === '' ? null : l.key.kind === 'ok' ? (
              <path
                key={`ok:${l.key.revision}`}
                d={l.d}
                fill={okColor(l.key.revision)}
                fillOpacity={0.85}
                data-layer={`ok:${l.key.revision}`}
              />
            ) : (
              <path
                key={l.key.outcome}
                d={l.d}
                fill={`url(#${patternId(uid, l.key.outcome)})`}
                className="stroke-slate-900 dark:stroke-slate-100"
                strokeWidth={0.5}
                data-layer={l.key.outcome}
              />
            ),
          )}
          <line x1={left} x2={right} y1={model.zeroY} y2={model.zeroY} className="stroke-slate-500" />
          {/* Bottom corner, on the side with fewer errors, with a halo in the panel's colour: the
              bars hang from the line, so at its top corner the note sat on every error second. */}
          <text
            x={model.errorNote === 'end' ? right - 2 : left + 2}
            y={model.errorBand.bottom - 2}
            textAnchor={model.errorNote}
            paintOrder="stroke"
            strokeWidth={3}
            strokeLinejoin="round"
            className="fill-slate-600 stroke-white text-[0.625rem] dark:fill-slate-400 dark:stroke-slate-900"
            data-testid="traffic-error-note"
            data-side={model.errorNote}
          >
            {t('errors')}
          </text>
          {model.errorPeak === 0 ? (
            <text
              x={(left + right) / 2}
              y={(model.errorBand.top + model.errorBand.bottom) / 2}
              dy="0.32em"
              textAnchor="middle"
              className="fill-current text-[0.625rem]"
              data-testid="traffic-no-errors"
            >
              {t('noErrors')}
            </text>
          ) : null}
          <line
            ref={cursor}
            y1={margins.top - 4}
            y2={plotBottom}
            className="stroke-accent"
            strokeWidth={2}
            data-testid="traffic-cursor"
          />
        </svg>
      ) : null}
    </div>
  );
}
