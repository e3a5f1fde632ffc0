/**
 * SampleLog: each workload's pod counts (available, active, total: see podTally.ts) every time
 * they changed, as parallel typed arrays — 24 bytes a sample, where an object per sample would
 * take ~80. A sample belongs to the tick that observed it; its time may be earlier than the
 * tick's when a pod turned available between two ticks (minReadySeconds), never earlier than the
 * sample before it.
 */

export interface Sample {
  tick: number;
  /** Virtual ms. */
  ms: number;
  /** The workload's index in the log's workload list. */
  w: number;
  available: number;
  active: number;
  total: number;
}

export class SampleLog {
  length = 0;
  private tick = new Int32Array(256);
  private ms = new Float64Array(256);
  /** w, available, active, total of sample i at 4i … 4i + 3. */
  private vals = new Int32Array(1024);

  /** push appends one sample. */
  push(tick: number, ms: number, w: number, available: number, active: number, total: number): void {
    const i = this.length;
    if (i === this.tick.length) this.grow();
    this.tick[i] = tick;
    this.ms[i] = ms;
    const v = this.vals;
    v[4 * i] = w;
    v[4 * i + 1] = available;
    v[4 * i + 2] = active;
    v[4 * i + 3] = total;
    this.length = i + 1;
  }

  private grow(): void {
    const n = this.tick.length * 2;
    const tick = new Int32Array(n);
    tick.set(this.tick);
    const ms = new Float64Array(n);
    ms.set(this.ms);
    const vals = new Int32Array(4 * n);
    vals.set(this.vals);
    this.tick = tick;
    this.ms = ms;
    this.vals = vals;
  }

  /** truncate forgets the samples of ticks after `tick`. */
  truncate(tick: number): void {
    while (this.length > 0 && (this.tick[this.length - 1] as number) > tick) this.length--;
  }

  /** clear forgets every sample. */
  clear(): void {
    this.length = 0;
  }

  tickAt(i: number): number {
    return this.tick[i] as number;
  }
  msAt(i: number): number {
    return this.ms[i] as number;
  }
  workloadAt(i: number): number {
    return this.vals[4 * i] as number;
  }
  availableAt(i: number): number {
    return this.vals[4 * i + 1] as number;
  }
  activeAt(i: number): number {
    return this.vals[4 * i + 2] as number;
  }
  totalAt(i: number): number {
    return this.vals[4 * i + 3] as number;
  }

  /** at is sample i as an object (tests, small reads). */
  at(i: number): Sample {
    return {
      tick: this.tickAt(i),
      ms: this.msAt(i),
      w: this.workloadAt(i),
      available: this.availableAt(i),
      active: this.activeAt(i),
      total: this.totalAt(i),
    };
  }

  /** bytes is the memory the arrays hold. */
  bytes(): number {
    return this.tick.byteLength + this.ms.byteLength + this.vals.byteLength;
  }
}
