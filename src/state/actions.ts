/**
 * Module-level actions: what the app does, each a plain function over the store and the
 * simulation worker (through simClient). `startSim` connects a worker (simRuntime.ts); every other
 * action talks to the one connected. This file holds the scenario, edit, query and lesson actions
 * and re-exports the connection's and playback's (playbackActions.ts), so the UI imports one
 * module. Refusals (an invalid value, a command kubectl rejects) come back as
 * `{ ok: false, message }` in kubectl's or the API server's words and change nothing.
 */
import type { Lesson, LessonPointView, PodDetailView, TickView, WorkloadField } from '../worker/protocol.ts';
import { RequestError } from '../worker/simClient.ts';
import { compareParam } from './compareActions.ts';
import { userMoves } from './playbackActions.ts';
import { themeSelector } from './selectors.ts';
import {
  type ActionResult,
  ask,
  CANCELLED,
  CONSOLE_LIMIT,
  currentRuntime,
  guardFork,
  runtime,
  startSim,
  textOf,
  tryAsk,
} from './simRuntime.ts';
import { type AppStore, appStore } from './store.ts';
import { viewParamsOf } from './viewParams.ts';

export {
  followLiveTime,
  goLive,
  holdSim,
  jump,
  liveScenario,
  pause,
  play,
  seekEnd,
  seekRecorded,
  seekStart,
  seekTick,
  seekTime,
  setSpeed,
  stepBack,
  stepForward,
  togglePlay,
} from './playbackActions.ts';
export { type ActionResult, connectWorker, guardFork, startSim, stopSim, tryRequest } from './simRuntime.ts';
export type { WorkloadField } from '../worker/protocol.ts';

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
  const hash = shareHashAt(currentRuntime()?.store ?? appStore, opts);
  if (typeof location === 'undefined') return hash;
  return `${location.origin}${location.pathname}${location.search}${hash}`;
}
/** exportScenarioYaml is the working scenario as YAML. */
export function exportScenarioYaml(): string {
  return (currentRuntime()?.store ?? appStore).getState().scenarioText;
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
/** podLogs is `kubectl logs <pod> [--previous]` at the current tick (errors as kubectl prints them). */
export function podLogs(name: string, previous: boolean): Promise<string> {
  return textOf({ type: 'query', what: 'logs', kind: previous ? 'previous' : null, name, from: null });
}
/** describe is `kubectl describe <kind> <name>` at the current tick. */
export function describe(kind: string, name: string): Promise<string> {
  return textOf({ type: 'query', what: 'describe', kind, name, from: null });
}
/** getText is `kubectl get <resource>` at the current tick. */
export function getText(resource: string): Promise<string> {
  return textOf({ type: 'query', what: 'get', kind: resource, name: null, from: null });
}
/** describeKindText is `kubectl describe <resource>` of every object of a kind (the terminal's limits block). */
export function describeKindText(resource: string): Promise<string> {
  return textOf({ type: 'query', what: 'describe', kind: resource, name: null, from: null });
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
  const prev = currentRuntime();
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
