/**
 * SeriesPoints: the chart's points (derived.ts SeriesTrack) by column, built again as SeriesPoint
 * objects when read. As objects a point of one workload cost ~270 bytes (the point, its values
 * record and its Counters; seriesPoints.test.ts: ~62 here): the 100-replica Parallel StatefulSet
 * run's series weighed ~15 B a tick of its 3,660. Here a point is its tick and time (~2 and ~4 bytes), its counters as
 * six numbers a workload (its name's number, desired, current, ready, available, revision) and
 * the number of its strategy bands (consecutive points share one while unchanged).
 */
import { IndexColumn, RisingColumn } from './columns.ts';
import type { Counters, SeriesPoint, StrategyBand } from './derived.ts';

/** Numbers a workload's counters take in `counts`. */
const PER_WORKLOAD = 6;

export class SeriesPoints {
  private n = 0;
  private readonly ticks = new RisingColumn(false);
  /** The virtual time in ms (a point's `time` is it in seconds). */
  private readonly times = new RisingColumn(true);
  /** Where point k's counters start in `counts` (they end where point k + 1's start). */
  private readonly starts = new RisingColumn(true);
  /** Each point's workloads, in its values' key order: name number, the four counters, revision (NaN: none). */
  private counts: number[] = [];
  private readonly names: string[] = [];
  private readonly nameIndex = new Map<string, number>();
  /** Point k's bands are strategies[strategyOf.at(k)]. */
  private readonly strategyOf = new IndexColumn();
  private readonly strategies: Record<string, StrategyBand>[] = [];

  get length(): number {
    return this.n;
  }

  /** push appends a point at `tick` and `timeMs` (values and strategy are read, not kept). */
  push(tick: number, timeMs: number, values: Record<string, Counters>, strategy: Record<string, StrategyBand>): void {
    this.ticks.push(tick);
    this.times.push(timeMs);
    this.starts.push(this.counts.length);
    for (const name of Object.keys(values)) {
      const c = values[name] as Counters;
      let i = this.nameIndex.get(name);
      if (i === undefined) {
        i = this.names.length;
        this.names.push(name);
        this.nameIndex.set(name, i);
      }
      this.counts.push(i, c.desired, c.current, c.ready, c.available, c.revision ?? Number.NaN);
    }
    if (this.strategies[this.strategies.length - 1] !== strategy) this.strategies.push(strategy);
    this.strategyOf.push(this.strategies.length - 1);
    this.n++;
  }

  /** at is point k (a new object), or undefined past either end (a negative k counts from the end). */
  at(k: number): SeriesPoint | undefined {
    const i = k < 0 ? this.n + k : k;
    if (!(i >= 0 && i < this.n)) return undefined;
    const values: Record<string, Counters> = {};
    const end = i + 1 < this.n ? this.starts.at(i + 1) : this.counts.length;
    for (let at = this.starts.at(i); at < end; at += PER_WORKLOAD) {
      const c = this.counts;
      const desired = c[at + 1] as number;
      const current = c[at + 2] as number;
      const ready = c[at + 3] as number;
      const available = c[at + 4] as number;
      const revision = c[at + 5] as number;
      // As countersOf builds them: a ReplicaSet's with its revision, the others without the key.
      values[this.names[c[at] as number] as string] = Number.isNaN(revision)
        ? { desired, current, ready, available }
        : { desired, current, ready, available, revision };
    }
    const strategy = this.strategies[this.strategyOf.at(i)] as Record<string, StrategyBand>;
    return { tick: this.ticks.at(i), time: this.times.at(i) / 1000, values, strategy };
  }

  /** slice is points [from, to) as SeriesPoint objects, as Array.prototype.slice with non-negative bounds. */
  slice(from = 0, to = this.n): SeriesPoint[] {
    const out: SeriesPoint[] = [];
    for (let k = Math.max(0, from); k < Math.min(to, this.n); k++) out.push(this.at(k) as SeriesPoint);
    return out;
  }

  /** tickAt is point k's tick (k < length). */
  tickAt(k: number): number {
    return this.ticks.at(k);
  }

  /** truncate keeps the first n points. */
  truncate(n: number): void {
    if (n >= this.n) return;
    this.counts.length = n === 0 ? 0 : this.starts.at(n);
    this.strategies.length = n === 0 ? 0 : this.strategyOf.at(n - 1) + 1;
    this.n = n;
    this.ticks.truncate(n);
    this.times.truncate(n);
    this.starts.truncate(n);
    this.strategyOf.truncate(n);
  }

  /** trim gives back the room kept for more points. */
  trim(): void {
    this.ticks.trim();
    this.times.trim();
    this.starts.trim();
    this.strategyOf.trim();
    this.counts = this.counts.slice();
  }
}
