/**
 * copyEngineState: an exact, independent copy of the engine state for keyframes and seeks.
 *
 * cloneEngineState copies the derived indexes (pods by node, by owner, owner stats) in their own
 * iteration order rather than rebuilding them: the controllers list pods through those sets and
 * rank them with a stable sort, so a run restored from a rebuilt copy picked other pods on ties
 * than the run it copied (timeline.test.ts caught it at tick 200 of Seed).
 */
import { cloneEngineState, type EngineState } from '../engine/sim.ts';

/** copyEngineState is an exact, independent copy of the state (API objects shared, immutable). */
export function copyEngineState(s: EngineState): EngineState {
  return cloneEngineState(s);
}
