// Not a port: an implementation cache beside computeSubsets (endpointsController.ts).
/**
 * packOnePort (contributions.ts) still walked every pod on every sync: a memo lookup, a UID set
 * and two identity sets per pod, 10,000 pods, a few hundred syncs a rollout. Consecutive syncs of
 * one Service see name-sorted pod lists (endpointPodIndex.ts) that differ by a few pod objects,
 * so the last packed answer is kept per Service object and patched: walk the old and new lists
 * side by side (pointer compares), take the changed pods' addresses out of the sorted lists and
 * put their new ones in by binary search. E.g. 10,000 pods of which 12 changed: 24 searches and
 * splices instead of 10,000 memo lookups and three 10,000-entry sets.
 *
 * The answer is packOnePort's: the state holds only lists packOnePort accepted (one port of one
 * number, every address with a UID of its own), and a patch that would break either (a new port,
 * a UID already listed) or changes more than an eighth of the pods gives up for the full path.
 * Not engine state: a miss only recomputes.
 */
import type { CoreEndpointPort, EndpointAddress, EndpointPod, EndpointService, EndpointSubset } from '../../api/discoveryTypes.ts';
import { strictlyByName } from '../../endpointslice/triggerTimeTracker.ts';
import { addressOrder, type Contribution } from './contributions.ts';

interface Packed {
  /** The pods of the answer, strictly by name. */
  pods: readonly EndpointPod[];
  /** contribs[i]: what pods[i] adds (null: nothing). */
  contribs: readonly (Contribution | null)[];
  ready: readonly EndpointAddress[];
  notReady: readonly EndpointAddress[];
  /** The one port every contribution carries. */
  port: CoreEndpointPort;
  /** The UIDs of the listed addresses; handed from one state to the next (the old one is dropped). */
  uids: Set<string>;
}

const PACKED = new WeakMap<EndpointService, Packed>();

export interface PackedSubsets {
  subsets: EndpointSubset[];
  ready: number;
  notReady: number;
}

const samePort = (p: CoreEndpointPort, q: CoreEndpointPort): boolean => p.port === q.port && p.name === q.name && p.protocol === q.protocol && p.appProtocol === q.appProtocol;

function subsetOf(ready: readonly EndpointAddress[], notReady: readonly EndpointAddress[], port: CoreEndpointPort): EndpointSubset[] {
  const s: EndpointSubset = {};
  if (ready.length > 0) s.addresses = ready as EndpointAddress[];
  if (notReady.length > 0) s.notReadyAddresses = notReady as EndpointAddress[];
  if (port.port > 0) s.ports = [port];
  return [s];
}

/** lowerBound: the first place in the sorted list whose address is not before `a`. */
function lowerBound(list: readonly EndpointAddress[], a: EndpointAddress): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (addressOrder(list[mid] as EndpointAddress, a) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * rememberPacked keeps a full computeSubsets' packOnePort answer as the state the next sync
 * patches; only when the pods are strictly by name and every address has a UID of its own.
 */
export function rememberPacked(service: EndpointService, pods: readonly EndpointPod[], contribs: readonly (Contribution | null)[], subsets: readonly EndpointSubset[]): void {
  PACKED.delete(service);
  const s = subsets[0];
  const first = contribs.find((c) => c !== null);
  const port = first?.ports[0];
  if (s === undefined || port === undefined || !strictlyByName(pods)) return;
  const uids = new Set<string>();
  for (const c of contribs) {
    if (c === null) continue;
    const uid = c.epa.targetRef?.uid;
    if (!uid || uids.has(uid)) return;
    uids.add(uid);
  }
  PACKED.set(service, { pods, contribs, ready: s.addresses ?? [], notReady: s.notReadyAddresses ?? [], port, uids });
}

/**
 * packIncremental: computeSubsets' packed answer for `pods` from the Service's last one, or
 * undefined when there is none to patch or the patch does not apply (then the caller computes
 * it in full and remembers it).
 */
export function packIncremental(service: EndpointService, pods: readonly EndpointPod[], contributionOf: (pod: EndpointPod) => Contribution | null): PackedSubsets | undefined {
  const prev = PACKED.get(service);
  if (prev === undefined || !strictlyByName(pods)) return undefined;
  const old = prev.pods;
  const limit = Math.max(16, pods.length >>> 3);
  const contribs: (Contribution | null)[] = new Array<Contribution | null>(pods.length);
  const removed: Contribution[] = [];
  const added: Contribution[] = [];
  let i = 0;
  let j = 0;
  while (i < old.length || j < pods.length) {
    const a = old[i];
    const b = pods[j];
    if (a === b) {
      // The very pod object in the same place (most pods of most syncs): no name to compare.
      contribs[j++] = prev.contribs[i++] ?? null;
      continue;
    }
    if (b === undefined || (a !== undefined && a.metadata.name < b.metadata.name)) {
      const c = prev.contribs[i++];
      if (c) removed.push(c);
    } else if (a === undefined || b.metadata.name < a.metadata.name) {
      const c = contributionOf(b);
      contribs[j++] = c;
      if (c) added.push(c);
    } else {
      const was = prev.contribs[i++] ?? null;
      const c = contributionOf(b);
      contribs[j++] = c;
      if (c !== was) {
        if (was) removed.push(was);
        if (c) added.push(c);
      }
    }
    if (removed.length + added.length > limit) return undefined;
  }
  // The patched lists must still be packOnePort's: one port, and no UID listed twice.
  const gone = new Set<string>();
  for (const c of removed) gone.add(c.epa.targetRef?.uid ?? '');
  const fresh = new Set<string>();
  for (const c of added) {
    const p = c.ports[0];
    const uid = c.epa.targetRef?.uid;
    if (c.ports.length !== 1 || p === undefined || !samePort(p, prev.port) || !uid || fresh.has(uid) || (prev.uids.has(uid) && !gone.has(uid))) return undefined;
    fresh.add(uid);
  }
  const ready = prev.ready.slice();
  const notReady = prev.notReady.slice();
  for (const c of removed) {
    const list = c.ready ? ready : notReady;
    const at = lowerBound(list, c.epa);
    if (list[at] !== c.epa) {
      // Not where the state says: drop the state rather than trust it.
      PACKED.delete(service);
      return undefined;
    }
    list.splice(at, 1);
  }
  for (const c of added) {
    const list = c.ready ? ready : notReady;
    list.splice(lowerBound(list, c.epa), 0, c.epa);
  }
  const first = contribs.find((c) => c !== null);
  const port = first?.ports[0];
  if (port === undefined) {
    PACKED.delete(service);
    return undefined;
  }
  const uids = prev.uids;
  for (const c of removed) uids.delete(c.epa.targetRef?.uid ?? '');
  for (const c of added) uids.add(c.epa.targetRef?.uid ?? '');
  PACKED.set(service, { pods, contribs, ready, notReady, port, uids });
  return { subsets: subsetOf(ready, notReady, port), ready: ready.length, notReady: notReady.length };
}
