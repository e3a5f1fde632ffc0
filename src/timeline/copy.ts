/**
 * copyEngineState: cloneEngineState, plus the derived indexes copied in their own order.
 *
 * cloneEngineState rebuilds the store's and the cache's indexes (pods by node, by owner, owner
 * stats) from the pod maps, so their iteration order becomes the pods' creation order, while in
 * the running engine a pod moves to the end of its index set each time it is modified. The
 * controllers list pods through those sets (podsOwnedBy, podsOnNode) and rank them with a stable
 * sort, so a run restored from such a copy picks other pods on ties than the run it copies
 * (timeline.test.ts caught it: "Deleted pod: …-dg2zp" against "…-mjpxt" at tick 200 of Seed).
 * Copying the sets as they are keeps a restored run identical to the recorded one.
 */
import { cloneEngineState, type EngineState } from '../engine/sim.ts';

function copyIndex(m: Map<string, Set<string>>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [k, s] of m) out.set(k, new Set(s));
  return out;
}

/** copyEngineState is an exact, independent copy of the state (API objects shared, immutable). */
export function copyEngineState(s: EngineState): EngineState {
  const c = cloneEngineState(s);
  c.store.podsByNode = copyIndex(s.store.podsByNode);
  c.cache.podsByOwner = copyIndex(s.cache.podsByOwner);
  c.cache.podsByNode = copyIndex(s.cache.podsByNode);
  c.cache.ownerStats = new Map([...s.cache.ownerStats].map(([k, v]) => [k, { ...v }]));
  return c;
}
