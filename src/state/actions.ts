/**
 * Module-level actions: what the app does, each a plain function over the store and the
 * simulation worker (through simClient). `startSim` connects a worker; every other action talks
 * to the one connected. Refusals (an invalid value, a command kubectl rejects) come back as
 * `{ ok: false, message }` in kubectl's or the API server's words and change nothing.
 */
import type {
  Lesson,
  LessonPointView,
  PodDetailView,
  ReplyResult,
  TickView,
  WorkloadField,
} from '../worker/protocol.ts';
import {
  createSimClient,
  type PushMessage,
  type RequestBody,
  RequestError,
  type SimClient,
  startSimWorker,
  type WorkerLike,
} from '../worker/simClient.ts';
import { compareParam } from './compareActions.ts';
import { confirmFork } from './forkGuard.ts';
import { FrameApplier } from './frames.ts';
import { recordScenarioChange } from './history.ts';
import { setPackedPods } from './podBuffer.ts';
import { themeSelector } from './selectors.ts';
import { type AppStore, appStore } from './store.ts';
import { viewParamsOf } from './viewParams.ts';

export type { WorkloadField } from '../worker/protocol.ts';

/** Outcome of an action that may be refused with a message, or cancelled at the fork warning. */
export interface ActionResult {
  ok: boolean;
  message?: string;
  cancelled?: boolean;
}

const CANCELLED: ActionResult = { ok: false, cancelled: true };

/** Most console entries kept. */
const CONSOLE_LIMIT = 200;

interface Runtime {
  client: SimClient;
  store: AppStore;
  createWorker: () => WorkerLike;
  stop: () => void;
  applier: FrameApplier;
}

let rt: Runtime | null = null;

/** connectWorker asks the worker for its versions and presets and records them or the failure. */
export async function connectWorker(
  client: Pick<SimClient, 'hello'>,
  store: AppStore = appStore,
): Promise<boolean> {
  try {
    const hello = await client.hello();
    store.getState().workerReady(hello.kubernetesVersion);
    store.getState().simUpdate({ presets: hello.presets, defaultPresetId: hello.defaultPresetId });
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    store.getState().workerFailed(message);
    store.getState().simUpdate({ simStatus: 'error', simError: { message, tick: null } });
    return false;
  }
}

function onPush(r: Runtime, m: PushMessage): void {
  const s = r.store.getState();
  switch (m.type) {
    case 'frame':
      r.applier.push(m);
      return;
    case 'scenario':
      recordScenarioChange(r.store, m);
      s.simUpdate({
        scenarioName: m.name,
        scenarioDescription: m.description,
        scenarioText: m.text,
        presetId: m.presetId,
        shareHash: m.shareHash,
        scenarioRevision: s.scenarioRevision + 1,
        scenarioCause: m.cause,
        simStatus: 'ready',
        simError: null,
      });
      s.setScenarioViews(m.workloads, m.images);
      s.lessonFromScenario(m.lesson);
      return;
    case 'fault':
      s.simUpdate({ simStatus: 'error', simError: { message: m.message, tick: m.tick } });
      return;
  }
}

/**
 * startSim connects a simulation worker (a module worker by default) to the store and says hello;
 * it resolves false when the worker does not answer. A second call replaces the first worker.
 */
export async function startSim(
  opts: { store?: AppStore; createWorker?: () => WorkerLike } = {},
): Promise<boolean> {
  stopSim();
  const store = opts.store ?? appStore;
  const createWorker = opts.createWorker ?? startSimWorker;
  const client = createSimClient(createWorker());
  const runtime: Runtime = { client, store, createWorker, stop: () => {}, applier: new FrameApplier(store) };
  runtime.stop = client.listen((m) => onPush(runtime, m));
  rt = runtime;
  return connectWorker(client, store);
}

/** stopSim disconnects and stops the worker (tests, restart). */
export function stopSim(): void {
  if (!rt) return;
  rt.stop();
  rt.applier.stop();
  rt.client.terminate();
  rt = null;
  setPackedPods(null);
}

function runtime(): Runtime {
  if (!rt) throw new Error('the simulation is not started');
  return rt;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** ask sends a request; a refusal or a dead worker becomes a rejected promise with the message. */
function ask(body: RequestBody): Promise<ReplyResult> {
  if (!rt) return Promise.reject(new Error('the simulation is not started'));
  return rt.client.request(body);
}

/** fire sends a request whose answer nobody waits for (playback); a failure is already a fault. */
function fire(body: RequestBody): void {
  ask(body).catch(() => {});
}

/** tryRequest sends a request; a refusal becomes `{ ok: false, message }` (editActions.ts uses it). */
export async function tryRequest(body: RequestBody): Promise<ActionResult & { text?: string }> {
  return tryAsk(body);
}

/** guardFork waits for the fork warning when the change would drop scripted actions (forkGuard.ts). */
export function guardFork(line: string | null = null): Promise<boolean> {
  return confirmFork(ask, runtime().store, line);
}

async function tryAsk(body: RequestBody): Promise<ActionResult & { text?: string }> {
  try {
    const r = await ask(body);
    return r.kind === 'text' ? { ok: true, text: r.text } : { ok: true };
  } catch (e) {
    return { ok: false, message: messageOf(e) };
  }
}

async function textOf(body: RequestBody): Promise<string> {
  const r = await ask(body);
  return r.kind === 'text' ? r.text : '';
}

/** toggleTheme switches to the other theme and remembers that choice. */
export function toggleTheme(store: AppStore = appStore): void {
  const state = store.getState();
  state.chooseTheme(themeSelector(state) === 'dark' ? 'light' : 'dark');
}

/** loadScenarioText loads a scenario (YAML/JSON); invalid text returns the message and changes nothing. */
export async function loadScenarioText(
  text: string,
  opts: { presetId?: string; tick?: number } = {},
): Promise<ActionResult> {
  const { store } = runtime();
  const before = store.getState().simStatus;
  if (before === 'idle') store.getState().simUpdate({ simStatus: 'loading' });
  const r = await tryAsk({ type: 'load', text, presetId: opts.presetId ?? null, tick: opts.tick ?? null });
  if (!r.ok && store.getState().simStatus === 'loading') store.getState().simUpdate({ simStatus: before });
  return r.ok ? { ok: true } : { ok: false, message: r.message ?? '' };
}

/** loadPreset loads a built-in preset by id. */
export async function loadPreset(id: string): Promise<ActionResult> {
  const { store } = runtime();
  if (store.getState().simStatus === 'idle') store.getState().simUpdate({ simStatus: 'loading' });
  const r = await tryAsk({ type: 'loadPreset', presetId: id });
  return r.ok ? { ok: true } : { ok: false, message: r.message ?? '' };
}

/** resetToPreset reloads the current preset (or the default one), dropping the edits. */
export function resetToPreset(): Promise<ActionResult> {
  const s = runtime().store.getState();
  return loadPreset(s.presetId ?? s.defaultPresetId);
}

/** userMoves: the reader moved the playhead, so a live page stops following the server's clock. */
function userMoves(): void {
  rt?.store.getState().stopFollowing();
}

/**
 * followLiveTime moves the playhead to the server's virtual time without leaving the live
 * session (the session's clock, liveSession.ts); the worker records up to it first.
 */
export function followLiveTime(ms: number): void {
  fire({ type: 'seekTime', seconds: Math.max(0, ms / 1000) });
}

/** goLive follows the served session's clock again, from its current time. */
export function goLive(): void {
  const s = rt?.store.getState();
  if (!s?.live) return;
  s.setLive({ following: true });
  fire({ type: 'pause' });
  followLiveTime(s.live.nowMs);
}

/** liveScenario hands the served session's scenario to the worker (a fork for new writes). */
export function liveScenario(text: string): Promise<ActionResult> {
  return tryRequest({ type: 'live', text });
}

/** play starts playback at the current speed. */
export function play(): void {
  userMoves();
  fire({ type: 'play' });
}
/** pause stops playback. */
export function pause(): void {
  userMoves();
  fire({ type: 'pause' });
}
/** togglePlay plays when paused, pauses when playing. */
export function togglePlay(): void {
  if (runtime().store.getState().playing) pause();
  else play();
}
/** holdSim stops (on) or resumes the run's background recording and frames (another view shows). */
export function holdSim(on: boolean): void {
  if (rt) fire({ type: 'hold', on });
}
/** stepForward moves one tick forward. */
export function stepForward(): void {
  userMoves();
  fire({ type: 'step', delta: 1 });
}
/** stepBack moves one tick back. */
export function stepBack(): void {
  userMoves();
  if (runtime().store.getState().tick > 0) fire({ type: 'step', delta: -1 });
}
/** seekTick moves to tick n (clamped to the recording); the slider shows it at once. */
export function seekTick(n: number): void {
  userMoves();
  const { store } = runtime();
  const s = store.getState();
  const tick = Math.max(0, Math.min(Math.round(n), s.totalTicks));
  if (tick !== s.tick) s.simUpdate({ tick });
  fire({ type: 'seek', tick });
}
/**
 * seekRecorded moves to tick n that the worker has recorded even if no frame has said so yet (a
 * lesson step it just placed); the worker clamps it, not the page's stale tick count.
 */
export function seekRecorded(n: number): void {
  userMoves();
  fire({ type: 'seek', tick: Math.max(0, Math.round(n)) });
}
/** seekTime moves to the last tick at or before the virtual time. */
export function seekTime(seconds: number): void {
  userMoves();
  fire({ type: 'seekTime', seconds: Math.max(0, seconds) });
}
/** jump moves delta ticks (±10 from the keyboard). */
export function jump(delta: number): void {
  userMoves();
  const s = runtime().store.getState();
  const tick = Math.max(0, Math.min(s.tick + Math.round(delta), s.totalTicks));
  if (tick !== s.tick) fire({ type: 'step', delta: tick - s.tick });
}
/** seekStart moves to tick 0. */
export function seekStart(): void {
  seekTick(0);
}
/** seekEnd moves to the last recorded tick. */
export function seekEnd(): void {
  seekTick(runtime().store.getState().totalTicks);
}
/** setSpeed sets virtual seconds per real second (0 = as fast as possible). */
export function setSpeed(speed: number): void {
  runtime().store.getState().simUpdate({ speed });
  fire({ type: 'setSpeed', speed });
}

/** runKubectl runs a console line: read-only verbs answer, mutating verbs fork at the current tick. */
export async function runKubectl(
  line: string,
): Promise<{ ok: boolean; output: string; cancelled?: boolean }> {
  const { store } = runtime();
  const tick = store.getState().tick;
  if (!(await guardFork(line))) return { ok: false, output: '', cancelled: true };
  const r = await tryAsk({ type: 'kubectl', line });
  const entry = { input: line, output: r.ok ? (r.text ?? '') : (r.message ?? ''), ok: r.ok, tick };
  const log = store.getState().consoleLog;
  store.getState().simUpdate({ consoleLog: [...log.slice(-(CONSOLE_LIMIT - 1)), entry] });
  return { ok: entry.ok, output: entry.output };
}

/** setWorkloadField changes one field of a workload at the current tick (a fork). */
export async function setWorkloadField(
  workload: string,
  field: WorkloadField,
  value: number | string,
): Promise<ActionResult> {
  if (!(await guardFork())) return CANCELLED;
  const r = await tryAsk({ type: 'setField', workload, field, value });
  return r.ok ? { ok: true } : { ok: false, message: r.message ?? '' };
}

/** nodeFault makes a node NotReady (ready false) or Ready again, at the current tick. */
export async function nodeFault(node: string, ready: boolean): Promise<ActionResult> {
  if (!(await guardFork())) return CANCELLED;
  const r = await tryAsk({ type: 'node', op: ready ? 'recover' : 'fault', name: node });
  return r.ok ? { ok: true } : { ok: false, message: r.message ?? '' };
}
/** addNode adds a node (the next free node-N) at the current tick. */
export async function addNode(): Promise<ActionResult> {
  if (!(await guardFork())) return CANCELLED;
  const r = await tryAsk({ type: 'node', op: 'add', name: null });
  return r.ok ? { ok: true } : { ok: false, message: r.message ?? '' };
}
/** removeNode removes a node at the current tick. */
export async function removeNode(name: string): Promise<ActionResult> {
  if (!(await guardFork())) return CANCELLED;
  const r = await tryAsk({ type: 'node', op: 'remove', name });
  return r.ok ? { ok: true } : { ok: false, message: r.message ?? '' };
}

/**
 * shareHash is the hash of the working scenario at the current tick and the reader's view:
 * `#v1.…&t=<tick>[&lang=…][&lesson=<id>&step=<n>][&follow=…&tab=…&large=1&present=1&embed=1][&compare=…]`
 * (n counts from 1, with the lesson panel open; the view: viewParams.ts; compare while the compare
 * view shows variants of one field); `embed: false` leaves `&embed=1` out.
 */
export function shareHashAt(store: AppStore = appStore, opts: { embed?: boolean } = {}): string {
  const s = store.getState();
  if (!s.shareHash) return '';
  const lesson = s.lessonOpen && s.lesson ? `&lesson=${s.lesson.id}&step=${s.lessonStep + 1}` : '';
  return `${s.shareHash}&t=${s.tick}${s.languageChosen ? `&lang=${s.language}` : ''}${lesson}${viewParamsOf(s, opts)}${compareParam(store)}`;
}
/**
 * shareUrl is the full URL of the working scenario at the current tick; `embed: false` gives the
 * link an embedded page opens the full app with ("Open in Rollout Lab").
 */
export function shareUrl(opts: { embed?: boolean } = {}): string {
  const hash = shareHashAt(rt?.store ?? appStore, opts);
  if (typeof location === 'undefined') return hash;
  return `${location.origin}${location.pathname}${location.search}${hash}`;
}
/** exportScenarioYaml is the working scenario as YAML. */
export function exportScenarioYaml(): string {
  return (rt?.store ?? appStore).getState().scenarioText;
}
/** objectYaml is `kubectl get <kind> <name> -o yaml` at the current tick. */
export function objectYaml(kind: string, name: string): Promise<string> {
  return textOf({ type: 'query', what: 'yaml', kind, name, from: null });
}
/** podDetails is a pod's labels and conditions with its view at the current tick (null: no such pod then). */
export async function podDetails(name: string): Promise<PodDetailView | null> {
  const r = await ask({ type: 'query', what: 'pod', kind: 'pod', name, from: null });
  return r.kind === 'pod' ? r.pod : null;
}
/** describe is `kubectl describe <kind> <name>` at the current tick. */
export function describe(kind: string, name: string): Promise<string> {
  return textOf({ type: 'query', what: 'describe', kind, name, from: null });
}
/** getText is `kubectl get <resource>` at the current tick. */
export function getText(resource: string): Promise<string> {
  return textOf({ type: 'query', what: 'get', kind: resource, name: null, from: null });
}
/** rolloutStatusText is `kubectl rollout status` of every workload at the current tick. */
export function rolloutStatusText(): Promise<string> {
  return textOf({ type: 'query', what: 'rolloutStatus', kind: null, name: null, from: null });
}
/** rolloutHistoryText is `kubectl rollout history` of every workload at the current tick. */
export function rolloutHistoryText(): Promise<string> {
  return textOf({ type: 'query', what: 'rolloutHistory', kind: null, name: null, from: null });
}

/**
 * restartWorker starts a fresh worker and reloads the working scenario (with every edit, which
 * lives in the scenario) at the current tick.
 */
export async function restartWorker(): Promise<void> {
  const prev = rt;
  const store = prev?.store ?? appStore;
  const s = store.getState();
  const { scenarioText, presetId, tick } = s;
  s.simUpdate({ simStatus: 'loading', simError: null });
  const ok = await startSim({ store, ...(prev ? { createWorker: prev.createWorker } : {}) });
  if (!ok) return;
  const r = scenarioText
    ? await loadScenarioText(scenarioText, { ...(presetId ? { presetId } : {}), tick })
    : await loadPreset(s.defaultPresetId);
  if (!r.ok)
    store.getState().simUpdate({ simStatus: 'error', simError: { message: r.message ?? '', tick: null } });
}

/** completions completes a kubectl console line. */
export async function completions(prefix: string): Promise<string[]> {
  try {
    const r = await ask({ type: 'completions', prefix });
    return r.kind === 'list' ? r.items : [];
  } catch (e) {
    if (e instanceof RequestError) return [];
    throw e;
  }
}

/**
 * stepDecision moves to the previous (-1) or next (1) decision tick under the Explain panel's
 * Follow filter; resolves to the tick, or null when there is none that way.
 */
export async function stepDecision(direction: 1 | -1): Promise<number | null> {
  userMoves();
  const follow = runtime().store.getState().explainFilter;
  try {
    const r = await ask({ type: 'stepDecision', direction, follow });
    return r.kind === 'tick' ? r.tick : null;
  } catch {
    return null;
  }
}

/** openLesson loads a lesson with its scenario (a preset, or scenario text) and opens its panel at `step`. */
export async function openLesson(
  lesson: Lesson,
  scenario: { presetId: string } | { text: string },
  step = 0,
): Promise<ActionResult> {
  const { store } = runtime();
  const presetId = 'presetId' in scenario ? scenario.presetId : null;
  const text = 'text' in scenario ? scenario.text : null;
  const r = await tryAsk({ type: 'openLesson', presetId, text, lesson, tick: null });
  if (r.ok) store.getState().openLessonPanel(step);
  return r.ok ? { ok: true } : { ok: false, message: r.message ?? '' };
}

/** setScenarioLesson replaces the working scenario's lesson (a teacher's edit), keeping the run. */
export async function setScenarioLesson(lesson: Lesson | null): Promise<ActionResult> {
  const r = await tryAsk({ type: 'setLesson', lesson });
  return r.ok ? { ok: true } : { ok: false, message: r.message ?? '' };
}

/** resolveLessonPoints asks where the working scenario's lesson steps fall in the run. */
export async function resolveLessonPoints(): Promise<LessonPointView[] | null> {
  try {
    const r = await ask({ type: 'resolveLesson' });
    return r.kind === 'lessonPoints' ? r.points : null;
  } catch {
    return null;
  }
}

/** currentTickView is the recorded tick the playhead is on, as Explain shows it (null at tick 0). */
export async function currentTickView(): Promise<TickView | null> {
  const s = runtime().store.getState();
  if (s.tick < 1) return null;
  try {
    const r = await ask({ type: 'query', what: 'ticks', kind: null, name: null, from: s.tick });
    return r.kind === 'ticks' ? (r.ticks[0] ?? null) : null;
  } catch {
    return null;
  }
}
