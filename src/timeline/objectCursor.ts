/**
 * ObjectCursor: the API server's objects (Events aside) at any recorded tick, for the views,
 * without copying or replaying the engine. The tick log holds every write with the object
 * written; the cursor also keeps the object each write replaced, so it moves forward by redoing
 * writes and backward by undoing them. A far jump starts from the nearest keyframe's store when
 * that is cheaper than walking. Cost: O(writes walked) or O(objects + writes since the keyframe).
 *
 * Invariant: at tick i, `maps` hold exactly the non-Event objects of the engine store at tick i
 * (objectCursor.test.ts compares them with Timeline.engineAt(i).store); iteration order is not
 * part of the contract (views sort).
 */
import type { Kind, KubeObject } from '../engine/api/types.ts';
import { objectKey } from '../engine/apiserver/store.ts';
import type { EngineState, TickRecord } from '../engine/sim.ts';
import type { Track } from './timeline.ts';
import type { KeyframeList } from './keyframes.ts';

/** The kinds the views show (Events are read from the engine state, for describe). */
export const VIEW_KINDS = ['Node', 'Deployment', 'ReplicaSet', 'DaemonSet', 'ControllerRevision', 'Pod'] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

export type ObjectMaps = Record<ViewKind, Map<string, KubeObject>>;

function emptyMaps(): ObjectMaps {
  return { Node: new Map(), Deployment: new Map(), ReplicaSet: new Map(), DaemonSet: new Map(), ControllerRevision: new Map(), Pod: new Map() };
}

function isViewKind(k: Kind): k is ViewKind {
  return k !== 'Event';
}

const keyOf = objectKey;

/** Sentinel for "no object before this write". */
const NONE = null;

export class ObjectCursor implements Track {
  /** prevs[t - 1][k]: the object write k of tick t replaced (null: none); Events skipped (undefined). */
  private readonly prevs: (KubeObject | null | undefined)[][] = [];
  /** writesUpTo[t]: view writes in ticks 1..t. */
  private readonly writesUpTo: number[] = [0];
  /** The objects at the end of the recording (to know what each new write replaces). */
  private end: ObjectMaps = emptyMaps();
  /** The objects at tick `at`. */
  private maps: ObjectMaps = emptyMaps();
  private at = 0;
  /** Bumped whenever `maps` changes, so views can cache per version. */
  version = 0;
  /** Bumped whenever the set of pod keys may have changed (a pod added or removed, a jump). */
  podSetVersion = 0;

  constructor(
    private readonly records: readonly TickRecord[],
    private readonly keyframes: KeyframeList,
  ) {}

  reset(st: EngineState): void {
    this.prevs.length = 0;
    this.writesUpTo.length = 1;
    this.end = fromStore(st);
    this.maps = fromStore(st);
    this.at = 0;
    this.version++;
    this.podSetVersion++;
  }

  append(rec: TickRecord, _st: EngineState): void {
    const prevs: (KubeObject | null | undefined)[] = [];
    let n = 0;
    for (const w of rec.writes) {
      const o = w.object;
      if (!isViewKind(o.kind)) {
        prevs.push(undefined);
        continue;
      }
      const m = this.end[o.kind];
      const key = keyOf(o);
      prevs.push(m.get(key) ?? NONE);
      if (w.type === 'DELETED') m.delete(key);
      else m.set(key, o);
      n++;
    }
    this.prevs.push(prevs);
    this.writesUpTo.push((this.writesUpTo[this.writesUpTo.length - 1] as number) + n);
  }

  truncate(tick: number): void {
    if (this.at > tick) this.moveTo(tick);
    for (let t = this.prevs.length; t > tick; t--) undo(this.end, this.records[t - 1] as TickRecord, this.prevs[t - 1] ?? []);
    this.prevs.length = tick;
    this.writesUpTo.length = tick + 1;
  }

  /** tick is where the cursor stands. */
  get tick(): number {
    return this.at;
  }

  /** objects are the objects at the cursor's tick (do not change them). */
  objects(): Readonly<ObjectMaps> {
    return this.maps;
  }

  /** moveTo puts the cursor at tick i (clamped to the recording). */
  moveTo(i: number): void {
    const target = Math.max(0, Math.min(i, this.prevs.length));
    if (target === this.at) return;
    const walk = Math.abs((this.writesUpTo[target] as number) - (this.writesUpTo[this.at] as number));
    const kf = this.keyframes.at(target);
    const jump = storeSize(kf.state) + (this.writesUpTo[target] as number) - (this.writesUpTo[kf.tick] as number);
    let podSet = false;
    if (jump < walk && kf.tick <= target) {
      this.maps = fromStore(kf.state);
      this.at = kf.tick;
      podSet = true;
    }
    while (this.at < target) {
      this.at++;
      podSet = redo(this.maps, this.records[this.at - 1] as TickRecord) || podSet;
    }
    while (this.at > target) {
      podSet = undo(this.maps, this.records[this.at - 1] as TickRecord, this.prevs[this.at - 1] ?? []) || podSet;
      this.at--;
    }
    this.version++;
    if (podSet) this.podSetVersion++;
  }
}

function fromStore(st: EngineState): ObjectMaps {
  const out = emptyMaps();
  for (const k of VIEW_KINDS) out[k] = new Map(st.store.objects[k]);
  return out;
}

function storeSize(st: EngineState): number {
  let n = 0;
  for (const k of VIEW_KINDS) n += st.store.objects[k].size;
  return n;
}

/** redo applies a tick's writes; returns whether a pod came or went. */
function redo(maps: ObjectMaps, rec: TickRecord): boolean {
  let podSet = false;
  for (const w of rec.writes) {
    const o = w.object;
    if (!isViewKind(o.kind)) continue;
    if (o.kind === 'Pod' && w.type !== 'MODIFIED') podSet = true;
    if (w.type === 'DELETED') maps[o.kind].delete(keyOf(o));
    else maps[o.kind].set(keyOf(o), o);
  }
  return podSet;
}

/** undo reverts a tick's writes, last first; returns whether a pod came or went. */
function undo(maps: ObjectMaps, rec: TickRecord, prevs: readonly (KubeObject | null | undefined)[]): boolean {
  let podSet = false;
  for (let k = rec.writes.length - 1; k >= 0; k--) {
    const w = rec.writes[k] as TickRecord['writes'][number];
    const o = w.object;
    if (!isViewKind(o.kind)) continue;
    if (o.kind === 'Pod' && w.type !== 'MODIFIED') podSet = true;
    const prev = prevs[k];
    if (prev) maps[o.kind].set(keyOf(o), prev);
    else maps[o.kind].delete(keyOf(o));
  }
  return podSet;
}
