/**
 * The compare view's pods: one packed snapshot per variant, replaced with every compare frame and
 * read by the variant canvases outside React (like podBuffer.ts for the run's cluster).
 */
import type { PackedPods } from '../worker/protocol.ts';

let current: (PackedPods | null)[] = [];
const listeners = new Set<(variants: readonly (PackedPods | null)[]) => void>();

/** getComparePods is the latest snapshot of each variant (null: no pods, or the variant is in error). */
export function getComparePods(): readonly (PackedPods | null)[] {
  return current;
}

/** setComparePods replaces every variant's snapshot and tells the listeners. */
export function setComparePods(variants: (PackedPods | null)[]): void {
  current = variants;
  for (const l of listeners) l(variants);
}

/** subscribeComparePods calls `listener` with every new set of snapshots; returns the unsubscribe. */
export function subscribeComparePods(
  listener: (variants: readonly (PackedPods | null)[]) => void,
): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
