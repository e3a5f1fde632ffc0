// Not a port: the packed form of the node memo that the rolling update reads (see nodeMemo.ts).
/**
 * The rolling update visits every node of updatedDesiredNodeCounts' map in an order drawn from
 * the PRNG. Reading each node's answers from a map entry, a facts record and two pod records
 * spread over the heap cost ~0.5 µs a node at 5,000 nodes (cache misses, measured with
 * `node --cpu-prof`), over a second for one rollout. This table keeps the same answers packed by
 * slot, the node name's position in the sorted names: one 16-bit word of flags, two pod names
 * and two Ready-since times per slot, so a visit reads a few bytes that sit next to each other.
 */
import type { NodeUpdate } from './updateTypes.ts';
import type { PodReadiness } from './util/daemonsetUtil.ts';

/** What the table needs of a node: listed or not, shouldRun, nodeUpdate (see NodeFacts). */
export interface SlotFacts {
  inList: boolean;
  shouldRun: boolean;
  update: NodeUpdate;
}

/** The rolling update's per-node answers, by slot. Names and slots are fixed; the rest is rewritten in place. */
export interface RollingUpdateTable {
  /** The keys of updatedDesiredNodeCounts' map, sorted (the order the shuffle starts from). */
  names: readonly string[];
  /** Each name's slot. */
  slots: ReadonlyMap<string, number>;
  /** Per slot: the F_* flags below. */
  flags: Uint16Array;
  /** Per slot: the names of nodeUpdate's new and old pod, '' for none. */
  newPod: string[];
  oldPod: string[];
  /** Per slot: the pods' Ready lastTransitionTime in ms (when F_*_SINCE is set). */
  newSince: Float64Array;
  oldSince: Float64Array;
  /** The writes since the last snapshot a walk captured (captureTable), or null when no walk captured one since. */
  epoch: TableEpoch | null;
  /**
   * How many slots are in each SlotState as read without minReadySeconds (flagState), kept by
   * writeSlot: the maxSurge 0 walk's totals do not depend on its order (unavailableTally.ts).
   */
  states: Int32Array;
}

/** The per-slot columns of a table, as copied into a snapshot. */
interface Columns {
  flags: Uint16Array;
  newPod: string[];
  oldPod: string[];
  newSince: Float64Array;
  oldSince: Float64Array;
}

/**
 * A snapshot of the table's columns and every slot write made after it, in order: the table as
 * any walk since the snapshot saw it is the snapshot with the first `length` writes replayed.
 * A walk's lines are made only when the log is read (deferLines), long after later events
 * rewrote the slots; keeping a copy of the pod names per walk cost 5,000 names × 616 walks of a
 * 5,000-node rollout, the journal one entry per slot write (~40,000).
 */
interface TableEpoch {
  base: Columns;
  slots: number[];
  flags: number[];
  newPod: string[];
  oldPod: string[];
  newSince: number[];
  oldSince: number[];
}

/** The table as one walk saw it, recoverable later with tableAt. */
export interface TableCapture {
  names: readonly string[];
  slots: ReadonlyMap<string, number>;
  epoch: TableEpoch;
  length: number;
}

/**
 * How many writes an epoch keeps per slot before the next capture starts a new one: a snapshot
 * costs one copy of the columns (n slots), so at 4 writes a slot the copies add at most a
 * quarter of the journal's length, and a long run's journal stays bounded.
 */
const WRITES_PER_SLOT = 4;

const F_LISTED = 1;
const F_SHOULD_RUN = 2;
const F_OK = 4;
const F_NEW = 8;
const F_NEW_READY = 16;
const F_NEW_SINCE = 32;
const F_OLD = 64;
const F_OLD_READY = 128;
const F_OLD_SINCE = 256;

/** podFlags packs one pod's readiness into the flags of its role (new or old). */
function podFlags(p: PodReadiness | null, has: number, ready: number, since: number): number {
  if (p === null) return 0;
  return has | (p.ready ? ready : 0) | (p.readySinceMs !== null ? since : 0);
}

/** writeSlot stores one node's facts in its slot. */
export function writeSlot(t: RollingUpdateTable, slot: number, f: SlotFacts): void {
  const { ok, newPod, oldPod } = f.update;
  const flags =
    (f.inList ? F_LISTED : 0) |
    (f.shouldRun ? F_SHOULD_RUN : 0) |
    (ok ? F_OK : 0) |
    podFlags(newPod, F_NEW, F_NEW_READY, F_NEW_SINCE) |
    podFlags(oldPod, F_OLD, F_OLD_READY, F_OLD_SINCE);
  (t.states[flagState(t.flags[slot] as number)] as number)--;
  (t.states[flagState(flags)] as number)++;
  t.flags[slot] = flags;
  t.newPod[slot] = newPod?.name ?? '';
  t.oldPod[slot] = oldPod?.name ?? '';
  t.newSince[slot] = newPod?.readySinceMs ?? 0;
  t.oldSince[slot] = oldPod?.readySinceMs ?? 0;
  const e = t.epoch;
  if (e === null) return;
  if (e.slots.length >= WRITES_PER_SLOT * t.names.length) {
    // Captures keep their epoch; the next capture takes a fresh snapshot.
    t.epoch = null;
    return;
  }
  e.slots.push(slot);
  e.flags.push(t.flags[slot] as number);
  e.newPod.push(t.newPod[slot] as string);
  e.oldPod.push(t.oldPod[slot] as string);
  e.newSince.push(t.newSince[slot] as number);
  e.oldSince.push(t.oldSince[slot] as number);
}

/** columnsOf copies a table's columns. */
function columnsOf(t: Columns): Columns {
  return { flags: t.flags.slice(), newPod: t.newPod.slice(), oldPod: t.oldPod.slice(), newSince: t.newSince.slice(), oldSince: t.oldSince.slice() };
}

/** captureTable records the table as it is now, for tableAt to give back after later writes. */
export function captureTable(t: RollingUpdateTable): TableCapture {
  if (t.epoch === null) t.epoch = { base: columnsOf(t), slots: [], flags: [], newPod: [], oldPod: [], newSince: [], oldSince: [] };
  return { names: t.names, slots: t.slots, epoch: t.epoch, length: t.epoch.slots.length };
}

/** tableAt is a copy of the table as it was when captured: the epoch's snapshot with the writes before the capture replayed. */
export function tableAt(c: TableCapture): RollingUpdateTable {
  const e = c.epoch;
  const t: RollingUpdateTable = { names: c.names, slots: c.slots, ...columnsOf(e.base), epoch: null, states: new Int32Array(STATES) };
  for (let i = 0; i < c.length; i++) {
    const slot = e.slots[i] as number;
    t.flags[slot] = e.flags[i] as number;
    t.newPod[slot] = e.newPod[i] as string;
    t.oldPod[slot] = e.oldPod[i] as string;
    t.newSince[slot] = e.newSince[i] as number;
    t.oldSince[slot] = e.oldSince[i] as number;
  }
  t.states = countStates(t.flags);
  return t;
}

/** countStates counts the slots in each flagState, as writeSlot keeps `states`. */
export function countStates(flags: Uint16Array): Int32Array {
  const out = new Int32Array(STATES);
  for (const f of flags) (out[flagState(f)] as number)++;
  return out;
}

/** buildTable lays out the sorted names and fills every slot from its facts. */
export function buildTable(sortedNames: readonly string[], factsOf: (name: string, slot: number) => SlotFacts): RollingUpdateTable {
  const n = sortedNames.length;
  const t: RollingUpdateTable = {
    names: sortedNames,
    slots: new Map(sortedNames.map((name, i) => [name, i] as const)),
    flags: new Uint16Array(n),
    newPod: new Array<string>(n).fill(''),
    oldPod: new Array<string>(n).fill(''),
    newSince: new Float64Array(n),
    oldSince: new Float64Array(n),
    epoch: null,
    // Every slot starts with flags 0, read as Excess (no F_OK) until written.
    states: Int32Array.of(n, 0, 0, 0, 0, 0, 0),
  };
  for (let i = 0; i < n; i++) writeSlot(t, i, factsOf(sortedNames[i] as string, i));
  return t;
}

/** fillPod unpacks one pod of a slot into a reused record. */
function fillPod(into: PodReadiness, name: string, flags: number, ready: number, since: number, sinceMs: number): PodReadiness {
  into.name = name;
  into.ready = (flags & ready) !== 0;
  into.readySinceMs = (flags & since) !== 0 ? sinceMs : null;
  return into;
}

/**
 * nodeUpdateReader returns nodeUpdate by slot for one walk over the table. The record it returns
 * is refilled by the next call, so the walk allocates no records per node: read it before asking
 * for the next slot, and keep names, not the records.
 */
export function nodeUpdateReader(t: RollingUpdateTable): (slot: number) => NodeUpdate {
  const newPod: PodReadiness = { name: '', ready: false, readySinceMs: null };
  const oldPod: PodReadiness = { name: '', ready: false, readySinceMs: null };
  const out: NodeUpdate = { ok: false, newPod: null, oldPod: null };
  return (slot) => {
    const f = t.flags[slot] ?? 0;
    out.ok = (f & F_OK) !== 0;
    out.newPod = (f & F_NEW) !== 0 ? fillPod(newPod, t.newPod[slot] ?? '', f, F_NEW_READY, F_NEW_SINCE, t.newSince[slot] ?? 0) : null;
    out.oldPod = (f & F_OLD) !== 0 ? fillPod(oldPod, t.oldPod[slot] ?? '', f, F_OLD_READY, F_OLD_SINCE, t.oldSince[slot] ?? 0) : null;
    return out;
  };
}

/**
 * What the maxSurge == 0 walk sees on a node (slotState): more than one new or old pod, no pod,
 * both an old and a new pod, or one pod of a kind, available or not.
 */
export const SlotState = {
  Excess: 0,
  NoPods: 1,
  BothPods: 2,
  NewUnavailable: 3,
  NewAvailable: 4,
  OldUnavailable: 5,
  OldAvailable: 6,
} as const;

/** How many SlotStates there are. */
const STATES = 7;

/**
 * flagState is slotState without minReadySeconds, from a slot's flags alone: with
 * minReadySeconds 0 a Ready pod is available, whatever the time.
 */
export function flagState(f: number): number {
  if ((f & F_OK) === 0) return SlotState.Excess;
  if ((f & F_OLD) === 0) {
    if ((f & F_NEW) === 0) return SlotState.NoPods;
    return (f & F_NEW_READY) !== 0 ? SlotState.NewAvailable : SlotState.NewUnavailable;
  }
  if ((f & F_NEW) !== 0) return SlotState.BothPods;
  return (f & F_OLD_READY) !== 0 ? SlotState.OldAvailable : SlotState.OldUnavailable;
}

/** available is isReadinessAvailable on one pod's packed flags and Ready-since times (read only with minReadySeconds). */
function available(f: number, ready: number, since: number, sinceMs: Float64Array, slot: number, minReadySeconds: number, nowMs: number): boolean {
  if ((f & ready) === 0) return false;
  if (minReadySeconds === 0) return true;
  return (f & since) !== 0 && (sinceMs[slot] as number) + minReadySeconds * 1000 < nowMs;
}

/**
 * slotState reads a slot as the maxSurge == 0 walk does (nodeUpdate, then isReadinessAvailable
 * of its one pod), straight from the packed words, with no record filled per node: 600 walks
 * over 5,000 nodes took 200 ms with nodeUpdateReader's records and take 60–75 ms so (the
 * shuffle's ~30 ms included; micro-benchmark on a shared machine). The Ready-since times are
 * read only with minReadySeconds, the one case that needs them.
 */
export function slotState(t: RollingUpdateTable, slot: number, minReadySeconds: number, nowMs: number): number {
  const f = t.flags[slot] as number;
  if ((f & F_OK) === 0) return SlotState.Excess;
  const hasNew = (f & F_NEW) !== 0;
  if ((f & F_OLD) === 0) {
    if (!hasNew) return SlotState.NoPods;
    return available(f, F_NEW_READY, F_NEW_SINCE, t.newSince, slot, minReadySeconds, nowMs) ? SlotState.NewAvailable : SlotState.NewUnavailable;
  }
  if (hasNew) return SlotState.BothPods;
  return available(f, F_OLD_READY, F_OLD_SINCE, t.oldSince, slot, minReadySeconds, nowMs) ? SlotState.OldAvailable : SlotState.OldUnavailable;
}

/** shouldRunAt is nodeShouldRunDaemonPod's shouldRun of the node in a slot, or null when it is not listed. */
export function shouldRunAt(t: RollingUpdateTable, slot: number): boolean | null {
  const f = t.flags[slot] ?? 0;
  return (f & F_LISTED) === 0 ? null : (f & F_SHOULD_RUN) !== 0;
}

/**
 * cloneTable copies the rewritable arrays; names and slots are shared. The copy starts without an
 * epoch: the original's captures read only the writes the original makes.
 */
export function cloneTable(t: RollingUpdateTable): RollingUpdateTable {
  return { names: t.names, slots: t.slots, ...columnsOf(t), epoch: null, states: t.states.slice() };
}
