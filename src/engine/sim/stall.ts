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
   * Ticks by actor, then key, once `ticks` passed COUNT_FROM, each with the order in which its
   * pair first acted (ties go to the first). Two lookups by strings the ticks already hold, not a
   * `actor + key` string built, flattened and hashed for every tick: a 10,000-replica rollout
   * has ~10,000-tick instants (one scheduling cycle per pod), 9,000 counted ticks each.
   */
  counts: Map<string, Map<string, PairCount>>;
  /** Pairs counted at this instant so far. */
  pairs: number;
  limit: number;
}

/** One actor and key's ticks at the instant, and when the pair first acted there. */
interface PairCount {
  n: number;
  first: number;
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
  return { stall: null, atMs: -1, ticks: 0, counts: new Map(), pairs: 0, limit };
}

/** watchTick counts one tick; it returns the stall once `limit` ticks happened at one instant. */
export function watchTick(w: StallWatch, rec: TickRecord): Stall | null {
  if (rec.time !== w.atMs) {
    w.atMs = rec.time;
    w.ticks = 1;
    if (w.pairs > 0) {
      w.counts = new Map();
      w.pairs = 0;
    }
    return null;
  }
  w.ticks++;
  if (w.ticks > Math.min(COUNT_FROM, w.limit >> 1)) {
    const key = rec.key ?? '';
    let byKey = w.counts.get(rec.actor);
    if (byKey === undefined) {
      byKey = new Map();
      w.counts.set(rec.actor, byKey);
    }
    const c = byKey.get(key);
    if (c !== undefined) c.n++;
    else byKey.set(key, { n: 1, first: w.pairs++ });
  }
  if (w.ticks < w.limit) return null;
  // The pair that acted most; of equals, the one that acted first.
  let actor = '';
  let key = '';
  let count = 0;
  let first = Number.POSITIVE_INFINITY;
  for (const [a, byKey] of w.counts) {
    for (const [k, c] of byKey) {
      if (c.n > count || (c.n === count && c.first < first)) {
        actor = a;
        key = k;
        count = c.n;
        first = c.first;
      }
    }
  }
  w.stall = { atMs: w.atMs, ticks: w.ticks, actor, key, count };
  return w.stall;
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
