/**
 * The store's state and its one write path (emit): what the object store holds, how a key is
 * made, and the watch event each write records. The store's operations (create, update, delete)
 * are in store.ts, which re-exports all of this.
 */
import type { Kind, KubeObject, ObjectMeta, ObjectOf, WatchEventType } from '../api/types.ts';
import { KINDS } from '../api/types.ts';
import type { PrngState } from '../lib/prng.ts';
import { stringMemo } from '../lib/stringMemo.ts';
import { cloneEventLeases, type EventLeases, newEventLeases } from './eventLeases.ts';

/** One write as a watch event: what a watcher of `kind` receives. */
export interface WatchRecord {
  type: WatchEventType;
  object: KubeObject;
}

export interface StoreState {
  /** The last resourceVersion handed out (etcd's revision). */
  rv: number;
  objects: Record<Kind, Map<string, KubeObject>>;
  /** The Events' etcd leases (--event-ttl): which Events expire when (eventLeases.ts). */
  leases: EventLeases;
  /**
   * The scheduler's view of nodes and their bound pods, terminating ones included (derived, kept
   * up to date by emit once built; absent after a keyframe restore until the scheduler next runs).
   * The scheduler builds it (scheduler/cache/cache.ts schedulerCache); the store only tells it of
   * each pod and node write, and knows no scheduler (issue 27).
   */
  schedCache?: StoreIndex | undefined;
}

/** A view derived from the store's pods and nodes that its writes keep up to date. */
export interface StoreIndex {
  /** onWrite folds one write in: `prev` is what the store held under `key`, `next` what it holds now (undefined once deleted). */
  onWrite(prev: KubeObject | undefined, next: KubeObject | undefined, key: string): void;
}

/** The per-write context: the virtual clock, the PRNG, and where the watch events go. */
export interface WriteContext {
  now: number;
  prng: PrngState;
  writes: WatchRecord[];
  /**
   * The store key of each write, beside `writes` (made at the first write, at its size: most
   * ticks write once): the store's own string, so the delivery of a pod, then its scheduling and
   * kubelet steps, look it up by one string whose hash is already known instead of building
   * `namespace/name` again for each.
   */
  keys?: string[] | undefined;
}

export function newStoreState(): StoreState {
  const objects = {} as Record<Kind, Map<string, KubeObject>>;
  for (const k of KINDS) objects[k] = new Map();
  return { rv: 0, objects, leases: newEventLeases() };
}

/** objectKey is the cache key: `namespace/name`, or `name` for cluster-scoped kinds (Node, Namespace). */
/**
 * cloneStoreState copies the store's maps; its objects are immutable and shared. The scheduler's
 * index is left out: it is derived from the objects, and the copy rebuilds it when first needed.
 */
export function cloneStoreState(s: StoreState): StoreState {
  const objects = {} as Record<Kind, Map<string, KubeObject>>;
  for (const k of KINDS) objects[k] = new Map(s.objects[k]);
  return { rv: s.rv, objects, leases: cloneEventLeases(s.leases) };
}

export function objectKey(obj: { kind: Kind; metadata: ObjectMeta }): string {
  return keyOf(obj.kind, obj.metadata);
}

export function keyOf(kind: Kind, meta: ObjectMeta): string {
  return kind === 'Node' || kind === 'Namespace' || kind === 'PersistentVolume' ? meta.name : `${meta.namespace ?? 'default'}/${meta.name}`;
}


/** Kinds whose spec changes bump metadata.generation. */
export const GENERATION_KINDS: ReadonlySet<Kind> = new Set(['Deployment', 'ReplicaSet', 'DaemonSet', 'PodDisruptionBudget', 'HorizontalPodAutoscaler', 'EndpointSlice', 'StatefulSet']);

/**
 * emit stores (or drops) the object under its key, objectKey(obj), and records the watch event.
 * `prev` is what the store holds under the key when the caller has just read it (null: nothing),
 * for the scheduler cache; left out, it is looked up. Each of the 10k rollout's ~80,000 pod writes
 * read it already: one probe of the 20,000-entry pod map fewer each.
 */
export function emit(st: StoreState, ctx: WriteContext, type: WatchEventType, obj: KubeObject, key: string, prev?: KubeObject | null): void {
  const cache = st.schedCache;
  if (cache !== undefined && (obj.kind === 'Pod' || obj.kind === 'Node')) {
    const held = prev === undefined ? st.objects[obj.kind].get(key) : prev === null ? undefined : prev;
    cache.onWrite(held, type === 'DELETED' ? undefined : obj, key);
  }
  if (type === 'DELETED') st.objects[obj.kind].delete(key);
  else st.objects[obj.kind].set(key, obj);
  ctx.writes.push({ type, object: obj });
  if (ctx.keys === undefined) ctx.keys = [key];
  else ctx.keys.push(key);
}

/** getObject reads the current version of an object straight from the store. */
export function getObject<K extends Kind>(st: StoreState, kind: K, key: string): ObjectOf<K> | undefined {
  return st.objects[kind].get(key) as ObjectOf<K> | undefined;
}

/**
 * `namespace/` for each namespace, made once: `${namespace}/${name}` makes a new `default/` (24
 * bytes) under each key it builds, and the store keeps the key of every Event and pod it creates
 * (110,000 Events in a 10,000-replica rollout). Not store state: the key is the same string.
 */
export const namespacePrefix = stringMemo((namespace) => `${namespace}/`, 1024);
