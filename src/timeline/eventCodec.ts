/**
 * Events kept as one string each, for the recording (the tick log's Event writes, keyframes'
 * and the stopped recording's Event maps). Nothing in a recording steps or reads an old Event
 * but to show it or restore a state, so it is kept as text and built again when asked. A
 * 10,000-replica rollout records 110,069 Events, all of them in its last state: as objects ~400
 * bytes each (four objects of 5–11 properties at 8 bytes a slot, and its strings: name, uid,
 * resourceVersion, message, timestamps, each a string of its own with a 16-byte header), as text
 * ~150 (one string: shared values as their number in a table, the values of an Event's own
 * inline; see `inline`).
 *
 * The text is the Event's shape (its keys, nested, in order: a number in SHAPES) and its leaves
 * in order, each after a SEP: a table number in base 36 (a string kept once), or `S` and a string,
 * `P`, a table number, `.` and the rest of a string (prefixed), `H` and a uid in 19 characters
 * (packUuid), `N` and a number, `Z` (-0), `T`/`F`, `L` (null), `U` (undefined): ~220 characters an Event. decodeEvent builds an object equal to the one
 * encoded, key for key in the same order (eventCodec.test.ts). An object that is not plain data
 * (a class instance, a Map) or has a string holding SEP is not encoded (encodeEvent: null).
 */
import type { KubeObject } from '../engine/api/types.ts';
import { nameLeaf, SEP, type Shape, shapeAt, shapeNumber, walk } from './eventShapes.ts';
import { base36, packUuid, UUID, unpackUuid } from './uidText.ts';


/** Strings an inlined leaf remembers (then it starts over). */
const RECENT = 512;
/** Strings at a leaf are inlined once it has seen this many and fewer than half were repeats. */
const LEARN = 16;

/**
 * EventCodec: one recording's Event texts (the Timeline makes one and gives it to its tick log and
 * keyframes; a packed state keeps the codec it was packed with). Its table lives as long as the
 * texts that read it, and goes with the recording.
 */
export class EventCodec {
  /** Strings kept once, by number (values that repeat: kinds, reasons, timestamps, pod names). */
  private readonly table: string[] = [];
  /** Each table string's number, while encoding (forget drops it; the next encoding builds it again). */
  private tableIndex: Map<string, number> | null = new Map();
  /**
   * Per shape and leaf: how often a string there was already in the table (hits) and not (misses).
   * A leaf whose strings rarely repeat (an Event's name, uid, resourceVersion) is kept inline: in
   * the table each would cost a slot and a string header more.
   */
  private readonly leafStats = new Map<string, { hits: number; misses: number; recent: Set<string> }>();
  /**
   * The text of each Event met while it lives (the log, keyframes and the end share one string),
   * and of the Events the last unpacked state was built with (a state restored from a keyframe and
   * packed again, Timeline.engineAt following the playhead, does not encode its ~100,000 Events
   * anew). Both start over (forget, newDecodings): a WeakMap keeps the room its dead keys took,
   * and 40 seeks of the 10,000-replica rollout decode ~4 million Events.
   */
  private memo = new WeakMap<object, string>();
  private decoded = new WeakMap<object, string>();

  /** forget drops the remembered texts (a recording that stopped: its Events are text now). */
  forget(): void {
    this.memo = new WeakMap();
    this.decoded = new WeakMap();
    // The table's index and the leaves' recent strings too (~60,000 entries after the 10,000-replica
    // rollout, ~10 B a tick): the next Event encoded builds the index again.
    this.tableIndex = null;
    for (const stat of this.leafStats.values()) stat.recent.clear();
  }

  /** newDecodings starts the memory of decoded Events over (a state is being unpacked). */
  newDecodings(): void {
    this.decoded = new WeakMap();
  }

  /** encode is the Event as text, or null when it cannot be (see the file's comment). */
  encode(o: KubeObject): string | null {
    const memo = this.memo.get(o) ?? this.decoded.get(o);
    if (memo !== undefined) return memo;
    const id: string[] = [];
    const leaves: unknown[] = [];
    if (!walk(o, id, leaves)) return null;
    const shape = shapeNumber(id.join(''), o);
    // Joined, not appended: `s +=` leaves a rope of ~40 nodes of 32 bytes each, heavier than the object.
    const parts = [String(shape)];
    for (let i = 0; i < leaves.length; i++) parts.push(this.leaf(leaves[i], shape, i));
    prefixed(parts, leaves);
    const s = parts.join(SEP);
    this.memo.set(o, s);
    return s;
  }

  /**
   * decode builds the object `s` encodes (a new one at each call); `remember`: as `s`'s until the
   * next newDecodings (an unpacked state's Events, which may be packed again). The tick log's reads
   * are not remembered: a frame reads ~25 Events, and a WeakMap of dead keys slows every young
   * collection (seek p95 3.4 -> 4.5 ms in five pairs of runs when they were).
   */
  decode(s: string, remember = false): KubeObject {
    // Read in place (no split, no number substrings): ~5 µs an Event (~6 split), and a frame
    // reads ~25 in its Explain list.
    const first = s.indexOf(SEP);
    const shape = shapeAt(Number(s.slice(0, first)));
    this.text = s;
    this.pos = first + 1;
    const o = this.build(shape) as KubeObject;
    this.text = '';
    if (remember) this.decoded.set(o, s);
    return o;
  }

  /**
   * nameOf is the encoded Event's metadata.name, read from its one leaf (the Explain list labels
   * a tick's writes `ADDED Event web-….17…`: a whole Event built again costs ~5 µs, and a
   * seek's frame labels ~25–300 of them).
   */
  nameOf(s: string): string {
    const first = s.indexOf(SEP);
    const shape = shapeAt(Number(s.slice(0, first)));
    const leaf = nameLeaf(shape);
    if (leaf < 0) return '';
    let at = first + 1;
    for (let skip = leaf; skip > 0; skip--) at = s.indexOf(SEP, at) + 1;
    this.text = s;
    this.pos = at;
    const name = this.leafValue();
    this.text = '';
    return typeof name === 'string' ? name : '';
  }

  /** The text being decoded and where its next leaf starts. */
  private text = '';
  private pos = 0;

  private leaf(v: unknown, shape: number, i: number): string {
    switch (typeof v) {
      case 'string':
        return this.stringLeaf(v, shape, i);
      case 'number':
        return Object.is(v, -0) ? 'Z' : `N${v}`;
      case 'boolean':
        return v ? 'T' : 'F';
      case 'undefined':
        return 'U';
      default:
        return 'L';
    }
  }

  private stringLeaf(v: string, shape: number, i: number): string {
    if (this.tableIndex === null) this.tableIndex = new Map(this.table.map((x, k) => [x, k]));
    const at = this.tableIndex.get(v);
    const statKey = `${shape}:${i}`;
    let stat = this.leafStats.get(statKey);
    if (stat === undefined) {
      stat = { hits: 0, misses: 0, recent: new Set<string>() };
      this.leafStats.set(statKey, stat);
    }
    if (at !== undefined) stat.hits++;
    else stat.misses++;
    if (at !== undefined) return at.toString(36);
    if (stat.hits + stat.misses >= LEARN && 2 * stat.hits < stat.hits + stat.misses) {
      // Inlined leaves still table a string met again soon: a pod's name and uid are in each of its ~5 Events.
      if (!stat.recent.has(v)) {
        if (stat.recent.size >= RECENT) stat.recent.clear();
        stat.recent.add(v);
        return UUID.test(v) ? packUuid(v) : `S${v}`;
      }
    }
    this.tableIndex.set(v, this.table.length);
    this.table.push(v);
    return (this.table.length - 1).toString(36);
  }

  private build(shape: Shape | null): unknown {
    if (shape === null) return this.leafValue();
    const { keys, kids } = shape;
    if (keys === null) {
      const out: unknown[] = [];
      for (const kid of kids) out.push(this.build(kid));
      return out;
    }
    const out: Record<string, unknown> = {};
    for (let k = 0; k < keys.length; k++) out[keys[k] as string] = this.build(kids[k] as Shape | null);
    return out;
  }

  /** leafValue reads the leaf at `pos` and moves past it and its SEP. */
  private leafValue(): unknown {
    const t = this.text;
    const at = this.pos;
    let end = t.indexOf(SEP, at);
    if (end < 0) end = t.length;
    this.pos = end + 1;
    const c = t.charCodeAt(at);
    // A table number in base 36 (lower-case digits), else a tag (upper case) and the value.
    if (isTableNumber(c)) return this.table[base36(t, at, end)];
    switch (c) {
      case 80: {
        // P: a table string, then the rest after the first dot
        const dot = t.indexOf('.', at);
        // Joined: a flat string (`+` makes a rope, flattened again at each use of the name).
        return [this.table[base36(t, at + 1, dot)] as string, t.slice(dot + 1, end)].join('');
      }
      case 83: // S
        return t.slice(at + 1, end);
      case 72: // H
        return unpackUuid(t, at + 1);
      case 78: // N
        return Number(t.slice(at + 1, end));
      case 90: // Z
        return -0;
      case 84: // T
        return true;
      case 70: // F
        return false;
      case 85: // U
        return undefined;
      default:
        return null;
    }
  }
}

/** Shortest table string an inlined leaf is coded against (shorter saves too little). */
const MIN_PREFIX = 8;

/**
 * prefixed codes each inlined string that starts with a tabled string of the same Event as that
 * string's number and the rest (`P`, the number, `.`, the rest): an Event's name is its object's
 * name, a dot and 16 hex digits, and the object's name is tabled (~20 characters an Event less).
 */
function prefixed(parts: string[], leaves: readonly unknown[]): void {
  for (let i = 0; i < leaves.length; i++) {
    const v = leaves[i];
    if (typeof v !== 'string' || (parts[i + 1] as string).charCodeAt(0) !== 83) continue;
    for (let j = 0; j < leaves.length; j++) {
      const p = leaves[j];
      if (typeof p !== 'string' || p.length < MIN_PREFIX || p.length >= v.length || !v.startsWith(p)) continue;
      const code = parts[j + 1] as string;
      if (!isTableNumber(code.charCodeAt(0))) continue;
      parts[i + 1] = `P${code}.${v.slice(p.length)}`;
      break;
    }
  }
}

/** isTableNumber tells whether a leaf's first character starts a table number (a base-36 digit). */
function isTableNumber(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 122);
}
