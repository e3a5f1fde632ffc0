/**
 * Headless runs for the summary: the engine stepped with no recording kept — each tick's record
 * goes to a SummaryTrack and is dropped. A sweep cell needs its figures only, so this is what the
 * CLI's --sweep and --output summary and the page's sweep workers run: no keyframes, no object
 * history, no watch lines (a 1,000-replica run keeps ~10 MB less than a Recording of it).
 */
import { createEngine, type EngineState, lastActionTime, newStallWatch, nextEventTime, type Stall, step, watchTick } from '../engine/sim.ts';
import { toSimConfig } from '../scenario/toSimConfig.ts';
import type { Scenario } from '../scenario/types.ts';
import { type Rollout, summarize } from './summary.ts';
import { SummaryTrack } from './summaryTrack.ts';
import { RUN_AFTER_LAST_ACTION_MS } from './timeline.ts';

export interface HeadlessOptions {
  /** Stop before the first event after this virtual ms (default: 600 s after the last action). */
  untilMs?: number;
  /**
   * Stop as soon as the first rollout of this workload (`deployment/default/web`) that starts after
   * t = 0 has ended or was superseded: what a sweep cell reports is then known.
   */
  stopAfterFirstRolloutOf?: string;
}

export interface HeadlessRun {
  track: SummaryTrack;
  rollouts: Rollout[];
  ticks: number;
  /** Virtual ms of the last tick run. */
  endMs: number;
  state: EngineState;
  /** Where and why the run stood still, when it did (engine/sim/stall.ts). */
  stall: Stall | null;
}

/** runHeadless runs a (valid) scenario with only a SummaryTrack listening. */
export function runHeadless(scenario: Scenario, opts: HeadlessOptions = {}): HeadlessRun {
  const config = toSimConfig(scenario);
  const st = createEngine(config);
  const track = new SummaryTrack();
  track.reset();
  const untilMs = opts.untilMs ?? lastActionTime(config) + RUN_AFTER_LAST_ACTION_MS;
  const target = opts.stopAfterFirstRolloutOf;
  // With clients, a rollout's traffic figures wait for its last old pod to go: run to the horizon.
  const watcher = target === undefined || (config.traffic?.length ?? 0) > 0 ? null : new FirstRolloutWatcher(track, target);
  const stall = newStallWatch();
  let ticks = 0;
  for (;;) {
    const t = nextEventTime(st);
    if (t === null || t > untilMs) break;
    const rec = step(st);
    if (rec === null) break;
    ticks++;
    track.append(rec, st);
    if (watcher?.settled()) break;
    if (watchTick(stall, rec) !== null) break;
  }
  return { track, rollouts: summarize(track), ticks, endMs: st.now, state: st, stall: stall.stall };
}

/** FirstRolloutWatcher tells, reading only new events, when a workload's first rollout after t = 0 is over. */
class FirstRolloutWatcher {
  private seen = 0;
  private started = false;

  constructor(
    private readonly track: SummaryTrack,
    private readonly workload: string,
  ) {}

  settled(): boolean {
    const events = this.track.events;
    for (; this.seen < events.length; this.seen++) {
      const e = events[this.seen];
      if (e === undefined || this.track.workloads[e.w] !== this.workload) continue;
      if (!this.started) {
        this.started = e.type === 'start' && e.ms > 0;
        continue;
      }
      if (e.type === 'start' || e.type === 'gone' || (e.type === 'status' && e.done)) return true;
    }
    return false;
  }
}
