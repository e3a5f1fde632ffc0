/**
 * The timeline of a run (DESIGN.md §3): an append-only log of the engine's TickRecords, keyframes
 * of the full engine state, and tracks derived tick by tick for the views. The state at tick i is
 * the nearest keyframe at or before i, copied, plus a replay of at most a keyframe's spacing.
 * Recording runs ahead of playback in chunks; a fork at tick i drops the future and appends the
 * user's action to the scenario (rebase.ts says exactly where).
 *
 * Tick numbering: tick 0 is the state createEngine builds (before the first event); tick i ≥ 1 is
 * the state after records[i - 1].
 */
import { runAction } from '../engine/sim/actions.ts';
import { newTx } from '../engine/client/tx.ts';
import {
  createEngine,
  type EngineState,
  lastActionTime,
  nextEventTime,
  type SimConfig,
  newStallWatch,
  type StallWatch,
  step,
  type TickRecord,
  watchTick,
} from '../engine/sim.ts';
import { toSimConfig } from '../scenario/toSimConfig.ts';
import type { Action, Scenario } from '../scenario/types.ts';
import { validateScenario } from '../scenario/validate.ts';
import { copyEngineState } from './copy.ts';
import { KeyframeList, restore } from './keyframes.ts';
import { type PackedState, packState, unpackState } from './packedState.ts';
import { forkScenario, rebaseState } from './rebase.ts';
import { replay } from './replay.ts';
import { TickLog } from './tickLog.ts';

/** Virtual time a run goes on after its last action when events never run out (DESIGN.md §5). */
export const RUN_AFTER_LAST_ACTION_MS = 600_000;
/**
 * Most ticks one recording holds: a 10,000-replica rollout (scale-up, then the rolling update) has
 * 215,889; at ~0.8 KB a tick measured in Node (tick log, keyframes, tracks, live state: npm run
 * bench) the cap bounds a recording near 200 MB there, less in a browser (V8 compresses pointers
 * to 4 bytes).
 */
export const MAX_TICKS = 250_000;

/** Why recording ended: no event left, the horizon, the tick cap, or virtual time stood still (engine/sim/stall.ts). */
export type EndReason = 'done' | 'until' | 'cap' | 'stalled';

/** A view derived from the recording tick by tick (series, watch lines, object cursor, ...). */
export interface Track {
  /** reset starts over from the state at tick 0. */
  reset(st: EngineState): void;
  /** append takes tick `rec.tick`, with `st` the live state right after it (do not keep `st`). */
  append(rec: TickRecord, st: EngineState): void;
  /** truncate forgets everything after `tick`. */
  truncate(tick: number): void;
  /** trim gives back the room kept for more ticks (recording stopped; more may come after a fork). */
  trim?(): void;
}

export interface TimelineOptions {
  /** A keyframe every this many ticks; null (default) spaces them by counted work (keyframes.ts). */
  keyframeEvery?: number | null;
  /** Tick cap (default MAX_TICKS). */
  maxTicks?: number;
  /** Ticks at one virtual instant after which the run is said to stand still (default STALL_TICKS). */
  stallTicks?: number;
  /** Wall clock in ms for a chunk's budget (RecordLimits.budgetMs; default performance.now). */
  clock?: () => number;
  /** Builds the tracks fed with every recorded tick (called once, before recording). */
  tracks?: (t: Timeline) => Track[];
}

/** The outcome of a fork: the first action's output (what kubectl printed) or why it was refused. */
export type ForkResult =
  | { ok: true; output: string; actionMs: number; scenario: Scenario }
  | { ok: false; output: string };

/** RecordLimits bound one chunk of recording. */
export interface RecordLimits {
  /** Stop once this tick is recorded. */
  untilTick?: number;
  /** Stop once a tick at or after this virtual time (ms) is recorded. */
  untilTimeMs?: number;
  /** Stop after this much wall time (ms). */
  budgetMs?: number;
}

const defaultClock = (): number => performance.now();

/** Timeline records one scenario's run and answers for any recorded tick. */
export class Timeline {
  scenario: Scenario;
  config: SimConfig;
  /** records.at(i - 1) is tick i (stored by column: tickLog.ts). */
  readonly records = new TickLog();
  /** Set once recording stopped; null while more can be recorded. */
  end: EndReason | null = null;
  readonly keyframes: KeyframeList;
  readonly tracks: Track[];
  /** The engine recording steps on; null once recording stopped (then `ended` holds it packed). */
  private live: EngineState | null;
  /**
   * The live state of a recording that stopped, packed against the last keyframe (packedState.ts),
   * with its tick and next event time. Nothing steps a stopped recording's engine (only a fork
   * goes on, from a copy), so it is kept as a keyframe is: the 10,000-replica rollout's live state
   * held ~14 MB in Maps (110,030 Events, 204,143 correlator entries, the cache and its indexes)
   * beside what the tick log and keyframes share with it, packed ~65 B a tick less (bench: seek).
   */
  private ended: { tick: number; nextMs: number | null; state: PackedState } | null = null;
  /**
   * A state at some recorded tick, kept (packed, as a keyframe is) from a replay that followed the
   * call before it: a later engineAt at or after it and no nearer a keyframe unpacks it and steps
   * it on instead of replaying from the keyframe (panels that follow the playhead ask at every
   * tick: a 10,000-replica run replays ~25–80 µs a tick, and its keyframes are ~15,000 ticks
   * apart). Packing it costs less than the copy a kept live state needed (~15 against ~40 ms
   * there), and it holds a tenth of the memory. Random calls do not pay for it.
   */
  private ahead: { tick: number; state: PackedState } | null = null;
  /** The tick of the last engineAt. */
  private lastAsked = -1;
  private untilMs: number;
  private readonly maxTicks: number;
  /** The liveness guard: where and why a run stood still, when it did (`stall`). */
  stallWatch: StallWatch;
  private readonly stallTicks: number | undefined;
  private readonly clock: () => number;

  constructor(scenario: Scenario, opts: TimelineOptions = {}) {
    this.scenario = scenario;
    this.config = toSimConfig(scenario);
    this.clock = opts.clock ?? defaultClock;
    this.maxTicks = opts.maxTicks ?? MAX_TICKS;
    this.stallTicks = opts.stallTicks;
    this.stallWatch = newStallWatch(this.stallTicks);
    this.keyframes = new KeyframeList(opts.keyframeEvery ?? null, this.records.codec);
    this.untilMs = lastActionTime(this.config) + RUN_AFTER_LAST_ACTION_MS;
    const live = createEngine(this.config);
    this.live = live;
    this.keyframes.add(live);
    this.tracks = opts.tracks?.(this) ?? [];
    for (const t of this.tracks) t.reset(live);
  }

  /** length is the number of recorded ticks (the last tick's number). */
  get length(): number {
    return this.records.length;
  }

  /** timeAt is the virtual time (ms) of tick i; tick 0 is at 0. */
  timeAt(i: number): number {
    return i <= 0 ? 0 : this.records.timeOf(Math.min(i, this.records.length) - 1);
  }

  /** endTimeMs is the time of the last recorded tick. */
  endTimeMs(): number {
    return this.timeAt(this.records.length);
  }

  /** tickAtTime is the last recorded tick at or before virtual time `ms` (0 if none). */
  tickAtTime(ms: number): number {
    let lo = 0;
    let hi = this.records.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.records.timeOf(mid - 1) <= ms) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** record steps the live engine on until a limit, the end of the run or the cap; returns ticks added. */
  record(limits: RecordLimits = {}): number {
    const start = this.clock();
    let n = 0;
    while (this.end === null) {
      if (limits.untilTick !== undefined && this.records.length >= limits.untilTick) break;
      if (limits.untilTimeMs !== undefined && this.endTimeMs() >= limits.untilTimeMs && this.records.length > 0) break;
      if (limits.budgetMs !== undefined && n > 0 && this.clock() - start >= limits.budgetMs) break;
      this.stepOnce();
      n++;
    }
    return n;
  }

  private stepOnce(): void {
    const live = this.live;
    if (live === null) return;
    if (this.records.length >= this.maxTicks) {
      this.stop('cap');
      return;
    }
    const next = nextEventTime(live);
    if (next === null) {
      this.stop('done');
      return;
    }
    if (next > this.untilMs) {
      this.stop('until');
      return;
    }
    const rec = step(live);
    if (rec === null) {
      this.stop('done');
      return;
    }
    this.records.push(rec);
    if (watchTick(this.stallWatch, rec) !== null) this.stop('stalled');
    for (const t of this.tracks) t.append(rec, live);
    this.keyframes.stepped(rec);
    this.keyframes.maybeTake(live);
  }

  /**
   * stop ends recording, gives back the room the tick log kept for more ticks, and packs the live
   * state (see `ended`).
   */
  private stop(reason: EndReason): void {
    this.end = reason;
    this.records.trim();
    for (const t of this.tracks) t.trim?.();
    const live = this.live;
    if (live === null) return;
    const last = this.keyframes.list[this.keyframes.list.length - 1];
    this.ended = { tick: live.tick, nextMs: nextEventTime(live), state: packState(live, last?.state, this.records.codec) };
    this.live = null;
    this.records.codec.forget();
  }

  /** recordTo makes sure tick i is recorded (as far as the run goes); returns the last tick ≤ i. */
  recordTo(i: number): number {
    if (i > this.records.length) this.record({ untilTick: i });
    return Math.min(i, this.records.length);
  }

  /**
   * engineAt is a fresh copy of the full engine state at tick i (recording up to it first): the
   * nearest keyframe at or before i (or the state kept from an earlier replay, when nearer),
   * copied, and the ticks after it replayed. The caller owns it.
   */
  engineAt(i: number): EngineState {
    const tick = this.recordTo(Math.max(0, i));
    if (this.live?.tick === tick) return copyEngineState(this.live);
    if (this.ended?.tick === tick) return unpackState(this.ended.state);
    const kf = this.keyframes.at(tick);
    const ahead = this.ahead;
    if (ahead !== null && ahead.tick <= tick && ahead.tick >= kf.tick) {
      this.lastAsked = tick;
      const st = unpackState(ahead.state);
      if (ahead.tick === tick) return st;
      replay(st, tick, this.records);
      this.ahead = { tick, state: packState(st, kf.state, this.records.codec) };
      return st;
    }
    // A call at or after the last one, past the same keyframe, looks like a panel following the
    // playhead: keep this replay (packed) for the calls after it.
    const follows = this.lastAsked >= kf.tick && this.lastAsked <= tick;
    this.lastAsked = tick;
    const st = restore(kf);
    replay(st, tick, this.records);
    if (follows) this.ahead = { tick, state: packState(st, kf.state, this.records.codec) };
    return st;
  }

  /**
   * fork applies `actions` at tick i: they go into the scenario at the tick's time + 1 ms, or at
   * `atMs` when later (a playhead between tick i and the next event; see rebase.ts), after a dry
   * run on a copy; a refused action (an invalid value,
   * an object that is not there, a scenario the validator rejects) changes nothing. On success
   * the ticks after i and their keyframes are gone and recording goes on from tick i.
   * `keepLater` keeps the scripted actions due after the tick (see forkScenario).
   */
  fork(i: number, actions: Action[], atMs?: number, keepLater = false): ForkResult {
    const tick = this.recordTo(Math.max(0, i));
    const plan = forkScenario(this.scenario, this.timeAt(tick), actions, atMs, keepLater);
    const valid = validateScenario(plan.scenario);
    if (!valid.ok) return { ok: false, output: valid.errors[0] ?? 'invalid scenario' };
    const config = toSimConfig(valid.value);
    const st = rebaseState(this.engineAt(tick), config, plan.kept);
    const dry = dryRun(st, plan.kept, actions.length, plan.actionMs);
    if (!dry.ok) return { ok: false, output: dry.output };

    // Tracks first: they undo the dropped ticks from their records.
    for (const t of this.tracks) t.truncate(tick);
    this.records.truncate(tick);
    this.keyframes.truncate(tick);
    this.keyframes.rebase((base) => rebaseState(base, config, plan.kept));
    this.ahead = null;
    this.lastAsked = -1;
    this.live = st;
    this.ended = null;
    this.scenario = valid.value;
    this.config = config;
    this.untilMs = lastActionTime(config) + RUN_AFTER_LAST_ACTION_MS;
    this.end = null;
    this.stallWatch = newStallWatch(this.stallTicks);
    return { ok: true, output: dry.output, actionMs: plan.actionMs, scenario: valid.value };
  }

  /** liveTick is the tick of the live engine (the end of the recording). */
  liveTick(): number {
    return this.live?.tick ?? this.ended?.tick ?? 0;
  }

  /** nextEventMs is the time of the live engine's next event, or null when none is pending. */
  nextEventMs(): number | null {
    return this.live === null ? (this.ended?.nextMs ?? null) : nextEventTime(this.live);
  }
}

/**
 * dryRun runs the new actions on a copy of `st`, at `actionMs`, as their ticks would; the first
 * refused one (or an exception) is the answer, else the outputs joined.
 */
function dryRun(st: EngineState, first: number, count: number, actionMs: number): { ok: boolean; output: string } {
  const copy = copyEngineState(st);
  copy.now = actionMs;
  const outputs: string[] = [];
  for (let index = first; index < first + count; index++) {
    copy.tick++;
    const out = runAction(newTx(copy, 'user'), index);
    if (!out.ok) return { ok: false, output: out.output };
    outputs.push(out.output);
  }
  return { ok: true, output: outputs.join('\n') };
}
