// Port of kubernetes staging/src/k8s.io/client-go/tools/record/event.go (v1.36): makeEvent's name.
/**
 * The names of Events, from the clock as client-go's recorders make them (record's makeEvent and
 * the events/v1 recorder alike: `<object>.<UnixNano in hex>`), and the uid made from such a name
 * for the kubelet's container Events. A list is in key order, as etcd's is, so an object's Events
 * come out of `kubectl get events` in the order they were written, as on a cluster.
 */
import { type PrngState, skipDraws } from '../lib/prng.ts';
import { EPOCH_UNIX_MS } from '../lib/time.ts';
import { type UidPrefix, uidAfter } from './eventUids.ts';

export { nameUid, nameUidOf } from './eventUids.ts';

/**
 * clockEventName is client-go's Event name, `<object>.<UnixNano in hex>` (recorder.makeEvent),
 * from the virtual clock: it draws nothing from the PRNG, so the kubelet's Events leave every
 * other draw of a run where it was. `nanos` (0–999,999) places the Event within its millisecond:
 * the kubelet records Pulled, Created and Started microseconds apart, and the virtual clock puts
 * them in one ms, so the second one there is named 1,000 ns later (…edfa03e8), the third 2,000.
 */
export function clockEventName(object: string, nowMs: number, nanos = 0): string {
  return object + clockEventSuffix(nowMs, nanos);
}

/**
 * clockEventSuffix is the part of clockEventName after the object, `.<UnixNano in hex>`. The name
 * is kept as the object's string and this one (a cons string of 32 bytes), and nameUidOf reads the
 * two: reading the name's characters would copy it into a flat string of its own (+56 bytes a
 * kubelet Event, 70,000 in a 10,000-replica rollout).
 */
export function clockEventSuffix(nowMs: number, nanos = 0): string {
  // Every Event of a tick is named in its ms: the digits are worked out once for them. The µs
  // after it too (1,000 ns, 2,000 …): a 10,000-replica rollout starts its 20,000 pods in 41
  // distinct ms, ~500 pods a ms, and each start's Created and Started are named 1 and 2 µs in.
  // Shared, those are 41 × 2 strings where they were 40,000 (40 bytes each, kept for the run).
  if (nowMs !== lastMs) {
    lastMs = nowMs;
    lastHex = `.${unixNanoHex(EPOCH_UNIX_MS + nowMs)}`;
    microHex.length = 0;
    microHex.push(lastHex);
  }
  if (nanos === 0) return lastHex;
  const us = nanos / 1000;
  if (!(us < MICRO_HEX_MAX && Number.isInteger(us))) return `.${unixNanoHex(EPOCH_UNIX_MS + nowMs, nanos)}`;
  let hex = microHex[us];
  if (hex === undefined) {
    // Filled in order (a µs is asked for only once the ones before it are taken): the array stays packed.
    for (let i = microHex.length; i < us; i++) microHex.push(`.${unixNanoHex(EPOCH_UNIX_MS + nowMs, i * 1000)}`);
    hex = `.${unixNanoHex(EPOCH_UNIX_MS + nowMs, nanos)}`;
    microHex.push(hex);
  }
  return hex;
}

let lastMs = Number.NaN;
let lastHex = '';
/**
 * The suffixes of lastMs by µs (index 0 is lastHex), up to MICRO_HEX_MAX µs in: an object
 * has at most a few Events in one ms; a later µs is made each time. Not engine state: the string
 * depends on the ms and ns alone.
 */
const MICRO_HEX_MAX = 64;
const microHex: string[] = [];

/**
 * The Event recordEvent (tx.ts) is correlating, for nameNewEvent, which the correlator calls only
 * for a new key: set before each correlation (beginNaming) and let go after it (endNaming), so no
 * store or PRNG outlives its run here. `fresh`, `suffix`, `name` and `key` are what nameNewEvent made:
 * whether it named this Event, its suffix and its store key (`default/…`, its hash worked out by
 * the lookup). `draws`: the Event draws the 16 hex digits its name was once drawn from
 * (skipNameDraws). Not engine state.
 */
interface EventNaming {
  draws: boolean;
  prng: PrngState | undefined;
  events: ReadonlyMap<string, unknown>;
  nowMs: number;
  prefix: string;
  object: string;
  fresh: boolean;
  suffix: string;
  name: string;
  key: string;
  /** The store's resourceVersion when the naming began (every store write moves it). */
  rv: number;
}

const NO_EVENTS: ReadonlyMap<string, unknown> = new Map();

export const naming: EventNaming = { draws: false, prng: undefined, events: NO_EVENTS, nowMs: 0, prefix: '', object: '', fresh: false, suffix: '', name: '', key: '', rv: Number.NaN };

/**
 * beginNaming: the next nameNewEvent names an Event about `object`, stored under `prefix`
 * (`default/`) in `events`, a store at resourceVersion `rv` (NaN: unknown, every name probed),
 * drawing the 16 digits of skipNameDraws first when `draws`.
 */
export function beginNaming(draws: boolean, prng: PrngState, events: ReadonlyMap<string, unknown>, nowMs: number, prefix: string, object: string, rv = Number.NaN): void {
  const n = naming;
  n.rv = rv;
  n.draws = draws;
  n.prng = prng;
  n.events = events;
  n.nowMs = nowMs;
  n.prefix = prefix;
  n.object = object;
  n.fresh = false;
}

/** endNaming lets go of the store and PRNG beginNaming was given (what nameNewEvent made stays readable). */
export function endNaming(): void {
  naming.prng = undefined;
  naming.events = NO_EVENTS;
}

/**
 * nameNewEvent is a new Event's name: the clock's, moved on by 1 µs while an Event of that name is
 * stored. The kubelet's Pulled, Created and Started of one start share a ms, and so do a
 * ReplicaSet's SuccessfulCreate and the Deployment's ScalingReplicaSet Events of one sync (at most a
 * few per object and ms, so the loop is short).
 */
export function nameNewEvent(): string {
  const n = naming;
  n.fresh = true;
  if (n.draws) skipNameDraws(n.prng as PrngState);
  if (n.object !== made.object || n.nowMs !== made.nowMs || n.prefix !== made.prefix) {
    made.object = n.object;
    made.nowMs = n.nowMs;
    made.prefix = n.prefix;
    // Forgotten by count, the arrays kept: `length = 0` would let their room go, three new
    // arrays of 17 slots (~450 bytes) for each pod's start.
    made.count = 0;
    made.taken = 0;
    objectHash.valid = false;
  }
  // Names 0 … taken − 1 are stored when nothing was written since this object's last one went in
  // (clockNameStored): a pod's Started then probes one key, not Pulled's and Created's again too.
  let i = made.taken > 0 && made.rv === n.rv && serialOf(n.events) === made.serial ? made.taken : 0;
  // The first free µs, as 999 µs taken give the 999th (a clock name never waits for the next ms).
  for (; i < 999 && n.events.has(madeKey(i)); i++);
  madeKey(i);
  made.index = i;
  n.suffix = made.suffixes[i] as string;
  n.name = made.names[i] as string;
  n.key = made.keys[i] as string;
  return n.name;
}

/** nameNewEventKey is nameNewEvent's store key (`naming.key`): the correlator keeps the key, the name is read from `naming.name`. */
export function nameNewEventKey(): string {
  nameNewEvent();
  return naming.key;
}

/**
 * The clock names made for one object in one ms, by µs (0, 1,000 ns …): the object's next Event in
 * that ms looks the taken ones up by the same key strings. A lookup that finds a stored key by an
 * equal string of its own compares the two, which copies both into flat strings (the stored key
 * then weighs 64 bytes, not 32: the Pulled and Created keys of every pod start). Not engine state:
 * a key made again is the same string.
 */
const made = {
  object: '',
  nowMs: Number.NaN,
  prefix: '',
  count: 0,
  keys: [] as string[],
  names: [] as string[],
  suffixes: [] as string[],
  /** The µs nameNewEvent named last. */
  index: 0,
  /** Names 0 … taken − 1 are stored in `events` at resourceVersion `rv` (clockNameStored; 0: none known). */
  taken: 0,
  rv: Number.NaN,
  /** serialOf the store's Event map they are stored in (its number, not the map: a finished engine's is not kept alive here). */
  serial: 0,
};

/**
 * A number for each Event map named into, by identity: two engines (a fork and its run) may stand at
 * one resourceVersion with different Events. A WeakMap probe of a table of a few maps, where a
 * WeakRef's deref kept its map in a set of its own at each call (~60 ns, twice an Event). Not
 * engine state.
 */
const serials = new WeakMap<ReadonlyMap<string, unknown>, number>();
let lastSerial = 0;

function serialOf(events: ReadonlyMap<string, unknown>): number {
  let n = serials.get(events);
  if (n === undefined) {
    n = ++lastSerial;
    serials.set(events, n);
  }
  return n;
}

/**
 * clockNameStored says that the clock name nameNewEvent made last is now stored under its key,
 * the store at resourceVersion `rv` after the write. Names 0 … that one are then all stored (the
 * loop found the ones before it taken), as long as the store stays at `rv`.
 */
export function clockNameStored(events: ReadonlyMap<string, unknown>, rv: number): void {
  made.taken = made.index + 1;
  made.rv = rv;
  made.serial = serialOf(events);
}

/** madeKey is the store key of the object's clock name `i` µs into the ms, made once (i ≤ made.count). */
function madeKey(i: number): string {
  if (i < made.count) return made.keys[i] as string;
  const suffix = clockEventSuffix(made.nowMs, i * 1000);
  const name = made.object + suffix;
  const key = made.prefix + name;
  made.keys[i] = key;
  made.names[i] = name;
  made.suffixes[i] = suffix;
  made.count = i + 1;
  return key;
}

/**
 * skipNameDraws draws the 16 hex digits that the controllers', the scheduler's and some of the
 * kubelet's Events were once named with (before their names came from the clock, as client-go's
 * do), and keeps none: every later draw of a run stays where it was, so a seed, and a share link
 * made before, replays the same decisions, pod names and timings. Only Event names moved.
 */
export function skipNameDraws(prng: PrngState): void {
  // A draw only steps the state (its value is never fed back): 16 draws are one add, where the
  // loop made and dropped 16 floats for each of the 1,000-replica rollout's ~5,000 such Events.
  skipDraws(prng, 16);
}

const TWO_24 = 0x1000000;

/**
 * unixNanoHex is ms × 10⁶ + nanos in hex without a BigInt (the product passes 2^53 in 1970 + 104
 * days): ms splits at bit 24 into hi and lo, each times 10⁶ stays below 2^45 (nanos < 10⁶ adds to
 * lo), and the low part's carry moves up. Worked number: 1767225600000 ms → 18867251edfa0000
 * (2026-01-01T00:00:00Z in ns); with 1,000 ns, 18867251edfa03e8.
 */
export function unixNanoHex(ms: number, nanos = 0): string {
  const lo = (ms % TWO_24) * 1_000_000 + nanos;
  const hi = Math.floor(ms / TWO_24) * 1_000_000 + Math.floor(lo / TWO_24);
  const low = (lo % TWO_24).toString(16);
  return hi === 0 ? low : hi.toString(16) + '000000'.slice(low.length) + low;
}

/**
 * The FNV states after the characters of `made.object`, worked out once for the object's Events
 * of one ms: a pod's start names Pulled, Created and Started, whose uids differ only in the
 * suffix. Not engine state: the uid depends on the name alone.
 */
const objectHash: UidPrefix = { valid: false, h0: 0, h1: 0, h2: 0, h3: 0 };

/**
 * clockNameUid is nameUid of the clock name nameNewEvent made last (`naming.suffix` after the
 * object it named), the object's characters hashed once for all its names in that ms.
 */
export function clockNameUid(): string {
  return uidAfter(objectHash, made.object, naming.suffix);
}
