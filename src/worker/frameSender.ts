/**
 * FrameSender: when frames go and what they carry. At most one frame per FRAME_MS; the aggregates
 * (nodes, workloads, Explain, ...) when asked for a full one (a pause, seek or step, and a few times
 * a second during play); the chart/watch/marker increments at most every DERIVED_MS; the packed
 * pods of a big cluster with every frame, as transferables.
 */
import { stallMessage } from '../engine/sim.ts';
import { WATCH_KINDS } from '../timeline/derived.ts';
import type { Recording } from '../timeline/recording.ts';
import { summarize } from '../timeline/summary.ts';
import type { TrafficPoint } from '../timeline/trafficTrack.ts';
import { MAX_TICKS } from '../timeline/timeline.ts';
import { frameAt, newFrameCaches } from './frames.ts';
import type { HostEnv } from './hostEnv.ts';
import type { DerivedDelta, FrameMessage, RecordingState, TrafficSecond } from './protocol.ts';

/** Shortest time between two frames (one display refresh). */
export const FRAME_MS = 16;
/**
 * Shortest time between two frames without aggregates while playing. Their only reader is the
 * cluster canvas, which paints at most every 50 ms while playing (the store takes a frame every
 * 250 ms): more would cost the main thread a message to read (~0.5 ms at 5,000 pods) and the
 * worker a packing of every pod, for nothing shown.
 */
export const PLAYING_FRAME_MS = 50;
/** Shortest time between two chart/watch increments while recording in the background. */
export const DERIVED_MS = 250;

/** Where playback stands, as a frame reports it. */
export interface FrameSource {
  rec: Recording;
  tick: number;
  playing: boolean;
  speed: number;
  virtualMs: number;
  /** Why recording broke (an engine exception), or null. */
  broken: string | null;
}

export class FrameSender {
  private timer: unknown = null;
  private lastFrameAt = Number.NEGATIVE_INFINITY;
  private pendingFull = false;
  /** When the last frame with aggregates went. */
  lastFullAt = Number.NEGATIVE_INFINITY;
  /** When the last chart/watch increment went. */
  lastDerivedAt = Number.NEGATIVE_INFINITY;
  private readonly sent = {
    reset: true,
    series: 0,
    markers: 0,
    watch: { rs: 0, deploy: 0, ds: 0, sts: 0, pods: 0 },
    /** Traffic seconds sent (the recording's TrafficTrack points). */
    traffic: 0,
    /** The summary log's sizes when the rollouts went last (-1: not yet). */
    summaryEvents: -1,
    summarySamples: -1,
  };
  readonly caches = newFrameCaches();
  /** How far lastChangeMs has read the records, and the time it found. */
  private activity = { scanned: 0, lastMs: 0 };

  constructor(
    private readonly env: HostEnv,
    private readonly source: () => FrameSource | null,
    private readonly fault: (message: string, tick: number) => void,
  ) {}

  /**
   * reset starts over after a load or fork: all increments again, names, rendered ticks. A fork
   * keeps how the pods travel (views or packed), a load starts with views.
   */
  reset(cause: 'load' | 'fork'): void {
    this.sent.reset = true;
    this.activity = { scanned: 0, lastMs: 0 };
    if (cause === 'load') this.caches.packed = false;
    this.caches.ticks.clear();
    this.caches.packer.reset();
  }

  /** request asks for a frame as soon as FRAME_MS (PLAYING_FRAME_MS) allows (`full`: with the aggregates). */
  request(full: boolean): void {
    this.pendingFull ||= full;
    if (this.timer !== null) return;
    const gap = !this.pendingFull && this.source()?.playing ? PLAYING_FRAME_MS : FRAME_MS;
    const wait = Math.max(0, this.lastFrameAt + gap - this.env.now());
    this.timer = this.env.setTimer(() => this.flush(), wait);
  }

  /** dispose cancels a pending frame. */
  dispose(): void {
    if (this.timer !== null) this.env.clearTimer(this.timer);
    this.timer = null;
  }

  private flush(): void {
    this.timer = null;
    const src = this.source();
    if (!src) return;
    const full = this.pendingFull;
    this.pendingFull = false;
    try {
      const { frame, transfer } = this.build(src, full);
      this.env.post(frame, transfer);
    } catch (e) {
      this.fault(`could not draw tick ${src.tick}: ${e instanceof Error ? e.message : String(e)}`, src.tick);
    }
  }

  /** build assembles the frame at the source's tick (with aggregates when `asked`, or when needed). */
  build(src: FrameSource, asked: boolean): { frame: FrameMessage; transfer: Transferable[] } {
    const { rec, tick } = src;
    const tl = rec.timeline;
    const now = this.env.now();
    const { podCount, packed, view } = frameAt(rec, tick, asked, this.caches);
    const full = view !== null;
    const transfer: Transferable[] = packed
      ? [packed.node.buffer, packed.phase.buffer, packed.revision.buffer, packed.workload.buffer]
      : [];
    if (packed?.endpoint) transfer.push(packed.endpoint.buffer);
    if (packed?.names instanceof Uint8Array) transfer.push(packed.names.buffer);
    if (view?.podEndpoints) transfer.push(view.podEndpoints.buffer);
    if (full) this.lastFullAt = now;
    const derived =
      full || this.sent.reset || now - this.lastDerivedAt >= DERIVED_MS ? this.derivedDelta(rec) : null;
    if (derived) this.lastDerivedAt = now;
    const { state, note } = recordingState(rec, src.broken);
    this.lastFrameAt = now;
    const nowMs = tl.timeAt(tick);
    return {
      frame: {
        type: 'frame',
        tick,
        totalTicks: tl.length,
        time: Math.max(nowMs, Math.min(src.virtualMs, tl.endTimeMs())) / 1000,
        endTime: tl.endTimeMs() / 1000,
        lastChangeTime: this.lastChangeMs(rec) / 1000,
        playing: src.playing,
        speed: src.speed,
        recording: state,
        recordingNote: note,
        podCount,
        packed,
        view,
        derived,
      },
      transfer,
    };
  }

  /** lastChangeMs is the time of the last recorded tick with an object write other than an Event (read incrementally). */
  private lastChangeMs(rec: Recording): number {
    const a = this.activity;
    const records = rec.timeline.records;
    if (records.length < a.scanned) a.scanned = a.lastMs = 0;
    for (let i = a.scanned; i < records.length; i++) {
      // Reads each write's object alone: materialising a whole TickRecord per tick is what the packed log avoids.
      for (let j = 0; ; j++) {
        const kind = records.kindAt(i, j);
        if (kind === undefined) break;
        if (kind !== 'Event') {
          a.lastMs = records.timeOf(i);
          break;
        }
      }
    }
    a.scanned = records.length;
    return a.lastMs;
  }

  private derivedDelta(rec: Recording): DerivedDelta | null {
    const s = this.sent;
    if (s.reset) {
      s.series = s.markers = s.traffic = 0;
      s.summaryEvents = s.summarySamples = -1;
      for (const k of WATCH_KINDS) s.watch[k] = 0;
    }
    const log = rec.summary;
    // The figures change only when the summary log grows (a fork's truncate shrinks it: reset).
    const rollouts =
      log.events.length !== s.summaryEvents || log.samples.length !== s.summarySamples
        ? summarize(log)
        : null;
    s.summaryEvents = log.events.length;
    s.summarySamples = log.samples.length;
    const series = rec.series.slice(s.series);
    const markers = rec.markers.markers.slice(s.markers);
    // The §15 lines only: a point's tick and burst times are the recording's own.
    const traffic = log.traffic.points.slice(s.traffic).map(trafficLine);
    const watch = { rs: [], deploy: [], ds: [], sts: [], pods: [] } as DerivedDelta['watch'];
    let any = s.reset || series.length > 0 || markers.length > 0 || rollouts !== null || traffic.length > 0;
    for (const k of WATCH_KINDS) {
      watch[k] = rec.watch.kinds[k].lines.slice(s.watch[k]);
      s.watch[k] += watch[k].length;
      any ||= watch[k].length > 0;
    }
    const reset = s.reset;
    s.series += series.length;
    s.markers += markers.length;
    s.traffic += traffic.length;
    s.reset = false;
    if (!any) return null;
    // Absent without traffic: a run without clients sends what it sent before.
    return traffic.length > 0
      ? { reset, series, markers, watch, rollouts, traffic }
      : { reset, series, markers, watch, rollouts };
  }
}

/** trafficLine is a recorded point as DESIGN.md §15's line, keys in its order. */
function trafficLine(p: TrafficPoint): TrafficSecond {
  const { second, service, ok, refused, reset, timeout, http503, byRevision, endpoints } = p;
  return { second, service, ok, refused, reset, timeout, http503, byRevision, endpoints };
}

/** recordingState says whether recording goes on, or why it stopped (with a note in words). */
export function recordingState(
  rec: Recording,
  broken: string | null,
): { state: RecordingState; note: string | null } {
  if (broken !== null) return { state: 'error', note: broken };
  const end = rec.timeline.end;
  if (end === 'stalled') {
    const stall = rec.timeline.stallWatch.stall;
    return { state: 'stalled', note: stall === null ? null : `Recording stopped: ${stallMessage(stall)}.` };
  }
  if (end === 'cap') {
    return {
      state: 'cap',
      note: `Recording stopped at ${MAX_TICKS.toLocaleString('en')} ticks, the most one run keeps.`,
    };
  }
  return { state: end ?? 'recording', note: null };
}
