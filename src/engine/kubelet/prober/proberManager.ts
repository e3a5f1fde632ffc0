// Port of kubernetes pkg/kubelet/prober/prober_manager.go (v1.36): AddPod starts a worker per
// probe of each container (startup, readiness, liveness, in that order), StopLivenessAndStartup
// ends two of them when the pod terminates, UpdatePodStatus turns the readiness results into the
// containers' `ready` and the startup results into `started`. The workers do not tick: their
// probes run in probeRuns.ts, only when something can be seen.
import type { Container, Pod, Probe } from '../../api/types.ts';
import { type AppState, probeOutput } from './prober.ts';
import { copyWorker, newWorker, type ProbeTiming, type ProbeType, type ProbeWorker } from './worker.ts';

/**
 * ContainerFacts: what the kubelet knows of the pod's containers, which the simulator runs as one
 * application (the first container's image behaviour): the instance (numbered by start), when it
 * started, when its application answers, whether it stopped. -1 stands for "not (yet)".
 */
export interface ContainerFacts {
  id: number;
  startedAtMs: number;
  appReadyAtMs: number;
  /** The image behaviour `ready: never`: the application runs but fails its checks. */
  neverReady: boolean;
  stoppedAtMs: number;
}

/** A kill a liveness or startup failure started: the container instance and how it ends. */
export interface ProbeKill {
  id: number;
  container: string;
  sigkill: boolean;
}

/** PodProbes: one pod's workers and container facts; `gen` names its one pending probe event. */
export interface PodProbes {
  uid: string;
  gen: number;
  facts: ContainerFacts;
  workers: readonly ProbeWorker[];
  /** The probe kill in progress, or null. */
  killing: ProbeKill | null;
}

/**
 * probesWith is `{ ...ps, gen, workers }` written as a literal (PodProbes' keys, in its order): a
 * pod's probes are copied at every probe event (3,719 ticks of the 100-replica StatefulSet run:
 * ~1,200 copies at each of two sites), and each of those spreads missed its megamorphic store IC
 * into the runtime (Node 20's --log-ic: ~2,400 misses); a literal has one hidden class and no IC miss.
 */
export function probesWith(ps: PodProbes, gen: number, workers: readonly ProbeWorker[]): PodProbes {
  return podProbes(ps.uid, gen, ps.facts, workers, ps.killing);
}

/**
 * podProbes is the one place a PodProbes is made: every copy is a fresh literal, never a spread
 * that then writes a key. A spread copies the source's hidden class and its write to a key
 * already there (`{ ...ps, workers }`) turned that key from const to mutable for every PodProbes,
 * which threw away the optimised code of each function that read it (startedOf,
 * probeStatusChanges, probesWith, …: 3 compilations of startedOf in the 300-replica
 * StatefulSet run, --trace-deopt).
 */
export function podProbes(uid: string, gen: number, facts: ContainerFacts, workers: readonly ProbeWorker[], killing: ProbeKill | null): PodProbes {
  return { uid, gen, facts, workers, killing };
}

declare module '../../client/state.ts' {
  interface EngineState {
    /** The kubelet prober's workers of each pod that has probes, by pod key (kubelet/prober/). */
    probes: Map<string, PodProbes>;
  }
}

export const NO_FACTS: ContainerFacts = { id: -1, startedAtMs: -1, appReadyAtMs: -1, neverReady: false, stoppedAtMs: -1 };

/** probeOf is the container's probe of a type. */
export function probeOf(pod: Pod, w: { index: number; probeType: ProbeType }): Probe | undefined {
  const c = pod.spec.containers[w.index];
  if (!c) return undefined;
  return w.probeType === 'readiness' ? c.readinessProbe : w.probeType === 'liveness' ? c.livenessProbe : c.startupProbe;
}

/** hasProbes tells whether any container of the pod has a probe (the prober then runs its readiness). */
export function hasProbes(pod: Pod): boolean {
  for (const c of pod.spec.containers) if (c.readinessProbe || c.livenessProbe || c.startupProbe) return true;
  return false;
}

/** hasStartupProbe tells whether a container of the pod has a startup probe (`started` waits for it). */
export function hasStartupProbe(pod: Pod): boolean {
  return pod.spec.containers.some((c) => c.startupProbe !== undefined);
}

function timingOf(p: Probe): ProbeTiming {
  // The numbers are defaulted by the API server; a pod written without them gets upstream's defaults.
  return {
    initialDelaySeconds: p.initialDelaySeconds ?? 0,
    periodSeconds: p.periodSeconds || 10,
    timeoutSeconds: p.timeoutSeconds || 1,
    successThreshold: p.successThreshold || 1,
    failureThreshold: p.failureThreshold || 3,
  };
}

/**
 * addPod is AddPod: a worker for each probe. Each worker probes first when it starts and then
 * every periodSeconds; a worker started less than one period after its kubelet waits a random
 * part of the period first (`jitter(periodMs)` draws it), as upstream does after a kubelet restart.
 */
export function addPod(pod: Pod, nowMs: number, kubeletStartMs: number, jitter: (periodMs: number) => number): PodProbes {
  const workers: ProbeWorker[] = [];
  // Three calls in AddPod's order, not a loop over [type, probe] pairs: those were four arrays and
  // an iterator per container (~600 B a pod, 6 MB of the probed 10,000-replica rollout's timed part).
  const containers = pod.spec.containers;
  for (let index = 0; index < containers.length; index++) {
    const c = containers[index] as Container;
    if (c.startupProbe) workers.push(startWorker('startup', index, c, c.startupProbe, nowMs, kubeletStartMs, jitter));
    if (c.readinessProbe) workers.push(startWorker('readiness', index, c, c.readinessProbe, nowMs, kubeletStartMs, jitter));
    if (c.livenessProbe) workers.push(startWorker('liveness', index, c, c.livenessProbe, nowMs, kubeletStartMs, jitter));
  }
  return podProbes(pod.metadata.uid ?? '', 0, NO_FACTS, workers, null);
}

/** startWorker is the worker addPod starts for probe `p` of container `c`, its first probe jittered as addPod says. */
function startWorker(probeType: ProbeType, index: number, c: Container, p: Probe, nowMs: number, kubeletStartMs: number, jitter: (periodMs: number) => number): ProbeWorker {
  const timing = timingOf(p);
  const periodMs = timing.periodSeconds * 1000;
  const firstMs = periodMs > nowMs - kubeletStartMs ? nowMs + jitter(periodMs) : nowMs;
  return newWorker(probeType, index, c.name, timing, firstMs);
}

/**
 * startedOf is container `index`'s `started` (UpdatePodStatus): its startup probe's result for
 * the current container, or, without a startup probe, that it runs.
 */
export function startedOf(ps: PodProbes, index: number): boolean {
  const f = ps.facts;
  if (f.id < 0 || f.stoppedAtMs >= 0) return false;
  const w = workerOf(ps.workers, index, 'startup');
  return w === undefined || (w.result === 'Success' && w.containerID === f.id);
}

/**
 * workerOf is container `index`'s worker of a probe type (the first, as find gives it): a loop, not
 * a find with a new closure per call, since each probe run and each look ahead asks startedOf.
 */
export function workerOf(workers: readonly ProbeWorker[], index: number, probeType: ProbeType): ProbeWorker | undefined {
  // An index loop: for-of wraps its body in a handler in the optimised code of every caller.
  for (let i = 0; i < workers.length; i++) {
    const w = workers[i] as ProbeWorker;
    if (w.index === index && w.probeType === probeType) return w;
  }
  return undefined;
}

/**
 * triggerReadiness is UpdatePodStatus's immediate readiness run: when the kubelet syncs a pod
 * whose container has started but is not ready, each of its readiness workers probes at once and
 * restarts its ticker from then (kubernetes#98376, #119089). The kubelet syncs on a container
 * start and on a startup result. A worker still in its first jitter sleep takes the run when it
 * wakes, at its first probe. (A periodic probe at the same instant has run already, on the status
 * before the sync: the triggered one runs after it.)
 */
export function triggerReadiness(ps: PodProbes, now: number): PodProbes {
  // A loop copying the workers only once one is triggered (as advanceProbes).
  const all = ps.workers;
  let workers: ProbeWorker[] | null = null;
  for (let i = 0; i < all.length; i++) {
    const w = all[i] as ProbeWorker;
    const keep =
      w.probeType !== 'readiness' || w.stopped || now < w.firstMs || !startedOf(ps, w.index) || (w.result === 'Success' && w.containerID === ps.facts.id);
    if (keep) continue;
    workers ??= all.slice();
    workers[i] = copyWorker(w, now, 0);
  }
  return workers !== null ? probesWith(ps, ps.gen, workers) : ps;
}

function appAt(f: ContainerFacts, t: number): AppState {
  return { answering: f.appReadyAtMs >= 0 && t >= f.appReadyAtMs, neverReady: f.neverReady };
}

/**
 * readyOf: container `index` is ready (UpdatePodStatus): it runs and its readiness probe's result
 * for this container is Success; without a readiness probe, it has started and its application
 * answers (the image's readySeconds, as for a pod without probes).
 */
export function readyOf(ps: PodProbes, index: number, t: number): boolean {
  const f = ps.facts;
  if (f.id < 0 || f.stoppedAtMs >= 0) return false;
  const w = workerOf(ps.workers, index, 'readiness');
  if (w) return w.result === 'Success' && w.containerID === f.id;
  return startedOf(ps, index) && f.appReadyAtMs >= 0 && t >= f.appReadyAtMs;
}

/** outputOf is the failed probe's output, for its Unhealthy event. */
export function outputOf(pod: Pod, w: ProbeWorker, f: ContainerFacts, t: number, podIP: string): string {
  const p = probeOf(pod, w);
  const c = pod.spec.containers[w.index];
  return p && c ? probeOutput(p, c, podIP, appAt(f, t)) : '';
}
