// Port of k8s.io/endpointslice util/endpointslice_tracker.go (kubernetes-1.36.3, staging mirror
// commit 810be24) as immutable data: the generation the controller last wrote per slice, which
// is how it knows its informer has not caught up with its own writes yet.
import { type EndpointSlice, LabelServiceName } from '../../api/discoveryTypes.ts';

/** Generation value meaning "we deleted this slice and wait to see it go". */
export const DeletionExpected = -1;

/** Service key (ns/name) → slice UID → generation the controller expects. */
export type SliceTracker = ReadonlyMap<string, ReadonlyMap<string, number>>;

function serviceKeyOf(slice: EndpointSlice): string {
  return `${slice.metadata.namespace ?? ''}/${slice.metadata.labels?.[LabelServiceName] ?? ''}`;
}

/** trackerHas: the tracker holds a generation for this slice. */
export function trackerHas(tracker: SliceTracker, slice: EndpointSlice): boolean {
  return tracker.get(serviceKeyOf(slice))?.has(slice.metadata.uid ?? '') ?? false;
}

/** shouldSync: a slice event wakes the controller unless it is its own write (generation not newer). */
export function shouldSync(tracker: SliceTracker, slice: EndpointSlice): boolean {
  const g = tracker.get(serviceKeyOf(slice))?.get(slice.metadata.uid ?? '');
  return g === undefined || (slice.metadata.generation ?? 0) > g;
}

/**
 * staleSlices: the informer's slices are older than the controller's writes: a slice with an
 * older generation than tracked, one expected deleted, or a tracked slice missing. Then the sync
 * fails with "EndpointSlice informer cache is out of date" and is retried (1 s, then doubling).
 */
export function staleSlices(tracker: SliceTracker, namespace: string, service: string, slices: readonly EndpointSlice[]): boolean {
  const gfs = tracker.get(`${namespace}/${service}`);
  if (!gfs) return false;
  const provided = new Set<string>();
  for (const s of slices) {
    const uid = s.metadata.uid ?? '';
    provided.add(uid);
    const g = gfs.get(uid);
    if (g !== undefined && (g === DeletionExpected || g > (s.metadata.generation ?? 0))) return true;
  }
  for (const [uid, g] of gfs) if (g !== DeletionExpected && !provided.has(uid)) return true;
  return false;
}

function setGeneration(tracker: SliceTracker, slice: EndpointSlice, generation: number): SliceTracker {
  const key = serviceKeyOf(slice);
  const next = new Map(tracker);
  next.set(key, new Map(tracker.get(key) ?? []).set(slice.metadata.uid ?? '', generation));
  return next;
}

/** trackerUpdate records the generation the API server returned for a write. */
export function trackerUpdate(tracker: SliceTracker, slice: EndpointSlice): SliceTracker {
  return setGeneration(tracker, slice, slice.metadata.generation ?? 0);
}

/**
 * setGenerations records a sync's writes at once, as trackerUpdate / expectDeletion one after
 * another would (generation, or DeletionExpected): each Service's map is copied once, not once
 * a write (a 10,000-endpoint sync writes ~30 of its ~110 slices).
 */
export function setGenerations(tracker: SliceTracker, writes: readonly (readonly [EndpointSlice, number])[]): SliceTracker {
  if (writes.length === 0) return tracker;
  const next = new Map(tracker);
  const copied = new Map<string, Map<string, number>>();
  for (const [slice, generation] of writes) {
    const key = serviceKeyOf(slice);
    let gfs = copied.get(key);
    if (gfs === undefined) {
      gfs = new Map(tracker.get(key) ?? []);
      copied.set(key, gfs);
      next.set(key, gfs);
    }
    gfs.set(slice.metadata.uid ?? '', generation);
  }
  return next;
}

/** expectDeletion records that the controller deleted the slice. */
export function expectDeletion(tracker: SliceTracker, slice: EndpointSlice): SliceTracker {
  return setGeneration(tracker, slice, DeletionExpected);
}

/** handleDeletion forgets the slice and says whether the controller expected the deletion. */
export function handleDeletion(tracker: SliceTracker, slice: EndpointSlice): { tracker: SliceTracker; expected: boolean } {
  const key = serviceKeyOf(slice);
  const gfs = tracker.get(key);
  if (!gfs) return { tracker, expected: true };
  const uid = slice.metadata.uid ?? '';
  const g = gfs.get(uid);
  const next = new Map(tracker);
  const rest = new Map(gfs);
  rest.delete(uid);
  next.set(key, rest);
  return { tracker: next, expected: g === undefined || g === DeletionExpected };
}

/** deleteService forgets every generation of the Service's slices. */
export function deleteTrackedService(tracker: SliceTracker, namespace: string, service: string): SliceTracker {
  const next = new Map(tracker);
  next.delete(`${namespace}/${service}`);
  return next;
}
