// The prober's probe runs (kubelet/prober/ of Kubernetes v1.36: each worker's doProbe on its
// ticker). The workers do not tick. A probe whose result changes nothing (the application
// answered, the container is still in its initial delay, …) writes nothing and needs no tick, so
// the prober runs a worker's probes only when something can be seen: nextProbeEvent finds the
// first probe that fails (an Unhealthy event) or changes a result, from the probe schedule
// (firstMs + k × period) and the container's facts, jumping over stretches whose outcome cannot
// change; advanceProbes runs every probe up to an instant. A probe at the same millisecond as a
// kubelet step sees the pod as it was before that step (the kubelet runs the probes due first,
// then changes the pod).
import { type ContainerFacts, type PodProbes, probesWith, startedOf, workerOf } from './proberManager.ts';
import {
  type ContainerView,
  copyWorker,
  copyWorkerInto,
  doProbe,
  newOutcome,
  newWorker,
  type ProbeOutcome,
  type ProbeWorker,
  probeTime,
  type Result,
} from './worker.ts';

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
