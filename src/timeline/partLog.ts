/**
 * PartLog: the versions of one small value over a recording (one part of the controllers'
 * internals: internals.ts), packed. A version is the tick it starts at and its values, encoded
 * by a codec into one flat array shared by all versions; at(tick) decodes the version in force at
 * a tick. The last version stays decoded too, for the recorder to compare the engine's with.
 */

/** A flat array's entries: names and numbers. */
export type Packed = (string | number)[];

/** PartCodec writes a value's entries to a flat array and reads them back from a range of it. */
export interface PartCodec<T> {
  encode(v: T, out: Packed): void;
  decode(data: Packed, from: number, to: number): T;
}

/** room is `a` with space for index `i` (doubling), or `a` itself. */
function room(a: Int32Array<ArrayBuffer>, i: number): Int32Array<ArrayBuffer> {
  if (i < a.length) return a;
  const b = new Int32Array(Math.max(16, 2 * a.length));
  b.set(a);
  return b;
}

export class PartLog<T> {
  private n = 0;
  /** starts[v]: the tick version v starts at (ascending; version 0 at the first push). */
  private starts = new Int32Array(0);
  /** ends[v]: where version v's entries end in `data` (they start where v - 1's end). */
  private ends = new Int32Array(0);
  private data: Packed = [];
  private lastValue: T | undefined;
  /** The version at() decoded last, kept so a panel asking at every tick gets the same object. */
  private cached = -1;
  private cachedValue: T | undefined;

  constructor(private readonly codec: PartCodec<T>) {}

  /** push starts a version at `tick` (after the last one's). */
  push(tick: number, v: T): void {
    this.starts = room(this.starts, this.n);
    this.ends = room(this.ends, this.n);
    this.codec.encode(v, this.data);
    this.starts[this.n] = tick;
    this.ends[this.n] = this.data.length;
    this.n++;
    this.lastValue = v;
  }

  /** last is the latest version. */
  last(): T {
    return this.lastValue as T;
  }

  /** at is the version in force at `tick` (the first one before its start). */
  at(tick: number): T {
    let lo = 0;
    let hi = this.n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= tick) lo = mid;
      else hi = mid - 1;
    }
    if (lo === this.n - 1) return this.last();
    if (lo !== this.cached) {
      this.cached = lo;
      this.cachedValue = this.decode(lo);
    }
    return this.cachedValue as T;
  }

  /**
   * trim gives back the room kept for more versions: the two columns grow by doubling and the
   * flat array by about half, so up to a third of each is room (the recording stopped).
   */
  trim(): void {
    this.starts = this.starts.slice(0, this.n);
    this.ends = this.ends.slice(0, this.n);
    this.data = this.data.slice();
  }

  /** truncate drops the versions that start after `tick` (the first one stays). */
  truncate(tick: number): void {
    let n = this.n;
    while (n > 1 && (this.starts[n - 1] as number) > tick) n--;
    if (n === this.n) return;
    this.n = n;
    this.data.length = this.ends[n - 1] as number;
    this.lastValue = this.decode(n - 1);
    this.cached = -1;
    this.cachedValue = undefined;
  }

  /** ticks lists the ticks the versions start at. */
  ticks(): Int32Array {
    return this.starts.subarray(0, this.n);
  }

  private decode(v: number): T {
    return this.codec.decode(this.data, v === 0 ? 0 : (this.ends[v - 1] as number), this.ends[v] as number);
  }
}
