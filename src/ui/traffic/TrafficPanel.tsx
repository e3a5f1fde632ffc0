import { useMemo, useState } from 'react';
import { useAppStore } from '../../state/hooks.ts';
import { trafficSelector } from '../../state/selectors.ts';
import type { AppState } from '../../state/store.ts';
import { useTrafficT } from './i18n.ts';
import { TrafficChart } from './TrafficChart.tsx';
import { TrafficReadout } from './TrafficReadout.tsx';
import { secondAt, serviceSeries, trafficRevisions, trafficServices } from './trafficSeries.ts';

/** The whole second the cursor is in: the readout re-renders once a virtual second, not every frame. */
const cursorSecond = (s: AppState) => Math.floor(s.time);

/**
 * TrafficPanel is the region named Traffic (DESIGN.md §15) under the timeline chart: one
 * Service's requests per second by outcome on the timeline's time axis, and beside it the legend
 * with the numbers at the cursor. A picker chooses the Service when several have traffic.
 */
export function TrafficPanel({ end }: { end: number }) {
  const t = useTrafficT();
  const all = useAppStore(trafficSelector);
  const second = useAppStore(cursorSecond);
  const services = useMemo(() => trafficServices(all), [all]);
  const [picked, setPicked] = useState<string | null>(null);
  const service = picked !== null && services.includes(picked) ? picked : (services[0] ?? '');
  const series = useMemo(() => serviceSeries(all, service), [all, service]);
  const revisions = useMemo(() => trafficRevisions(series), [series]);
  return (
    <section
      aria-label={t('region')}
      data-testid="traffic"
      data-service={service}
      className="flex min-h-20 flex-1 flex-col gap-2 md:flex-row"
    >
      <div className="timeline-chart-box min-h-20 min-w-0 flex-1">
        <TrafficChart series={series} service={service} end={end} />
      </div>
      <div
        className="relative flex shrink-0 flex-col gap-1.5 overflow-auto focus-visible:outline-2 focus-visible:outline-accent md:w-72"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the legend scrolls on a short screen, so keyboard users must reach it
        tabIndex={0}
      >
        {services.length > 1 ? (
          <label className="flex items-center gap-1 text-xs">
            <span className="font-semibold">{t('service')}</span>
            <select
              value={service}
              onChange={(e) => setPicked(e.target.value)}
              className="min-w-0 flex-1 rounded border border-slate-300 bg-white px-1 py-0.5 font-mono dark:border-slate-600 dark:bg-slate-900"
            >
              {services.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <p className="truncate font-mono text-xs" title={service}>
            {service}
          </p>
        )}
        <TrafficReadout revisions={revisions} second={second} at={secondAt(series, second)} />
      </div>
    </section>
  );
}
