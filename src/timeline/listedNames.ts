/**
 * ListedNames: one name per slot of a KeySlots, and the names of some listed slots joined one a
 * line (what a packed frame sends when its pods changed).
 *
 * Joining is the costly part of a seek: ~12,500 names (up to 17,000) in the 10,000-replica
 * rollout, ~0.8 ms. Once the slots stop changing (a recording that is done), all the names are
 * joined once in listing order, and a listing is cut from that string in runs of slots that are
 * neighbours there: a random tick of that rollout lists its pods in ~1,900 runs (p95 ~4,300), so
 * a join takes ~1,900 slices instead of ~12,500 names. While the recording still grows, slots come
 * with nearly every frame and a rebuild would cost more than it saves (~20,000 names), so the
 * names are joined one by one until two calls in a row see the same slots.
 */
import type { KeySlots } from './slotTable.ts';

/** All names in listing order, each followed by a newline; at[r] is where the r-th one starts. */
interface Joined {
  version: number;
  all: string;
  /** rank[slot]: the slot's place in the listing. */
  rank: Int32Array;
  at: Int32Array;
}

export class ListedNames {
  /** names[slot] ('' until named; a slot is one key, so one name). */
  private readonly names: string[] = [];
  private joined: Joined | null = null;
  /** The slots' version at the last `lines` call. */
  private seen = -1;

  constructor(private readonly slots: KeySlots) {}

  /** named tells whether `slot` has a name. */
  named(slot: number): boolean {
    return !!this.names[slot];
  }

  /** set names `slot`. */
  set(slot: number, name: string): void {
    while (this.names.length < slot) this.names.push('');
    // A copy in one piece: a generated name is a concatenation (prefix + suffix, two strings apart
    // in the heap), and joining 12,500 of them measured ~1.3 ms, the flat copies ~0.95 ms.
    this.names[slot] = JSON.parse(JSON.stringify(name)) as string;
  }

  /** same tells whether two slots hold the same name (pods of two namespaces may). */
  same(a: number, b: number): boolean {
    return a === b || this.names[a] === this.names[b];
  }

  /** lines is the names of `listed` (slots in listing order), one a line. */
  lines(listed: Int32Array): string {
    const j = this.current();
    if (j === null) {
      const out: string[] = new Array(listed.length);
      for (let i = 0; i < listed.length; i++) out[i] = this.names[listed[i] as number] as string;
      return out.join('\n');
    }
    const { all, rank, at } = j;
    const runs: string[] = [];
    const n = listed.length;
    let i = 0;
    while (i < n) {
      const first = rank[listed[i++] as number] as number;
      let last = first;
      while (i < n && rank[listed[i] as number] === last + 1) {
        last++;
        i++;
      }
      // The run's names with the newlines between them, without the last one's.
      runs.push(all.slice(at[first] as number, (at[last + 1] as number) - 1));
    }
    return runs.join('\n');
  }

  /** current is the joined names of the slots as they are, built when they stood still since the last call. */
  private current(): Joined | null {
    const version = this.slots.version;
    if (this.joined?.version === version) return this.joined;
    const still = this.seen === version;
    this.seen = version;
    if (!still) return null;
    const order = this.slots.listing();
    const rank = new Int32Array(this.slots.count);
    const at = new Int32Array(order.length + 1);
    const parts: string[] = new Array(order.length);
    let p = 0;
    for (let r = 0; r < order.length; r++) {
      const s = order[r] as number;
      const name = this.names[s] ?? '';
      rank[s] = r;
      at[r] = p;
      parts[r] = name;
      p += name.length + 1;
    }
    at[order.length] = p;
    parts.push('');
    this.joined = { version, all: parts.join('\n'), rank, at };
    return this.joined;
  }
}
