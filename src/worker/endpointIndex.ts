/**
 * EndpointIndex: each pod's endpoint state at any recorded tick, as one number a pod, for the
 * Cluster panel's badges (DESIGN.md §15). The object cursor cannot hold EndpointSlices (its write
 * code keeps the kind in 3 bits and VIEW_KINDS has all eight), so this index reads the Services'
 * and EndpointSlices' writes from the tick log itself, once, into one history per object: a frame
 * finds each object at its tick by binary search (a 2,000-pod Service has 20 slices: 20 searches).
 *
 * Pods are found by their slot in the cursor's pod table (stable for the recording's life): each
 * slice version is read once into slots and codes (cached by object), and a frame writes those
 * into a byte per slot and reads it back in listing order. Keyed by pod name instead, a random
 * seek of a 2,000-pod rollout rebuilt a 2,000-key map and looked each pod up in it: ~2.5 ms of
 * string keys where the typed arrays take well under 0.1 ms.
 */
import type { EndpointSlice } from '../engine/api/discoveryTypes.ts';
import type { Service } from '../engine/api/policyTypes.ts';
import type { KubeObject, Pod } from '../engine/api/types.ts';
import { selectorMatches } from '../engine/lib/labels.ts';
import type { SlotTable } from '../timeline/slotTable.ts';
import { endpointConditionsState } from '../timeline/endpointState.ts';
import type { WatchRecord } from '../engine/apiserver/store.ts';
import type { TickLog } from '../timeline/tickLog.ts';
import { ENDPOINT_CODE } from './endpointCodes.ts';

const CODE = ENDPOINT_CODE;

/** One object's versions: the tick of each write and the object after it (null: deleted). */
interface History {
  ticks: number[];
  objs: (KubeObject | null)[];
}

/** A slice version read for the pods: the slot and code of each endpoint that names a known pod. */
interface SliceCodes {
  slots: Int32Array;
  codes: Uint8Array;
}

const keyOf = (o: KubeObject) => `${o.kind}/${o.metadata.namespace ?? 'default'}/${o.metadata.name}`;

/** endpointCode is an endpoint's code from its conditions (the state endpointStates reads too). */
export function endpointCode(c: EndpointSlice['endpoints'][number]['conditions']): number {
  return CODE[endpointConditionsState(c)];
}

export class EndpointIndex {
  private scanned = 0;
  private readonly histories = new Map<string, History>();
  private services: { svc: Service; ns: string }[] = [];
  private serviceSeen = false;
  /** Each slice version's slots and codes (a version is one object: read once). */
  private readonly sliceCodes = new WeakMap<KubeObject, SliceCodes>();
  /** Per pod slot, the pod object whose selection was checked and whether a Service selects it. */
  private selObj: (KubeObject | null)[] = [];
  private selVal = new Uint8Array(0);
  private selServices: readonly { svc: Service }[] = [];

  /** `initial` are the objects at tick 0 (the scenario's; only Services and EndpointSlices are kept). */
  constructor(initial: readonly KubeObject[]) {
    for (const o of initial) if (o.kind === 'Service' || o.kind === 'EndpointSlice') this.add(o, 0, o);
  }

  /** hasService tells whether any Service was seen up to the scanned records (no Service: no badges, no array). */
  get hasService(): boolean {
    return this.serviceSeen;
  }

  /** scannedTicks is how many records sync has read. */
  get scannedTicks(): number {
    return this.scanned;
  }

  /**
   * sync reads the writes recorded since the last call (records.at(i) is tick i + 1). A log
   * shorter than what was read (a fork truncated it) is the caller's to handle with a new index.
   */
  sync(records: TickLog): void {
    for (let i = this.scanned; i < records.length; i++) {
      for (let j = 0; ; j++) {
        // Read by kind first: an Event the log keeps as text is not built again to be passed over.
        const kind = records.kindAt(i, j);
        if (kind === undefined) break;
        if (kind !== 'Service' && kind !== 'EndpointSlice') continue;
        const w = records.writeAt(i, j) as WatchRecord;
        this.add(w.object, i + 1, w.type === 'DELETED' ? null : w.object);
      }
    }
    this.scanned = records.length;
  }

  private add(o: KubeObject, tick: number, version: KubeObject | null): void {
    const k = keyOf(o);
    let h = this.histories.get(k);
    if (!h) {
      h = { ticks: [], objs: [] };
      this.histories.set(k, h);
    }
    h.ticks.push(tick);
    h.objs.push(version);
    if (o.kind === 'Service') this.serviceSeen = true;
  }

  /**
   * codes gives the endpoint code (endpointCodes.ts) of the pods in `slots` of `pods` (the cursor's
   * pod table at `tick`), in that order, or null when no Service exists at the tick (the frame then
   * carries no array). A pod no slice lists is read only to see whether a Service selects it.
   */
  codes(tick: number, pods: SlotTable, slots: Int32Array): Uint8Array | null {
    const bySlot = this.slotCodes(tick, pods);
    if (bySlot === null) return null;
    const out = new Uint8Array(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i] as number;
      out[i] = bySlot[s] || this.selectedCode(s, pods.objs[s] as Pod);
    }
    return out;
  }

  /** slotCodes is the best code of each pod slot over the slices at `tick` (null: no Service then). */
  private slotCodes(tick: number, pods: SlotTable): Uint8Array | null {
    const services: { svc: Service; ns: string }[] = [];
    const slices: KubeObject[] = [];
    for (const h of this.histories.values()) {
      const o = versionAt(h, tick);
      if (o === null) continue;
      if (o.kind === 'Service') services.push({ svc: o as Service, ns: o.metadata.namespace ?? 'default' });
      else slices.push(o);
    }
    this.services = services;
    if (services.length === 0) return null;
    const bySlot = new Uint8Array(pods.objs.length);
    for (const o of slices) {
      let c = this.sliceCodes.get(o);
      if (c === undefined) {
        c = readSlice(o as EndpointSlice, pods);
        this.sliceCodes.set(o, c);
      }
      for (let e = 0; e < c.slots.length; e++) {
        const s = c.slots[e] as number;
        const code = c.codes[e] as number;
        if (s < bySlot.length && (bySlot[s] as number) < code) bySlot[s] = code;
      }
    }
    return bySlot;
  }

  /** selectedCode is the code of a pod no slice lists: `none` when a Service selects it, else 0. */
  private selectedCode(slot: number, pod: Pod): number {
    if (
      this.selServices.length !== this.services.length ||
      this.selServices.some((s, i) => s.svc !== this.services[i]?.svc)
    ) {
      this.selServices = this.services;
      this.selObj = [];
    }
    if (slot >= this.selVal.length) {
      const grown = new Uint8Array(Math.max(slot + 1, this.selVal.length * 2));
      grown.set(this.selVal);
      this.selVal = grown;
    }
    // Labels do not change within one pod object: checked again only for another version.
    if (this.selObj[slot] !== pod) {
      const ns = pod.metadata.namespace ?? 'default';
      const sel = this.services.some(
        (s) =>
          s.ns === ns &&
          s.svc.spec.selector !== undefined &&
          selectorMatches({ matchLabels: s.svc.spec.selector }, pod.metadata.labels),
      );
      this.selObj[slot] = pod;
      this.selVal[slot] = sel ? CODE.none : 0;
    }
    return this.selVal[slot] as number;
  }
}

/** readSlice reads a slice version's endpoints as pod slots and codes (pods never recorded are left out). */
function readSlice(s: EndpointSlice, pods: SlotTable): SliceCodes {
  const ns = s.metadata.namespace ?? 'default';
  const slots: number[] = [];
  const codes: number[] = [];
  for (const ep of s.endpoints) {
    const ref = ep.targetRef;
    if (ref?.kind !== 'Pod') continue;
    const slot = pods.slotOf(`${ref.namespace ?? ns}/${ref.name}`);
    if (slot === undefined) continue;
    slots.push(slot);
    codes.push(endpointCode(ep.conditions));
  }
  return { slots: Int32Array.from(slots), codes: Uint8Array.from(codes) };
}

/** versionAt is the object of history `h` at `tick` (its last write at or before it), or null. */
function versionAt(h: History, tick: number): KubeObject | null {
  let lo = 0;
  let hi = h.ticks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((h.ticks[mid] as number) <= tick) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? null : (h.objs[lo - 1] ?? null);
}
