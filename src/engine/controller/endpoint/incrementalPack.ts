// Not a port: an implementation cache beside computeSubsets (endpointsController.ts).
/**
 * packOnePort (contributions.ts) still walked every pod on every sync: a memo lookup, a UID set
 * and two identity sets per pod, 10,000 pods, a few hundred syncs a rollout. Consecutive syncs of
 * one Service see name-sorted pod lists (endpointPodIndex.ts) that differ by a few pod objects,
 * so the last packed answer is kept per Service object and patched: walk the old and new lists
 * side by side (pointer compares), find the changed pods' old addresses by binary search and
 * merge their new ones in, one copying pass. E.g. 10,000 pods of which 300 changed: 600
 * searches and a copy instead of 10,000 memo lookups and three 10,000-entry sets.
 *
 * The answer is packOnePort's: the state holds only lists packOnePort accepted (one port of one
 * number, every address with a UID of its own), and a patch that would break either (a new port,
 * a UID already listed) or changes more than an eighth of the pods gives up for the full path.
 * Not engine state: a miss only recomputes.
 */
import type { CoreEndpointPort, EndpointAddress, EndpointPod, EndpointService, EndpointSubset } from '../../api/discoveryTypes.ts';
import { forEachPodChange, type ListDelta, strictlyByName } from '../../endpointslice/triggerTimeTracker.ts';
import type { Contribution } from './contributions.ts';
import { addressOrder, lowerBound } from './repack.ts';

interface Packed {
  /** The pods of the answer, strictly by name. */
  pods: readonly EndpointPod[];
  /** Pod name → what it adds, for the pods that add something; handed from one state to the next. */
  contribs: Map<string, Contribution>;
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

/**
 * patch: the sorted list without the removed contributions' addresses and with the added ones
 * (those of the `ready` side), in one pass: a splice per change moved 5,000 addresses on
 * average, 300 changes a sync at 10,000 pods. Each added address goes before the first listed
 * one it is not after (mergeAddresses' rule), found by binary search in the list as it was (the
 * cut addresses are skipped while copying: they hold no place of their own). A side with
 * nothing removed or added is the very list (lists are never changed in place): 147 syncs a
 * 10,000-replica rollout copied both of its 10,000-address lists, where one side changes.
 * undefined: a removed address is not in the list.
 */
function patch(list: readonly EndpointAddress[], removed: readonly Contribution[], added: readonly Contribution[], ready: boolean): readonly EndpointAddress[] | undefined {
  const cut: number[] = [];
  for (const c of removed) {
    if (c.ready !== ready) continue;
    const at = lowerBound(list, c.epa);
    if (list[at] !== c.epa) return undefined;
    cut.push(at);
  }
  const fresh: EndpointAddress[] = [];
  for (const c of added) if (c.ready === ready) fresh.push(c.epa);
  if (cut.length === 0 && fresh.length === 0) return list;
  cut.sort((x, y) => x - y);
  fresh.sort(addressOrder);
  const out = new Array<EndpointAddress>(list.length - cut.length + fresh.length);
  let k = 0;
  let next = 0;
  let nextCut = cut.length > 0 ? (cut[0] as number) : -1;
  /** copy moves list[from, to) to out, leaving out the cut positions. */
  const copy = (from: number, to: number): void => {
    for (let x = from; x < to; x++) {
      if (x === nextCut) {
        next++;
        nextCut = next < cut.length ? (cut[next] as number) : -1;
        continue;
      }
      out[k++] = list[x] as EndpointAddress;
    }
  };
  let from = 0;
  for (const f of fresh) {
    const lo = lowerBound(list, f, from);
    copy(from, lo);
    out[k++] = f;
    from = lo;
  }
  copy(from, list.length);
  return out;
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
  const byName = new Map<string, Contribution>();
  contribs.forEach((c, i) => {
    if (c !== null) byName.set((pods[i] as EndpointPod).metadata.name, c);
  });
  for (const c of byName.values()) {
    const uid = c.epa.targetRef?.uid;
    if (!uid || uids.has(uid)) return;
    uids.add(uid);
  }
  PACKED.set(service, { pods, contribs: byName, ready: s.addresses ?? [], notReady: s.notReadyAddresses ?? [], port, uids });
}

/**
 * packIncremental: computeSubsets' packed answer for `pods` from the Service's last one, or
 * undefined when there is none to patch or the patch does not apply (then the caller computes
 * it in full and remembers it).
 */
export function packIncremental(
  service: EndpointService,
  pods: readonly EndpointPod[],
  contributionOf: (pod: EndpointPod) => Contribution | null,
  delta?: ListDelta,
): PackedSubsets | undefined {
  const prev = PACKED.get(service);
  if (prev === undefined || !strictlyByName(pods)) return undefined;
  const old = prev.pods;
  const limit = Math.max(16, pods.length >>> 3);
  const removed: Contribution[] = [];
  const added: Contribution[] = [];
  /** The pods whose contribution changes: name → the new one (null: none), applied once the patch holds. */
  const moved = new Map<string, Contribution | null>();
  const step = (name: string, was: Contribution | null, c: Contribution | null): boolean => {
    if (c === was) return true;
    moved.set(name, c);
    if (was) removed.push(was);
    if (c) added.push(c);
    return removed.length + added.length <= limit;
  };
  const visit = (was: EndpointPod | undefined, cur: EndpointPod | undefined): boolean => {
    const name = (was ?? (cur as EndpointPod)).metadata.name;
    return step(name, was !== undefined ? (prev.contribs.get(name) ?? null) : null, cur !== undefined ? contributionOf(cur) : null);
  };
  if (!forEachPodChange(old, pods, delta, limit, visit)) return undefined;
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
  const ready = patch(prev.ready, removed, added, true);
  const notReady = patch(prev.notReady, removed, added, false);
  if (ready === undefined || notReady === undefined) {
    // An address not where the state says: drop the state rather than trust it.
    PACKED.delete(service);
    return undefined;
  }
  const contribs = prev.contribs;
  for (const [name, c] of moved) {
    if (c === null) contribs.delete(name);
    else contribs.set(name, c);
  }
  if (contribs.size === 0) {
    PACKED.delete(service);
    return undefined;
  }
  // Every contribution carries a port equal to prev.port (rememberPacked's, and checked above for
  // the added ones): the subset's port, as the first pod's would print.
  const port = prev.port;
  const uids = prev.uids;
  for (const c of removed) uids.delete(c.epa.targetRef?.uid ?? '');
  for (const c of added) uids.add(c.epa.targetRef?.uid ?? '');
  PACKED.set(service, { pods, contribs, ready, notReady, port, uids });
  return { subsets: subsetOf(ready, notReady, port), ready: ready.length, notReady: notReady.length };
}
