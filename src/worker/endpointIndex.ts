/**
 * EndpointIndex: each pod's endpoint state at any recorded tick, as one number a pod, for the
 * Cluster panel's badges (DESIGN.md §15). The object cursor cannot hold EndpointSlices (its write
 * code keeps the kind in 3 bits and VIEW_KINDS has all eight), so this index reads the Services'
 * and EndpointSlices' writes from the tick log itself, once, into one history per object: a frame
 * finds each object at its tick by binary search (a 2,000-pod Service has 20 slices: 20 searches).
 * The pod → state map is rebuilt only when a slice or Service at the tick is another object than
 * the last frame's, so a frame during play mostly costs one map lookup a pod.
 */
import type { EndpointSlice } from '../engine/api/discoveryTypes.ts';
import type { Service } from '../engine/api/policyTypes.ts';
import type { KubeObject, Pod } from '../engine/api/types.ts';
import { selectorMatches } from '../engine/lib/labels.ts';
import type { TickLog } from '../timeline/tickLog.ts';
import { ENDPOINT_CODE } from './endpointCodes.ts';

const CODE = ENDPOINT_CODE;

/** One object's versions: the tick of each write and the object after it (null: deleted). */
interface History {
  ticks: number[];
  objs: (KubeObject | null)[];
}

const keyOf = (o: KubeObject) => `${o.kind}/${o.metadata.namespace ?? 'default'}/${o.metadata.name}`;

export class EndpointIndex {
  private scanned = 0;
  private readonly histories = new Map<string, History>();
  /** The objects the last `at` found, and the codes by pod key made from them. */
  private lastObjs: (KubeObject | null)[] = [];
  private byPod = new Map<string, number>();
  private services: { svc: Service; ns: string }[] = [];
  /** Whether a pod object is selected by a Service (labels do not change within one object). */
  private selected = new WeakMap<Pod, boolean>();

  /** `initial` are the objects at tick 0 (the scenario's; only Services and EndpointSlices are kept). */
  constructor(initial: readonly KubeObject[]) {
    for (const o of initial)
      if (o.kind === 'Service' || o.kind === 'EndpointSlice')
        this.histories.set(keyOf(o), { ticks: [0], objs: [o] });
  }

  /** hasService tells whether any Service was seen up to the scanned records (no Service: no badges, no array). */
  get hasService(): boolean {
    for (const k of this.histories.keys()) if (k.startsWith('Service/')) return true;
    return false;
  }

  /**
   * sync reads the writes recorded since the last call (records.at(i) is tick i + 1). A log
   * shorter than what was read (a fork truncated it) is the caller's to handle with a new index.
   */
  sync(records: TickLog): void {
    for (let i = this.scanned; i < records.length; i++) {
      for (let j = 0; ; j++) {
        const w = records.writeAt(i, j);
        if (w === undefined) break;
        const o = w.object;
        if (o.kind !== 'Service' && o.kind !== 'EndpointSlice') continue;
        const k = keyOf(o);
        let h = this.histories.get(k);
        if (!h) {
          h = { ticks: [], objs: [] };
          this.histories.set(k, h);
        }
        h.ticks.push(i + 1);
        h.objs.push(w.type === 'DELETED' ? null : o);
      }
    }
    this.scanned = records.length;
  }

  /** scannedTicks is how many records sync has read. */
  get scannedTicks(): number {
    return this.scanned;
  }

  /**
   * codes gives the endpoint code of each pod of `pods` at `tick` (see ENDPOINT_CODE_STATES), or
   * null when no Service exists then (the frame carries no array).
   */
  codes(tick: number, pods: readonly Pod[]): Uint8Array | null {
    // See endpointCodes.ts for the codes.
    return this.codesBy(
      tick,
      pods.length,
      (i) => podKey(pods[i] as Pod),
      (i) => pods[i] as Pod,
    );
  }

  /**
   * codesBy is `codes` for `n` pods named by key ("namespace/name", keyAt) whose objects are read
   * (podAt) only when no slice lists them, to see whether a Service selects them: the packed
   * frame's pods come as keys and slots, and reading ~2,000 pod objects a frame is what it avoids.
   */
  codesBy(
    tick: number,
    n: number,
    keyAt: (i: number) => string,
    podAt: (i: number) => Pod,
  ): Uint8Array | null {
    this.moveTo(tick);
    if (this.services.length === 0) return null;
    const out = new Uint8Array(n);
    const byPod = this.byPod;
    for (let i = 0; i < n; i++) out[i] = byPod.get(keyAt(i)) ?? this.selectedCode(podAt(i));
    return out;
  }

  /** selectedCode is the code of a pod no slice lists: `none` when a Service selects it, else 0. */
  private selectedCode(pod: Pod): number {
    const ns = pod.metadata.namespace ?? 'default';
    let sel = this.selected.get(pod);
    if (sel === undefined) {
      sel = this.services.some(
        (s) =>
          s.ns === ns &&
          s.svc.spec.selector !== undefined &&
          selectorMatches({ matchLabels: s.svc.spec.selector }, pod.metadata.labels),
      );
      this.selected.set(pod, sel);
    }
    return sel ? CODE.none : 0;
  }

  /** moveTo finds every Service and slice at `tick` and rebuilds the pod map when one changed. */
  private moveTo(tick: number): void {
    const objs: (KubeObject | null)[] = [];
    for (const h of this.histories.values()) objs.push(versionAt(h, tick));
    const last = this.lastObjs;
    if (objs.length === last.length && objs.every((o, i) => o === last[i])) return;
    this.lastObjs = objs;
    const present = objs.filter((o): o is KubeObject => o !== null);
    const services = present
      .filter((o) => o.kind === 'Service')
      .map((o) => ({ svc: o as Service, ns: o.metadata.namespace ?? 'default' }));
    const sameServices =
      services.length === this.services.length && services.every((s, i) => s.svc === this.services[i]?.svc);
    if (!sameServices) this.selected = new WeakMap();
    this.services = services;
    this.byPod = podCodes(present);
  }
}

const podKey = (p: Pod) => `${p.metadata.namespace ?? 'default'}/${p.metadata.name}`;

/**
 * podCodes maps pod keys to their codes over the slices of `objects`: endpointStates' reading
 * (timeline/endpointState.ts: ready; serving and terminating; else none; the best state of the
 * slices listing a pod wins, and codes rank as states do), without its Explain records, which a
 * frame does not send: at 2,000 pods a slice changes most frames of a rollout.
 */
export function podCodes(objects: readonly KubeObject[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const o of objects) {
    if (o.kind !== 'EndpointSlice') continue;
    const s = o as EndpointSlice;
    const ns = s.metadata.namespace ?? 'default';
    for (const ep of s.endpoints) {
      const ref = ep.targetRef;
      if (ref?.kind !== 'Pod') continue;
      const c = ep.conditions;
      const code =
        (c.ready ?? true)
          ? CODE.ready
          : (c.serving ?? true) && (c.terminating ?? false)
            ? CODE['serving-terminating']
            : CODE.none;
      const key = `${ref.namespace ?? ns}/${ref.name}`;
      if ((out.get(key) ?? 0) < code) out.set(key, code);
    }
  }
  return out;
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
