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

/** appStarted records a container start: listening from `listenAt` (-1: never). */
export function appStarted(tx: Tx, pod: Pod, podKey: string, b: ImageBehaviour, listenAt: number): void {
  tx.st.apps.set(podKey, {
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
  tx.st.apps.set(podKey, { ...f, killAt: tx.now, sigtermAt: tx.now + sigtermMs, goneAt: tx.now + exitMs, preStop, preStopMs });
}

/** appDown records a container that stopped outside a pod deletion (a crash): it listens no more. */
export function appDown(tx: Tx, podKey: string, uid: string): void {
  const f = tx.st.apps.get(podKey);
  if (!f || f.uid !== uid || f.listenAt < 0 || f.listenAt > tx.now) {
    if (f && f.uid === uid) tx.st.apps.set(podKey, { ...f, listenAt: -1 });
    return;
  }
  tx.st.apps.set(podKey, { ...f, killAt: tx.now, sigtermAt: tx.now, goneAt: -1 });
}
