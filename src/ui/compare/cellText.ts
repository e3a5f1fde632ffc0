/** How a sweep cell reads aloud and in its tooltip: the variant, then its figures. */
import type { TFunction } from 'i18next';
import { variantLabel } from '../../scenario/variantFields.ts';
import type { Spread, SweepCell, SweepSetup } from '../../state/sweepGrid.ts';
import { formatValue, type HeatMetric, metricOf } from './heatmapModel.ts';

/** spreadText is `11.2` for one seed, `min 10.1 · median 11.2 · max 13` over several. */
export function spreadText(t: TFunction, metric: HeatMetric, s: Spread, seeds: number): string {
  if (seeds <= 1 || s.min === s.max) return formatValue(metric, s.median);
  return t('compare.sweep.spread', {
    min: formatValue(metric, s.min),
    median: formatValue(metric, s.median),
    max: formatValue(metric, s.max),
  });
}

/** cellText names a cell and says what it shows for one figure. */
export function cellText(t: TFunction, _setup: SweepSetup, cell: SweepCell, metric: HeatMetric): string {
  const name = variantLabel(cell.variant);
  if (cell.error !== null) return `${name}: ${cell.error}`;
  if (cell.done === 0) return `${name}: ${t('compare.sweep.pending')}`;
  const s = metricOf(cell, metric);
  if (s === null && metric === 'errors') return `${name}: ${t('compare.summary.noTraffic')}`;
  if (s === null) {
    return `${name}: ${t(cell.deadlineExceeded > 0 ? 'compare.sweep.deadline' : 'compare.sweep.incomplete')}`;
  }
  const value = spreadText(t, metric, s, cell.seeds);
  const text =
    metric === 'duration'
      ? t('compare.sweep.durationCell', { value })
      : metric === 'errors'
        ? t('compare.sweep.errorsCell', { value })
        : t('compare.sweep.minAvailableCell', { value, replicas: cell.replicas ?? 0 });
  const stalled =
    metric === 'duration' && cell.incomplete > 0
      ? ` ${t('compare.sweep.someIncomplete', { n: cell.incomplete, seeds: cell.seeds })}`
      : '';
  return `${name}: ${text}${stalled}`;
}
