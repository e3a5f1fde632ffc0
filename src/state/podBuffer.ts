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

let split: { names: string | Uint8Array; list: string[] } | null = null;

/** Names sent as bytes are ASCII (protocol.ts): UTF-8 decodes them to the same characters. */
const decoder = new TextDecoder();

/** namesText is a packed snapshot's names, one a line, as text. */
export function namesText(names: string | Uint8Array): string {
  return typeof names === 'string' ? names : decoder.decode(names);
}

/** podName is the name of pod `i` of a packed snapshot (its names decoded and split once per snapshot). */
export function podName(packed: PackedPods, i: number): string | null {
  if (split?.names !== packed.names)
    split = { names: packed.names, list: namesText(packed.names).split('\n') };
  return split.list[i] ?? null;
}
