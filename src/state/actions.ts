/**
 * Module-level actions: what the app does, each a plain function over the store and the
 * simulation worker client. (Bodies are being wired; the names and signatures are the contract.)
 */
import type { SimClient } from '../worker/simClient.ts';
import { themeSelector } from './selectors.ts';
import { type AppStore, appStore } from './store.ts';

/** A workload field the Controls panel edits. */
export type WorkloadField =
  | 'replicas'
  | 'maxSurge'
  | 'maxUnavailable'
  | 'minReadySeconds'
  | 'progressDeadlineSeconds'
  | 'revisionHistoryLimit'
  | 'strategy';

/** Outcome of an action that may be refused with a message. */
export interface ActionResult {
  ok: boolean;
  message?: string;
}

/** connectWorker asks the worker for its versions and records the answer or the failure. */
export async function connectWorker(
  client: Pick<SimClient, 'hello'>,
  store: AppStore = appStore,
): Promise<void> {
  try {
    const hello = await client.hello();
    store.getState().workerReady(hello.kubernetesVersion);
  } catch (error) {
    store.getState().workerFailed(error instanceof Error ? error.message : String(error));
  }
}

/** toggleTheme switches to the other theme and remembers that choice. */
export function toggleTheme(store: AppStore = appStore): void {
  const state = store.getState();
  state.chooseTheme(themeSelector(state) === 'dark' ? 'light' : 'dark');
}

const notYet = { ok: false, message: 'the simulation is not wired yet' };

/** loadScenarioText loads a scenario (YAML/JSON); invalid text returns the message and changes nothing. */
export async function loadScenarioText(
  _text: string,
  _opts?: { presetId?: string; tick?: number },
): Promise<ActionResult> {
  return notYet;
}
/** loadPreset loads a built-in preset by id. */
export async function loadPreset(_id: string): Promise<ActionResult> {
  return notYet;
}
/** resetToPreset reloads the current preset (or the default one), dropping the edits. */
export async function resetToPreset(): Promise<ActionResult> {
  return notYet;
}
/** play starts playback at the current speed. */
export function play(): void {}
/** pause stops playback. */
export function pause(): void {}
/** togglePlay plays when paused, pauses when playing. */
export function togglePlay(): void {}
/** stepForward moves one tick forward. */
export function stepForward(): void {}
/** stepBack moves one tick back. */
export function stepBack(): void {}
/** seekTick moves to tick n (clamped to the recording). */
export function seekTick(_n: number): void {}
/** seekTime moves to the last tick at or before the virtual time. */
export function seekTime(_seconds: number): void {}
/** jump moves delta ticks (±10 from the keyboard). */
export function jump(_delta: number): void {}
/** seekStart moves to tick 0. */
export function seekStart(): void {}
/** seekEnd moves to the last recorded tick. */
export function seekEnd(): void {}
/** setSpeed sets virtual seconds per real second (0 = as fast as possible). */
export function setSpeed(_speed: number): void {}
/** runKubectl runs a console line: read-only verbs answer, mutating verbs fork at the current tick. */
export async function runKubectl(_line: string): Promise<{ ok: boolean; output: string }> {
  return { ok: false, output: notYet.message };
}
/** setWorkloadField changes one field of a workload at the current tick (a fork). */
export async function setWorkloadField(
  _workload: string,
  _field: WorkloadField,
  _value: number | string,
): Promise<ActionResult> {
  return notYet;
}
/** nodeFault makes a node NotReady (ready false) or Ready again, at the current tick. */
export async function nodeFault(_node: string, _ready: boolean): Promise<ActionResult> {
  return notYet;
}
/** addNode adds a node at the current tick. */
export async function addNode(): Promise<ActionResult> {
  return notYet;
}
/** removeNode removes a node at the current tick. */
export async function removeNode(_name: string): Promise<ActionResult> {
  return notYet;
}
/** shareUrl is the full URL of the working scenario at the current tick. */
export function shareUrl(): string {
  return '';
}
/** exportScenarioYaml is the working scenario as YAML. */
export function exportScenarioYaml(): string {
  return appStore.getState().scenarioText;
}
/** objectYaml is `kubectl get <kind> <name> -o yaml` at the current tick. */
export async function objectYaml(_kind: string, _name: string): Promise<string> {
  return '';
}
/** importText loads manifests or a scenario file. */
export async function importText(_text: string): Promise<ActionResult & { ignored?: string }> {
  return notYet;
}
/** describe is `kubectl describe <kind> <name>` at the current tick. */
export async function describe(_kind: string, _name: string): Promise<string> {
  return '';
}
/** rolloutStatusText is `kubectl rollout status` of every workload at the current tick. */
export async function rolloutStatusText(): Promise<string> {
  return '';
}
/** rolloutHistoryText is `kubectl rollout history` of every workload at the current tick. */
export async function rolloutHistoryText(): Promise<string> {
  return '';
}
/** restartWorker starts a fresh worker with the working scenario (edits kept). */
export async function restartWorker(): Promise<void> {}
/** completions completes a kubectl console line. */
export async function completions(_prefix: string): Promise<string[]> {
  return [];
}
