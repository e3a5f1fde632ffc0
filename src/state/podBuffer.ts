/**
 * The packed pod snapshot for big clusters (> 1,000 pods): typed arrays a canvas reads directly,
 * outside React. The worker transfers the buffers with every frame; the store's `podsPacked`
 * ({version, count}) changes with each, and `subscribePackedPods` calls back on each without
 * going through the store at all.
 */
import type { PackedPods } from '../worker/protocol.ts';

export type { PackedPods } from '../worker/protocol.ts';

let current: PackedPods | null = null;
const listeners = new Set<(packed: PackedPods | null) => void>();

/** getPackedPods is the latest packed snapshot, or null while the pods travel as PodView objects. */
export function getPackedPods(): PackedPods | null {
  return current;
}

/** setPackedPods replaces the packed snapshot (null: the cluster is small again) and tells the listeners. */
export function setPackedPods(packed: PackedPods | null): void {
  current = packed;
  for (const l of listeners) l(packed);
}

/** subscribePackedPods calls `listener` with every new snapshot; returns the unsubscribe. */
export function subscribePackedPods(listener: (packed: PackedPods | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let split: { text: string; list: string[] } | null = null;

/** podName is the name of pod `i` of a packed snapshot (split from its names once per snapshot). */
export function podName(packed: PackedPods, i: number): string | null {
  if (split?.text !== packed.names) split = { text: packed.names, list: packed.names.split('\n') };
  return split.list[i] ?? null;
}
