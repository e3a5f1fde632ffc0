/**
 * The packed pod snapshot for big clusters (> 1,000 pods): typed arrays a canvas reads directly,
 * outside React. The worker transfers the buffers; the store only bumps `podsPacked.version`.
 */
import type { PackedPods } from '../worker/protocol.ts';

export type { PackedPods } from '../worker/protocol.ts';

let current: PackedPods | null = null;

/** getPackedPods is the latest packed snapshot, or null while the pods travel as PodView objects. */
export function getPackedPods(): PackedPods | null {
  return current;
}

/** setPackedPods replaces the packed snapshot (null: the cluster is small again). */
export function setPackedPods(packed: PackedPods | null): void {
  current = packed;
}
