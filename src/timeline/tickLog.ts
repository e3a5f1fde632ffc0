/**
 * TickLog: the timeline's records (one TickRecord per tick) stored by column, so a record costs a
 * few numbers instead of a handful of objects. A 10,000-replica rollout records 215,889 ticks;
 * kept as objects each cost ~430 bytes besides the API objects it wrote (measured in Node: the
 * record ~90, its writes array, reserved at 16 slots when it grew by push, ~105, the write
 * entries ~30, the summary string ~65, the notes array ~80, the decisions array, empty on 98 % of
 * ticks, ~60). Here a tick is its time, actor, key and three ends (writes, notes, decisions) in
 * number columns (columns.ts: ~14 bytes); a write is its type (1 byte) and its object; the notes
 * of all ticks are one value column (valueColumn.ts: 4 bytes a value); a decision is the index of
 * its shape (fn, key, value names) followed by its values, in another (tickDecisions.ts); actors
 * and keys are numbers in a table of strings (stringTable.ts); the summary is not kept,
 * since it is its notes rendered (the engine renders it so: simulation.ts stepDropped), but a tick whose summary
 * differs keeps it aside.
 *
 * at(k) builds records[k] again: equal, field for field and in the same order, to the record the
 * engine returned (tickLog.test.ts; the API objects are the very ones it wrote), but a new object
 * at each call. Ticks are read a few at a time (Explain shows the last 50, the ticks query 200).
 */
import type { KubeObject, WatchEventType } from '../engine/api/types.ts';
import type { WatchRecord } from '../engine/apiserver/store.ts';
import type { TickRecord } from '../engine/sim.ts';
import {
  SUMMARY_KEYS,
  SUMMARY_PARAMS,
  type SummaryNotes,
  type SummaryValue,
  summaryOfNotes,
} from '../engine/client/summaryCatalog.ts';
import { IndexColumn, RisingColumn } from './columns.ts';
import { EventCodec } from './eventCodec.ts';
import { StringTable } from './stringTable.ts';
import { startOf, TickDecisions } from './tickDecisions.ts';
import { ValueColumn } from './valueColumn.ts';

export { summaryOfNotes };

const WATCH_TYPES: readonly WatchEventType[] = ['ADDED', 'MODIFIED', 'DELETED'];
const WATCH_TYPE_CODE = new Map<string, number>(WATCH_TYPES.map((t, i) => [t, i]));

/** The note an informer tick starts with, `watch {type} {kind} {name} (rv {rv})`: its key's number. */
const WATCH_NOTE = SUMMARY_KEYS.indexOf('watch');
/**
 * A watch note about a recorded write is kept as WRITE_NOTE and the write's number: its four
 * values are the write's type and its object's kind, name and resourceVersion. Half the ticks of
 * a rollout are informer ticks, so this keeps ~3 values of 8 bytes a tick less.
 */
const WRITE_NOTE = -1;


type Bytes = Uint8Array<ArrayBuffer>;

/** room is `a` with space for index `i` (doubling from 64), or `a` itself. */
function room(a: Bytes, i: number): Bytes {
  if (i < a.length) return a;
  const b = new Uint8Array(Math.max(64, a.length * 2, i + 1));
  b.set(a);
  return b;
}

/**
 * TickRecords: what readers of a recording's ticks use, records.at(i - 1) being tick i. A
 * TickLog is one, and so is an array of records (a headless run's, a test's). A TickLog also
 * reads a tick's actor and key alone, for scans that look at thousands of ticks for a few.
 */
export interface TickRecords {
  readonly length: number;
  at(index: number): TickRecord | undefined;
  actorAt?(index: number): string;
  keyAt?(index: number): string | undefined;
  /** A tick's writes alone (write j of records[index]), without building its record (notes, summary). */
  writeAt?(index: number, j: number): WatchRecord | undefined;
  /** The kind of write j's object of records[index], without building an Event kept as text. */
  kindAt?(index: number, j: number): string | undefined;
  /** records[index] for the Explain list: writes without the Events, and every write's label (TickLog.viewAt). */
  viewAt?(index: number): { rec: TickRecord; labels: string[] } | undefined;
  timeOf?(index: number): number;
}

export class TickLog implements TickRecords {
  private n = 0;
  // Per tick k (records[k], tick k + 1).
  private readonly time = new RisingColumn(true);
  /** Index in `strings`. */
  private readonly actor = new IndexColumn();
  /** Index in `strings` + 1; 0: no key. */
  private readonly key = new IndexColumn();
  /** Ends of tick k's entries in the write, note and decision columns (its start is tick k - 1's end). */
  private readonly writeEnd = new RisingColumn(false);
  private readonly noteEnd = new RisingColumn(false);
  // Per write.
  private writeType: Bytes = new Uint8Array(0);
  /** A write's object, or an Event's text (eventCodec.ts: old Events are read rarely, and as text weigh ~40 %). */
  private writeObject: (KubeObject | string)[] = [];
  /** Every tick's notes, one after another (each string once: valueColumn.ts). */
  private readonly notes = new ValueColumn<SummaryValue>();
  /** Every tick's decisions (tickDecisions.ts). */
  private readonly decisions = new TickDecisions();
  /** Actors and keys: a 10,000-replica rollout has ~20,000 distinct ones over 215,889 ticks. */
  private readonly strings = new StringTable();
  /** The writes whose watch delivery is to come, by resourceVersion (a delivery's watch note finds its write here). */
  private readonly undelivered = new Map<string, number>();
  /** The summaries that are not their notes rendered, by tick index (none the engine makes today). */
  private readonly summaries = new Map<number, string>();

  /** `codec` keeps the Events as text (the recording's: its keyframes share the texts). */
  constructor(readonly codec = new EventCodec()) {}

  /** length is the number of records (the last tick's number). */
  get length(): number {
    return this.n;
  }

  /** push appends the next tick's record. */
  push(rec: TickRecord): void {
    const k = this.n;
    this.time.push(rec.time);
    this.actor.push(this.strings.add(rec.actor));
    this.key.push(rec.key === undefined ? 0 : this.strings.add(rec.key) + 1);
    let w = this.writeObject.length;
    for (const write of rec.writes) {
      this.writeType = room(this.writeType, w);
      this.writeType[w] = WATCH_TYPE_CODE.get(write.type) as number;
      this.writeObject.push(write.object.kind === 'Event' ? (this.codec.encode(write.object) ?? write.object) : write.object);
      // No controller watches Events (simulation.ts scheduleDeliveries): no note will name them.
      const rv = write.object.metadata.resourceVersion;
      if (write.object.kind !== 'Event' && rv !== undefined) this.undelivered.set(rv, w);
      w++;
    }
    this.writeEnd.push(w);
    this.pushNotes(rec.notes);
    this.noteEnd.push(this.notes.length);
    if (rec.summary !== summaryOfNotes(rec.notes)) this.summaries.set(k, rec.summary);
    this.decisions.push(rec.decisions);
    this.n = k + 1;
  }

  /**
   * at is records[index] (tick index + 1), a negative index counting from the end; undefined past
   * either end. `withoutEvents`: the Events kept as text are left out of its writes (viewAt).
   */
  at(index: number, withoutEvents = false): TickRecord | undefined {
    const k = index < 0 ? this.n + index : index;
    if (!(k >= 0 && k < this.n)) return undefined;
    const writes: WatchRecord[] = [];
    for (let w = startOf(this.writeEnd, k), end = this.writeEnd.at(k); w < end; w++) {
      if (withoutEvents && typeof this.writeObject[w] === 'string') continue;
      writes.push({ type: WATCH_TYPES[this.writeType[w] as number] as WatchEventType, object: this.objectOf(w) });
    }
    const notes = this.notesOf(k);
    const decisions = this.decisions.at(k);
    const summary = this.summaries.get(k) ?? summaryOfNotes(notes);
    const tick = k + 1;
    const time = this.time.at(k);
    const actor = this.strings.at(this.actor.at(k));
    const key = this.key.at(k);
    // The engine's two literals (simulation.ts step), so a record reads back field for field.
    return key === 0
      ? { tick, time, actor, summary, notes, writes, decisions }
      : { tick, time, actor, summary, notes, writes, decisions, key: this.strings.at(key - 1) };
  }

  /**
   * viewAt is records[index] as the Explain list reads it: `writes` holds only the writes that are
   * not Events (what classifyTick asks), and `labels` names every write in order (`ADDED Event
   * web-….17…`), an Event's name read from its text without building it again.
   */
  viewAt(index: number): { rec: TickRecord; labels: string[] } | undefined {
    const rec = this.at(index, true);
    if (rec === undefined) return undefined;
    const labels: string[] = [];
    const k = index < 0 ? this.n + index : index;
    for (let w = startOf(this.writeEnd, k), end = this.writeEnd.at(k); w < end; w++) {
      const o = this.writeObject[w] as KubeObject | string;
      const type = WATCH_TYPES[this.writeType[w] as number] as WatchEventType;
      labels.push(typeof o === 'string' ? `${type} Event ${this.codec.nameOf(o)}` : `${type} ${o.kind} ${o.metadata.name}`);
    }
    return { rec, labels };
  }

  /** kindAt is the kind of write j's object of records[index] (undefined past its writes), an Event's without building it. */
  kindAt(index: number, j: number): string | undefined {
    const w = startOf(this.writeEnd, index) + j;
    if (w >= this.writeEnd.at(index)) return undefined;
    const o = this.writeObject[w] as KubeObject | string;
    return typeof o === 'string' ? 'Event' : o.kind;
  }

  /** actorAt is records[index].actor, without reading the rest of the record. */
  actorAt(index: number): string {
    return this.strings.at(this.actor.at(index));
  }

  /** keyAt is records[index].key, without reading the rest of the record. */
  keyAt(index: number): string | undefined {
    const key = this.key.at(index);
    return key === 0 ? undefined : this.strings.at(key - 1);
  }

  /** objectAt is the object of write j of records[index] (undefined past its writes). */
  objectAt(index: number, j: number): KubeObject | undefined {
    const w = startOf(this.writeEnd, index) + j;
    return w < this.writeEnd.at(index) ? this.objectOf(w) : undefined;
  }

  /** keptObjectAt is objectAt when the log keeps that write's object as one (not an Event's text), else undefined. */
  keptObjectAt(index: number, j: number): KubeObject | undefined {
    const w = startOf(this.writeEnd, index) + j;
    const o = w < this.writeEnd.at(index) ? this.writeObject[w] : undefined;
    return typeof o === 'string' ? undefined : o;
  }

  private objectOf(w: number): KubeObject {
    const o = this.writeObject[w] as KubeObject | string;
    return typeof o === 'string' ? this.codec.decode(o) : o;
  }

  /** writeAt is write j of records[index] (undefined past its writes): a scan of writes builds no record. */
  writeAt(index: number, j: number): WatchRecord | undefined {
    const w = startOf(this.writeEnd, index) + j;
    if (w >= this.writeEnd.at(index)) return undefined;
    return { type: WATCH_TYPES[this.writeType[w] as number] as WatchEventType, object: this.objectOf(w) };
  }

  /** timeOf is the virtual time (ms) of records[index]. */
  timeOf(index: number): number {
    return this.time.at(index);
  }

  /** slice is records[start..end) as records, like Array.prototype.slice with non-negative bounds. */
  slice(start = 0, end = this.n): TickRecord[] {
    const out: TickRecord[] = [];
    for (let k = Math.max(0, start); k < Math.min(end, this.n); k++) out.push(this.at(k) as TickRecord);
    return out;
  }

  *[Symbol.iterator](): IterableIterator<TickRecord> {
    for (let k = 0; k < this.n; k++) yield this.at(k) as TickRecord;
  }

  /** truncate keeps the first `length` records. */
  truncate(length: number): void {
    if (length >= this.n) return;
    const k = Math.max(0, length);
    this.n = k;
    for (const c of [this.time, this.actor, this.key, this.writeEnd, this.noteEnd]) c.truncate(k);
    this.writeObject.length = startOf(this.writeEnd, k);
    this.notes.truncate(startOf(this.noteEnd, k));
    this.undelivered.clear();
    this.decisions.truncate(k);
    for (const t of this.summaries.keys()) if (t >= k) this.summaries.delete(t);
  }

  /**
   * trim gives back the room the columns reserved for more ticks (up to half of each: they grow by
   * doubling, the flat arrays by half); the timeline calls it when recording stops.
   */
  trim(): void {
    for (const c of [this.time, this.actor, this.key, this.writeEnd, this.noteEnd]) c.trim();
    this.writeType = this.writeType.slice(0, this.writeObject.length);
    this.strings.trim();
    this.writeObject = this.writeObject.slice();
    this.notes.trim();
    this.decisions.trim();
  }

  /** pushNotes appends a tick's notes, a watch note about a recorded write as WRITE_NOTE and its number. */
  private pushNotes(notes: SummaryNotes): void {
    for (let at = 0; at < notes.length; ) {
      const key = notes[at] as number;
      const n = 1 + ((SUMMARY_PARAMS[key] as readonly string[] | undefined)?.length ?? notes.length);
      const w = key === WATCH_NOTE ? this.undelivered.get(notes[at + 4] as string) : undefined;
      if (w !== undefined && this.sameWrite(w, notes, at)) {
        this.notes.push(WRITE_NOTE);
        this.notes.push(w);
        this.undelivered.delete(notes[at + 4] as string);
      } else for (let k = at; k < Math.min(at + n, notes.length); k++) this.notes.push(notes[k] as SummaryValue);
      at += n;
    }
  }

  /** sameWrite tells whether the watch note at `at` says what write w's type and object say. */
  private sameWrite(w: number, notes: SummaryNotes, at: number): boolean {
    const o = this.writeObject[w] as KubeObject;
    return (
      notes[at + 1] === WATCH_TYPES[this.writeType[w] as number] &&
      notes[at + 2] === o.kind &&
      notes[at + 3] === o.metadata.name &&
      notes[at + 4] === (o.metadata.resourceVersion ?? '')
    );
  }

  /** notesOf is tick k's notes as the engine made them. */
  private notesOf(k: number): SummaryNotes {
    const n0 = startOf(this.noteEnd, k);
    const n1 = this.noteEnd.at(k);
    if (n0 === n1) return [];
    const out: SummaryValue[] = [];
    for (let i = n0; i < n1; ) {
      if (this.notes.at(i) !== WRITE_NOTE) {
        const n = 1 + ((SUMMARY_PARAMS[this.notes.at(i) as number] as readonly string[] | undefined)?.length ?? n1);
        for (const end = Math.min(i + n, n1); i < end; i++) out.push(this.notes.at(i));
        continue;
      }
      const w = this.notes.at(i + 1) as number;
      const o = this.writeObject[w] as KubeObject;
      out.push(WATCH_NOTE, WATCH_TYPES[this.writeType[w] as number] as string, o.kind, o.metadata.name, o.metadata.resourceVersion ?? '');
      i += 2;
    }
    return out;
  }


}
