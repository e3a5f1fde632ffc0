// Not a port: an implementation cache and a shortcut beside the ported computeSubsets.
/**
 * computeSubsets derives, per pod, its address and its port per Service port, then repacks
 * 10,000 one-address subsets into one on every sync. Two savings, both giving the same subsets:
 * - a pod's address and ports depend only on the pod and Service objects, both immutable, so
 *   they are memoised by identity (a sync after one pod changed derives that pod again, not
 *   10,000: each derivation parses the pod's IPs);
 * - with one Service port that every pod resolves to the same number, repackSubsets' answer is
 *   one subset: the ready addresses and the not-ready ones, each sorted by IP then UID, and that
 *   port. packOnePort builds it directly and leaves every other case (several ports, headless
 *   without ports, ports resolving differently, an address listed twice) to repackSubsets.
 */
import type { CoreEndpointPort, EndpointAddress, EndpointPod, EndpointService, EndpointSubset } from '../../api/discoveryTypes.ts';
import { addressOrder, mergeAddresses } from './repack.ts';

/** One (pod, Service port) the pod serves: computeSubsets' `add(pod, epa, port)`. */
export interface Contribution {
  epa: EndpointAddress;
  /** One per Service port the pod resolves (empty for a headless Service without ports). */
  ports: readonly (CoreEndpointPort | undefined)[];
  /** Listed under addresses (true) or notReadyAddresses. */
  ready: boolean;
}

interface Memo {
  service: EndpointService;
  c: Contribution | null;
}

const MEMO = new WeakMap<EndpointPod, Memo>();

/** contributionOf returns the memoised answer for (pod, service) or derives it with `derive`. */
export function contributionOf(pod: EndpointPod, service: EndpointService, derive: () => Contribution | null): Contribution | null {
  const m = MEMO.get(pod);
  if (m !== undefined && m.service === service) return m.c;
  const c = derive();
  MEMO.set(pod, { service, c });
  return c;
}

const sameAddressKey = (a: EndpointAddress, b: EndpointAddress): boolean => a.ip === b.ip && (a.targetRef?.uid ?? '') === (b.targetRef?.uid ?? '');

function hasDuplicate(sorted: readonly EndpointAddress[]): boolean {
  for (let i = 1; i < sorted.length; i++) if (sameAddressKey(sorted[i - 1] as EndpointAddress, sorted[i] as EndpointAddress)) return true;
  return false;
}

/** shareKey reports whether the two sorted lists hold an address of the same (IP, UID) key. */
function shareKey(a: readonly EndpointAddress[], b: readonly EndpointAddress[]): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as EndpointAddress;
    const y = b[j] as EndpointAddress;
    if (sameAddressKey(x, y)) return true;
    if (addressOrder(x, y) < 0) i++;
    else j++;
  }
  return false;
}

/** The sorted address lists of an earlier answer: an order to start from, never trusted for content. */
export interface SortHint {
  ready: readonly EndpointAddress[];
  notReady: readonly EndpointAddress[];
}

/**
 * sortFrom sorts `items` by addressOrder, starting from `prev`, an earlier sorted list: the items
 * found in it (by identity) keep its order, the others are sorted and merged in by binary search.
 * E.g. 10,000 addresses of which 12 are new: 12 small sorts and searches instead of a sort of
 * 10,000 (~130,000 string comparisons). The result is the sort's: the order is total on
 * addresses of distinct keys, which the caller has checked.
 */
function sortFrom(items: EndpointAddress[], prev: readonly EndpointAddress[] | undefined): EndpointAddress[] {
  if (prev === undefined || prev.length === 0) return items.sort(addressOrder);
  const present = new Set(items);
  const kept: EndpointAddress[] = [];
  const seen = new Set<EndpointAddress>();
  for (const a of prev) {
    if (present.has(a) && !seen.has(a)) {
      kept.push(a);
      seen.add(a);
    }
  }
  if (kept.length === items.length) return kept;
  return mergeAddresses(kept, items.filter((a) => !seen.has(a)).sort(addressOrder));
}

/** distinctUids: every address has a targetRef with a UID of its own, so no two share an (IP, UID) key. */
function distinctUids(list: readonly Contribution[]): boolean {
  const uids = new Set<string>();
  for (const c of list) {
    const uid = c.epa.targetRef?.uid;
    if (!uid || uids.has(uid)) return false;
    uids.add(uid);
  }
  return true;
}

/**
 * packOnePort: the repacked subsets of contributions that each carry exactly one port of one
 * and the same number, or undefined when that is not the case or an address key repeats. E.g.
 * 10,000 pods on port 8080, 9,990 Ready: [{ addresses: 9,990 sorted, notReadyAddresses: 10
 * sorted, ports: [8080] }]. `hint` (an earlier answer's lists) only saves sorting.
 */
export function packOnePort(list: readonly Contribution[], hint?: SortHint): EndpointSubset[] | undefined {
  let port: CoreEndpointPort | undefined;
  let ready: EndpointAddress[] = [];
  let notReady: EndpointAddress[] = [];
  for (const c of list) {
    if (c.ports.length !== 1) return undefined;
    const p = c.ports[0];
    if (p === undefined) return undefined;
    if (port === undefined) port = p;
    else if (p.port !== port.port || p.name !== port.name || p.protocol !== port.protocol || p.appProtocol !== port.appProtocol) return undefined;
    (c.ready ? ready : notReady).push(c.epa);
  }
  if (port === undefined) return [];
  if (distinctUids(list)) {
    // Distinct UIDs: no key repeats, so the sort alone decides and may start from the hint.
    ready = sortFrom(ready, hint?.ready);
    notReady = sortFrom(notReady, hint?.notReady);
  } else {
    ready.sort(addressOrder);
    notReady.sort(addressOrder);
    if (hasDuplicate(ready) || hasDuplicate(notReady) || shareKey(ready, notReady)) return undefined;
  }
  const s: EndpointSubset = {};
  if (ready.length > 0) s.addresses = ready;
  if (notReady.length > 0) s.notReadyAddresses = notReady;
  // repackSubsets keeps a port only when its number is positive.
  if (port.port > 0) s.ports = [port];
  return [s];
}
