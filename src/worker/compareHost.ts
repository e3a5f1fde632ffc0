/**
 * CompareHost: what the compare worker does (DESIGN.md §11), in-thread in tests. It records 2–4
 * variants of a scenario, each a Timeline with only what the compare view reads (the object cursor
 * for its pods, the summary track for its chart and figures), and shows them all at one virtual
 * time: the clock advances by real time × speed while playing, waits for the slowest recording,
 * and a seek moves every variant there. Paused, it records the rest of every run in the
 * background so the Run summary table fills in.
 */
import { parseScenarioText } from '../scenario/parse.ts';
import type { Scenario } from '../scenario/types.ts';
import { applyVariant, summaryWorkload, targetWorkload } from '../scenario/variants.ts';
import { ObjectCursor } from '../timeline/objectCursor.ts';
import { firstRolloutAfterStart, summarize } from '../timeline/summary.ts';
import { SummaryTrack } from '../timeline/summaryTrack.ts';
import { type RecordLimits, Timeline } from '../timeline/timeline.ts';
import {
  COMPARE_PROTOCOL_VERSION,
  type CompareFrame,
  type CompareMessage,
  type CompareRequest,
  type CompareSeriesDelta,
  type CompareVariantFrame,
  type CompareVariantSpec,
  isCompareRequest,
} from './compareProtocol.ts';
import { PodPacker } from './podPacker.ts';
import { ownerIndex } from './viewModel.ts';

/** What the host needs around it: a way to post, a clock and timers. */
export interface CompareEnv {
  post(message: CompareMessage, transfer: Transferable[]): void;
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** Time between two frames while playing (the canvases repaint at most this often). */
export const COMPARE_FRAME_MS = 50;
/** Shortest time between two chart and summary increments. */
export const COMPARE_DERIVED_MS = 250;
/** Wall time all variants' recording may take per step while paused (a step, then the next at once). */
export const COMPARE_SLICE_MS = 12;
/**
 * Wall time all variants' recording may take per frame while playing, when the clock waits for
 * it: most of a frame, since this worker does nothing else between frames. With the paused slice
 * (12 ms of each 50), four 2,000-pod variants played their rollout at ~0.2× instead of 10×.
 */
export const COMPARE_PLAY_SLICE_MS = 35;

/** One variant's run: its recording, or why it has none. */
class VariantRun {
  readonly cursor = new ObjectCursor();
  readonly summary = new SummaryTrack();
  readonly packer = new PodPacker();
  readonly timeline: Timeline;
  /** An engine exception that stopped recording, or null. */
  broken: string | null = null;
  /** Samples of the summary log already scanned for the chart. */
  scanned = 0;

  constructor(
    scenario: Scenario,
    readonly workload: string,
  ) {
    this.timeline = new Timeline(scenario, { tracks: () => [this.cursor, this.summary] });
  }

  ended(): boolean {
    return this.broken !== null || this.timeline.end !== null;
  }

  record(limits: RecordLimits): void {
    if (this.ended()) return;
    try {
      this.timeline.record(limits);
    } catch (e) {
      this.broken = `the simulation stopped at tick ${this.timeline.length + 1}: ${e instanceof Error ? e.message : String(e)}`;
    }
  }

  /** lastActivityMs is when the workload's pod counts last changed. */
  lastActivityMs(): number {
    const s = this.summary.samples;
    return s.length > 0 ? s.msAt(s.length - 1) : 0;
  }
}

type Slot = { run: VariantRun; error: null } | { run: null; error: string };

export class CompareHost {
  private slots: Slot[] = [];
  private workload = '';
  private virtualMs = 0;
  private playing = false;
  private speed = 1;
  private lastReal = 0;
  private timer: unknown = null;
  private lastDerived = Number.NEGATIVE_INFINITY;
  private resetSeries = true;

  constructor(private readonly env: CompareEnv) {}

  /** handle takes one message from the page; it never throws. */
  handle(data: unknown): void {
    if (!isCompareRequest(data)) {
      const id = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : undefined;
      if (typeof id === 'number')
        this.env.post({ type: 'reply', id, ok: false, error: 'malformed request' }, []);
      else this.env.post({ type: 'fault', message: 'malformed request' }, []);
      return;
    }
    try {
      this.dispatch(data);
      this.env.post({ type: 'reply', id: data.id, ok: true, protocolVersion: COMPARE_PROTOCOL_VERSION }, []);
    } catch (e) {
      this.env.post(
        { type: 'reply', id: data.id, ok: false, error: e instanceof Error ? e.message : String(e) },
        [],
      );
    }
  }

  /** dispose stops the timers (tests). */
  dispose(): void {
    if (this.timer !== null) this.env.clearTimer(this.timer);
    this.timer = null;
  }

  private dispatch(req: CompareRequest): void {
    switch (req.type) {
      case 'hello':
        return;
      case 'load':
        this.load(req.base, req.variants, req.workload);
        return;
      case 'play':
        if (this.slots.length === 0) throw new Error('nothing to compare is loaded');
        if (this.virtualMs >= this.endMs() && this.allEnded()) this.virtualMs = 0;
        this.playing = true;
        this.lastReal = this.env.now();
        this.schedule(COMPARE_FRAME_MS);
        return;
      case 'pause':
        this.playing = false;
        this.schedule(0);
        return;
      case 'seekTime':
        this.virtualMs = Math.round(req.seconds * 1000);
        for (const r of this.runs()) r.record({ untilTimeMs: this.virtualMs });
        this.lastDerived = Number.NEGATIVE_INFINITY;
        this.send();
        return;
      case 'setSpeed':
        this.speed = req.speed;
        this.lastReal = this.env.now();
        return;
    }
  }

  private load(baseText: string, specs: CompareVariantSpec[], workload: string | null): void {
    const base = parseScenarioText(baseText);
    if (!base.ok) throw new Error(base.errors[0] ?? 'the scenario is invalid');
    const ref = targetWorkload(base.value, workload);
    if (!ref.ok) throw new Error(ref.errors[0] ?? 'no workload');
    this.workload = summaryWorkload(base.value, ref.value);
    this.slots = specs.map((spec): Slot => {
      const own = spec.scenario === null ? base : parseScenarioText(spec.scenario);
      if (!own.ok) return { run: null, error: own.errors[0] ?? 'the scenario is invalid' };
      const s = applyVariant(own.value, ref.value, spec.overrides);
      if (!s.ok) return { run: null, error: s.errors[0] ?? 'the variant is invalid' };
      return { run: new VariantRun(s.value, summaryWorkload(s.value, ref.value)), error: null };
    });
    this.virtualMs = 0;
    this.playing = false;
    this.resetSeries = true;
    this.lastDerived = Number.NEGATIVE_INFINITY;
    this.schedule(0);
  }

  private runs(): VariantRun[] {
    return this.slots.flatMap((s) => (s.run ? [s.run] : []));
  }

  private allEnded(): boolean {
    return this.runs().every((r) => r.ended());
  }

  /** endMs is where the runs' activity ends, padded, and never before the clock. */
  private endMs(): number {
    let activity = 0;
    let recorded = 0;
    for (const r of this.runs()) {
      activity = Math.max(activity, r.lastActivityMs());
      recorded = Math.max(recorded, r.timeline.endTimeMs());
    }
    const padded = activity + Math.max(5000, activity * 0.15);
    return Math.max(this.virtualMs, Math.min(padded, recorded));
  }

  private schedule(ms: number): void {
    if (this.timer !== null) this.env.clearTimer(this.timer);
    this.timer = this.env.setTimer(() => this.step(), ms);
  }

  /** step advances the clock (playing) or the background recording (paused), then sends a frame. */
  private step(): void {
    this.timer = null;
    const runs = this.runs();
    const open = runs.filter((r) => !r.ended());
    const started = this.env.now();
    const budget = (this.playing ? COMPARE_PLAY_SLICE_MS : COMPARE_SLICE_MS) / Math.max(1, open.length);
    if (this.playing) {
      const now = this.env.now();
      const dt = Math.min(now - this.lastReal, 100);
      this.lastReal = now;
      const target = this.virtualMs + dt * this.speed;
      for (const r of open) r.record({ untilTimeMs: target, budgetMs: budget });
      // The clock waits for the slowest recording instead of running ahead of it.
      const recorded = Math.min(...open.filter((r) => !r.ended()).map((r) => r.timeline.endTimeMs()), target);
      this.virtualMs = Math.max(this.virtualMs, Math.min(target, recorded));
      if (this.allEnded() && this.virtualMs >= this.endMs()) {
        this.virtualMs = this.endMs();
        this.playing = false;
      }
    } else {
      for (const r of open) r.record({ budgetMs: budget });
    }
    const due = this.env.now() - this.lastDerived >= COMPARE_DERIVED_MS || this.allEnded();
    if (this.playing || due || open.length === 0) this.send();
    // One frame every COMPARE_FRAME_MS, the time this step took included.
    if (this.playing) this.schedule(Math.max(0, COMPARE_FRAME_MS - (this.env.now() - started)));
    else if (!this.allEnded()) this.schedule(0);
  }

  /** send posts the frame at the clock (with chart and summary increments when they are due). */
  private send(): void {
    const derived =
      this.env.now() - this.lastDerived >= COMPARE_DERIVED_MS || this.allEnded() || this.resetSeries;
    if (derived) this.lastDerived = this.env.now();
    const transfer: Transferable[] = [];
    const variants = this.slots.map((slot) => this.variantFrame(slot, derived, transfer));
    this.resetSeries &&= !derived;
    const frame: CompareFrame = {
      type: 'frame',
      time: this.virtualMs / 1000,
      endTime: this.endMs() / 1000,
      playing: this.playing,
      speed: this.speed,
      workload: this.workload,
      variants,
    };
    this.env.post(frame, transfer);
  }

  private variantFrame(slot: Slot, derived: boolean, transfer: Transferable[]): CompareVariantFrame {
    const empty = (): CompareSeriesDelta => ({ reset: this.resetSeries, time: [], available: [], pods: [] });
    if (slot.run === null) {
      return {
        error: slot.error,
        recording: false,
        podCount: 0,
        packed: null,
        series: derived ? empty() : null,
        rollout: null,
      };
    }
    const r = slot.run;
    const tl = r.timeline;
    const ms = this.virtualMs;
    r.cursor.moveTo(tl.tickAtTime(ms));
    const objs = r.cursor.objects();
    const packed = r.packer.packColumns(r.cursor.podColumns(), ownerIndex(objs), ms);
    transfer.push(packed.node.buffer, packed.phase.buffer, packed.revision.buffer, packed.workload.buffer);
    if (packed.names instanceof Uint8Array) transfer.push(packed.names.buffer);
    let series: CompareSeriesDelta | null = null;
    let rollout = null;
    if (derived) {
      series = empty();
      if (this.resetSeries) r.scanned = 0;
      const s = r.summary.samples;
      const w = r.summary.workloads.indexOf(r.workload);
      for (let i = r.scanned; i < s.length; i++) {
        if (s.workloadAt(i) !== w) continue;
        series.time.push(s.msAt(i) / 1000);
        series.available.push(s.availableAt(i));
        series.pods.push(s.activeAt(i));
      }
      r.scanned = s.length;
      rollout = firstRolloutAfterStart(summarize(r.summary), r.workload);
    }
    return {
      error: r.broken,
      recording: !r.ended(),
      podCount: objs.Pod.size,
      packed,
      series,
      rollout,
    };
  }
}
