/**
 * What the application in each pod does, as times (DESIGN.md §15), kept only when the scenario
 * has client traffic: when its container started, when it listens (the image's readySeconds —
 * what a readinessProbe sees), when SIGTERM reaches it (after the preStop hook) and when the pod
 * is gone. The clients (engine/traffic) read these facts for any instant; the kubelet writes
 * them at the tick it decides them, which is never later than the clients look.
 */
import type { Pod } from '../api/types.ts';
import type { ImageBehaviour } from '../config.ts';
import type { Tx } from '../client/tx.ts';

/** One pod's application facts (immutable; replaced at each change). All times ms, -1: not (yet). */
export interface AppFacts {
  uid: string;
  /** The pod's node, and the image behaviour's application fields. */
  node: string;
  startedAt: number;
  /** The application accepts connections from here (-1: never: a crashing or never-ready image). */
  listenAt: number;
  /** The pod was deleted here (the kubelet saw the deletionTimestamp), -1 while it is not. */
  killAt: number;
  /** SIGTERM reaches the application: it stops listening (`exit`: and exits). */
  sigtermAt: number;
  /** The preStop hook before SIGTERM: its kind and ms (0: none). */
  preStop: string;
  preStopMs: number;
  /** The containers are stopped and the pod object removed: its IP answers nothing any more. */
  goneAt: number;
  drain: boolean;
  requestMs: number;
  /** 0: no limit. */
  maxRps: number;
}

declare module '../client/state.ts' {
  interface EngineState {
    /** Pod key → its application's facts; empty unless the scenario has client traffic. */
    apps: Map<string, AppFacts>;
  }
}

/** The default time an application takes to answer one request (DESIGN.md §15). */
export const DEFAULT_REQUEST_MS = 20;

/** trafficOn: the scenario has clients, so the kubelet keeps application facts. */
export function trafficOn(tx: Tx): boolean {
  return (tx.st.config.traffic?.length ?? 0) > 0;
}

/**
 * The pod keys written to one facts map, for a reader that keeps facts between its reads (the
 * clients' target tables, traffic/targets.ts): it re-reads the keys written since, not all
 * 10,000. Kept only for a map someone asked about, and dropped past LOG_LIMIT keys (the reader
 * then reads everything again). Not engine state: a copied state's map has no log.
 */
interface FactsLog {
  /** How many keys were dropped from the front. */
  base: number;
  keys: string[];
}

const LOGS = new WeakMap<ReadonlyMap<string, AppFacts>, FactsLog>();
const LOG_LIMIT = 16_384;

function setFacts(apps: Map<string, AppFacts>, podKey: string, f: AppFacts): void {
  apps.set(podKey, f);
  const log = LOGS.get(apps);
  if (log === undefined) return;
  if (log.keys.length >= LOG_LIMIT) {
    log.base += log.keys.length;
    log.keys = [];
  }
  log.keys.push(podKey);
}

/** factsLogPosition: how many writes the map's log has counted (starting it if need be). */
export function factsLogPosition(apps: ReadonlyMap<string, AppFacts>): number {
  let log = LOGS.get(apps);
  if (log === undefined) {
    log = { base: 0, keys: [] };
    LOGS.set(apps, log);
  }
  return log.base + log.keys.length;
}

/** factsWrittenSince calls `fn` for each key written since `pos`; false when the log does not reach back that far. */
export function factsWrittenSince(apps: ReadonlyMap<string, AppFacts>, pos: number, fn: (podKey: string) => void): boolean {
  const log = LOGS.get(apps);
  if (log === undefined || pos < log.base) return false;
  for (let i = pos - log.base; i < log.keys.length; i++) fn(log.keys[i] as string);
  return true;
}

/** appStarted records a container start: listening from `listenAt` (-1: never). */
export function appStarted(tx: Tx, pod: Pod, podKey: string, b: ImageBehaviour, listenAt: number): void {
  setFacts(tx.st.apps, podKey, {
    uid: pod.metadata.uid ?? '',
    node: pod.spec.nodeName ?? '',
    startedAt: tx.now,
    listenAt,
    killAt: -1,
    sigtermAt: -1,
    preStop: '',
    preStopMs: 0,
    goneAt: -1,
    drain: b.onSigterm === 'drain',
    requestMs: b.requestMs ?? DEFAULT_REQUEST_MS,
    maxRps: b.maxRps ?? 0,
  });
}

/** appStopping records the kubelet's kill plan: SIGTERM after the hook, the pod gone at exit. */
export function appStopping(tx: Tx, podKey: string, uid: string, sigtermMs: number, exitMs: number, preStop: string, preStopMs: number): void {
  const f = tx.st.apps.get(podKey);
  if (!f || f.uid !== uid) return;
  setFacts(tx.st.apps, podKey, { ...f, killAt: tx.now, sigtermAt: tx.now + sigtermMs, goneAt: tx.now + exitMs, preStop, preStopMs });
}

/** appDown records a container that stopped outside a pod deletion (a crash): it listens no more. */
export function appDown(tx: Tx, podKey: string, uid: string): void {
  const f = tx.st.apps.get(podKey);
  if (!f || f.uid !== uid || f.listenAt < 0 || f.listenAt > tx.now) {
    if (f && f.uid === uid) setFacts(tx.st.apps, podKey, { ...f, listenAt: -1 });
    return;
  }
  setFacts(tx.st.apps, podKey, { ...f, killAt: tx.now, sigtermAt: tx.now, goneAt: -1 });
}
