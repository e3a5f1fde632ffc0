/**
 * StringTable: strings kept once each and named by number, for the tick log's actors and keys (a
 * 10,000-replica rollout has ~20,000 distinct ones over 215,889 ticks). The index from string to
 * number is only needed while recording: trim drops it, and the next add builds it again.
 */
export class StringTable {
  private readonly strings: string[] = [];
  private index: Map<string, number> | null = new Map();

  /** add is the number of `s`, kept if new. */
  add(s: string): number {
    if (this.index === null) this.index = new Map(this.strings.map((x, i) => [x, i]));
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.strings.push(s) - 1;
      this.index.set(s, i);
    }
    return i;
  }

  /** at is string number i. */
  at(i: number): string {
    return this.strings[i] as string;
  }

  /** trim drops the index (recording stopped). */
  trim(): void {
    this.index = null;
  }
}
