/**
 * Literal builders for the objects the store keeps by the hundred thousand (every version of every
 * pod and Event stays in the recording's tick log). V8 gives a copy made by spread, `{ ...o, k: v }`,
 * room for four properties in the object itself and puts the rest in a separate property array
 * (~40–90 more bytes in Node, measured: a 5-key pod copy 96 bytes against 64 for the literal). The
 * same object written as one literal holds every property in itself. Each builder writes the keys
 * in the order the spread would (the order is part of the object: JSON, describe, the tick log),
 * and is used only when `keysAre` says the object has exactly that shape; anything else is copied as
 * the spread would copy it (spreadAdding).
 */
import type { KubeObject, ObjectMeta } from '../api/types.ts';

/** keysAre: o's enumerable keys are exactly `keys`, in this order. */
export function keysAre(o: object, keys: readonly string[]): boolean {
  let i = 0;
  for (const k in o) {
    if (k !== keys[i]) return false;
    i++;
  }
  return i === keys.length;
}

/**
 * spreadAdding is `{ ...o, ...extra }` for a copy that gains keys. In Node 20 a spread that gains a
 * key gives each copy a hidden class of its own once its site has type feedback (after ~8 copies,
 * measured: 50 copies of one 8-key spec plus nodeName made 42 classes), so every reader of those
 * objects goes megamorphic: the 100-replica StatefulSet run's 200 bound specs had 185 classes and
 * its 100 deleting pods' metadata 98. Object.assign copies the same keys in the same order into
 * one shared class. A `__proto__` key, which Object.assign would set as the prototype, takes the spread.
 */
export function spreadAdding<T extends object>(o: T, extra: Partial<T>): T {
  if (Object.hasOwn(o, '__proto__') || Object.hasOwn(extra, '__proto__')) return { ...o, ...extra };
  return Object.assign({}, o, extra);
}

const POD_KEYS: readonly string[] = ['apiVersion', 'kind', 'metadata', 'spec', 'status'];
// biome-ignore format: one line
export const EVENT_KEYS: readonly string[] = ['apiVersion', 'kind', 'metadata', 'involvedObject', 'reason', 'message', 'type', 'source', 'firstTimestamp', 'lastTimestamp', 'count', 'reportingComponent', 'reportingInstance'];
/** A pod's metadata once created from a template (store.ts createLiteral), and while it is deleted. */
export const POD_META_STORED: readonly string[] = ['name', 'generateName', 'namespace', 'labels', 'ownerReferences', 'uid', 'resourceVersion', 'creationTimestamp'];
const POD_META_DELETING: readonly string[] = [...POD_META_STORED, 'deletionTimestamp', 'deletionGracePeriodSeconds'];
/**
 * A StatefulSet pod's metadata once created, and while it is deleted: newRevisionedPod writes
 * namespace after ownerReferences (as the upstream pod's ObjectMeta gets it), so these pods missed
 * POD_META_STORED and took the spread copies (statefulPodMeta).
 */
export const STS_POD_META_STORED: readonly string[] = ['name', 'generateName', 'labels', 'ownerReferences', 'namespace', 'uid', 'resourceVersion', 'creationTimestamp'];
const STS_POD_META_DELETING: readonly string[] = [...STS_POD_META_STORED, 'deletionTimestamp', 'deletionGracePeriodSeconds'];
/** A StatefulSet's metadata as created from `metadata: { name, labels }` (the bench's, kubectl create's order). */
const STS_META_STORED: readonly string[] = ['name', 'labels', 'namespace', 'uid', 'resourceVersion', 'creationTimestamp', 'generation'];
/** An Event's metadata once created (store.ts createLiteral). */
export const EVENT_META_STORED: readonly string[] = ['name', 'namespace', 'uid', 'resourceVersion', 'creationTimestamp'];

/** withMetadata is `{ ...o, metadata }`, as a literal for a Pod or an Event. */
export function withMetadata<T extends KubeObject>(o: T, metadata: ObjectMeta): T {
  if (o.kind === 'Pod' && keysAre(o, POD_KEYS)) {
    return { apiVersion: o.apiVersion, kind: o.kind, metadata, spec: o.spec, status: o.status } as T;
  }
  if (o.kind === 'Event' && keysAre(o, EVENT_KEYS)) {
    return {
      apiVersion: o.apiVersion,
      kind: o.kind,
      metadata,
      involvedObject: o.involvedObject,
      reason: o.reason,
      message: o.message,
      type: o.type,
      source: o.source,
      firstTimestamp: o.firstTimestamp,
      lastTimestamp: o.lastTimestamp,
      count: o.count,
      reportingComponent: o.reportingComponent,
      reportingInstance: o.reportingInstance,
    } as T;
  }
  return spreadAdding(o, { metadata } as Partial<T>);
}

/**
 * withMetadataStatus is `{ ...o, metadata, status }` (status last when `o` has none), as a literal
 * for a Pod or a StatefulSet (the same five keys once it has a status: the 1,000-replica
 * OrderedReady update writes its set's status 3,001 times).
 */
export function withMetadataStatus<T extends KubeObject>(o: T, metadata: ObjectMeta, status: unknown): T {
  if ((o.kind === 'Pod' || o.kind === 'StatefulSet') && keysAre(o, POD_KEYS)) {
    return { apiVersion: o.apiVersion, kind: o.kind, metadata, spec: o.spec, status } as T;
  }
  return spreadAdding(o, { metadata, status } as unknown as Partial<T>);
}

/** withResourceVersion is `{ ...m, resourceVersion }`, as a literal for a pod's or an Event's stored metadata. */
export function withResourceVersion(m: ObjectMeta, resourceVersion: string): ObjectMeta {
  if (keysAre(m, POD_META_STORED)) {
    return {
      name: m.name,
      generateName: m.generateName,
      namespace: m.namespace,
      labels: m.labels,
      ownerReferences: m.ownerReferences,
      uid: m.uid,
      resourceVersion,
      creationTimestamp: m.creationTimestamp,
    };
  }
  if (keysAre(m, POD_META_DELETING)) return deletingPodMeta(m, resourceVersion, m.deletionTimestamp, m.deletionGracePeriodSeconds);
  if (keysAre(m, STS_POD_META_STORED)) return statefulPodMeta(m, m.name, m.namespace, m.uid, resourceVersion, m.creationTimestamp);
  if (keysAre(m, STS_POD_META_DELETING)) return deletingStatefulPodMeta(m, resourceVersion, m.deletionTimestamp, m.deletionGracePeriodSeconds);
  if (keysAre(m, STS_META_STORED)) {
    return {
      name: m.name,
      labels: m.labels,
      namespace: m.namespace,
      uid: m.uid,
      resourceVersion,
      creationTimestamp: m.creationTimestamp,
      generation: m.generation,
    };
  }
  if (keysAre(m, EVENT_META_STORED)) {
    return { name: m.name, namespace: m.namespace, uid: m.uid, resourceVersion, creationTimestamp: m.creationTimestamp };
  }
  return spreadAdding(m, { resourceVersion });
}

/**
 * deletingPodMeta is `{ ...m, resourceVersion, deletionTimestamp, deletionGracePeriodSeconds }`
 * for metadata of the POD_META_STORED shape (or of a deleting pod's), as one literal.
 */
export function deletingPodMeta(m: ObjectMeta, resourceVersion: string, deletionTimestamp: string | undefined, grace: number | undefined): ObjectMeta {
  return {
    name: m.name,
    generateName: m.generateName,
    namespace: m.namespace,
    labels: m.labels,
    ownerReferences: m.ownerReferences,
    uid: m.uid,
    resourceVersion,
    creationTimestamp: m.creationTimestamp,
    deletionTimestamp,
    deletionGracePeriodSeconds: grace,
  };
}

/**
 * statefulPodMeta is `{ ...m, uid, resourceVersion, creationTimestamp }` for a StatefulSet pod's
 * metadata (`m` of the STS_POD_META_STORED order, or its first five keys as the controller writes
 * them), as one literal: the 100-replica Parallel run writes ~1,200 such versions, each a spread
 * copy of 5 in-object keys and a property array for the other 3 (~40 bytes more, measured).
 */
export function statefulPodMeta(
  m: ObjectMeta,
  name: string,
  namespace: string | undefined,
  uid: string | undefined,
  resourceVersion: string,
  creationTimestamp: string | undefined,
): ObjectMeta {
  return {
    name,
    generateName: m.generateName,
    labels: m.labels,
    ownerReferences: m.ownerReferences,
    namespace,
    uid,
    resourceVersion,
    creationTimestamp,
  };
}

/**
 * deletingMeta is `{ ...m, resourceVersion, deletionTimestamp, deletionGracePeriodSeconds }`, the
 * metadata a graceful delete stores: a literal for a pod's of either stored order, else spreadAdding.
 */
export function deletingMeta(m: ObjectMeta, resourceVersion: string, deletionTimestamp: string, grace: number): ObjectMeta {
  if (keysAre(m, POD_META_STORED)) return deletingPodMeta(m, resourceVersion, deletionTimestamp, grace);
  if (keysAre(m, STS_POD_META_STORED)) return deletingStatefulPodMeta(m, resourceVersion, deletionTimestamp, grace);
  return spreadAdding(m, { resourceVersion, deletionTimestamp, deletionGracePeriodSeconds: grace });
}

/** deletingStatefulPodMeta is deletingPodMeta for metadata of the STS_POD_META_STORED order (or a deleting one's). */
export function deletingStatefulPodMeta(m: ObjectMeta, resourceVersion: string, deletionTimestamp: string | undefined, grace: number | undefined): ObjectMeta {
  return {
    name: m.name,
    generateName: m.generateName,
    labels: m.labels,
    ownerReferences: m.ownerReferences,
    namespace: m.namespace,
    uid: m.uid,
    resourceVersion,
    creationTimestamp: m.creationTimestamp,
    deletionTimestamp,
    deletionGracePeriodSeconds: grace,
  };
}
