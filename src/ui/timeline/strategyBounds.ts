/**
 * The band the strategy promises: at most replicas + maxSurge pods, at least replicas −
 * maxUnavailable available. Every chart point carries each RollingUpdate workload's resolved
 * strategy (src/timeline/derived.ts), so the band is known over the whole run and steps where the
 * spec changes: Seed's 10 replicas at 25% / 25% give 8…13, and after a scale to 15 they give 12…19.
 */
import type { SeriesPoint } from '../../worker/protocol.ts';
import type { Bounds } from './chartSeries.ts';

/**
 * boundsOf is the band at a point: that of its one RollingUpdate workload, else none (a Recreate
 * or OnDelete workload promises no band, and two bands on one chart would mix their series).
 */
export function boundsOf(point: Pick<SeriesPoint, 'strategy'> | null): Bounds | null {
  if (!point) return null;
  let only: SeriesPoint['strategy'][string] | undefined;
  let n = 0;
  for (const k in point.strategy) {
    only = point.strategy[k];
    n++;
  }
  if (n !== 1 || !only) return null;
  // A DaemonSet's maxUnavailable may exceed its node count (5 of 3 nodes): none can be below 0.
  return { lower: Math.max(0, only.replicas - only.unavailable), upper: only.replicas + only.surge };
}

/** The kinds whose band the note below the chart explains in their own terms. */
export type BandKind = 'Deployment' | 'DaemonSet' | 'StatefulSet';

/**
 * bandKindOf is the kind of the one workload whose band boundsOf draws (its key is `Kind/name`),
 * null when it draws none: the note then says what a Deployment's, a DaemonSet's (against the nodes
 * that should run it) or a StatefulSet's (no surge, one pod down at a time) band promises.
 */
export function bandKindOf(point: Pick<SeriesPoint, 'strategy'> | null): BandKind | null {
  if (!boundsOf(point) || !point) return null;
  for (const k in point.strategy) {
    const kind = k.slice(0, k.indexOf('/'));
    if (kind === 'Deployment' || kind === 'DaemonSet' || kind === 'StatefulSet') return kind;
  }
  return null;
}
