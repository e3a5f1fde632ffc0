/**
 * The band the strategy promises, known honestly: a workload's spec (replicas, maxSurge,
 * maxUnavailable) changes only through user actions, so it is constant between two chart markers.
 * The workload view at the cursor gives the band of the cursor's segment; segments the reader has
 * visited are remembered, the others stay blank rather than guessed.
 */
import type { ActionMarker, WorkloadView } from '../../worker/protocol.ts';
import type { Bounds } from './chartModel.ts';

/** segmentKey names the segment holding virtual time `time`: the last marker at or before it. */
export function segmentKey(markers: readonly ActionMarker[], time: number): string {
  let key = 'start';
  for (const m of markers) {
    if (m.time > time) break;
    key = `${m.tick}:${m.label}`;
  }
  return key;
}

/** boundsOf is the band of the workloads at the cursor: one RollingUpdate workload, else none. */
export function boundsOf(workloads: readonly WorkloadView[]): Bounds | null {
  const rolling = workloads.filter((w) => w.strategy === 'RollingUpdate');
  const w = rolling.length === 1 ? rolling[0] : undefined;
  if (!w) return null;
  return { lower: w.replicas - w.resolvedUnavailable, upper: w.replicas + w.resolvedSurge };
}

/** BoundsMemory remembers the band of each segment seen (keys stay valid across forks). */
export class BoundsMemory {
  private readonly known = new Map<string, Bounds | null>();

  /** see records the band of the cursor's segment; returns true when it changed what is known. */
  see(markers: readonly ActionMarker[], time: number, workloads: readonly WorkloadView[]): boolean {
    if (workloads.length === 0) return false;
    const key = segmentKey(markers, time);
    const b = boundsOf(workloads);
    const old = this.known.get(key);
    if (this.known.has(key) && old?.lower === b?.lower && old?.upper === b?.upper) return false;
    this.known.set(key, b);
    return true;
  }

  /** at is the band at virtual time `time`, or null when its segment is unknown or has none. */
  at(markers: readonly ActionMarker[], time: number): Bounds | null {
    return this.known.get(segmentKey(markers, time)) ?? null;
  }

  /** clear forgets everything (another scenario was loaded). */
  clear(): void {
    this.known.clear();
  }
}
