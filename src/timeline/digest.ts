/**
 * stateDigest: an engine state as one canonical string, so two states compare with `===` and a
 * test failure shows where they differ. Maps and Sets keep their insertion order (the engine lists
 * them in that order, so it is part of the state); the event queue is compared as the sequence of
 * pops, (time, seq) order, since two heaps with the same events may lay out their arrays
 * differently. Anything a copy must carry is in here: store, cache, queues, expectations, PRNG,
 * clock, sequence number, back-offs, kubelet memory, probe workers, the scheduling queue, event index, config.
 */
import { cloneDaemonSetMemos } from '../engine/controller/daemon/nodeMemo.ts';
import type { EventLeases } from '../engine/apiserver/eventLeases.ts';
import { type EngineState, pendingDeliveries } from '../engine/sim.ts';

/** canonical turns Maps, Sets and nested values into plain JSON-able data. */
export function canonical(x: unknown): unknown {
  if (x instanceof Map) return { $map: [...x.entries()].map(([k, v]) => [canonical(k), canonical(v)]) };
  if (x instanceof Set) return { $set: [...x.values()].map(canonical) };
  if (Array.isArray(x)) return x.map(canonical);
  if (x === undefined) return { $undefined: true };
  if (typeof x === 'number' && !Number.isFinite(x)) return { $number: String(x) };
  if (x !== null && typeof x === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(x).sort()) out[k] = canonical((x as Record<string, unknown>)[k]);
    return out;
  }
  return x;
}

/** ownLeaseKeys is `l` with each lease's keys cut to its own (a copy shares the array: EventLease). */
function ownLeaseKeys(l: EventLeases): EventLeases {
  return { ...l, leases: new Map([...l.leases].map(([id, lease]) => [id, { ...lease, keys: lease.keys.slice(0, lease.n) }])) };
}

/** stateParts is the state split into named parts, each canonical (for a readable diff). */
export function stateParts(st: EngineState): Record<string, string> {
  const events = [...st.events, ...pendingDeliveries(st)].sort((a, b) => a.time - b.time || a.seq - b.seq);
  const parts: Record<string, unknown> = {
    now: st.now,
    tick: st.tick,
    seq: st.seq,
    prng: st.prng,
    config: st.config,
    // The scheduler's cache is derived from the objects (rebuilt on demand): rv, objects and the Events' leases count.
    store: { rv: st.store.rv, objects: st.store.objects, leases: ownLeaseKeys(st.store.leases) },
    cache: st.cache,
    events,
    // A queue's array may hold keys already taken (before `head`); only the waiting ones count.
    queues: Object.fromEntries(
      Object.entries(st.queues).map(([name, q]) => [name, { ...q, items: q.items.slice(q.head), head: 0 }]),
    ),
    expectations: st.expectations,
    dsBackoff: st.dsBackoff,
    kubelet: st.kubelet,
    probes: st.probes,
    scheduler: st.scheduler,
    eventCorrelators: st.eventCorrelators,
    actionsScheduled: st.actionsScheduled,
    // As a copied state has it (cloneDaemonSetMemos): without the two caches a copy starts
    // without, nodeShouldRunDaemonPod's answers by node position and the rolling-update table's
    // epoch (the snapshot and write journal deferred Explain lines are rebuilt from).
    dsMemo: cloneDaemonSetMemos(st.dsMemo),
  };
  // The deliveries are in `events` above, without the ones already taken (before deliveriesHead).
  const known = new Set([...Object.keys(parts), 'deliveries', 'deliveriesHead']);
  // A field added to EngineState later is compared too, so a keyframe that forgets it fails.
  for (const k of Object.keys(st)) if (!known.has(k)) parts[k] = (st as unknown as Record<string, unknown>)[k];
  return Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, JSON.stringify(canonical(v))]));
}

/** stateDigest is the whole state as one canonical string. */
export function stateDigest(st: EngineState): string {
  return JSON.stringify(stateParts(st));
}

/** diffStates names the parts where two states differ (empty when equal). */
export function diffStates(a: EngineState, b: EngineState): string[] {
  const pa = stateParts(a);
  const pb = stateParts(b);
  return [...new Set([...Object.keys(pa), ...Object.keys(pb)])].filter((k) => pa[k] !== pb[k]);
}
