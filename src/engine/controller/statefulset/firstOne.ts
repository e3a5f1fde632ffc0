// Not a port: a per-slot flag array that remembers where its first 1 is (issue 23).
/**
 * The plan asks each sync for the first unavailable slot and the first loud one
 * (replicaLayout.ts). A 1,000-replica OrderedReady update replaces pods from the highest ordinal
 * down, so that slot is near the top: `indexOf(1)` read ~500–1,000 bytes, 2–4 µs, three times a
 * sync, 7,000 syncs (~5 % of the run). The first 1 changes only when a slot's flag does: one
 * write moves it down at once, and clearing it leaves a lower bound to scan on from, once.
 */
export class FirstOne {
  readonly flags: Uint8Array;
  /** The first 1 (or −1: none) when `known`; else no 1 lies before it. */
  private at: number;
  private known: boolean;

  /** `n` slots, all 1 (`fill` 1) or all 0. */
  constructor(n: number, fill: 0 | 1) {
    this.flags = new Uint8Array(n);
    if (fill === 1) this.flags.fill(1);
    this.at = fill === 1 && n > 0 ? 0 : -1;
    this.known = true;
  }

  /** set writes slot i's flag. */
  set(i: number, v: 0 | 1): void {
    this.flags[i] = v;
    if (v === 1) {
      // Known: a 1 before the first (or the first at all) is the first. Unknown: no 1 lies
      // before the bound, so a 1 there is the first.
      if (this.known ? this.at < 0 || i < this.at : i < this.at) {
        this.at = i;
        this.known = true;
      }
    } else if (this.known && i === this.at) {
      // Nothing before i is 1: the first, if any, lies after it.
      this.at = i + 1;
      this.known = false;
    }
  }

  /** first is flags.indexOf(1). */
  first(): number {
    if (!this.known) {
      this.at = this.at >= this.flags.length ? -1 : this.flags.indexOf(1, this.at);
      this.known = true;
    }
    return this.at;
  }
}
