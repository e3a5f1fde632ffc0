import type { SeriesPoint } from '../../worker/protocol.ts';
import { useT } from '../common/useT.ts';

interface SeriesReadoutProps {
  point: SeriesPoint | null;
  keys: readonly string[];
  colorOf(key: string): string;
  revisionOf(key: string): number | null;
}

/** SeriesReadout lists each series' counters at the cursor: the chart's numbers in words. */
export function SeriesReadout({ point, keys, colorOf, revisionOf }: SeriesReadoutProps) {
  const t = useT();
  return (
    <ul className="flex flex-col gap-0.5 text-xs" aria-label={t('timeline.readoutLabel')}>
      {keys.map((key) => {
        const v = point?.values[key];
        const revision = revisionOf(key);
        return (
          <li
            key={key}
            data-testid="series-readout"
            data-series={key}
            data-revision={revision ?? undefined}
            data-desired={v?.desired ?? 0}
            data-current={v?.current ?? 0}
            data-ready={v?.ready ?? 0}
            data-available={v?.available ?? 0}
            className="flex flex-wrap items-center gap-x-1.5"
          >
            <span
              className="inline-block size-2.5 shrink-0 rounded-full"
              style={{ background: colorOf(key) }}
              aria-hidden="true"
            />
            <span className="max-w-56 truncate font-mono" title={key}>
              {key}
            </span>
            {revision !== null ? <span>{t('view.rev', { revision })}</span> : null}
            <span className="font-mono tabular-nums">
              {t('timeline.counters', {
                desired: v?.desired ?? 0,
                current: v?.current ?? 0,
                ready: v?.ready ?? 0,
                available: v?.available ?? 0,
              })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
