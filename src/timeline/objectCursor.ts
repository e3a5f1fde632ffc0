/**
 * ObjectCursor: the API server's objects (Events aside) at any recorded tick, for the views,
 * without copying or replaying the engine. Each kind's objects are a slot array (slotTable.ts);
 * the cursor logs every recorded write as (slot, object after, object before), so it moves
 * forward by storing the objects after and backward by storing the objects before. A far jump
 * starts from the nearest of its own snapshots (array slices) when that is cheaper than walking.
 * Cost: O(writes walked), or O(slots + writes from the snapshot); a random seek in a
 * 10,000-replica rollout (~20,000 pod slots, a snapshot every ~20,000 writes) walks at most
 * ~10,000 writes after one slice: ~0.3 ms measured (p50; the Map-based cursor took ~8 ms).
 *
 * Invariant: at tick i, `objects()` hold exactly the non-Event objects of the engine store at
 * tick i (recording.test.ts compares them with Timeline.engineAt(i).store). Pods are listed by
 * key, the other kinds in the order their keys first appeared. Beside the pods, the cursor moves
 * their pod columns (podColumns.ts): at tick i they hold the facts of the pods `objects()` hold.
 */
import type { KubeObject } from '../engine/api/types.ts';
import { objectKey } from '../engine/apiserver/store.ts';
import type { EngineState, TickRecord } from '../engine/sim.ts';
import { RisingColumn } from './columns.ts';
import { type ColumnSnapshot, PodColumns } from './podColumns.ts';
import { copyInto, KeySlots, type ObjectTable, padded, type Slots, SlotTable } from './slotTable.ts';
import type { Track } from './timeline.ts';

/** The kinds the views show (Events are read from the engine state, for describe). */
// Eight kinds at most: a write's code keeps the kind in 3 bits (KIND_BITS).
export const VIEW_KINDS = [
  'Node',
  'Deployment',
  'ReplicaSet',
  'DaemonSet',
  'ControllerRevision',
  'Pod',
  'StatefulSet',
  'PersistentVolumeClaim',
] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

export type ObjectMaps = Record<ViewKind, ObjectTable>;

const KIND_INDEX = new Map<string, number>(VIEW_KINDS.map((k, i) => [k, i]));
const NODE = VIEW_KINDS.indexOf('Node');
const POD = VIEW_KINDS.indexOf('Pod');
/** A write's code: kind index in the low 3 bits, slot above. */
const KIND_BITS = 3;
const KIND_MASK = 7;

interface Snapshot {
  tick: number;
  objs: Slots[];
  sizes: number[];
  pods: ColumnSnapshot;
}

/** The pods at the cursor's tick as the canvas packs them (see podColumns.ts). */
export interface CursorPods {
  pods: SlotTable;
  nodes: SlotTable;
  columns: PodColumns;
}

/** Fewest view writes between two snapshots. */
const MIN_SNAPSHOT_WRITES = 1000;
/**
 * Cost of walking one write against copying one slot (measured on the 10,000-replica run: slicing
 * its 20,103 slots takes ~0.11 ms, ~5.5 ns a slot; a walk ~11 ns a write).
 */
const WALK_COST = 2;

export class ObjectCursor implements Track {
  private slots: KeySlots[] = [];
  /** The write log: code[w] (kind, slot), after[w] and before[w] (null: no object). */
  private code = new Int32Array(1024);
  private after: (KubeObject | null)[] = [];
  private before: (KubeObject | null)[] = [];
  /**
   * writesUpTo.at(t): view writes in ticks 1..t (tick t's writes are log entries writesUpTo.at(t - 1)..);
   * ~2 bytes a tick (columns.ts), where an array of numbers took 8.
   */
  private writesUpTo = new RisingColumn(false);
  /** The objects at the end of the recording (to know what each new write replaces). */
  private end: Slots[] = [];
  private endSizes: number[] = [];
  /**
   * Copies of the objects at some ticks, one each time as many writes as there are slots went
   * by: a jump then copies about as much as it walks, and all snapshots together hold about one
   * slot per write recorded.
   */
  private readonly snapshots: Snapshot[] = [];
  /** The objects at tick `at`, one table per kind (moved in place). */
  private tables: SlotTable[] = [];
  private maps = {} as ObjectMaps;
  private pods = new PodColumns(new KeySlots(false), new KeySlots(true));
  private at = 0;
  /** Bumped whenever the objects change, so views can cache per version. */
  version = 0;

  reset(st: EngineState): void {
    this.slots = VIEW_KINDS.map((k) => new KeySlots(k === 'Pod'));
    this.end = VIEW_KINDS.map(() => []);
    this.endSizes = VIEW_KINDS.map(() => 0);
    this.pods = new PodColumns(this.slots[NODE] as KeySlots, this.slots[POD] as KeySlots);
    VIEW_KINDS.forEach((k, i) => {
      for (const [key, o] of st.store.objects[k]) {
        const slot = (this.slots[i] as KeySlots).slot(key);
        if (i === POD) this.pods.setEnd(slot, o);
        this.setEnd(i, slot, o);
      }
    });
    this.after.length = 0;
    this.before.length = 0;
    this.writesUpTo = new RisingColumn(false);
    this.writesUpTo.push(0);
    this.snapshots.length = 0;
    this.snapshots.push(this.snapshotOfEnd(0));
    this.tables = VIEW_KINDS.map((_, i) => new SlotTable(this.slots[i] as KeySlots, (this.end[i] as Slots).slice(), this.endSizes[i] as number));
    this.maps = {} as ObjectMaps;
    VIEW_KINDS.forEach((k, i) => {
      this.maps[k] = this.tables[i] as SlotTable;
    });
    this.at = 0;
    this.version++;
  }

  append(rec: TickRecord, _st: EngineState): void {
    let w = this.after.length;
    for (const write of rec.writes) {
      const o = write.object;
      const kind = KIND_INDEX.get(o.kind);
      if (kind === undefined) continue;
      const slot = (this.slots[kind] as KeySlots).slot(objectKey(o));
      if (w >= this.code.length) {
        const grown = new Int32Array(this.code.length * 2);
        grown.set(this.code);
        this.code = grown;
      }
      const next = write.type === 'DELETED' ? null : o;
      if (kind === POD) this.pods.write(w, slot, next);
      this.code[w++] = kind | (slot << KIND_BITS);
      this.before.push((this.end[kind] as Slots)[slot] ?? null);
      this.after.push(next);
      this.setEnd(kind, slot, next);
    }
    this.writesUpTo.push(w);
    const last = this.snapshots[this.snapshots.length - 1] as Snapshot;
    if (w - this.writesUpTo.at(last.tick) >= Math.max(MIN_SNAPSHOT_WRITES, this.slotCount())) {
      this.snapshots.push(this.snapshotOfEnd(rec.tick));
    }
  }

  /**
   * trim gives back the room kept for more writes (the recording stopped): the kind-and-slot
   * column and the pod columns' per-write numbers grow by doubling, the two object lists by about half.
   */
  trim(): void {
    const n = this.after.length;
    this.code = this.code.slice(0, Math.max(n, 1024));
    this.pods.trim(n);
    this.after = this.after.slice();
    this.before = this.before.slice();
    this.writesUpTo.trim();
  }

  truncate(tick: number): void {
    if (this.at > tick) this.moveTo(tick);
    const keep = this.writesUpTo.at(tick);
    for (let w = this.after.length - 1; w >= keep; w--) {
      const c = this.code[w] as number;
      if ((c & KIND_MASK) === POD) this.pods.unwrite(w, c >>> KIND_BITS);
      this.setEnd(c & KIND_MASK, c >>> KIND_BITS, this.before[w] ?? null);
    }
    this.after.length = keep;
    this.before.length = keep;
    this.writesUpTo.truncate(tick + 1);
    while (this.snapshots.length > 1 && (this.snapshots[this.snapshots.length - 1] as Snapshot).tick > tick) this.snapshots.pop();
  }

  /** tick is where the cursor stands. */
  get tick(): number {
    return this.at;
  }

  /** objects are the objects at the cursor's tick (they change when the cursor moves). */
  objects(): Readonly<ObjectMaps> {
    return this.maps;
  }

  /** podColumns are the pods at the cursor's tick as numbers (podColumns.ts), with the tables they index. */
  podColumns(): CursorPods {
    return { pods: this.tables[POD] as SlotTable, nodes: this.tables[NODE] as SlotTable, columns: this.pods };
  }

  /** snapshotCount is how many object snapshots the cursor keeps (for the memory report). */
  snapshotCount(): number {
    return this.snapshots.length;
  }

  /**
   * moveTo puts the cursor at tick i (clamped to the recording): it walks from where it stands,
   * or from the snapshot before or after i, whichever costs less.
   */
  moveTo(i: number): void {
    const target = Math.max(0, Math.min(i, this.writesUpTo.length - 1));
    if (target === this.at) return;
    const w = (t: number) => this.writesUpTo.at(t);
    const goal = w(target);
    let best = WALK_COST * Math.abs(goal - w(this.at));
    let from: Snapshot | null = null;
    const k = this.snapshotAtOrBefore(target);
    const copy = this.slotCount();
    for (const s of [this.snapshots[k], this.snapshots[k + 1]]) {
      if (!s) continue;
      const cost = copy + WALK_COST * Math.abs(goal - w(s.tick));
      if (cost < best) {
        best = cost;
        from = s;
      }
    }
    const tables = this.tables;
    tables.forEach((t, kind) => {
      const n = (this.slots[kind] as KeySlots).count;
      t.stamp++;
      padded(t.objs, n);
      if (from) {
        copyInto(t.objs, from.objs[kind] as Slots);
        t.size = from.sizes[kind] as number;
      }
    });
    this.pods.start(from?.pods ?? null, (this.slots[POD] as KeySlots).count);
    if (from) this.at = from.tick;
    for (let x = w(this.at); x < goal; x++) this.apply(tables, x, this.before[x] ?? null, this.after[x] ?? null, true);
    for (let x = w(this.at) - 1; x >= goal; x--) this.apply(tables, x, this.after[x] ?? null, this.before[x] ?? null, false);
    this.at = target;
    this.version++;
  }

  /** apply replaces `was` by `now` at write x's slot (walking `forward` or back). */
  private apply(tables: SlotTable[], x: number, was: KubeObject | null, now: KubeObject | null, forward: boolean): void {
    const c = this.code[x] as number;
    const kind = c & KIND_MASK;
    const t = tables[kind] as SlotTable;
    const slot = c >>> KIND_BITS;
    t.objs[slot] = now;
    if (kind === POD) {
      if (forward) this.pods.forward(x, slot);
      else this.pods.backward(x, slot);
    }
    if (was === null) t.size++;
    if (now === null) t.size--;
  }

  private setEnd(kind: number, slot: number, o: KubeObject | null): void {
    const objs = padded(this.end[kind] as Slots, slot + 1);
    this.endSizes[kind] = (this.endSizes[kind] as number) + (objs[slot] === null ? 1 : 0) - (o === null ? 1 : 0);
    objs[slot] = o;
  }

  private snapshotOfEnd(tick: number): Snapshot {
    const pods = this.pods.snapshotOfEnd((this.slots[POD] as KeySlots).count);
    return { tick, objs: this.end.map((o) => o.slice()), sizes: this.endSizes.slice(), pods };
  }

  private slotCount(): number {
    let n = 0;
    for (const s of this.slots) n += s.count;
    return n;
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
