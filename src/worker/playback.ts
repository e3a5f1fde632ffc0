/**
 * Playback: the playhead and its clock. Playing advances virtual time by real time × speed (or, at
 * speed 0, as many ticks per frame as the engine records in RECORD_SLICE_MS) and asks for frames.
 *
 * Recording runs ahead of playback: in the play loop up to the playhead, and otherwise in
 * background chunks of RECORD_SLICE_MS until the run ends (so the chart shows the whole run).
 * An engine exception is caught, reported as a `fault` with its tick, and recording stops there;
 * everything recorded before stays usable (seek, fork, queries).
 */
import type { Recording } from '../timeline/recording.ts';
import { DERIVED_MS, FRAME_MS, type FrameSender, type FrameSource } from './frameSender.ts';
import type { HostEnv } from './hostEnv.ts';
import { Refusal } from './hostQueries.ts';

/** Shortest time between two frames with aggregates while playing. */
export const FULL_FRAME_MS = 250;
/** Wall time one background recording chunk may take. */
export const RECORD_SLICE_MS = 12;

export class Playback {
  /** The playhead. */
  tick = 0;
  playing = false;
  /** Virtual seconds per real second; 0 = as fast as possible. */
  speed = 1;
  /** Virtual time of the playhead, ms (between this tick's time and the next event's). */
  virtualMs = 0;
  /** Why recording broke (an engine exception), or null. */
  broken: string | null = null;
  /** Set while the page shows another view: nothing records in the background, no frame goes. */
  private held = false;
  private lastReal = 0;
  private playTimer: unknown = null;
  private idleTimer: unknown = null;
  /** Recording speed, measured (an estimate of 10 ticks/ms to start). */
  private ticksPerMs = 10;

  constructor(
    private readonly env: HostEnv,
    private readonly recording: () => Recording | null,
    private readonly frames: FrameSender,
    private readonly fault: (message: string, tick: number) => void,
  ) {}

  /** source is what a frame reports, or null before a scenario loads. */
  source(): FrameSource | null {
    const rec = this.recording();
    if (!rec) return null;
    const { tick, playing, speed, virtualMs, broken } = this;
    return { rec, tick, playing, speed, virtualMs, broken };
  }

  /** dispose stops every timer. */
  dispose(): void {
    for (const h of [this.playTimer, this.idleTimer]) if (h !== null) this.env.clearTimer(h);
    this.playTimer = this.idleTimer = null;
  }

  /** setSpeed changes the speed from now on. */
  setSpeed(speed: number): void {
    this.speed = speed;
    this.lastReal = this.env.now();
    this.frames.request(true);
  }

  /** tickAtTime is the last tick at or before virtual `ms`, recording up to there first. */
  tickAtTime(ms: number): number {
    const tl = this.timeline();
    if (tl.endTimeMs() < ms) this.safeRecord({ untilTimeMs: ms });
    return tl.tickAtTime(ms);
  }

  /** moveTo puts the playhead on tick `i` (recording up to it first, clamped to the recording). */
  moveTo(i: number): void {
    const tl = this.timeline();
    if (i > tl.length) this.safeRecord({ untilTick: i });
    this.tick = Math.max(0, Math.min(i, tl.length));
    this.virtualMs = tl.timeAt(this.tick);
    this.frames.request(true);
  }

  /** play starts the clock (from tick 0 when the run is over and the playhead at its end). */
  play(): void {
    const tl = this.timeline();
    if (this.playing) return;
    if (this.tick >= tl.length && this.ended()) this.moveTo(0);
    this.playing = true;
    this.virtualMs = Math.max(this.virtualMs, tl.timeAt(this.tick));
    this.lastReal = this.env.now();
    this.stopIdle();
    this.frames.request(true);
    this.playTimer = this.env.setTimer(() => this.playStep(), FRAME_MS);
  }

  /** pause stops the clock; background recording goes on. */
  pause(): void {
    if (this.playTimer !== null) this.env.clearTimer(this.playTimer);
    this.playTimer = null;
    if (!this.playing) return;
    this.playing = false;
    this.frames.request(true);
    this.scheduleIdle();
  }

  /** ended tells whether recording stopped for good (the run's end, the cap or an engine error). */
  ended(): boolean {
    return this.broken !== null || (this.recording()?.timeline.end ?? null) !== null;
  }

  private timeline() {
    const rec = this.recording();
    if (!rec) throw new Refusal('no scenario is loaded');
    return rec.timeline;
  }

  private playStep(): void {
    this.playTimer = null;
    const rec = this.recording();
    if (!this.playing || !rec) return;
    const tl = rec.timeline;
    const now = this.env.now();
    const dt = Math.min(now - this.lastReal, 100);
    this.lastReal = now;
    if (this.speed === 0) {
      // As fast as possible: as many ticks per frame as the engine records in RECORD_SLICE_MS.
      const target = this.tick + Math.max(1, Math.round(this.ticksPerMs * RECORD_SLICE_MS));
      this.safeRecord({ untilTick: target, budgetMs: RECORD_SLICE_MS });
      this.tick = Math.min(target, tl.length);
    } else {
      this.virtualMs += dt * this.speed;
      this.safeRecord({ untilTimeMs: this.virtualMs, budgetMs: RECORD_SLICE_MS });
      this.tick = Math.max(this.tick, tl.tickAtTime(this.virtualMs));
      // When recording falls behind, the clock waits for it instead of running ahead.
      if (!this.ended() && tl.endTimeMs() < this.virtualMs) this.virtualMs = tl.endTimeMs();
    }
    if (this.ended() && this.tick >= tl.length) {
      this.playing = false;
      this.frames.request(true);
      return;
    }
    this.frames.request(now - this.frames.lastFullAt >= FULL_FRAME_MS);
    this.playTimer = this.env.setTimer(() => this.playStep(), FRAME_MS);
  }

  // ---- background recording ------------------------------------------------------------------

  /**
   * hold stops playing and background recording while the page shows another view (Compare and
   * Sweep run their own workers on the same cores); released, recording resumes and a full frame goes.
   */
  hold(on: boolean): void {
    if (on === this.held) return;
    this.held = on;
    if (on) {
      this.pause();
      this.stopIdle();
      return;
    }
    this.frames.request(true);
    this.scheduleIdle();
  }

  /** scheduleIdle records the rest of the run in the background while paused. */
  scheduleIdle(): void {
    if (this.held || this.idleTimer !== null || this.playing || this.ended() || !this.recording()) return;
    this.idleTimer = this.env.setTimer(() => this.idleStep(), 0);
  }

  private stopIdle(): void {
    if (this.idleTimer !== null) this.env.clearTimer(this.idleTimer);
    this.idleTimer = null;
  }

  private idleStep(): void {
    this.idleTimer = null;
    if (this.playing || !this.recording()) return;
    this.safeRecord({ budgetMs: RECORD_SLICE_MS });
    // Totals and chart increments a few times a second; everything once the run is recorded.
    if (this.ended()) this.frames.request(true);
    else if (this.env.now() - this.frames.lastDerivedAt >= DERIVED_MS) this.frames.request(false);
    this.scheduleIdle();
  }

  /** safeRecord records within `limits`; an engine exception breaks recording (reported once). */
  safeRecord(limits: { untilTick?: number; untilTimeMs?: number; budgetMs?: number }): void {
    const rec = this.recording();
    if (!rec || this.broken !== null) return;
    const tl = rec.timeline;
    const t0 = this.env.now();
    try {
      const n = tl.record(limits);
      const ms = this.env.now() - t0;
      if (n > 20 && ms > 1) this.ticksPerMs = 0.7 * this.ticksPerMs + 0.3 * (n / ms);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.broken = `The engine failed at tick ${tl.length + 1}: ${message}. The ticks before it are kept; edit the scenario or restart.`;
      this.fault(message, tl.length + 1);
      this.frames.request(true);
    }
  }
}
