/**
 * Forks: how a scenario and an engine state change when the user acts at a recorded tick.
 *
 * Invariants (checked by timeline.test.ts against fresh runs):
 * - The forked scenario keeps the actions that are due by the fork's time T (the tick's virtual
 *   time, ms) and appends the new action at T + 1 ms. Actions are sorted by `at` (toSimConfig's
 *   stable sort), so the kept ones are a prefix of the config's actions.
 * - T + 1 ms, not T: a fresh run schedules every action at start-up, so an action at T would run
 *   before the events at T that the engine queued during the run, some of which are ticks the user
 *   already saw. One millisecond later, every event at T runs first, as in the recording, and the
 *   new action runs before anything else queued for T + 1 ms (actions hold the lowest sequence
 *   numbers). So ticks 1..i are unchanged and the rest equals a fresh run of the forked scenario.
 * - rebaseState turns any recorded state at or before T into exactly the state a fresh run of the
 *   forked scenario has at that tick: same pending events with the same sequence numbers.
 */
import { type EngineState, pendingDeliveries, type SimConfig } from '../engine/sim.ts';
import type { Action, Scenario } from '../scenario/types.ts';

type QueuedEvent = EngineState['events'][number];

/** actionTimeMs is when an action runs on the virtual clock (the engine rounds `at` to ms). */
export function actionTimeMs(a: { at: number }): number {
  return Math.round(a.at * 1000);
}

/** sortedActions orders a scenario's actions by time, keeping file order for equal times. */
export function sortedActions(s: Scenario): Action[] {
  return (s.actions ?? [])
    .map((a, i) => ({ a, i }))
    .sort((p, q) => p.a.at - q.a.at || p.i - q.i)
    .map((e) => e.a);
}

/** ForkPlan is the forked scenario and where its actions stand. */
export interface ForkPlan {
  scenario: Scenario;
  /** How many of the original (sorted) actions are kept: those due at or before T. */
  kept: number;
  /** When the new action runs, ms: T + 1. */
  actionMs: number;
}

/**
 * forkScenario is the scenario of a fork at virtual time `timeMs`: the original actions due at or
 * before it, sorted, then `actions` in order (whatever their `at`) at timeMs + 1 ms, or at `atMs`
 * when that is later. A later time is only right when no event of the run falls between timeMs
 * and it (a playhead resting between two ticks), else those events would run before the action.
 * The actions due after timeMs are dropped, unless `keepLater` (a change before the run started,
 * at tick 0, keeps the script): then they follow the new ones, still due after timeMs, so
 * rebaseState queues them afresh.
 */
export function forkScenario(
  s: Scenario,
  timeMs: number,
  actions: readonly Action[],
  atMs?: number,
  keepLater = false,
): ForkPlan {
  const sorted = sortedActions(s);
  const kept = sorted.filter((a) => actionTimeMs(a) <= timeMs);
  const later = keepLater ? sorted.slice(kept.length) : [];
  const actionMs = Math.max(timeMs + 1, Math.round(atMs ?? 0));
  const added = actions.map((a) => ({ ...a, at: actionMs / 1000 }) as Action);
  return { scenario: { ...s, actions: [...kept, ...added, ...later] }, kept: kept.length, actionMs };
}

function lessEvent(a: QueuedEvent, b: QueuedEvent): number {
  return a.time - b.time || a.seq - b.seq;
}

/**
 * rebaseState returns `s` as a fresh run of `config` has it at the same tick. `config.actions`
 * must start with the `kept` actions that `s.config.actions` starts with, and the others must
 * be due after `s.now`. Pending events of the dropped actions go; the new actions are queued
 * with the sequence numbers createEngine gives them; events the run queued shift by the
 * difference in action count (their order is unchanged). Containers other than the event queue
 * are shared with `s`: clone the result before stepping it if `s` must stay intact.
 */
export function rebaseState(s: EngineState, config: SimConfig, kept: number): EngineState {
  const objects = s.config.objects.length;
  const oldBase = objects + s.config.actions.length;
  const delta = config.actions.length - s.config.actions.length;
  const events: QueuedEvent[] = [];
  for (const qe of s.events) {
    if (qe.ev.type === 'action') {
      if (qe.ev.index < kept) events.push(qe);
    } else events.push(qe.seq >= oldBase ? { ...qe, seq: qe.seq + delta } : qe);
  }
  for (let index = kept; index < config.actions.length; index++) {
    const a = config.actions[index] as { at: number };
    const time = actionTimeMs(a);
    if (time <= s.now) throw new Error(`rebaseState: action ${index} at ${time} ms is not after the state's ${s.now} ms`);
    events.push({ time, seq: objects + index, ev: { type: 'action', index } });
  }
  // A sorted array is a valid binary min-heap, and pops give the same order as any other heap.
  events.sort(lessEvent);
  // Deliveries all come after the actions in sequence: they shift alike and keep their order.
  const deliveries = pendingDeliveries(s).map((qe) => (qe.seq >= oldBase ? { ...qe, seq: qe.seq + delta } : qe));
  return { ...s, config, events, deliveries, deliveriesHead: 0, seq: s.seq + delta, actionsScheduled: config.actions.length };
}
