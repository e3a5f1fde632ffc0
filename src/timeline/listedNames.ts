/**
 * ListedNames: one name per slot of a KeySlots, and the names of some listed slots joined one a
 * line (what a packed frame sends when its pods changed), as a string or as its bytes.
 *
 * Joining is the costly part of a seek: ~12,500 names (up to 17,000) in the 10,000-replica
 * rollout, ~0.8 ms. Once the slots stop changing (a recording that is done), all the names are
 * joined once in listing order, and a listing is cut from that string in runs of slots that are
 * neighbours there: a random tick of that rollout lists its pods in ~1,900 runs (p95 ~4,300), so
 * a join takes ~1,900 slices instead of ~12,500 names. While the recording still grows, slots come
 * with nearly every frame and a rebuild would cost more than it saves (~20,000 names), so the
 * names are joined one by one until two calls in a row see the same slots.
 *
 * From the whole join the runs are copied as bytes (linesBytes): joining ~2,000 slices of it into
 * one string of ~230 KB took 0.82 ms of a 1.9 ms seek there (941 seeks), copying the bytes
 * ~0.25 ms, and a Uint8Array goes to the page without a copy (transferred), to be decoded only
 * when a reader asks a pod's name. Names are ASCII (DNS labels and subdomains): a set of names
 * that is not stays a string.
 */
import type { KeySlots } from './slotTable.ts';

/** All names in listing order, each followed by a newline; at[r] is where the r-th one starts. */
interface Joined {
  version: number;
  all: string;
  /** rank[slot]: the slot's place in the listing. */
  rank: Int32Array;
  at: Int32Array;
  /** `all` a byte a character; null when a name is not ASCII. */
  bytes: Uint8Array | null;
}

/**
 * The runs of one listing (findRuns), as pairs of the first and last rank of each, kept between
 * calls (a seek lists up to ~4,300 runs) and grown when a listing needs more.
 */
let runBounds = new Int32Array(2 * 4096);

/** findRuns puts the runs of neighbours in the whole join that `listed` makes into runBounds; returns how many. */
function findRuns(rank: Int32Array, listed: Int32Array): number {
  const n = listed.length;
  let runs = 0;
  let i = 0;
  while (i < n) {
    const first = rank[listed[i++] as number] as number;
    let last = first;
    while (i < n && rank[listed[i] as number] === last + 1) {
      last++;
      i++;
    }
    if (2 * runs + 2 > runBounds.length) {
      const more = new Int32Array(runBounds.length * 2);
      more.set(runBounds);
      runBounds = more;
    }
    runBounds[2 * runs] = first;
    runBounds[2 * runs + 1] = last;
    runs++;
  }
  return runs;
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

  /**
   * linesBytes is lines() as ASCII bytes when the names are joined whole and ASCII (decode it as
   * UTF-8 or Latin-1), else lines() itself.
   */
  linesBytes(listed: Int32Array): string | Uint8Array {
    const j = this.current();
    return j?.bytes ? copyRuns(j, j.bytes, listed) : this.linesOf(j, listed);
  }

  /** lines is the names of `listed` (slots in listing order), one a line. */
  lines(listed: Int32Array): string {
    return this.linesOf(this.current(), listed);
  }

  /** linesOf is lines() with the whole join as current() gave it (null: name by name). */
  private linesOf(j: Joined | null, listed: Int32Array): string {
    if (j === null) {
      const out: string[] = new Array(listed.length);
      for (let i = 0; i < listed.length; i++) out[i] = this.names[listed[i] as number] as string;
      return out.join('\n');
    }
    const { all, at } = j;
    const count = findRuns(j.rank, listed);
    const runs: string[] = new Array(count);
    for (let r = 0; r < count; r++) {
      // The run's names with the newlines between them, without the last one's.
      runs[r] = all.slice(at[runBounds[2 * r] as number] as number, (at[(runBounds[2 * r + 1] as number) + 1] as number) - 1);
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
    const all = parts.join('\n');
    this.joined = { version, all, rank, at, bytes: asciiBytes(all) };
    return this.joined;
  }
}

/** asciiBytes is `s` a byte a character, or null when a character is not ASCII. */
function asciiBytes(s: string): Uint8Array | null {
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0x7f) return null;
    bytes[i] = c;
  }
  return bytes;
}

/** copyRuns is the listed names' bytes, one a line: the runs of neighbours found, then each copied once. */
function copyRuns(j: Joined, bytes: Uint8Array, listed: Int32Array): Uint8Array {
  const at = j.at;
  const runs = findRuns(j.rank, listed);
  // A run's names with their newlines are at[first] … at[last + 1] (the last newline included).
  let length = 0;
  for (let r = 0; r < runs; r++)
    length += (at[(runBounds[2 * r + 1] as number) + 1] as number) - (at[runBounds[2 * r] as number] as number);
  // Each run with the newline after it, but the last: 10 names of 20 characters are 209 bytes.
  const out = new Uint8Array(Math.max(0, length - 1));
  let p = 0;
  for (let r = 0; r < runs; r++) {
    const start = at[runBounds[2 * r] as number] as number;
    const end = (at[(runBounds[2 * r + 1] as number) + 1] as number) - 1;
    out.set(bytes.subarray(start, end), p);
    p += end - start;
    if (p < out.length) out[p++] = 0x0a;
  }
  return out;
}
