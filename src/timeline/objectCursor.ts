/**
 * ObjectCursor: the API server's objects (Events aside) at any recorded tick, for the views,
 * without copying or replaying the engine. The tick log holds every write with the object
 * written; the cursor also keeps the object each write replaced, so it moves forward by redoing
 * writes and backward by undoing them. A far jump starts from the nearest of its own snapshots
 * when that is cheaper than walking. Cost: O(writes walked) or O(objects + writes from the snapshot).
 *
 * Invariant: at tick i, `maps` hold exactly the non-Event objects of the engine store at tick i
 * (objectCursor.test.ts compares them with Timeline.engineAt(i).store); iteration order is not
 * part of the contract (views sort).
 */
import type { Kind, KubeObject } from '../engine/api/types.ts';
import { objectKey } from '../engine/apiserver/store.ts';
import type { EngineState, TickRecord } from '../engine/sim.ts';
import type { Track } from './timeline.ts';

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

interface Snapshot {
  tick: number;
  maps: ObjectMaps;
  size: number;
}

/** Fewest view writes between two snapshots. */
const MIN_SNAPSHOT_WRITES = 1000;

export class ObjectCursor implements Track {
  /** prevs[t - 1][k]: the object write k of tick t replaced (null: none); Events skipped (undefined). */
  private readonly prevs: (KubeObject | null | undefined)[][] = [];
  /** writesUpTo[t]: view writes in ticks 1..t. */
  private readonly writesUpTo: number[] = [0];
  /** The objects at the end of the recording (to know what each new write replaces). */
  private end: ObjectMaps = emptyMaps();
  /**
   * Copies of the objects at some ticks, one each time as many writes as there are objects went
   * by: a jump then copies about as much as it walks, and all snapshots together hold about one
   * entry per write recorded.
   */
  private readonly snapshots: Snapshot[] = [];
  /** The objects at tick `at`. */
  private maps: ObjectMaps = emptyMaps();
  private at = 0;
  /** Bumped whenever `maps` changes, so views can cache per version. */
  version = 0;
  /** Bumped whenever the set of pod keys may have changed (a pod added or removed, a jump). */
  podSetVersion = 0;

  constructor(private readonly records: readonly TickRecord[]) {}

  reset(st: EngineState): void {
    this.prevs.length = 0;
    this.writesUpTo.length = 1;
    this.end = fromStore(st);
    this.maps = fromStore(st);
    this.snapshots.length = 0;
    this.snapshots.push({ tick: 0, maps: fromStore(st), size: sizeOf(this.end) });
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
    const written = (this.writesUpTo[this.writesUpTo.length - 1] as number) + n;
    this.writesUpTo.push(written);
    const last = this.snapshots[this.snapshots.length - 1] as Snapshot;
    const size = sizeOf(this.end);
    if (written - (this.writesUpTo[last.tick] as number) >= Math.max(MIN_SNAPSHOT_WRITES, size)) {
      this.snapshots.push({ tick: rec.tick, maps: copyMaps(this.end), size });
    }
  }

  truncate(tick: number): void {
    if (this.at > tick) this.moveTo(tick);
    for (let t = this.prevs.length; t > tick; t--) undo(this.end, this.records[t - 1] as TickRecord, this.prevs[t - 1] ?? []);
    this.prevs.length = tick;
    this.writesUpTo.length = tick + 1;
    while (this.snapshots.length > 1 && (this.snapshots[this.snapshots.length - 1] as Snapshot).tick > tick) this.snapshots.pop();
  }

  /** tick is where the cursor stands. */
  get tick(): number {
    return this.at;
  }

  /** objects are the objects at the cursor's tick (do not change them). */
  objects(): Readonly<ObjectMaps> {
    return this.maps;
  }

  /** snapshotCount is how many object snapshots the cursor keeps (for the memory report). */
  snapshotCount(): number {
    return this.snapshots.length;
  }

  /**
   * moveTo puts the cursor at tick i (clamped to the recording): it walks from where it stands,
   * or from the snapshot before or after i, whichever touches fewer entries.
   */
  moveTo(i: number): void {
    const target = Math.max(0, Math.min(i, this.prevs.length));
    if (target === this.at) return;
    const w = (t: number) => this.writesUpTo[t] as number;
    let best = Math.abs(w(target) - w(this.at));
    let from: Snapshot | null = null;
    const k = this.snapshotAtOrBefore(target);
    for (const s of [this.snapshots[k], this.snapshots[k + 1]]) {
      if (!s) continue;
      const cost = s.size + Math.abs(w(target) - w(s.tick));
      if (cost < best) {
        best = cost;
        from = s;
      }
    }
    let podSet = false;
    if (from) {
      this.maps = copyMaps(from.maps);
      this.at = from.tick;
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

  private snapshotAtOrBefore(tick: number): number {
    let lo = 0;
    let hi = this.snapshots.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.snapshots[mid] as Snapshot).tick <= tick) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

function copyMaps(m: ObjectMaps): ObjectMaps {
  const out = emptyMaps();
  for (const k of VIEW_KINDS) out[k] = new Map(m[k]);
  return out;
}

function sizeOf(m: ObjectMaps): number {
  let n = 0;
  for (const k of VIEW_KINDS) n += m[k].size;
  return n;
}

function fromStore(st: EngineState): ObjectMaps {
  const out = emptyMaps();
  for (const k of VIEW_KINDS) out[k] = new Map(st.store.objects[k]);
  return out;
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
