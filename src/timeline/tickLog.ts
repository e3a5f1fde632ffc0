/**
 * TickLog: the timeline's records (one TickRecord per tick) stored by column, so a record costs a
 * few numbers instead of a handful of objects. A 10,000-replica rollout records 215,889 ticks;
 * kept as objects each cost ~430 bytes besides the API objects it wrote (measured in Node: the
 * record ~90, its writes array, reserved at 16 slots when it grew by push, ~105, the write
 * entries ~30, the summary string ~65, the notes array ~80, the decisions array, empty on 98 % of
 * ticks, ~60). Here a tick is its time, actor, key and three ends (writes, notes, decisions) in
 * typed arrays (28 bytes); a write is its type (1 byte) and its object (one reference); the notes
 * of all ticks are one flat array; a decision is the index of its shape (fn, key, value names)
 * followed by its values; the summary is not kept, since it is its notes rendered (the engine
 * builds it so: tx.ts note), but a tick whose summary differs keeps it aside.
 *
 * at(k) builds records[k] again: equal, field for field and in the same order, to the record the
 * engine returned (tickLog.test.ts; the API objects are the very ones it wrote), but a new object
 * at each call. Ticks are read a few at a time (Explain shows the last 50, the ticks query 200).
 */
import type { Decision, DecisionValue } from '../engine/api/decision.ts';
import type { KubeObject, WatchEventType } from '../engine/api/types.ts';
import type { WatchRecord } from '../engine/apiserver/store.ts';
import type { TickRecord } from '../engine/sim.ts';
import { renderSummaryNote, SUMMARY_PARAMS, type SummaryNotes, type SummaryValue } from '../engine/sim/summaryCatalog.ts';

const WATCH_TYPES: readonly WatchEventType[] = ['ADDED', 'MODIFIED', 'DELETED'];
const WATCH_TYPE_CODE = new Map<string, number>(WATCH_TYPES.map((t, i) => [t, i]));

/** A decision's shape: its function, key and value names in order, shared by the decisions of that shape. */
interface DecisionShape {
  fn: string;
  key: string;
  names: readonly string[];
}

/** summaryOfNotes is a tick's summary line as the engine builds it from its notes: each rendered, joined by `; `. */
export function summaryOfNotes(notes: SummaryNotes, from = 0, to = notes.length): string {
  let s = '';
  let at = from;
  while (at < to) {
    const params = SUMMARY_PARAMS[notes[at] as number];
    if (!params) break;
    const text = renderSummaryNote(notes, at);
    // As tx.ts note joins them: an empty line so far takes the next sentence without `; `.
    s = s ? `${s}; ${text}` : text;
    at += 1 + params.length;
  }
  return s;
}

type TypedArray = Int32Array<ArrayBuffer> | Float64Array<ArrayBuffer> | Uint8Array<ArrayBuffer>;

/** room is `a` with space for index `i` (doubling from 64), or `a` itself. */
function room<T extends TypedArray>(a: T, i: number, make: (n: number) => T): T {
  if (i < a.length) return a;
  const b = make(Math.max(64, a.length * 2, i + 1));
  b.set(a as never);
  return b;
}

/** exact is the first `n` entries of `a` in an array of exactly that size. */
function exact<T extends TypedArray>(a: T, n: number): T {
  return a.length === n ? a : (a.slice(0, n) as T);
}

/** startOf is where tick k's entries start in a column of ends. */
function startOf(ends: Int32Array, k: number): number {
  return k === 0 ? 0 : (ends[k - 1] as number);
}

const int32 = (n: number) => new Int32Array(n);
const float64 = (n: number) => new Float64Array(n);
const uint8 = (n: number) => new Uint8Array(n);

export class TickLog {
  private n = 0;
  // Per tick k (records[k], tick k + 1).
  private time = new Float64Array(0);
  /** Index in `strings`. */
  private actor = new Int32Array(0);
  /** Index in `strings`; -1: no key. */
  private key = new Int32Array(0);
  /** Ends of tick k's entries in the write, note and decision columns (its start is tick k - 1's end). */
  private writeEnd = new Int32Array(0);
  private noteEnd = new Int32Array(0);
  private decisionEnd = new Int32Array(0);
  // Per write.
  private writeType = new Uint8Array(0);
  private writeObject: KubeObject[] = [];
  /** Every tick's notes, one after another. */
  private notes: SummaryValue[] = [];
  /** Every decision as its shape's index and its values, one after another. */
  private decisions: (number | DecisionValue)[] = [];
  private readonly shapes: DecisionShape[] = [];
  private readonly shapeIndex = new Map<string, number>();
  /** Actors and keys: a 10,000-replica rollout has ~20,000 distinct ones over 215,889 ticks. */
  private readonly strings: string[] = [];
  private readonly stringIndex = new Map<string, number>();
  /** The summaries that are not their notes rendered, by tick index (none the engine makes today). */
  private readonly summaries = new Map<number, string>();

  /** length is the number of records (the last tick's number). */
  get length(): number {
    return this.n;
  }

  /** push appends the next tick's record. */
  push(rec: TickRecord): void {
    const k = this.n;
    this.time = room(this.time, k, float64);
    this.actor = room(this.actor, k, int32);
    this.key = room(this.key, k, int32);
    this.writeEnd = room(this.writeEnd, k, int32);
    this.noteEnd = room(this.noteEnd, k, int32);
    this.decisionEnd = room(this.decisionEnd, k, int32);
    this.time[k] = rec.time;
    this.actor[k] = this.intern(rec.actor);
    this.key[k] = rec.key === undefined ? -1 : this.intern(rec.key);
    let w = this.writeObject.length;
    for (const write of rec.writes) {
      this.writeType = room(this.writeType, w, uint8);
      this.writeType[w++] = WATCH_TYPE_CODE.get(write.type) as number;
      this.writeObject.push(write.object);
    }
    this.writeEnd[k] = w;
    const notesFrom = this.notes.length;
    for (const v of rec.notes) this.notes.push(v);
    this.noteEnd[k] = this.notes.length;
    if (rec.summary !== summaryOfNotes(this.notes, notesFrom)) this.summaries.set(k, rec.summary);
    for (const d of rec.decisions) this.pushDecision(d);
    this.decisionEnd[k] = this.decisions.length;
    this.n = k + 1;
  }

  /** at is records[index] (tick index + 1), a negative index counting from the end; undefined past either end. */
  at(index: number): TickRecord | undefined {
    const k = index < 0 ? this.n + index : index;
    if (!(k >= 0 && k < this.n)) return undefined;
    const writes: WatchRecord[] = [];
    for (let w = startOf(this.writeEnd, k); w < (this.writeEnd[k] as number); w++) {
      writes.push({ type: WATCH_TYPES[this.writeType[w] as number] as WatchEventType, object: this.writeObject[w] as KubeObject });
    }
    const n0 = startOf(this.noteEnd, k);
    const n1 = this.noteEnd[k] as number;
    const notes: SummaryNotes = n0 === n1 ? [] : this.notes.slice(n0, n1);
    const decisions: Decision[] = [];
    for (let d = startOf(this.decisionEnd, k); d < (this.decisionEnd[k] as number); ) {
      const shape = this.shapes[this.decisions[d] as number] as DecisionShape;
      const values: Record<string, DecisionValue> = {};
      for (const name of shape.names) values[name] = this.decisions[++d] as DecisionValue;
      d++;
      decisions.push({ fn: shape.fn, key: shape.key, values });
    }
    const summary = this.summaries.get(k) ?? summaryOfNotes(notes);
    const tick = k + 1;
    const time = this.time[k] as number;
    const actor = this.strings[this.actor[k] as number] as string;
    const key = this.key[k] as number;
    // The engine's two literals (simulation.ts step), so a record reads back field for field.
    return key < 0
      ? { tick, time, actor, summary, notes, writes, decisions }
      : { tick, time, actor, summary, notes, writes, decisions, key: this.strings[key] as string };
  }

  /** objectAt is the object of write j of records[index] (undefined past its writes). */
  objectAt(index: number, j: number): KubeObject | undefined {
    const w = startOf(this.writeEnd, index) + j;
    return w < (this.writeEnd[index] as number) ? this.writeObject[w] : undefined;
  }

  /** timeOf is the virtual time (ms) of records[index]. */
  timeOf(index: number): number {
    return this.time[index] as number;
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
    this.writeObject.length = startOf(this.writeEnd, k);
    this.notes.length = startOf(this.noteEnd, k);
    this.decisions.length = startOf(this.decisionEnd, k);
    for (const t of this.summaries.keys()) if (t >= k) this.summaries.delete(t);
  }

  /**
   * trim gives back the room the columns reserved for more ticks (up to half of each: they grow by
   * doubling, the flat arrays by half); the timeline calls it when recording stops.
   */
  trim(): void {
    const n = this.n;
    this.time = exact(this.time, n);
    this.actor = exact(this.actor, n);
    this.key = exact(this.key, n);
    this.writeEnd = exact(this.writeEnd, n);
    this.noteEnd = exact(this.noteEnd, n);
    this.decisionEnd = exact(this.decisionEnd, n);
    this.writeType = exact(this.writeType, this.writeObject.length);
    this.writeObject = this.writeObject.slice();
    this.notes = this.notes.slice();
    this.decisions = this.decisions.slice();
  }

  private intern(s: string): number {
    let i = this.stringIndex.get(s);
    if (i === undefined) {
      i = this.strings.push(s) - 1;
      this.stringIndex.set(s, i);
    }
    return i;
  }

  private pushDecision(d: Decision): void {
    const names = Object.keys(d.values);
    const id = `${d.fn}\0${d.key}\0${names.join('\0')}`;
    let shape = this.shapeIndex.get(id);
    if (shape === undefined) {
      shape = this.shapes.push({ fn: d.fn, key: d.key, names }) - 1;
      this.shapeIndex.set(id, shape);
    }
    this.decisions.push(shape);
    for (const name of names) this.decisions.push(d.values[name] as DecisionValue);
  }
}
