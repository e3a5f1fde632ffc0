/**
 * ValueColumn: the tick log's notes and decision values (tickLog.ts), one after another, 4 bytes
 * each instead of an array slot of 8: a small integer as itself (doubled), any other value (a
 * string, a boolean, null, a fraction) as its number in a table of values (doubled, plus one),
 * each string once. A 10,000-replica rollout records ~575,000 decision values and ~496,000 note
 * values (~60 % small integers: note keys, replica counts; the strings ~12,000 distinct): as
 * arrays ~8.6 MB of heap (~40 B a tick), here ~4.3 MB of typed array (outside the heap) and the
 * table. Each string is kept once: the engine builds them anew each time (pod names, reasons,
 * revisions), and in the 1,000-replica OrderedReady StatefulSet run 64,536 decision strings of ~12
 * characters are 2,208 distinct ones (a copy each cost ~95 B a tick).
 *
 * The codes are 16 bits each until one does not fit (an integer past ±16,383, a table past 8,192
 * values), then 32: the 100-replica Parallel StatefulSet run's 25,582 decision values and 9,285
 * note values take 70 KB instead of 140, ~19 B a tick of its 3,660. Other numbers (fractions:
 * times, jitter) go in a table of their own, 8 bytes each unboxed, where beside the strings each
 * was a heap number (16 bytes and its slot): that run's 1,212, ~5 B a tick.
 *
 * A code: 2v for a small integer v; 4i + 1 for value i of the table; 4i + 3 for number i.
 */

/** Integers this size or less go in the column as themselves (doubled, they fit in 32 bits). */
const SMALL = 2 ** 29;

export class ValueColumn<V> {
  private n = 0;
  private codes: Int16Array<ArrayBuffer> | Int32Array<ArrayBuffer> = new Int16Array(0);
  private readonly values: V[] = [];
  /** The numbers that are not small integers, in an array of doubles (no heap number each). */
  private readonly numbers: number[] = [];
  /** Each string's (boolean's, null's) number in `values`, while recording (trim drops it; the next push rebuilds it). */
  private index: Map<unknown, number> | null = new Map();

  get length(): number {
    return this.n;
  }

  push(v: V): void {
    const c = this.code(v);
    const wide = this.codes instanceof Int32Array || c < -0x8000 || c > 0x7fff;
    if (this.n === this.codes.length || (wide && this.codes instanceof Int16Array)) {
      const b = wide ? new Int32Array(Math.max(64, 2 * this.codes.length)) : new Int16Array(Math.max(64, 2 * this.codes.length));
      b.set(this.codes);
      this.codes = b;
    }
    this.codes[this.n++] = c;
  }

  /** codeBytes is the width of a code now: 2 until one did not fit in 16 bits, then 4. */
  codeBytes(): number {
    return this.codes.BYTES_PER_ELEMENT;
  }

  at(i: number): V {
    const c = this.codes[i] as number;
    if ((c & 1) === 0) return (c >> 1) as V;
    return (c & 3) === 1 ? (this.values[c >> 2] as V) : (this.numbers[c >> 2] as V);
  }

  /** truncate keeps the first `n` values (the table keeps what it has: a fork records them again). */
  truncate(n: number): void {
    this.n = Math.min(this.n, Math.max(0, n));
  }

  /** trim gives back the room reserved for more values and the strings' index. */
  trim(): void {
    this.codes = this.codes.slice(0, this.n);
    this.index = null;
  }

  private code(v: V): number {
    // -0 is not an integer as stored (it would read back as 0): it goes in the table.
    if (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= SMALL && !Object.is(v, -0)) return v * 2;
    if (typeof v === 'number') return (this.numbers.push(v) - 1) * 4 + 3;
    if (this.index === null) {
      this.index = new Map();
      this.values.forEach((x, i) => {
        this.index?.set(x, i);
      });
    }
    let i = this.index.get(v);
    if (i === undefined) {
      i = this.values.push(v) - 1;
      this.index.set(v, i);
    }
    return i * 4 + 1;
  }
}
