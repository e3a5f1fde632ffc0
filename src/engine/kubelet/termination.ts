// Port of the timing of kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go killContainer
// (v1.36): the grace period (the pod's deletionGracePeriodSeconds, else its spec's, else a
// probe's own terminationGracePeriodSeconds for a probe kill), the preStop hook run within it
// (executePreStopHook returns the whole seconds it took), then SIGTERM with what is left, never
// less than minimumGracePeriodInSeconds (2), and SIGKILL at that deadline.
import type { Container, LifecycleHandler, Pod } from '../api/types.ts';
import { waitForTurnMs } from './terminationOrder.ts';

/** minimumGracePeriodInSeconds: a container always gets at least this long after SIGTERM. */
export const minimumGracePeriodInSeconds = 2;

/** What a container's preStop hook is, and how long it runs (ms). */
export interface PreStop {
  kind: 'sleep' | 'exec' | 'httpGet' | 'tcpSocket';
  ms: number;
}

/** KillPlan: when, counted from the kill (ms), SIGTERM goes out and the container is gone. */
export interface KillPlan {
  container: string;
  graceSeconds: number;
  preStop: PreStop | null;
  /** A sidecar's wait for its turn after the hook (terminationOrder.ts; 0 for every other container). */
  waitedMs: number;
  /** SIGTERM, after the hook (or its timeout at the grace period) and the wait for its turn. */
  sigtermMs: number;
  /** The seconds StopContainer gets after the hook. */
  stopSeconds: number;
  exitMs: number;
  /** The application did not exit in time: SIGKILL at the deadline. */
  sigkill: boolean;
}

/**
 * preStopKind names a hook's handler. A tcpSocket hook does nothing (the kubelet logs that it is
 * not supported) and an exec or httpGet hook runs as long as the image declares.
 */
function preStopKind(h: LifecycleHandler): PreStop['kind'] | null {
  if (h.exec) return 'exec';
  if (h.httpGet) return 'httpGet';
  if (h.tcpSocket) return 'tcpSocket';
  if (h.sleep) return 'sleep';
  return null;
}

/** preStopOf is the container's preStop hook; `imageMs` draws the image's preStopSeconds when an exec or httpGet hook needs it. */
export function preStopOf(c: Container, imageMs: () => number): PreStop | null {
  const h = c.lifecycle?.preStop;
  const kind = h ? preStopKind(h) : null;
  if (!h || kind === null) return null;
  if (kind === 'sleep') return { kind, ms: (h.sleep?.seconds ?? 0) * 1000 };
  if (kind === 'tcpSocket') return { kind, ms: 0 };
  return { kind, ms: imageMs() };
}

/** graceSecondsOf is the grace period the kubelet kills a pod's containers with. */
export function graceSecondsOf(pod: Pod): number {
  return pod.metadata.deletionGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds ?? 30;
}

/**
 * killPlan times one container's stop: the hook runs while the grace period lasts, SIGTERM
 * follows it, and StopContainer gets the grace period less the hook's whole seconds (at least 2);
 * the application exits `appExitMs` after SIGTERM or is killed at that deadline. With a 30 s grace
 * period, `sleep: {seconds: 10}` and an application that exits in 1 s: SIGTERM at 10 s, gone at
 * 11 s; with `sleep: {seconds: 40}`: the hook is cut at 30 s, SIGTERM then, gone at 31 s.
 *
 * `turnMs` is when the containers a sidecar waits for have exited (terminationOrder.ts): after its
 * hook it waits until then, at most for the seconds left, and the whole seconds waited come off
 * them. A sidecar of a 30 s grace period whose app container is gone at 1 s: SIGTERM at 1 s with
 * 29 s left, gone at 2 s.
 */
export function killPlan(container: string, graceSeconds: number, preStop: PreStop | null, appExitMs: number, turnMs = 0): KillPlan {
  let stopSeconds = graceSeconds;
  let hookMs = 0;
  const hook = graceSeconds > 0 ? preStop : null;
  if (hook) {
    hookMs = Math.min(hook.ms, graceSeconds * 1000);
    stopSeconds = graceSeconds - Math.trunc(hookMs / 1000);
  }
  const waitedMs = waitForTurnMs(turnMs, hookMs, stopSeconds);
  stopSeconds -= Math.trunc(waitedMs / 1000);
  stopSeconds = Math.max(stopSeconds, minimumGracePeriodInSeconds);
  const sigtermMs = hookMs + waitedMs;
  const sigkill = appExitMs > stopSeconds * 1000;
  const exitMs = sigtermMs + (sigkill ? stopSeconds * 1000 : appExitMs);
  return { container, graceSeconds, preStop: hook, waitedMs, sigtermMs, stopSeconds, exitMs, sigkill };
}
