/**
 * The engine's liveness guard. Every requeue goes through its queue's rate limiter, so virtual
 * time always moves on (DESIGN.md §17); should a run still stand still, this says where and why
 * instead of letting it spin until a tick cap: "virtual time stopped at 606.000 s:
 * deployment-controller acted on default/db 100,000 times".
 *
 * A healthy run's busiest instant is bounded by its size: one write's watch deliveries and the
 * syncs they wake all share an instant (a 10,000-replica rollout's largest is a few thousand
 * ticks), and a queue can requeue a key at one instant at most `burst` (100) times before its
 * bucket makes it wait. STALL_TICKS is far above both.
 */
import type { TickRecord } from '../client/tick.ts';

/** Ticks at one virtual instant after which a run is said to stand still. */
export const STALL_TICKS = 100_000;
/** Past this many ticks at one instant the guard starts counting who acts (cheap before it). */
const COUNT_FROM = 1_000;

export interface StallWatch {
  /** The stall, once found (the caller stops there). */
  stall: Stall | null;
  /** The instant (ms) of the ticks counted. */
  atMs: number;
  /** Ticks seen at that instant. */
  ticks: number;
  /**
   * The actor and key of each tick at this instant past COUNT_FROM, in order (one entry a tick,
   * the strings the records already hold). They are counted only if the instant reaches `limit`:
   * a 10,000-replica rollout has instants of ~2,500 ticks and never stands still, so its 28,000
   * ticks past COUNT_FROM cost two array stores each instead of two map lookups and a count.
   */
  actors: string[];
  keys: string[];
  /** The pairs counted, once the instant reached `limit` (later ticks there add to them). */
  counts: PairCounts | null;
  limit: number;
}

/** Ticks by actor, then key, and how many pairs there are. */
interface PairCounts {
  byActor: Map<string, Map<string, PairCount>>;
  pairs: number;
}

/** Where a run stood still, and the actor and key that acted most there. */
export interface Stall {
  atMs: number;
  ticks: number;
  actor: string;
  key: string;
  count: number;
}

export function newStallWatch(limit = STALL_TICKS): StallWatch {
  return { stall: null, atMs: -1, ticks: 0, actors: [], keys: [], counts: null, limit };
}

/** One actor and key's ticks at the instant, and when the pair first acted there. */
interface PairCount {
  n: number;
  first: number;
}

/** watchTick counts one tick; it returns the stall once `limit` ticks happened at one instant. */
export function watchTick(w: StallWatch, rec: TickRecord): Stall | null {
  if (rec.time !== w.atMs) {
    w.atMs = rec.time;
    w.ticks = 1;
    if (w.actors.length > 0) {
      w.actors.length = 0;
      w.keys.length = 0;
    }
    w.counts = null;
    return null;
  }
  w.ticks++;
  if (w.ticks > Math.min(COUNT_FROM, w.limit >> 1)) {
    if (w.counts !== null) countPair(w.counts, rec.actor, rec.key ?? '');
    else {
      w.actors.push(rec.actor);
      w.keys.push(rec.key ?? '');
    }
  }
  if (w.ticks < w.limit) return null;
  if (w.counts === null) {
    const counts: PairCounts = { byActor: new Map(), pairs: 0 };
    for (let i = 0; i < w.actors.length; i++) countPair(counts, w.actors[i] as string, w.keys[i] as string);
    w.counts = counts;
    w.actors.length = 0;
    w.keys.length = 0;
  }
  w.stall = { atMs: w.atMs, ticks: w.ticks, ...mostActive(w.counts) };
  return w.stall;
}

/** countPair adds one tick of (actor, key): two lookups by strings the ticks already hold, not an `actor + key` string built and hashed. */
function countPair(counts: PairCounts, actor: string, key: string): void {
  let byKey = counts.byActor.get(actor);
  if (byKey === undefined) {
    byKey = new Map();
    counts.byActor.set(actor, byKey);
  }
  const c = byKey.get(key);
  if (c !== undefined) c.n++;
  else byKey.set(key, { n: 1, first: counts.pairs++ });
}

/** mostActive is the pair (actor, key) with the most ticks; of equals, the one that acted first. */
function mostActive(counts: PairCounts): { actor: string; key: string; count: number } {
  let actor = '';
  let key = '';
  let count = 0;
  let first = Number.POSITIVE_INFINITY;
  for (const [a, byKey] of counts.byActor) {
    for (const [k, c] of byKey) {
      if (c.n > count || (c.n === count && c.first < first)) {
        actor = a;
        key = k;
        count = c.n;
        first = c.first;
      }
    }
  }
  return { actor, key, count };
}

/** stallMessage says it in one line, for the CLI's stderr and the page's recording note. */
export function stallMessage(s: Stall): string {
  const what = s.key === '' ? s.actor : `${s.actor} acted on ${s.key}`;
  return `virtual time stopped at ${(s.atMs / 1000).toFixed(3)} s: ${what} ${thousands(s.count)} times (${thousands(s.ticks)} ticks at that instant)`;
}

/** thousands writes 100000 as "100,000" (no Intl in the engine: its output is the same everywhere). */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
