import type { ReplicaSetView, WorkloadView } from '../../worker/protocol.ts';
import { type RevisionIndex, revisionStyle, styleForRank } from '../common/revisionStyle.ts';
import type { Metric } from './chartModel.ts';

/** How each metric's line is drawn (dash and width), the same in the chart and its legend. */
export const METRIC_STYLE: Record<Metric, { dash: string | undefined; width: number }> = {
  desired: { dash: '6 4', width: 1.5 },
  current: { dash: '1 3', width: 2 },
  ready: { dash: '3 2', width: 1.5 },
  available: { dash: undefined, width: 2.75 },
};

/**
 * seriesColor is the revision colour of a series key: a ReplicaSet's at the cursor, a DaemonSet's
 * newest; a ReplicaSet that does not exist at the cursor ranks by when it appeared (later = newer).
 */
export function seriesColor(
  key: string,
  keys: readonly string[],
  replicaSets: readonly ReplicaSetView[],
  workloads: readonly WorkloadView[],
  index: RevisionIndex,
): string {
  const rs = replicaSets.find((r) => r.name === key);
  if (rs) return revisionStyle(index, rs.deployment, rs.revision).color;
  if (workloads.some((w) => w.name === key)) return styleForRank(0).color;
  const order = keys.indexOf(key);
  return styleForRank(order < 0 ? 3 : keys.length - 1 - order).color;
}
