/**
 * WorkerHost: everything the simulation worker does, as a class that runs in the worker and, for
 * tests, in-thread. It owns the recording (src/timeline), answers every request with one reply of
 * the same id, and hands the rest to its parts: Playback (playback.ts: the playhead, its clock and
 * background recording), FrameSender (frameSender.ts: when frames go and what they carry), the
 * queries (hostQueries.ts: kubectl's reading verbs, YAML/describe, the Controls panel's edits) and
 * the edits (hostEdits.ts: forks, Controls edits, imports, following a served session).
 */
import { consoleCompletions } from '../engine/kubectl/execute.ts';
import type { EngineState } from '../engine/sim.ts';
import { ENGINE_FORMAT_VERSION, KUBERNETES_VERSION } from '../engine/version.ts';
import { parseScenarioText } from '../scenario/parse.ts';
import { DEFAULT_PRESET_ID, PRESETS } from '../scenario/presets/index.ts';
import { encodeShareHash } from '../scenario/shareUrl.ts';
import type { Scenario } from '../scenario/types.ts';
import { scenarioToYaml } from '../scenario/yamlIo.ts';
import { Recording } from '../timeline/recording.ts';
import type { LogBook } from '../engine/kubelet/containerLog.ts';
import { RecordingLogs } from './recordingLogs.ts';
import { FrameSender } from './frameSender.ts';
import { HostEdits } from './hostEdits.ts';
import type { HostEnv } from './hostEnv.ts';
import {
  isExplainLine,
  isReadingLine,
  presetList,
  queryResult,
  Refusal,
  readKubectl,
} from './hostQueries.ts';
import { OPENAPI_SCHEMAS, type SchemaLoader, schemasLoadError } from './explainSchemas.ts';
import { checkLesson, resolveLesson, stepDecision } from './hostLessons.ts';
import { Playback } from './playback.ts';
import { imageViews, manifestViews, withImages } from './scenarioEdits.ts';
import {
  type FrameMessage,
  type Lesson,
  PROTOCOL_VERSION,
  type ReplyResult,
  type WorkerRequest,
} from './protocol.ts';
import { checkRequest, requestId } from './protocolChecks.ts';

export { DERIVED_MS, FRAME_MS, PLAYING_FRAME_MS } from './frameSender.ts';
export { defaultEnv, type HostEnv } from './hostEnv.ts';
export { presetList } from './hostQueries.ts';
export { FULL_FRAME_MS, RECORD_SLICE_MS } from './playback.ts';

export class WorkerHost {
  private rec: Recording | null = null;
  private presetId: string | null = null;
  private readonly frames: FrameSender;
  private readonly playback: Playback;
  private query: { tick: number; st: EngineState } | null = null;
  private readonly recordingLogs = new RecordingLogs();
  private readonly edits: HostEdits;

  /** `schemas`: where `kubectl explain` gets the OpenAPI schemas (tests hand in their own). */
  constructor(
    private readonly env: HostEnv,
    private readonly schemas: SchemaLoader = OPENAPI_SCHEMAS,
  ) {
    const fault = (message: string, tick: number | null) => this.reportFault(message, tick);
    this.frames = new FrameSender(env, () => this.playback.source(), fault);
    this.playback = new Playback(env, () => this.rec, this.frames, fault);
    this.edits = new HostEdits({
      playback: this.playback,
      frames: this.frames,
      timeline: () => this.timeline(),
      loadedTimeline: () => this.rec?.timeline ?? null,
      presetId: () => this.presetId,
      open: (s, presetId, tick, cause) => this.open(s, presetId, tick, cause),
      afterChange: (cause) => this.afterChange(cause),
      postScenario: (cause) => this.postScenario(cause),
      cursorObjects: () => this.cursorObjects(),
    });
  }

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
    const fail = (e: unknown) => {
      const message = e instanceof Error ? e.message : String(e);
      this.env.post({ type: 'reply', id: req.id, ok: false, error: message }, []);
      if (!(e instanceof Refusal)) this.reportFault(`${req.type} failed: ${message}`, this.playback.tick);
    };
    try {
      const result = this.dispatch(req);
      // Only an `explain` line waiting for the OpenAPI schemas answers later; the rest go on meanwhile.
      if (result instanceof Promise)
        result.then((r) => this.env.post({ type: 'reply', id: req.id, ok: true, result: r }, []), fail);
      else this.env.post({ type: 'reply', id: req.id, ok: true, result }, []);
    } catch (e) {
      fail(e);
    }
  }

  /** dispose stops every timer (tests; the worker lives until terminated). */
  dispose(): void {
    this.playback.dispose();
    this.frames.dispose();
  }

  /** The current tick (tests). */
  get currentTick(): number {
    return this.playback.tick;
  }

  /** The recording (tests). */
  get recording(): Recording | null {
    return this.rec;
  }

  /** buildFrame assembles the frame at the current tick (with aggregates when `full`; tests). */
  buildFrame(full: boolean): { frame: FrameMessage; transfer: Transferable[] } {
    const src = this.playback.source();
    if (!src) throw new Refusal('no scenario is loaded');
    return this.frames.build(src, full);
  }

  private dispatch(req: WorkerRequest): ReplyResult | Promise<ReplyResult> {
    const done: ReplyResult = { kind: 'done' };
    const pb = this.playback;
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
        this.timeline();
        pb.play();
        return done;
      case 'pause':
        pb.pause();
        return done;
      case 'step':
        this.timeline();
        pb.pause();
        pb.moveTo(pb.tick + req.delta);
        return done;
      case 'seek':
        this.timeline();
        pb.moveTo(req.tick);
        return done;
      case 'seekTime': {
        const ms = req.seconds * 1000;
        pb.moveTo(pb.tickAtTime(ms));
        pb.virtualMs = Math.max(pb.virtualMs, Math.min(ms, this.timeline().endTimeMs()));
        return done;
      }
      case 'setSpeed':
        pb.setSpeed(req.speed);
        return done;
      case 'kubectl': {
        const text = this.kubectl(req.line);
        return typeof text === 'string'
          ? { kind: 'text', text }
          : text.then((t) => ({ kind: 'text', text: t }));
      }
      case 'setField':
        return { kind: 'text', text: this.edits.setField(req.workload, req.field, req.value) };
      case 'node':
        return { kind: 'text', text: this.edits.node(req.op, req.name) };
      case 'import':
        return { kind: 'text', text: this.edits.importText(req.text, req.mode, req.fileName) };
      case 'forkPreview':
        return { kind: 'actions', actions: this.edits.forkPreview(req.line) };
      case 'setImages':
        // How the applications behave holds for the whole run: it is recorded again, same tick.
        this.open(withImages(this.timeline().scenario, req.text), this.presetId, pb.tick, 'edit');
        return done;
      case 'query':
        return queryResult(
          {
            objects: () => this.cursorObjects(),
            nowMs: () => this.timeline().timeAt(this.playback.tick),
            state: () => this.stateAtTick(),
            records: this.timeline().records,
            ticks: this.frames.caches.ticks,
            logs: () => this.logBook(),
          },
          req.what,
          req.kind,
          req.name,
          req.from,
        );
      case 'completions':
        // Completing an explain line: its schemas start loading before the line is sent.
        if (/(^|\s)explain(\s|$)/.test(req.prefix)) this.schemas.load().catch(() => {});
        return { kind: 'list', items: consoleCompletions(this.stateAtTick(), req.prefix) };
      case 'hold':
        pb.hold(req.on);
        return done;
      case 'stepDecision':
        return {
          kind: 'tick',
          tick: stepDecision(this.timeline(), pb, () => this.env.now(), req.direction, req.follow),
        };
      case 'openLesson': {
        checkLesson(req.lesson);
        const text = req.presetId === null ? req.text : PRESETS.find((x) => x.id === req.presetId)?.text;
        if (text === undefined || text === null)
          throw new Refusal(`no preset "${req.presetId ?? ''}" and no scenario text`);
        this.load(text, req.presetId, req.tick, req.lesson);
        return done;
      }
      case 'setLesson': {
        if (req.lesson !== null) checkLesson(req.lesson);
        const tl = this.timeline();
        const { lesson: _, ...rest } = tl.scenario;
        tl.scenario = req.lesson ? { ...rest, lesson: req.lesson } : rest;
        this.postScenario('fork');
        return done;
      }
      case 'live':
        this.edits.followLive(req.text);
        return done;
      case 'resolveLesson':
        return { kind: 'lessonPoints', points: resolveLesson(this.timeline(), pb, () => this.env.now()) };
    }
  }

  // ---- scenario and forks -------------------------------------------------------------------

  private timeline() {
    if (!this.rec) throw new Refusal('no scenario is loaded');
    return this.rec.timeline;
  }

  private load(text: string, presetId: string | null, tick: number | null, lesson?: Lesson): void {
    const parsed = parseScenarioText(text);
    if (!parsed.ok) throw new Refusal(parsed.errors[0] ?? 'the scenario is invalid');
    this.open(lesson ? { ...parsed.value, lesson } : parsed.value, presetId, tick ?? 0, 'load');
  }

  /** open records a (valid) scenario from the start and puts the playhead on `tick`. */
  private open(s: Scenario, presetId: string | null, tick: number, cause: 'load' | 'edit' | 'live'): void {
    this.playback.pause();
    this.rec = new Recording(s);
    this.presetId = presetId;
    this.playback.broken = null;
    this.afterChange(cause === 'edit' ? 'fork' : 'load');
    // The playhead and its clock start over: the time readout must not keep the last run's time.
    this.playback.moveTo(tick);
    this.postScenario(cause);
    this.frames.request(true);
    this.playback.scheduleIdle();
  }

  private afterChange(cause: 'load' | 'fork'): void {
    this.frames.reset(cause);
    this.query = null;
  }

  private postScenario(cause: 'load' | 'fork' | 'edit' | 'live'): void {
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
        lesson: s.lesson ?? null,
        workloads: manifestViews(s),
        images: imageViews(s),
      },
      [],
    );
  }

  /**
   * kubectl answers a console line: a reading line in place, any other by forking. An `explain`
   * line waits for the OpenAPI schemas the first time (explainSchemas.ts), and gets one error line
   * when they cannot be loaded.
   */
  private kubectl(line: string): string | Promise<string> {
    if (!isReadingLine(line))
      return this.edits.fork([{ at: 0, kubectl: line.trim().replace(/^kubectl\s+/, '') }]);
    if (isExplainLine(line)) {
      const schemas = this.schemas.loaded();
      if (schemas !== null) return readKubectl(this.stateAtTick(), line, undefined, schemas);
      return this.schemas.load().then(
        (loaded) => readKubectl(this.stateAtTick(), line, undefined, loaded),
        (e: unknown) => {
          throw new Refusal(schemasLoadError(e));
        },
      );
    }
    return readKubectl(this.stateAtTick(), line, () => this.logBook());
  }

  /** logBook is the recording's container logs, fed as far as it has run. */
  private logBook(): LogBook {
    return this.recordingLogs.bookFor(this.timeline().records, this.timeline().config);
  }

  // ---- state at the playhead ------------------------------------------------------------------

  /** stateAtTick is the full engine state at the current tick (a copy, cached until it moves). */
  private stateAtTick(): EngineState {
    const tl = this.timeline();
    const tick = this.playback.tick;
    if (this.query?.tick !== tick) this.query = { tick, st: tl.engineAt(tick) };
    return this.query.st;
  }

  private cursorObjects() {
    const rec = this.rec;
    if (!rec) throw new Refusal('no scenario is loaded');
    rec.cursor.moveTo(this.playback.tick);
    return rec.cursor.objects();
  }

  private reportFault(message: string, tick: number | null): void {
    this.env.post({ type: 'fault', message, tick }, []);
  }
}
