/**
 * TickDecisions: the tick log's decisions (tickLog.ts), stored by column. A decision is its
 * shape's number (its function, key and value names, kept once per shape: the 1,000-replica
 * OrderedReady StatefulSet run has a few dozen shapes for its tens of thousands of decisions)
 * followed by its values, all ticks' one after another in one value column (4 bytes a value,
 * each string once: valueColumn.ts); a tick's end in that column closes its decisions.
 */
import type { Decision, DecisionValue } from '../engine/api/decision.ts';
import { RisingColumn } from './columns.ts';
import { ValueColumn } from './valueColumn.ts';

/** A decision's shape: its function, key and value names in order, shared by the decisions of that shape. */
interface DecisionShape {
  fn: string;
  key: string;
  names: readonly string[];
}

/** startOf is where entry k's items start in a column of ends. */
export function startOf(ends: RisingColumn, k: number): number {
  return k === 0 ? 0 : ends.at(k - 1);
}

export class TickDecisions {
  /** Tick k's end in `values` (its start is tick k - 1's end). */
  private readonly end = new RisingColumn(false);
  private readonly values = new ValueColumn<number | DecisionValue>();
  private readonly shapes: DecisionShape[] = [];
  private readonly shapeIndex = new Map<string, number>();

  /** push appends the next tick's decisions. */
  push(decisions: readonly Decision[]): void {
    for (const d of decisions) {
      const names = Object.keys(d.values);
      const id = `${d.fn}\0${d.key}\0${names.join('\0')}`;
      let shape = this.shapeIndex.get(id);
      if (shape === undefined) {
        shape = this.shapes.push({ fn: d.fn, key: d.key, names }) - 1;
        this.shapeIndex.set(id, shape);
      }
      this.values.push(shape);
      for (const name of names) this.values.push(d.values[name] as DecisionValue);
    }
    this.end.push(this.values.length);
  }

  /** at is tick k's decisions (k counted from 0), built again: equal, value names in their order. */
  at(k: number): Decision[] {
    const out: Decision[] = [];
    for (let d = startOf(this.end, k), end = this.end.at(k); d < end; ) {
      const shape = this.shapes[this.values.at(d) as number] as DecisionShape;
      const values: Record<string, DecisionValue> = {};
      for (const name of shape.names) values[name] = this.values.at(++d) as DecisionValue;
      d++;
      out.push({ fn: shape.fn, key: shape.key, values });
    }
    return out;
  }

  /** truncate keeps the first `k` ticks' decisions. */
  truncate(k: number): void {
    this.end.truncate(k);
    this.values.truncate(startOf(this.end, k));
  }

  /** trim gives back the room the columns reserved for more ticks. */
  trim(): void {
    this.end.trim();
    this.values.trim();
  }
}
