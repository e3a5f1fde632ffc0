// Not a port: an implementation cache beside reconcileByAddressType (reconciler.ts).
/**
 * reconcileByAddressType built its desired endpoint set from every selected pod on every sync:
 * a memo lookup, a node lookup and a hash-map insert per pod, 10,000 pods, ~100 syncs a
 * 10,000-replica rollout (1.1 M inserts, ~1 s). Consecutive syncs of one Service see name-sorted
 * pod lists (endpointPodIndex.ts) that differ by a few thousand pod objects, so the last sync's
 * set is kept per Service object and patched: walk the old and new lists side by side (pointer
 * compares), and derive only the pods that are not the very objects seen last time. E.g. 11,000
 * pods of which 1,500 changed: 1,500 derivations and map writes instead of 11,000.
 *
 * The set is never consumed: a sync's view marks the endpoints the existing slices take with its
 * own stamp, and hands out the rest (what EndpointSet.popAny would have, in the same pod-name
 * order). The answer is the full path's when every pod that is an endpoint resolves to one port
 * set, its node is known (or publishNotReadyAddresses) and the list is strictly by name; any
 * other sync, and any node object that changed since, takes the full path.
 * Not engine state: a miss only rebuilds.
 */
import type { AddressType, Endpoint, EndpointPod, EndpointPort, EndpointService } from '../../api/discoveryTypes.ts';
import type { Node } from '../../api/types.ts';
import { endpointHash } from '../../endpointslice/controllerUtils.ts';
import { forEachPodChange, type ListDelta, strictlyByName } from '../../endpointslice/triggerTimeTracker.ts';

/** What reconcileByPortMapping asks of the desired endpoints: EndpointSet's consuming calls. */
export interface DesiredEndpoints {
  take(ep: Endpoint): Endpoint | undefined;
  /** takeList: take of each endpoint of a slice, in order; the list itself when each take gives back its very endpoint. */
  takeList?(eps: readonly Endpoint[]): readonly (Endpoint | undefined)[];
  popAny(): Endpoint | undefined;
  readonly size: number;
}

/** One pod's part of the desired set: none, an endpoint (with its hash), or a reason to give up. */
export type PodPart = { ep: Endpoint; key: string; ports: EndpointPort[]; node: Node | undefined } | null | 'fallback';

/** A pod's part; fresh: a pod version the set has not had (a patch's), which the caller need not memoise. */
export type PartOf = (pod: EndpointPod, fresh: boolean) => PodPart;

interface Entry {
  ep: Endpoint;
  name: string;
  /** The stamp of the last view that took it. */
  taken: number;
  /** Still the entry of its hash (false once dropped or replaced). */
  alive: boolean;
  /** The clean slice list that took it last (see SliceRecord). */
  owner: SliceRecord | undefined;
  /** The set it is (or was) an entry of. */
  set: Map<string, Entry>;
}

/**
 * The entry each endpoint object was made for (not engine state). A slice list the reconciler
 * wrote lists the very endpoints of its entries, and comes back next sync as a list takeList has
 * no record of: its endpoints are found by object, not hashed and looked up by hash (1,865 such
 * lists, 150,000 lookups over the 10,000-replica traffic row's timed part).
 */
const ENTRY_OF = new WeakMap<Endpoint, Entry>();

/**
 * The entry each endpoint of a slice's list matched last time, by the list (slices' endpoint
 * lists are never changed in place): takeList checks the entry still holds that very endpoint
 * instead of hashing it again.
 *
 * A list whose every endpoint a view took back as the very same object is clean and owns its
 * entries. It stays clean until one of them is dropped or replaced, or another list or popAny
 * takes one; until then the next view would take all of them again, so it skips the list and
 * counts its entries as taken by their owner (skippedAt). A 10,000-endpoint Service's sync
 * updates ~28 of its ~110 slices: the other ~80 cost a check each, not 100 takes.
 */
interface SliceRecord {
  byHash: Map<string, Entry>;
  entries: (Entry | undefined)[];
  clean: boolean;
  /** The stamp of the last view that skipped the list. */
  skippedAt: number;
}

const SLICE_ENTRIES = new WeakMap<readonly Endpoint[], SliceRecord>();

interface State {
  addressType: AddressType;
  /** The one port-map key of every endpoint pod ('' while there is none). */
  key: string;
  pods: readonly EndpointPod[];
  /** Pod name → its endpoint, for each endpoint pod of `pods` (in byHash if it has addresses). */
  parts: Map<string, Endpoint>;
  /** The key's ports (those of any endpoint pod: one key, one port list). */
  ports: EndpointPort[];
  /** How many pods are endpoint pods (shouldPodBeInEndpoints): the key is desired when > 0. */
  endpointPods: number;
  byHash: Map<string, Entry>;
  /** The node object each endpoint pod's node name resolved to. */
  nodes: Map<string, Node | undefined>;
}

const STATES = new WeakMap<EndpointService, State>();
let stamps = 0;

class DesiredView implements DesiredEndpoints {
  size: number;
  private readonly stamp = ++stamps;
  private left: Entry[] | undefined;
  private next = 0;
  constructor(private readonly byHash: Map<string, Entry>) {
    this.size = byHash.size;
  }
  private taken(e: Entry): boolean {
    return e.taken === this.stamp || (e.owner !== undefined && e.owner.skippedAt === this.stamp);
  }
  /** claim takes the entry for the list `by` (undefined: a single take or popAny); its clean owner is clean no more. */
  private claim(e: Entry, by: SliceRecord | undefined): Endpoint {
    if (e.owner !== undefined && e.owner !== by) e.owner.clean = false;
    e.taken = this.stamp;
    this.size--;
    return e.ep;
  }
  take(ep: Endpoint): Endpoint | undefined {
    const e = this.byHash.get(endpointHash(ep));
    if (e === undefined || this.taken(e)) return undefined;
    return this.claim(e, undefined);
  }
  takeList(eps: readonly Endpoint[]): readonly (Endpoint | undefined)[] {
    let rec = SLICE_ENTRIES.get(eps);
    if (rec === undefined || rec.byHash !== this.byHash) {
      rec = { byHash: this.byHash, entries: new Array<Entry | undefined>(eps.length), clean: false, skippedAt: 0 };
      SLICE_ENTRIES.set(eps, rec);
    }
    if (rec.clean) {
      rec.skippedAt = this.stamp;
      this.size -= eps.length;
      return eps;
    }
    const entries = rec.entries;
    const out = new Array<Endpoint | undefined>(eps.length);
    let same = true;
    for (let k = 0; k < eps.length; k++) {
      const ep = eps[k] as Endpoint;
      let e = entries[k];
      if (e === undefined || !e.alive || e.ep !== ep) {
        // An entry still alive in this set is its hash's entry, and it holds this very endpoint.
        const made = ENTRY_OF.get(ep);
        e = made !== undefined && made.alive && made.set === this.byHash ? made : this.byHash.get(endpointHash(ep));
        entries[k] = e;
      }
      if (e === undefined || this.taken(e)) {
        same = false;
        continue;
      }
      out[k] = this.claim(e, rec);
      if (e.ep !== ep) same = false;
    }
    if (!same) return out;
    for (const e of entries) (e as Entry).owner = rec;
    rec.clean = true;
    return eps;
  }
  popAny(): Endpoint | undefined {
    if (this.left === undefined) {
      // The untaken endpoints in pod-name order: the order the full path inserted them in.
      const left: Entry[] = [];
      for (const e of this.byHash.values()) if (!this.taken(e)) left.push(e);
      this.left = left.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    }
    const e = this.left[this.next];
    if (e === undefined) return undefined;
    this.next++;
    return this.claim(e, undefined);
  }
}

/** reconcileByAddressType's two maps: port-map key → desired endpoints, and → the key's ports. */
export interface DesiredByPortMap {
  desired: Map<string, DesiredEndpoints>;
  desiredMeta: Map<string, EndpointPort[]>;
}

/** add folds one pod's part into the state: its endpoint, undefined (none), or false (give up). */
function add(s: State, pod: EndpointPod, part: PodPart): Endpoint | undefined | false {
  if (part === 'fallback') return false;
  if (part === null) return undefined;
  if (s.key === '') {
    s.key = part.key;
    s.ports = part.ports;
  } else if (part.key !== s.key) return false;
  const nodeName = pod.spec.nodeName ?? '';
  const known = s.nodes.get(nodeName);
  if (known === undefined && !s.nodes.has(nodeName)) s.nodes.set(nodeName, part.node);
  else if (known !== part.node) return false;
  s.endpointPods++;
  if (part.ep.addresses.length > 0) {
    const h = endpointHash(part.ep);
    const had = s.byHash.get(h);
    if (had !== undefined) kill(had);
    const entry: Entry = { ep: part.ep, name: pod.metadata.name, taken: 0, alive: true, owner: undefined, set: s.byHash };
    s.byHash.set(h, entry);
    ENTRY_OF.set(part.ep, entry);
  }
  return part.ep;
}

function drop(s: State, ep: Endpoint | undefined): void {
  if (ep === undefined) return;
  s.endpointPods--;
  if (ep.addresses.length === 0) return;
  const h = endpointHash(ep);
  const e = s.byHash.get(h);
  if (e !== undefined) kill(e);
  s.byHash.delete(h);
}

/** kill: the entry is no longer its hash's; the list that owned it is clean no more. */
function kill(e: Entry): void {
  e.alive = false;
  if (e.owner !== undefined) e.owner.clean = false;
}

function build(addressType: AddressType, pods: readonly EndpointPod[], partOf: PartOf): State | undefined {
  const s: State = { addressType, key: '', pods, parts: new Map(), ports: [], endpointPods: 0, byHash: new Map(), nodes: new Map() };
  for (const pod of pods) if (!change(s, undefined, pod, partOf, false)) return undefined;
  return s;
}

/** change: the state without `old`'s part and with `cur`'s (both of one pod name); false: give up. */
function change(s: State, old: EndpointPod | undefined, cur: EndpointPod | undefined, partOf: PartOf, fresh: boolean): boolean {
  const name = (old ?? (cur as EndpointPod)).metadata.name;
  if (old !== undefined) {
    drop(s, s.parts.get(name));
    s.parts.delete(name);
  }
  if (cur === undefined) return true;
  const r = add(s, cur, partOf(cur, fresh));
  if (r === false) return false;
  if (r !== undefined) s.parts.set(name, r);
  return true;
}

/**
 * patch moves the state from its pods to `pods`, deriving only the pods it has not seen (false:
 * give up): from the pod index's delta between the two lists when it has one (~800 pods a sync),
 * else by walking both lists side by side.
 */
function patch(s: State, pods: readonly EndpointPod[], partOf: PartOf, delta: ListDelta | undefined): boolean {
  if (!forEachPodChange(s.pods, pods, delta, pods.length >>> 2, (old, cur) => change(s, old, cur, partOf, true))) return false;
  if (s.endpointPods === 0) s.key = '';
  s.pods = pods;
  return true;
}

/**
 * incrementalDesired: the desired endpoints of the Service's pods for one address type, from the
 * last sync's set, or undefined when the full path must compute them (see the file comment).
 * delta: the pod index's changes between two of its lists (endpointPodIndex.ts listDelta).
 */
export function incrementalDesired(
  service: EndpointService,
  addressType: AddressType,
  pods: readonly EndpointPod[],
  getNode: (name: string) => Node | undefined,
  partOf: PartOf,
  delta?: ListDelta,
): DesiredByPortMap | undefined {
  if (!strictlyByName(pods)) return undefined;
  let s = STATES.get(service);
  STATES.delete(service);
  if (s !== undefined && (s.addressType !== addressType || !nodesCurrent(s, getNode) || !patch(s, pods, partOf, delta))) s = undefined;
  s ??= build(addressType, pods, partOf);
  if (s === undefined) return undefined;
  STATES.set(service, s);
  const out: DesiredByPortMap = { desired: new Map(), desiredMeta: new Map() };
  if (s.endpointPods === 0) return out;
  out.desired.set(s.key, new DesiredView(s.byHash));
  out.desiredMeta.set(s.key, s.ports);
  return out;
}

function nodesCurrent(s: State, getNode: (name: string) => Node | undefined): boolean {
  for (const [name, node] of s.nodes) if (getNode(name) !== node) return false;
  return true;
}
