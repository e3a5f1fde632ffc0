/**
 * WorkerHost: everything the simulation worker does, as a class that runs in the worker and, for
 * tests, in-thread. It owns the recording (src/timeline) and the playback clock, answers every
 * request with one reply of the same id, and pushes frames: at most one per FRAME_MS, carrying
 * the aggregates (nodes, workloads, Explain, ...) on every pause, seek or step and a few times a
 * second during play; the packed pods of a big cluster go with every frame, as transferables.
 *
 * Recording runs ahead of playback: in the play loop up to the playhead, and otherwise in
 * background chunks of RECORD_SLICE_MS until the run ends (so the chart shows the whole run).
 * An engine exception is caught, reported as a `fault` with its tick, and recording stops there;
 * everything recorded before stays usable (seek, fork, queries).
 */
import { consoleCompletions, executeKubectl } from '../engine/kubectl/execute.ts';
import { isKubectlError } from '../engine/kubectl/commands.ts';
import { parseKubectl } from '../engine/kubectl/parse.ts';
import { newTx } from '../engine/sim/tx.ts';
import { ENGINE_FORMAT_VERSION, KUBERNETES_VERSION } from '../engine/version.ts';
import type { EngineState } from '../engine/sim.ts';
import { parseScenarioText } from '../scenario/parse.ts';
import { DEFAULT_PRESET_ID, PRESETS } from '../scenario/presets/index.ts';
import { PRESET_TEXT_ZH_CN } from '../scenario/presets/zh-CN.ts';
import { encodeShareHash } from '../scenario/shareUrl.ts';
import type { Action } from '../scenario/types.ts';
import { importManifests, scenarioToYaml } from '../scenario/yamlIo.ts';
import { WATCH_KINDS } from '../timeline/derived.ts';
import { Recording } from '../timeline/recording.ts';
import { MAX_TICKS } from '../timeline/timeline.ts';
import { frameAt, newFrameCaches } from './frames.ts';
import {
  checkRequest,
  type DerivedDelta,
  type FrameMessage,
  MAX_TICKS_PER_QUERY,
  type NodeOp,
  PROTOCOL_VERSION,
  type PresetSummary,
  type QueryWhat,
  type RecordingState,
  type ReplyResult,
  requestId,
  type WorkerMessage,
  type WorkerRequest,
  type WorkloadField,
} from './protocol.ts';

/** Shortest time between two frames (one display refresh). */
export const FRAME_MS = 16;
/** Shortest time between two frames with aggregates while playing. */
export const FULL_FRAME_MS = 250;
/** Shortest time between two chart/watch increments while recording in the background. */
export const DERIVED_MS = 250;
/** Wall time one background recording chunk may take. */
export const RECORD_SLICE_MS = 12;

/** What the host needs from its surroundings: a way to post, a clock and timers. */
export interface HostEnv {
  post(message: WorkerMessage, transfer: Transferable[]): void;
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** defaultEnv posts through `post` and uses the global clock and timers. */
export function defaultEnv(post: (message: WorkerMessage, transfer: Transferable[]) => void): HostEnv {
  return {
    post,
    now: () => performance.now(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
}

class Refusal extends Error {}

const READ_VERBS = new Set(['noop', 'get', 'describe', 'rollout-status', 'rollout-history']);

let presetSummaries: PresetSummary[] | null = null;

/** presetList parses the built-in presets once for the gallery. */
export function presetList(): PresetSummary[] {
  if (presetSummaries === null) {
    presetSummaries = PRESETS.flatMap((p) => {
      const r = parseScenarioText(p.text);
      if (!r.ok) return [];
      const zh = PRESET_TEXT_ZH_CN[p.id];
      const summary: PresetSummary = { id: p.id, name: r.value.name, description: r.value.description ?? '' };
      if (zh) summary.translations = { 'zh-CN': zh };
      return [summary];
    });
  }
  return presetSummaries;
}

export class WorkerHost {
  private rec: Recording | null = null;
  private presetId: string | null = null;
  private tick = 0;
  private playing = false;
  private speed = 1;
  private virtualMs = 0;
  private lastReal = 0;
  private playTimer: unknown = null;
  private idleTimer: unknown = null;
  private frameTimer: unknown = null;
  private lastFrameAt = Number.NEGATIVE_INFINITY;
  private lastFullAt = Number.NEGATIVE_INFINITY;
  private lastDerivedAt = Number.NEGATIVE_INFINITY;
  private pendingFull = false;
  private broken: string | null = null;
  /** Recording speed, measured (an estimate of 10 ticks/ms to start). */
  private ticksPerMs = 10;
  private readonly sent = { reset: true, series: 0, markers: 0, watch: { rs: 0, deploy: 0, ds: 0, pods: 0 } };
  private readonly caches = newFrameCaches();
  private query: { tick: number; st: EngineState } | null = null;

  constructor(private readonly env: HostEnv) {}

  /** handle takes one message from the main thread; it never throws. */
  handle(data: unknown): void {
    const problem = checkRequest(data);
    const id = requestId(data);
    if (problem !== null) {
      if (id !== null)
        this.env.post({ type: 'reply', id, ok: false, error: `malformed request: ${problem}` }, []);
      else this.env.post({ type: 'fault', message: `malformed request: ${problem}`, tick: null }, []);
      return;
    }
    const req = data as WorkerRequest;
    try {
      this.env.post({ type: 'reply', id: req.id, ok: true, result: this.dispatch(req) }, []);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.env.post({ type: 'reply', id: req.id, ok: false, error: message }, []);
      if (!(e instanceof Refusal)) this.reportFault(`${req.type} failed: ${message}`, this.tick);
    }
  }

  /** dispose stops every timer (tests; the worker lives until terminated). */
  dispose(): void {
    for (const h of [this.playTimer, this.idleTimer, this.frameTimer]) if (h !== null) this.env.clearTimer(h);
    this.playTimer = this.idleTimer = this.frameTimer = null;
  }

  /** The current tick (tests). */
  get currentTick(): number {
    return this.tick;
  }

  /** The recording (tests). */
  get recording(): Recording | null {
    return this.rec;
  }

  private dispatch(req: WorkerRequest): ReplyResult {
    const done: ReplyResult = { kind: 'done' };
    switch (req.type) {
      case 'hello':
        return {
          kind: 'hello',
          protocolVersion: PROTOCOL_VERSION,
          kubernetesVersion: KUBERNETES_VERSION,
          engineFormatVersion: ENGINE_FORMAT_VERSION,
          presets: presetList(),
          defaultPresetId: DEFAULT_PRESET_ID,
        };
      case 'load':
        this.load(req.text, req.presetId, req.tick);
        return done;
      case 'loadPreset': {
        const p = PRESETS.find((x) => x.id === req.presetId);
        if (!p)
          throw new Refusal(
            `no preset "${req.presetId}"; the presets are ${PRESETS.map((x) => x.id).join(', ')}`,
          );
        this.load(p.text, p.id, null);
        return done;
      }
      case 'play':
        this.play();
        return done;
      case 'pause':
        this.pause();
        return done;
      case 'step':
        this.pause();
        this.moveTo(this.tick + req.delta);
        return done;
      case 'seek':
        this.moveTo(req.tick);
        return done;
      case 'seekTime': {
        const ms = req.seconds * 1000;
        this.moveTo(this.tickAtTime(ms));
        this.virtualMs = Math.max(this.virtualMs, Math.min(ms, this.timeline().endTimeMs()));
        return done;
      }
      case 'setSpeed':
        this.speed = req.speed;
        this.lastReal = this.env.now();
        this.requestFrame(true);
        return done;
      case 'kubectl':
        return { kind: 'text', text: this.kubectl(req.line) };
      case 'setField':
        return {
          kind: 'text',
          text: this.fork([{ at: 0, kubectl: this.fieldCommand(req.workload, req.field, req.value) }]),
        };
      case 'node':
        return { kind: 'text', text: this.fork([this.nodeAction(req.op, req.name)]) };
      case 'import':
        return { kind: 'text', text: this.importText(req.text) };
      case 'query':
        return this.queryResult(req.what, req.kind, req.name, req.from);
      case 'completions':
        return { kind: 'list', items: consoleCompletions(this.stateAtTick(), req.prefix) };
    }
  }

  // ---- scenario and forks -------------------------------------------------------------------

  private timeline() {
    if (!this.rec) throw new Refusal('no scenario is loaded');
    return this.rec.timeline;
  }

  private load(text: string, presetId: string | null, tick: number | null): void {
    const parsed = parseScenarioText(text);
    if (!parsed.ok) throw new Refusal(parsed.errors[0] ?? 'the scenario is invalid');
    this.pause();
    this.rec = new Recording(parsed.value);
    this.presetId = presetId;
    this.broken = null;
    this.afterChange();
    this.tick = 0;
    if (tick !== null) this.moveTo(tick);
    this.postScenario('load');
    this.requestFrame(true);
    this.scheduleIdle();
  }

  private afterChange(): void {
    this.sent.reset = true;
    this.caches.ticks.clear();
    this.caches.packer.reset();
    this.query = null;
  }

  private postScenario(cause: 'load' | 'fork'): void {
    const s = this.timeline().scenario;
    this.env.post(
      {
        type: 'scenario',
        cause,
        name: s.name,
        description: s.description ?? '',
        text: scenarioToYaml(s),
        shareHash: encodeShareHash(s),
        presetId: this.presetId,
      },
      [],
    );
  }

  /** fork applies actions at the current tick and moves to the first action's tick; returns kubectl's output. */
  private fork(actions: Action[]): string {
    const tl = this.timeline();
    this.pause();
    // At the playhead: it rests on virtual time between this tick and the next event.
    const r = tl.fork(this.tick, actions, Math.floor(this.virtualMs));
    if (!r.ok) throw new Refusal(r.output);
    this.broken = null;
    this.afterChange();
    this.safeRecord({ untilTimeMs: r.actionMs });
    const at = tl.tickAtTime(r.actionMs - 1) + 1;
    this.tick = Math.min(at, tl.length);
    this.postScenario('fork');
    this.requestFrame(true);
    this.scheduleIdle();
    return r.output;
  }

  private kubectl(line: string): string {
    const cmd = parseKubectl(line);
    if (isKubectlError(cmd)) throw new Refusal(cmd.error);
    if (!READ_VERBS.has(cmd.verb))
      return this.fork([{ at: 0, kubectl: line.trim().replace(/^kubectl\s+/, '') }]);
    const out = executeKubectl(newTx(this.stateAtTick(), 'user'), line);
    if (!out.ok) throw new Refusal(out.output);
    return out.output;
  }

  private workloadKind(name: string): 'deployment' | 'daemonset' {
    const objs = this.cursorObjects();
    if (objs.Deployment.has(`default/${name}`)) return 'deployment';
    if (objs.DaemonSet.has(`default/${name}`)) return 'daemonset';
    throw new Refusal(`Error from server (NotFound): deployments.apps "${name}" not found`);
  }

  private fieldCommand(workload: string, field: WorkloadField, value: number | string): string {
    const kind = this.workloadKind(workload);
    const target = `${kind}/${workload}`;
    const patch = (spec: Record<string, unknown>) =>
      `patch ${target} --type=merge -p '${JSON.stringify({ spec })}'`;
    const strategyKey = kind === 'deployment' ? 'strategy' : 'updateStrategy';
    switch (field) {
      case 'replicas':
        if (kind === 'daemonset')
          throw new Refusal(`error: a DaemonSet has no replicas: it runs one pod per node`);
        return `scale ${target} --replicas=${value}`;
      case 'maxSurge':
      case 'maxUnavailable':
        return patch({ [strategyKey]: { rollingUpdate: { [field]: value } } });
      case 'strategy':
        return patch({
          [strategyKey]:
            value === 'Recreate' || value === 'OnDelete'
              ? { type: value, rollingUpdate: null }
              : { type: value },
        });
      default:
        return patch({ [field]: value });
    }
  }

  private nodeAction(op: NodeOp, name: string | null): Action {
    if (op === 'add') {
      const nodes = this.cursorObjects().Node;
      let n = nodes.size + 1;
      while (nodes.has(`node-${n}`)) n++;
      return { at: 0, node: { name: name ?? `node-${n}`, add: {} } };
    }
    if (name === null) throw new Refusal(`node ${op}: which node?`);
    if (op === 'remove') return { at: 0, node: { name, remove: true } };
    return { at: 0, node: { name, ready: op === 'recover' } };
  }

  private importText(text: string): string {
    const r = importManifests(text);
    if (!r.ok) throw new Refusal(r.errors[0] ?? 'nothing to import');
    const note = r.value.note ?? '';
    if (r.value.type === 'scenario') {
      this.load(JSON.stringify(r.value.scenario), null, null);
      return note;
    }
    const out = this.fork(r.value.objects.map((o) => ({ at: 0, apply: o })));
    return [out, note].filter(Boolean).join('\n');
  }

  // ---- queries ------------------------------------------------------------------------------

  /** stateAtTick is the full engine state at the current tick (a copy, cached until it moves). */
  private stateAtTick(): EngineState {
    const tl = this.timeline();
    if (this.query?.tick !== this.tick) this.query = { tick: this.tick, st: tl.engineAt(this.tick) };
    return this.query.st;
  }

  private read(line: string): string {
    const out = executeKubectl(newTx(this.stateAtTick(), 'user'), line);
    return out.output;
  }

  private queryResult(
    what: QueryWhat,
    kind: string | null,
    name: string | null,
    from: number | null,
  ): ReplyResult {
    const workloads = () => {
      const objs = this.cursorObjects();
      return [
        ...[...objs.Deployment.values()].map((d) => `deployment/${d.metadata.name}`),
        ...[...objs.DaemonSet.values()].map((d) => `daemonset/${d.metadata.name}`),
      ];
    };
    switch (what) {
      case 'yaml':
      case 'describe': {
        if (kind === null || name === null) throw new Refusal(`${what} needs a kind and a name`);
        return {
          kind: 'text',
          text: this.read(what === 'yaml' ? `get ${kind} ${name} -o yaml` : `describe ${kind} ${name}`),
        };
      }
      case 'rolloutStatus':
        return {
          kind: 'text',
          text: workloads()
            .map((w) => this.read(`rollout status ${w} --watch=false`))
            .join('\n'),
        };
      case 'rolloutHistory':
        return {
          kind: 'text',
          text: workloads()
            .map((w) => this.read(`rollout history ${w}`))
            .join('\n\n'),
        };
      case 'ticks': {
        const tl = this.timeline();
        const start = Math.max(1, from ?? 1);
        const ticks = tl.records
          .slice(start - 1, start - 1 + MAX_TICKS_PER_QUERY)
          .map((r) => this.caches.ticks.get(r));
        return { kind: 'ticks', ticks };
      }
    }
  }

  // ---- playback -----------------------------------------------------------------------------

  private tickAtTime(ms: number): number {
    const tl = this.timeline();
    if (tl.endTimeMs() < ms) this.safeRecord({ untilTimeMs: ms });
    return tl.tickAtTime(ms);
  }

  private moveTo(i: number): void {
    const tl = this.timeline();
    if (i > tl.length) this.safeRecord({ untilTick: i });
    this.tick = Math.max(0, Math.min(i, tl.length));
    this.virtualMs = tl.timeAt(this.tick);
    this.requestFrame(true);
  }

  private play(): void {
    const tl = this.timeline();
    if (this.playing) return;
    if (this.tick >= tl.length && this.ended()) this.moveTo(0);
    this.playing = true;
    this.virtualMs = Math.max(this.virtualMs, tl.timeAt(this.tick));
    this.lastReal = this.env.now();
    this.stopIdle();
    this.requestFrame(true);
    this.playTimer = this.env.setTimer(() => this.playStep(), FRAME_MS);
  }

  private pause(): void {
    if (this.playTimer !== null) this.env.clearTimer(this.playTimer);
    this.playTimer = null;
    if (!this.playing) return;
    this.playing = false;
    this.requestFrame(true);
    this.scheduleIdle();
  }

  private ended(): boolean {
    return this.broken !== null || (this.rec?.timeline.end ?? null) !== null;
  }

  private playStep(): void {
    this.playTimer = null;
    if (!this.playing || !this.rec) return;
    const tl = this.rec.timeline;
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
      this.requestFrame(true);
      return;
    }
    this.requestFrame(now - this.lastFullAt >= FULL_FRAME_MS);
    this.playTimer = this.env.setTimer(() => this.playStep(), FRAME_MS);
  }

  // ---- background recording ------------------------------------------------------------------

  private scheduleIdle(): void {
    if (this.idleTimer !== null || this.playing || this.ended() || !this.rec) return;
    this.idleTimer = this.env.setTimer(() => this.idleStep(), 0);
  }

  private stopIdle(): void {
    if (this.idleTimer !== null) this.env.clearTimer(this.idleTimer);
    this.idleTimer = null;
  }

  private idleStep(): void {
    this.idleTimer = null;
    if (this.playing || !this.rec) return;
    this.safeRecord({ budgetMs: RECORD_SLICE_MS });
    // Totals and chart increments a few times a second; everything once the run is recorded.
    if (this.ended()) this.requestFrame(true);
    else if (this.env.now() - this.lastDerivedAt >= DERIVED_MS) this.requestFrame(false);
    this.scheduleIdle();
  }

  private safeRecord(limits: { untilTick?: number; untilTimeMs?: number; budgetMs?: number }): void {
    if (!this.rec || this.broken !== null) return;
    const tl = this.rec.timeline;
    const t0 = this.env.now();
    try {
      const n = tl.record(limits);
      const ms = this.env.now() - t0;
      if (n > 20 && ms > 1) this.ticksPerMs = 0.7 * this.ticksPerMs + 0.3 * (n / ms);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.broken = `The engine failed at tick ${tl.length + 1}: ${message}. The ticks before it are kept; edit the scenario or restart.`;
      this.reportFault(message, tl.length + 1);
      this.requestFrame(true);
    }
  }

  private reportFault(message: string, tick: number | null): void {
    this.env.post({ type: 'fault', message, tick }, []);
  }

  // ---- frames -------------------------------------------------------------------------------

  private requestFrame(full: boolean): void {
    this.pendingFull ||= full;
    if (this.frameTimer !== null) return;
    const wait = Math.max(0, this.lastFrameAt + FRAME_MS - this.env.now());
    this.frameTimer = this.env.setTimer(() => this.flushFrame(), wait);
  }

  private flushFrame(): void {
    this.frameTimer = null;
    if (!this.rec) return;
    const full = this.pendingFull;
    this.pendingFull = false;
    try {
      const { frame, transfer } = this.buildFrame(full);
      this.env.post(frame, transfer);
    } catch (e) {
      this.reportFault(
        `could not draw tick ${this.tick}: ${e instanceof Error ? e.message : String(e)}`,
        this.tick,
      );
    }
  }

  private cursorObjects() {
    const rec = this.rec;
    if (!rec) throw new Refusal('no scenario is loaded');
    rec.cursor.moveTo(this.tick);
    return rec.cursor.objects();
  }

  private recordingState(): { state: RecordingState; note: string | null } {
    if (this.broken !== null) return { state: 'error', note: this.broken };
    const end = this.rec?.timeline.end ?? null;
    if (end === 'cap') {
      return {
        state: 'cap',
        note: `Recording stopped at ${MAX_TICKS.toLocaleString('en')} ticks, the most one run keeps.`,
      };
    }
    return { state: end ?? 'recording', note: null };
  }

  /** buildFrame assembles the frame at the current tick (with aggregates when `full`). */
  buildFrame(full: boolean): { frame: FrameMessage; transfer: Transferable[] } {
    const rec = this.rec as Recording;
    const tl = rec.timeline;
    const now = this.env.now();
    const { podCount, packed, view } = frameAt(rec, this.tick, full, this.caches);
    const transfer: Transferable[] = packed
      ? [packed.node.buffer, packed.phase.buffer, packed.revision.buffer, packed.workload.buffer]
      : [];
    if (full) this.lastFullAt = now;
    const derived =
      full || this.sent.reset || now - this.lastDerivedAt >= DERIVED_MS ? this.derivedDelta() : null;
    if (derived) this.lastDerivedAt = now;
    const { state, note } = this.recordingState();
    this.lastFrameAt = now;
    const nowMs = tl.timeAt(this.tick);
    return {
      frame: {
        type: 'frame',
        tick: this.tick,
        totalTicks: tl.length,
        time: Math.max(nowMs, Math.min(this.virtualMs, tl.endTimeMs())) / 1000,
        endTime: tl.endTimeMs() / 1000,
        playing: this.playing,
        speed: this.speed,
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

  private derivedDelta(): DerivedDelta | null {
    const rec = this.rec as Recording;
    const s = this.sent;
    if (s.reset) {
      s.series = s.markers = 0;
      for (const k of WATCH_KINDS) s.watch[k] = 0;
    }
    const series = rec.series.points.slice(s.series);
    const markers = rec.markers.markers.slice(s.markers);
    const watch = { rs: [], deploy: [], ds: [], pods: [] } as DerivedDelta['watch'];
    let any = s.reset || series.length > 0 || markers.length > 0;
    for (const k of WATCH_KINDS) {
      watch[k] = rec.watch.kinds[k].lines.slice(s.watch[k]);
      s.watch[k] += watch[k].length;
      any ||= watch[k].length > 0;
    }
    const reset = s.reset;
    s.series += series.length;
    s.markers += markers.length;
    s.reset = false;
    return any ? { reset, series, markers, watch } : null;
  }
}
