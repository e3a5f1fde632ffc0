import type { SeriesPoint } from '../../worker/protocol.ts';
import { REVISION_STYLES, revisionStyle } from '../common/revisionStyle.ts';
import type { Metric } from './chartSeries.ts';

/** How each metric's line is drawn (dash and width), the same in the chart and its legend. */
export const METRIC_STYLE: Record<Metric, { dash: string | undefined; width: number }> = {
  desired: { dash: '6 4', width: 1.5 },
  current: { dash: '1 3', width: 2 },
  ready: { dash: '3 2', width: 1.5 },
  available: { dash: undefined, width: 2.75 },
};

/**
 * seriesRevisions maps each ReplicaSet series to its revision at its last sample over the whole
 * recording, so a line keeps one colour wherever the cursor is (a rollback gives a ReplicaSet a
 * new revision: its line takes the one it ends with). DaemonSet series have none.
 */
export function seriesRevisions(series: readonly SeriesPoint[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of series)
    for (const [key, v] of Object.entries(p.values)) if (v.revision) out.set(key, v.revision);
  return out;
}

/**
 * seriesColor is a series' colour: a ReplicaSet's revision colour (the same as its pods'), a
 * DaemonSet's the bluish green of the cycle.
 */
export function seriesColor(key: string, revisions: ReadonlyMap<string, number>): string {
  const revision = revisions.get(key);
  return revision === undefined ? (REVISION_STYLES[1]?.color ?? '#009e73') : revisionStyle(revision).color;
}
