// Port of kubernetes pkg/kubelet/prober/prober_manager.go (v1.36): AddPod starts a worker per
// probe of each container (startup, readiness, liveness, in that order), StopLivenessAndStartup
// ends two of them when the pod terminates, UpdatePodStatus turns the readiness results into the
// containers' `ready` and the startup results into `started`.
//
// The workers do not tick. A probe whose result changes nothing (the application answered, the
// container is still in its initial delay, …) writes nothing and needs no tick, so the prober runs
// a worker's probes only when something can be seen: nextProbeEvent finds the first probe that
// fails (an Unhealthy event) or changes a result, from the probe schedule (firstMs + k × period)
// and the container's facts, jumping over stretches whose outcome cannot change; advanceProbes
// runs every probe up to an instant. A probe at the same millisecond as a kubelet step sees the
// pod as it was before that step (the kubelet runs the probes due first, then changes the pod).
import type { Container, Pod, Probe } from '../../api/types.ts';
import { type AppState, probeOutput } from './prober.ts';
import {
  type ContainerView,
  copyWorker,
  copyWorkerInto,
  doProbe,
  newOutcome,
  newWorker,
  type ProbeOutcome,
  type ProbeTiming,
  type ProbeType,
  type ProbeWorker,
  probeTime,
  type Result,
} from './worker.ts';

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
function workerOf(workers: readonly ProbeWorker[], index: number, probeType: ProbeType): ProbeWorker | undefined {
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

/** One probe a worker ran or skipped, with whether anything outside the worker changed. */
export interface ProbeRun {
  worker: number;
  t: number;
  out: ProbeOutcome;
  before: Result | null;
  /** The probe failed (an Unhealthy event) or its result changed something. */
  observable: boolean;
}

/**
 * observableOf: a failed probe records an Unhealthy event; a readiness result matters when
 * Ready flips for a running container; a startup Success sets `started` (a startup or liveness
 * Failure past its threshold comes from a failed probe, already observable).
 */
function observableOf(w: ProbeWorker, out: ProbeOutcome, before: Result | null, running: boolean): boolean {
  if (out.ran === 'Failure') return true;
  if (out.set === null || out.set === before) return false;
  if (w.probeType === 'readiness') return running && (before === 'Success') !== (out.set === 'Success');
  return w.probeType === 'startup' && out.set === 'Success';
}

/**
 * The container view, outcome and run that evaluate writes, reused: not engine state, each is
 * read before the next evaluate, and a run that can be seen is copied (keptRun). The probed
 * 10,000-replica rollout evaluates 120,000 probes (half of them looking ahead) and keeps 40,000
 * runs: a view, an AppState, an outcome and a run per probe were ~230 B each, ~28 MB of the
 * timed part's allocation.
 */
const view: ContainerView = { containerID: -1, running: false, startedAtMs: -1, started: false };
const scratch: ProbeRun = { worker: 0, t: 0, out: newOutcome(), before: null, observable: false };

/**
 * evaluate runs probe w.nextK of worker `i` (w is a copy the caller owns); `started` is its
 * container's `started` before the probes being run (a startup result is seen after its instant).
 * It returns the reused run (see above).
 */
function evaluate(w: ProbeWorker, i: number, f: ContainerFacts, started: boolean): ProbeRun {
  const t = probeTime(w, w.nextK);
  const before = w.result;
  view.containerID = f.id;
  view.running = f.id >= 0 && f.stoppedAtMs < 0;
  view.startedAtMs = f.startedAtMs;
  view.started = started;
  // The probe's answer as a value (probeResult of appAt, without the AppState): doProbe uses it
  // only when it probes.
  const result: Result = f.appReadyAtMs >= 0 && t >= f.appReadyAtMs && !f.neverReady ? 'Success' : 'Failure';
  const r = scratch;
  const out = doProbe(w, view, t, result, false, r.out);
  w.nextK++;
  if (!out.keepGoing) w.stopped = true;
  r.worker = i;
  r.t = t;
  r.before = before;
  r.observable = observableOf(w, out, before, view.running);
  return r;
}

/** keptRun is a copy of the reused run, for the runs advanceProbes returns. */
function keptRun(r: ProbeRun): ProbeRun {
  const o = r.out;
  const out: ProbeOutcome = { keepGoing: o.keepGoing, ran: o.ran, set: o.set, newContainer: o.newContainer, skipped: o.skipped, run: o.run };
  return { worker: r.worker, t: r.t, out, before: r.before, observable: r.observable };
}

/**
 * steadyUntil: after a probe that changed nothing outside the worker, until when the next probes
 * would do the same (ms), Infinity when nothing but a kubelet step can change it, or null when
 * the next probe may differ (a run of successes still below successThreshold is jumped over by
 * skipRun instead).
 */
function steadyUntil(w: ProbeWorker, r: ProbeRun, f: ContainerFacts): number | null {
  const { out } = r;
  if (out.newContainer) return null;
  if (out.skipped === 'initialDelay') return f.startedAtMs + w.timing.initialDelaySeconds * 1000;
  if (out.skipped !== null) return out.set !== null && out.set !== r.before ? null : Infinity;
  if (out.ran === 'Success') return w.resultRun >= w.timing.successThreshold && w.result === 'Success' ? Infinity : null;
  return null;
}

/** firstKAtOrAfter is the first probe index at or after time t. */
function firstKAtOrAfter(w: ProbeWorker, t: number): number {
  const periodMs = w.timing.periodSeconds * 1000;
  return Math.max(w.nextK, Math.ceil((t - w.firstMs) / periodMs));
}

/** skipTo moves the worker to probe k; a run of successes counts the probes it jumps over. */
function skipTo(w: ProbeWorker, k: number, r: ProbeRun): void {
  if (k <= w.nextK) return;
  if (r.out.ran === 'Success') w.resultRun += k - w.nextK;
  w.nextK = k;
}

/**
 * skipRun jumps over the successes a run still needs below successThreshold but one: the
 * application keeps answering while the container runs, so they all succeed.
 */
function skipRun(w: ProbeWorker, r: ProbeRun): void {
  if (r.out.ran !== 'Success' || r.out.skipped !== null) return;
  const need = w.timing.successThreshold - w.resultRun;
  if (need > 1) skipTo(w, w.nextK + need - 1, r);
}

/**
 * advanceProbes runs every probe due at or before `until` with the facts as they are, and returns
 * the workers after them and the runs that can be seen (in time order, then worker order).
 */
export function advanceProbes(ps: PodProbes, until: number): { ps: PodProbes; runs: readonly ProbeRun[] } {
  // Made at the first run that can be seen, as a one-element literal (an empty array's first push
  // allocates room for 17): 60,000 calls of the probed 10,000-replica rollout, 40,000 with a run.
  let runs: ProbeRun[] | null = null;
  // A loop, not map() with a closure: the workers are copied only once one of them probes, into
  // a packed array like addPod's (map's are holey, a second array class every reader then saw);
  // a slice of them all, of their exact length, where a slice up to the worker and pushes grew it
  // to room for 17.
  const all = ps.workers;
  let workers: ProbeWorker[] | null = null;
  for (let i = 0; i < all.length; i++) {
    const w0 = all[i] as ProbeWorker;
    if (w0.stopped || probeTime(w0, w0.nextK) > until) continue;
    workers ??= all.slice();
    const w = copyWorker(w0);
    const started = startedOf(ps, w.index);
    while (!w.stopped && probeTime(w, w.nextK) <= until) {
      const r = evaluate(w, i, ps.facts, started);
      if (r.observable) {
        if (runs === null) runs = [keptRun(r)];
        else runs.push(keptRun(r));
      }
      const steady = steadyUntil(w, r, ps.facts);
      const pastUntil = firstKAtOrAfter(w, until + 1);
      if (steady === Infinity) skipTo(w, pastUntil, r);
      else if (steady !== null) skipTo(w, Math.min(pastUntil, firstKAtOrAfter(w, steady)), r);
      else skipRun(w, r);
    }
    workers[i] = w;
  }
  if (runs === null) return { ps: workers !== null ? probesWith(ps, ps.gen, workers) : ps, runs: NO_RUNS };
  // One worker's runs are in time order already (most pods have one probe).
  if (runs.length > 1 && all.length > 1) runs.sort(byTimeThenWorker);
  return { ps: workers !== null ? probesWith(ps, ps.gen, workers) : ps, runs };
}

const NO_RUNS: readonly ProbeRun[] = Object.freeze([]);

function byTimeThenWorker(a: ProbeRun, b: ProbeRun): number {
  return a.t - b.t || a.worker - b.worker;
}

/** The worker nextObservableOf runs ahead on, reused (not engine state: written afresh per call). */
const ahead: ProbeWorker = newWorker('readiness', 0, '', { initialDelaySeconds: 0, periodSeconds: 1, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 1 }, 0);

/** nextObservableOf is the time of the worker's next probe that can be seen, or null. */
function nextObservableOf(ps: PodProbes, i: number): number | null {
  const w0 = ps.workers[i] as ProbeWorker;
  if (w0.stopped) return null;
  const f = ps.facts;
  const started = startedOf(ps, w0.index);
  const w = copyWorkerInto(ahead, w0);
  // Each pass either is the answer, jumps to a later stretch, or runs one probe of a success run
  // or a new container: a handful of passes per call.
  for (let pass = 0; pass < 64; pass++) {
    const r = evaluate(w, i, f, started);
    if (r.observable) return r.t;
    if (w.stopped) return null;
    const steady = steadyUntil(w, r, f);
    if (steady === Infinity) return null;
    if (steady !== null) skipTo(w, firstKAtOrAfter(w, steady), r);
    else skipRun(w, r);
  }
  return probeTime(w, w.nextK);
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

/**
 * nextProbeEvent is when the pod's prober next has something to show (ms), or null: the soonest
 * observable probe of its workers, or the moment one of its `containers` without a readiness
 * probe turns ready (its application answers and it has started) while its status (`statuses`,
 * the pod's containerStatuses by index) says it is not. The statuses, not a closure reading them:
 * one closure per plan was 2.4 MB of the probed 10,000-replica rollout (60,000 plans).
 */
export function nextProbeEvent(ps: PodProbes, now: number, containers: number, statuses: readonly { ready: boolean }[] | undefined): number | null {
  let best: number | null = null;
  for (let i = 0; i < ps.workers.length; i++) {
    const t = nextObservableOf(ps, i);
    if (t !== null && (best === null || t < best)) best = t;
  }
  const f = ps.facts;
  if (f.id >= 0 && f.stoppedAtMs < 0 && f.appReadyAtMs >= 0) {
    for (let index = 0; index < containers; index++) {
      if (hasReadinessWorker(ps, index) || statuses?.[index]?.ready === true || !startedOf(ps, index)) continue;
      const at = Math.max(now, f.appReadyAtMs);
      if (best === null || at < best) best = at;
      break;
    }
  }
  return best;
}

function hasReadinessWorker(ps: PodProbes, index: number): boolean {
  return workerOf(ps.workers, index, 'readiness') !== undefined;
}

/** outputOf is the failed probe's output, for its Unhealthy event. */
export function outputOf(pod: Pod, w: ProbeWorker, f: ContainerFacts, t: number, podIP: string): string {
  const p = probeOf(pod, w);
  const c = pod.spec.containers[w.index];
  return p && c ? probeOutput(p, c, podIP, appAt(f, t)) : '';
}
