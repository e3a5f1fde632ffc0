/**
 * The connection to the simulation worker that every action talks through: startSim connects one
 * (and stopSim drops it), ask/fire/tryAsk send requests, pushes land in the store. The actions
 * themselves are actions.ts's (scenario, edits, queries, lessons) and playbackActions.ts's.
 */
import type { ReplyResult } from '../worker/protocol.ts';
import {
  createSimClient,
  type PushMessage,
  type RequestBody,
  type SimClient,
  startSimWorker,
  type WorkerLike,
} from '../worker/simClient.ts';
import { confirmFork } from './forkGuard.ts';
import { FrameApplier } from './frames.ts';
import { recordScenarioChange } from './history.ts';
import { setPackedPods } from './podBuffer.ts';
import { type AppStore, appStore } from './store.ts';

/** Outcome of an action that may be refused with a message, or cancelled at the fork warning. */
export interface ActionResult {
  ok: boolean;
  message?: string;
  cancelled?: boolean;
}

export const CANCELLED: ActionResult = { ok: false, cancelled: true };

/** Most console entries kept. */
export const CONSOLE_LIMIT = 200;

export interface Runtime {
  client: SimClient;
  store: AppStore;
  createWorker: () => WorkerLike;
  stop: () => void;
  applier: FrameApplier;
}

let rt: Runtime | null = null;

/** currentRuntime is the connected worker and its store, or null before startSim and after stopSim. */
export function currentRuntime(): Runtime | null {
  return rt;
}

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
      // A new scenario is recorded from its start: the last one's recording state no longer holds.
      // A frame of the last one still waiting for its write goes first, so none lands after this.
      r.applier.flush();
      s.simUpdate({
        recording: 'recording',
        recordingNote: null,
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

export function runtime(): Runtime {
  if (!rt) throw new Error('the simulation is not started');
  return rt;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** ask sends a request; a refusal or a dead worker becomes a rejected promise with the message. */
export function ask(body: RequestBody): Promise<ReplyResult> {
  if (!rt) return Promise.reject(new Error('the simulation is not started'));
  return rt.client.request(body);
}

/** fire sends a request whose answer nobody waits for (playback); a failure is already a fault. */
export function fire(body: RequestBody): void {
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

export async function tryAsk(body: RequestBody): Promise<ActionResult & { text?: string }> {
  try {
    const r = await ask(body);
    return r.kind === 'text' ? { ok: true, text: r.text } : { ok: true };
  } catch (e) {
    return { ok: false, message: messageOf(e) };
  }
}

export async function textOf(body: RequestBody): Promise<string> {
  const r = await ask(body);
  return r.kind === 'text' ? r.text : '';
}
