/**
 * Packed engine states, for keyframes. A keyframe is never stepped, only copied into a fresh
 * state (Timeline.engineAt), so it need not hold Maps: its big maps (the store's and the cache's
 * objects, the cache's pod indexes, the kubelet's memory and probe workers, the event correlators'
 * caches) are kept as flat arrays of keys and values. A Map costs ~46 bytes an entry in Node (a
 * hash table at most half full), a flat array 16, and filling a Map from one costs what copying a
 * Map does (40,000 entries: ~20 ms either way, measured).
 *
 * Keyframes also share (packedMaps.ts): a map whose first entries are those of the same map in
 * the keyframe before keeps only a reference to that one and its new entries; one whose entries
 * are mostly the same but moved or updated in place (an Event's count, a least recently used key)
 * keeps each as its number there (4 bytes). In the 10,000-replica rollout the Events and the
 * correlators are half of a late keyframe's ~135,000 entries. And the pods of the informer cache
 * and of its two indexes (a quarter more) are nearly all the very pods of the store: they are
 * kept as the store's entry numbers (4 bytes), the few others as entries. The queued events go
 * flat too (time, sequence number, the event's shape and its values: ~56 bytes an event instead
 * of ~112 in two objects); a late keyframe holds ~6,000.
 *
 * Order is part of the state (controllers list maps in insertion order and break ties by it):
 * a flat array keeps the order the map iterated in, and filling a fresh Map from it in that order
 * gives the same iteration order. Everything else is copied by cloneEngineState.
 */
import { KINDS, type KubeObject } from '../engine/api/types.ts';
import { cloneEngineState, type EngineState, pendingDeliveries } from '../engine/sim.ts';
import { type EventCorrelatorState, newEventCorrelator } from '../engine/client/eventCorrelator.ts';
import { type AnyMap, type Coded, type Counts, code, decode, EMPTY, type Flat, keepEqual, narrowCounts, numbering, type PackedIndex, packIndex, unpackIndex } from './codedMaps.ts';
import { EventCodec } from './eventCodec.ts';
import { fill, materialize, pack, type PackedMap, spacingWeight } from './packedMaps.ts';
import { packEvents, unpackEvents } from './queuedEvents.ts';
import { share } from './shareBase.ts';

export interface PackedState {
  /** The state with the packed maps and the event queues empty; every other part copied (cloneEngineState). */
  base: EngineState;
  /** The event heap's and the deliveries' events, in array order (packEvents). */
  events: Flat;
  deliveries: Flat;
  /**
   * The packed maps in MAP_LABELS' order (mapOf reads one), the keyframe before's array when all
   * are its own: a Map by label, its table and 33 labels built anew, was ~3 KB a keyframe (~29 B a
   * tick of the 100-replica Parallel StatefulSet run).
   */
  maps: readonly PackedMap[];
  /** The cache's pods, coded against the store's. */
  cachePods: Coded;
  /** The pod indexes (eachNested), each its inner maps coded against the cache's pods in one (packIndex). */
  indexes: PackedIndex[];
  /**
   * The event correlators' recorders in order, the sizes of their three caches (aggregate, logs,
   * spam: three per recorder), and all those caches' entries one after another as one packed map.
   * One map, not three per recorder: a run has a recorder per node's kubelet (100 in issue 23's
   * StatefulSet runs), three labelled Maps per recorder cost ~1,700 B a tick of a 100-replica run;
   * and a kubelet's caches are small (~40 entries each with 1,000 pods on 100 nodes), too small to
   * share with the keyframe before on their own, while every one of them changes between two
   * keyframes: packed apart, the 1,000-replica OrderedReady run's keyframes owned 60,000 of its
   * 175,000 correlator entries.
   */
  recorders: readonly string[];
  correlatorSizes: Counts;
  correlators: PackedMap;
  /** The codec its Events' texts read with (the recording's). */
  codec: EventCodec;
  /**
   * Entries this state holds that the state it was packed against does not (its own weight):
   * unshared map entries, coded pods, queued events, probe workers (packWeight).
   */
  own: number;
}

/** The labels of the maps eachMap visits, in its order. */
// biome-ignore format: one line
const MAP_LABELS: readonly string[] = [...KINDS.map((k) => `store/${k}`), ...KINDS.filter((k) => k !== 'Pod').map((k) => `cache/${k}`), 'kubelet', 'probes'];

/** eachMap visits the maps of `st` packed by themselves, each with its number and label (MAP_LABELS). */
function eachMap(st: EngineState, f: (i: number, label: string, m: AnyMap) => void): void {
  let i = 0;
  for (const k of KINDS) f(i, MAP_LABELS[i++] as string, st.store.objects[k] as AnyMap);
  for (const k of KINDS) if (k !== 'Pod') f(i, MAP_LABELS[i++] as string, st.cache.objects[k] as AnyMap);
  f(i, MAP_LABELS[i++] as string, st.kubelet as AnyMap);
  // Probe workers are immutable values (kubelet/probes.ts sets a new one): a keyframe of the
  // 1,000-replica StatefulSet run holds up to 1,000, a Map copy ~46 B an entry, flat 16.
  f(i, MAP_LABELS[i] as string, st.probes as AnyMap);
}

/** mapOf is the packed map of `p` labelled `label` (`store/Event`, `probes`, ...; MAP_LABELS). */
export function mapOf(p: PackedState, label: string): PackedMap | undefined {
  return p.maps[MAP_LABELS.indexOf(label)];
}

/** correlatorMaps are a correlator's three caches, in the order `correlators` keeps them. */
function correlatorMaps(c: EventCorrelatorState): AnyMap[] {
  return [c.aggregate as AnyMap, c.logs as AnyMap, c.spam as AnyMap];
}

/** eachNested visits the cache's pod indexes (maps of maps of cached pods). */
function eachNested(st: EngineState, f: (m: Map<unknown, AnyMap>) => void): void {
  f(st.cache.podsByOwner as Map<unknown, AnyMap>);
  f(st.cache.podsByNode as Map<unknown, AnyMap>);
}

function emptyObjects(): EngineState['store']['objects'] {
  const out = {} as EngineState['store']['objects'];
  for (const k of KINDS) out[k] = new Map();
  return out;
}

/** shell is `st` with the maps eachMap and eachNested visit empty (new ones; `st` is not changed). */
function shell(st: EngineState): EngineState {
  return {
    ...st,
    store: { ...st.store, objects: emptyObjects() },
    cache: { ...st.cache, objects: emptyObjects(), podsByOwner: new Map(), podsByNode: new Map() },
    kubelet: new Map(),
    probes: new Map(),
    eventCorrelators: new Map(),
    events: [],
    deliveries: [],
    deliveriesHead: 0,
  };
}

/** rebasePacked is `p` with its state replaced by f of it (a fork rebases the queued events and config). */
export function rebasePacked(p: PackedState, f: (st: EngineState) => EngineState): PackedState {
  const st = f({ ...p.base, events: unpackEvents(p.events), deliveries: unpackEvents(p.deliveries), deliveriesHead: 0 });
  return {
    ...p,
    base: { ...st, events: [], deliveries: [], deliveriesHead: 0 },
    events: packEvents(st.events),
    deliveries: packEvents(pendingDeliveries(st)),
  };
}

/**
 * The maps that hold Events, kept as text (eventCodec.ts): a late keyframe of the 10,000-replica
 * rollout holds ~100,000 Events, and the stopped recording's last state all 110,030. The text of
 * an Event is the tick log's (one string while the Event lives), and equal texts share a run.
 */
const EVENT_MAPS = new Set(['store/Event', 'cache/Event']);

function eventsAsText(m: AnyMap, codec: EventCodec): Flat {
  if (m.size === 0) return EMPTY;
  const out = new Array<unknown>(2 * m.size);
  let i = 0;
  for (const [k, v] of m) {
    out[i++] = k;
    out[i++] = codec.encode(v as KubeObject) ?? v;
  }
  return out;
}

function flatten(m: AnyMap): Flat {
  if (m.size === 0) return EMPTY;
  const out = new Array<unknown>(2 * m.size);
  let i = 0;
  for (const [k, v] of m) {
    out[i++] = k;
    out[i++] = v;
  }
  return out;
}

/**
 * packState is a packed copy of `st` (which it does not change), sharing what it can with `prev`;
 * its Events are texts of `codec` (by default `prev`'s, else a new one).
 */
export function packState(st: EngineState, prev?: PackedState, codec: EventCodec = prev?.codec ?? new EventCodec()): PackedState {
  const maps: PackedMap[] = [];
  let storePods: Flat = [];
  let own = 0;
  eachMap(st, (i, label, m) => {
    const flat = EVENT_MAPS.has(label) ? eventsAsText(m, codec) : flatten(m);
    if (label === 'store/Pod') storePods = flat;
    const before = prev?.maps[i];
    // Probe workers are kept as their changes from the keyframe before's (deltaValues.ts).
    maps.push(pack(flat, before, label === 'probes'));
    // Probe workers count one each, as when they were copied with the rest (the spacing stays).
    own += label === 'probes' ? m.size : spacingWeight(flat, before === undefined ? undefined : materialize(before));
  });
  // The cache's pods are numbered as the keyframe before's when nothing moved (~8 B a tick of the Parallel run).
  const coded = code(st.cache.objects.Pod as AnyMap, storePods, numbering(storePods));
  const cachePods = prev === undefined ? coded : { codes: keepEqual(coded.codes, prev.cachePods.codes), extra: keepEqual(coded.extra, prev.cachePods.extra) };
  const cached = flatten(st.cache.objects.Pod as AnyMap);
  const cachedIndex = numbering(cached);
  const indexes: PackedIndex[] = [];
  eachNested(st, (m) => indexes.push(packIndex(m, cached, cachedIndex, prev?.indexes[indexes.length])));
  const events = packEvents(st.events);
  const deliveries = packEvents(pendingDeliveries(st));
  const recorders = [...st.eventCorrelators.keys()];
  const sizes = new Int32Array(3 * recorders.length);
  const all: Flat = [];
  const before = prev === undefined ? undefined : correlatorFlats(prev);
  let j = 0;
  for (const [recorder, c] of st.eventCorrelators) {
    correlatorMaps(c).forEach((m, x) => {
      sizes[j++] = m.size;
      const flat = flatten(m);
      own += spacingWeight(flat, before?.get(recorder)?.[x]);
      for (const v of flat) all.push(v);
    });
  }
  const correlators = pack(all, prev?.correlators);
  own += cachePods.codes.length + cachePods.extra.length / 2 + (events.length + deliveries.length) / 4;
  for (const x of indexes) own += x.keys.length + x.coded.codes.length + x.coded.extra.length / 2;
  const same = prev !== undefined && prev.recorders.length === recorders.length && recorders.every((r, i) => prev.recorders[i] === r);
  const sh = shell(st);
  const base = cloneEngineState(sh);
  return {
    // What did not change since the keyframe before is that one's (shareBase.ts): ~160 B a tick of
    // the 100-replica Parallel StatefulSet run, mostly empty queues and maps.
    base: prev === undefined ? base : (share(base, prev.base, sh) as EngineState),
    events,
    deliveries,
    maps: prev !== undefined && maps.every((x, i) => x === prev.maps[i]) ? prev.maps : maps,
    cachePods,
    indexes,
    recorders: same ? prev.recorders : recorders,
    correlatorSizes: keepEqual<Counts>(narrowCounts(sizes), prev?.correlatorSizes),
    correlators,
    codec,
    own,
  };
}

/** correlatorFlats are each recorder's three caches' entries in `p`, by recorder. */
function correlatorFlats(p: PackedState): Map<string, Flat[]> {
  const all = materialize(p.correlators);
  const out = new Map<string, Flat[]>();
  let at = 0;
  p.recorders.forEach((recorder, j) => {
    const three: Flat[] = [];
    for (let x = 0; x < 3; x++) {
      const end = at + 2 * (p.correlatorSizes[3 * j + x] as number);
      three.push(all.slice(at, end));
      at = end;
    }
    out.set(recorder, three);
  });
  return out;
}

/** unpackState is a fresh state equal to the one packed (the caller owns it). */
export function unpackState(p: PackedState): EngineState {
  const st = cloneEngineState(p.base);
  p.codec.newDecodings();
  st.events = unpackEvents(p.events);
  st.deliveries = unpackEvents(p.deliveries);
  st.deliveriesHead = 0;
  eachMap(st, (i, label, m) => {
    fill(m, p.maps[i] as PackedMap);
    if (EVENT_MAPS.has(label)) for (const [k, v] of m) if (typeof v === 'string') m.set(k, p.codec.decode(v, true));
  });
  const all = materialize(p.correlators);
  let at = 0;
  p.recorders.forEach((recorder, j) => {
    const c = newEventCorrelator();
    correlatorMaps(c).forEach((m, x) => {
      for (const end = at + 2 * (p.correlatorSizes[3 * j + x] as number); at < end; at += 2) m.set(all[at], all[at + 1]);
    });
    st.eventCorrelators.set(recorder, c);
  });
  decode(st.cache.objects.Pod as AnyMap, p.cachePods, flatten(st.store.objects.Pod as AnyMap));
  const cached = flatten(st.cache.objects.Pod as AnyMap);
  let n = 0;
  eachNested(st, (m) => unpackIndex(m, p.indexes[n++] as PackedIndex, cached));
  return st;
}
