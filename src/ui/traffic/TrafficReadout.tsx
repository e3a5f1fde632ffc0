import { useId } from 'react';
import { useTrafficT } from './i18n.ts';
import { ERROR_OUTCOMES, type ErrorOutcome, type TrafficSecond } from './trafficSeries.ts';
import { okColor, patternId } from './trafficStyle.ts';
import { TrafficPatterns } from './TrafficPatterns.tsx';

/** Swatch is a legend entry's sample of its layer's fill. */
function Swatch({ fill }: { fill: string }) {
  return (
    <svg width="12" height="10" aria-hidden="true" className="shrink-0">
      <rect
        width="12"
        height="10"
        fill={fill}
        className="stroke-slate-900/60 dark:stroke-slate-100/60"
        strokeWidth={0.5}
      />
    </svg>
  );
}

const ROW = 'flex min-w-0 items-center gap-1';
const VALUE = 'ml-auto pl-1 font-mono tabular-nums';

/**
 * TrafficReadout is the chart's legend and its numbers at the cursor: for the second the cursor
 * is in, the ok requests of each revision (left) and each error outcome (right, two by two), and the size of
 * the client node's programmed endpoint set. Every layer the chart can draw is listed, so each
 * colour is named even where its layer is empty; an outcome's title says what it means.
 */
export function TrafficReadout(props: {
  revisions: readonly string[];
  second: number;
  at: TrafficSecond | null;
}) {
  const t = useTrafficT();
  const uid = useId();
  const { revisions, second, at } = props;
  return (
    <div className="flex flex-col gap-0.5 text-xs" data-testid="traffic-readout" data-second={second}>
      {/* The swatches' patterns: the legend's own, as the chart may not be drawn yet. */}
      <svg width="0" height="0" aria-hidden="true" className="absolute">
        <TrafficPatterns uid={uid} />
      </svg>
      <p>
        <span className="font-semibold">{t('at', { second })}</span>
        <span className="text-slate-600 dark:text-slate-400">
          {' · '}
          {at ? t('endpoints', { count: at.endpoints }) : t('idle')}
        </span>
      </p>
      {/* ok by revision in the first column, the four error outcomes two by two beside it: three
          rows less than one outcome a row, so the legend fits the region at 1280×720. */}
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)] gap-x-3">
        <ul className="flex min-w-0 flex-col gap-0.5">
          {revisions.map((rev) => (
            <li key={rev} className={ROW} data-testid="traffic-ok" data-revision={rev}>
              <Swatch fill={okColor(rev)} />
              <span className="truncate">{t('okRevision', { revision: rev })}</span>
              <span className={VALUE}>{at?.byRevision[rev] ?? 0}</span>
            </li>
          ))}
        </ul>
        <ul className="grid min-w-0 grid-cols-2 content-start gap-x-3 gap-y-0.5">
          {ERROR_OUTCOMES.map((o: ErrorOutcome) => (
            <li
              key={o}
              className={ROW}
              title={t(`outcomeTitle.${o}`)}
              data-testid="traffic-error"
              data-outcome={o}
            >
              <Swatch fill={`url(#${patternId(uid, o)})`} />
              <span className="truncate">{t(`outcome.${o}`)}</span>
              <span className={VALUE}>{at?.[o] ?? 0}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
