// Port of pkg/api/v1/endpoints/util.go RepackSubsets and SortSubsets (kubernetes/kubernetes,
// v1.36 era): the canonical layout of an Endpoints object's subsets, which makes two
// computations of the same endpoints compare equal.
import type { CoreEndpointPort, EndpointAddress, EndpointSubset } from '../../api/discoveryTypes.ts';

/** A port with no number stands for "no ports" (a headless Service without ports). */
const NO_PORT = -1;

function portKey(p: CoreEndpointPort): string {
  return JSON.stringify([p.name ?? '', p.port, p.protocol ?? '', p.appProtocol ?? null]);
}

function byteCompare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** lessEndpointAddress: by IP (bytewise), then by targetRef UID, an address without one first. */
export function lessEndpointAddress(a: EndpointAddress, b: EndpointAddress): boolean {
  const c = byteCompare(a.ip, b.ip);
  if (c !== 0) return c < 0;
  if (!b.targetRef) return false;
  if (!a.targetRef) return true;
  return (a.targetRef.uid ?? '') < (b.targetRef.uid ?? '');
}

/**
 * addressOrder is lessEndpointAddress as a comparator, in one pass: by IP, then an address
 * without a targetRef first, then by UID (two addresses without one are equal).
 */
export function addressOrder(a: EndpointAddress, b: EndpointAddress): number {
  if (a.ip !== b.ip) return a.ip < b.ip ? -1 : 1;
  if (!a.targetRef) return b.targetRef ? -1 : 0;
  if (!b.targetRef) return 1;
  const ua = a.targetRef.uid ?? '';
  const ub = b.targetRef.uid ?? '';
  return ua < ub ? -1 : ua > ub ? 1 : 0;
}

/** lowerBound: the first place in the sorted list, from `from` on, whose address is not before `a`. */
export function lowerBound(list: readonly EndpointAddress[], a: EndpointAddress, from = 0): number {
  let lo = from;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (addressOrder(list[mid] as EndpointAddress, a) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * mergeAddresses merges two lists each in addressOrder into one: each of `fresh` goes before the
 * first of `kept` it is not after, found by binary search from the last one placed (a few new pods
 * into a 10,000-address list take a few searches, not a sort of the whole).
 */
export function mergeAddresses(kept: readonly EndpointAddress[], fresh: readonly EndpointAddress[]): EndpointAddress[] {
  const out: EndpointAddress[] = [];
  let from = 0;
  for (const f of fresh) {
    const lo = lowerBound(kept, f, from);
    for (let i = from; i < lo; i++) out.push(kept[i] as EndpointAddress);
    out.push(f);
    from = lo;
  }
  for (let i = from; i < kept.length; i++) out.push(kept[i] as EndpointAddress);
  return out;
}

/**
 * sortSubsets sorts each subset's addresses (IP, then UID) and ports, then the subsets. Upstream
 * orders ports and subsets by the md5 of their spew dump, an order with no meaning; this port
 * orders them by name, port and protocol, and subsets by their first address — equally
 * canonical, so equal subsets still compare equal, but a printed multi-subset object may list
 * its subsets in another order than a cluster does.
 */
export function sortSubsets(subsets: EndpointSubset[]): EndpointSubset[] {
  const sorted = subsets.map((s) => {
    const out: EndpointSubset = {};
    if (s.addresses) out.addresses = [...s.addresses].sort(addressOrder);
    if (s.notReadyAddresses) out.notReadyAddresses = [...s.notReadyAddresses].sort(addressOrder);
    if (s.ports) out.ports = [...s.ports].sort((a, b) => byteCompare(portKey(a), portKey(b)));
    return out;
  });
  const key = (s: EndpointSubset): string => JSON.stringify([s.addresses?.[0]?.ip ?? s.notReadyAddresses?.[0]?.ip ?? '', s.ports?.map(portKey) ?? []]);
  return sorted.sort((a, b) => byteCompare(key(a), key(b)));
}

/**
 * repackSubsets expands the subsets to (address, port, ready) triples and packs them back: one
 * subset per group of addresses offering the same ports. An address is keyed by IP + pod UID,
 * and not-ready wins when one address is listed both ways for a port.
 */
export function repackSubsets(subsets: readonly EndpointSubset[]): EndpointSubset[] {
  const allAddrs = new Map<string, EndpointAddress>();
  const portToAddrReady = new Map<string, { port: CoreEndpointPort; addrs: Map<string, boolean> }>();
  // One lookup per distinct port object: computeSubsets hands each pod's port as a new object, so
  // the key is built per (address, port) pair, but as a NUL-joined string, not JSON (10,000 a sync).
  const mapAddress = (addr: EndpointAddress, pk: string, port: CoreEndpointPort, ready: boolean): void => {
    const key = `${addr.ip}\u0000${addr.targetRef?.uid ?? ''}`;
    if (!allAddrs.has(key)) allAddrs.set(key, addr);
    let entry = portToAddrReady.get(pk);
    if (entry === undefined) {
      entry = { port, addrs: new Map<string, boolean>() };
      portToAddrReady.set(pk, entry);
    }
    const was = entry.addrs.get(key);
    if (was === undefined || was) entry.addrs.set(key, ready);
  };
  for (const s of subsets) {
    const ports = s.ports && s.ports.length > 0 ? s.ports : NO_PORTS;
    for (const port of ports) {
      const pk = portIdentity(port);
      for (const a of s.addresses ?? []) mapAddress(a, pk, port, true);
      for (const a of s.notReadyAddresses ?? []) mapAddress(a, pk, port, false);
    }
  }
  // Group the ports by the exact set of (address, ready) pairs they map to; one port is one group.
  const groups = new Map<string, { addrs: Map<string, boolean>; ports: CoreEndpointPort[] }>();
  for (const { port, addrs } of portToAddrReady.values()) {
    const key = portToAddrReady.size === 1 ? '' : JSON.stringify([...addrs.entries()].sort((a, b) => byteCompare(a[0], b[0])));
    const g = groups.get(key) ?? { addrs, ports: [] };
    groups.set(key, g);
    if (port.port > 0) g.ports.push(port);
  }
  const final: EndpointSubset[] = [];
  for (const g of groups.values()) {
    const ready: EndpointAddress[] = [];
    const notReady: EndpointAddress[] = [];
    for (const [k, r] of g.addrs) (r ? ready : notReady).push(allAddrs.get(k) as EndpointAddress);
    const s: EndpointSubset = {};
    if (ready.length) s.addresses = ready;
    if (notReady.length) s.notReadyAddresses = notReady;
    if (g.ports.length) s.ports = g.ports;
    final.push(s);
  }
  return sortSubsets(final);
}

const NO_PORTS: readonly CoreEndpointPort[] = [{ port: NO_PORT }];

/** portIdentity: portKey's fields NUL-joined (an identity, not portKey's order). */
function portIdentity(p: CoreEndpointPort): string {
  const app = p.appProtocol ?? null;
  return `${p.name ?? ''}\u0000${p.port}\u0000${p.protocol ?? ''}\u0000${app === null ? '\u0001' : `\u0002${app}`}`;
}
