/**
 * Number columns for the tick log (tickLog.ts), one entry per tick, in as few bytes as the
 * numbers allow: a 10,000-replica rollout records 215,889 ticks, so each byte a tick is ~0.2 MB.
 *
 * - RisingColumn: a sequence that never goes down (a tick's time, the end of its writes in the
 *   write column). Entries go in blocks of 256, each its first value (a double) and the others
 *   as their distance from it in 16 or 32 bits: ~2 or ~4 bytes an entry instead of 4 or 8. A
 *   block whose distances do not fit (a tick of 70,000 writes, a time that is not whole ms) is
 *   kept whole.
 * - IndexColumn: small non-negative integers (an index into a string table), 16 bits each until
 *   one needs more, then 32.
 * Both grow by doubling and give the room back on trim().
 */

const BLOCK_BITS = 8;
const BLOCK = 1 << BLOCK_BITS;

type Offsets = Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer>;

/** grown is `a` with room for index `i` (doubling from 64), or `a` itself. */
function grown<T extends Offsets | Float64Array<ArrayBuffer> | Int32Array<ArrayBuffer>>(a: T, i: number, make: (n: number) => T): T {
  if (i < a.length) return a;
  const b = make(Math.max(64, 2 * a.length, i + 1));
  b.set(a as never);
  return b;
}

export class RisingColumn {
  private n = 0;
  private base = new Float64Array(0);
  private offsets: Offsets;
  /** Blocks whose distances did not fit, whole. */
  private readonly whole = new Map<number, Float64Array<ArrayBuffer>>();

  /** `wide`: distances of 32 bits (else 16). */
  constructor(private readonly wide: boolean) {
    this.offsets = this.make(0);
  }

  get length(): number {
    return this.n;
  }

  /** push appends v (not below the last value). */
  push(v: number): void {
    const i = this.n++;
    const block = i >> BLOCK_BITS;
    this.offsets = grown(this.offsets, i, (n) => this.make(n));
    if ((i & (BLOCK - 1)) === 0) {
      this.base = grown(this.base, block, (n) => new Float64Array(n));
      this.base[block] = v;
    }
    const whole = this.whole.get(block);
    if (whole !== undefined) {
      whole[i & (BLOCK - 1)] = v;
      return;
    }
    const d = v - (this.base[block] as number);
    if (Number.isInteger(d) && d >= 0 && d <= (this.wide ? 0xffffffff : 0xffff)) {
      this.offsets[i] = d;
      return;
    }
    // This block goes whole: its entries so far, then v.
    const all = new Float64Array(BLOCK);
    for (let k = block << BLOCK_BITS; k < i; k++) all[k & (BLOCK - 1)] = this.at(k);
    all[i & (BLOCK - 1)] = v;
    this.whole.set(block, all);
  }

  /** at is entry i. */
  at(i: number): number {
    const block = i >> BLOCK_BITS;
    const whole = this.whole.get(block);
    if (whole !== undefined) return whole[i & (BLOCK - 1)] as number;
    return (this.base[block] as number) + (this.offsets[i] as number);
  }

  /** truncate keeps the first n entries. */
  truncate(n: number): void {
    if (n >= this.n) return;
    this.n = Math.max(0, n);
    const blocks = (this.n + BLOCK - 1) >> BLOCK_BITS;
    for (const b of this.whole.keys()) if (b >= blocks) this.whole.delete(b);
  }

  /** trim gives back the room kept for more entries. */
  trim(): void {
    this.offsets = this.offsets.slice(0, this.n) as Offsets;
    this.base = this.base.slice(0, (this.n + BLOCK - 1) >> BLOCK_BITS);
  }

  private make(n: number): Offsets {
    return this.wide ? new Uint32Array(n) : new Uint16Array(n);
  }
}

export class IndexColumn {
  private n = 0;
  private values: Uint16Array<ArrayBuffer> | Int32Array<ArrayBuffer> = new Uint16Array(0);

  get length(): number {
    return this.n;
  }

  /** push appends v (a non-negative integer). */
  push(v: number): void {
    if (v > 0xffff && this.values instanceof Uint16Array) this.values = Int32Array.from(this.values);
    if (this.values instanceof Uint16Array) this.values = grown(this.values, this.n, (n) => new Uint16Array(n));
    else this.values = grown(this.values, this.n, (n) => new Int32Array(n));
    this.values[this.n++] = v;
  }

  /** at is entry i. */
  at(i: number): number {
    return this.values[i] as number;
  }

  /** truncate keeps the first n entries. */
  truncate(n: number): void {
    this.n = Math.max(0, Math.min(n, this.n));
  }

  /** trim gives back the room kept for more entries. */
  trim(): void {
    this.values = this.values.slice(0, this.n);
  }
}
