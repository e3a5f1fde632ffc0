/**
 * The kubelet's side of its prober (kubelet/prober/): it starts a pod's workers when it accepts
 * the pod, tells them when a container starts or stops, runs the probes due before each step it
 * takes on the pod, and turns what the probes show into writes: an Unhealthy Event for each
 * failed probe, the containers' `ready` and `started` and the pod's Ready condition
 * (statusManager.SetContainerReadiness / SetContainerStartup), and a container kill after a
 * liveness or startup failure (kuberuntime_manager.go computePodActions). Pods without probes
 * never reach this file: they cost nothing.
 */
import { decide } from '../api/decision.ts';
import type { ContainerStatus, Pod } from '../api/types.ts';
import { nextFloat } from '../lib/prng.ts';
import { isNodeReady } from '../lib/scheduling.ts';
import { parseRFC3339 } from '../lib/time.ts';
import type { SimEvent } from '../client/events.ts';
import { kubeletRecorder, note, recordEvent, schedule, type Tx } from '../client/tx.ts';
import { containerFieldPath } from './containerEvents.ts';
import { killingMessage, probeTypeString } from './prober/prober.ts';
import { unhealthyOf } from './prober/unhealthy.ts';
import type { ProbeWorker } from './prober/worker.ts';
import { advanceProbes, nextProbeEvent, type ProbeRun } from './prober/probeRuns.ts';
import {
  addPod,
  type ContainerFacts,
  hasProbes,
  type PodProbes,
  podProbes,
  probeOf,
  probesWith,
  readyOf,
  startedOf,
  triggerReadiness,
} from './prober/proberManager.ts';
import { containerStatuses, podConditions, podIP, setStatus } from './status.ts';
import { killPlan, preStopOf } from './termination.ts';

/** proberAccept is AddPod at the kubelet's first sync of the pod; the jitter comes from the PRNG. */
export function proberAccept(tx: Tx, pod: Pod, podKey: string): void {
  if (!hasProbes(pod)) return;
  const node = tx.st.store.objects.Node.get(pod.spec.nodeName ?? '');
  const started = parseRFC3339(node?.metadata.creationTimestamp);
  const kubeletStartMs = Number.isNaN(started) ? 0 : started;
  const ps = addPod(pod, tx.now, kubeletStartMs, (periodMs) => Math.floor(nextFloat(tx.st.prng) * periodMs));
  tx.st.probes.set(podKey, ps);
  for (const w of ps.workers) {
    decide(tx.decisions, 'addPod', w.firstMs > tx.now ? 'workerJitter' : 'worker', {
      pod: pod.metadata.name,
      container: w.container,
      probe: w.probeType,
      period: w.timing.periodSeconds,
      delay: w.timing.initialDelaySeconds,
      first: w.firstMs / 1000,
      jitterMs: w.firstMs - tx.now,
      kubeletAge: (tx.now - kubeletStartMs) / 1000,
    });
  }
}

/** proberOf is the pod's prober state when it has probes and is this pod (its uid). */
export function proberOf(tx: Tx, podKey: string, uid: string): PodProbes | undefined {
  const ps = tx.st.probes.get(podKey);
  return ps && ps.uid === uid ? ps : undefined;
}

/**
 * proberRunDue runs the probes due up to now with the pod as it was before this instant's step
 * and writes what they show; the caller changes the pod next and then calls proberReschedule.
 */
export function proberRunDue(tx: Tx, pod: Pod, podKey: string, ps: PodProbes): PodProbes {
  const { ps: next, runs } = advanceProbes(ps, tx.now);
  tx.st.probes.set(podKey, next);
  return runs.length === 0 ? next : applyRuns(tx, pod, podKey, next, runs);
}

/** A probe event (sim/dispatch.ts hands kubeletProbe the one it runs). */
export type ProbeEvent = Extract<SimEvent, { type: 'probe' }>;

/**
 * proberReschedule plans the pod's next probe event: a new generation, so that any older one is
 * dropped. `fired` is the probe event this tick runs, when it is of ps0's generation (ps0 then is
 * the stored state): it has left the queue, so the next event can take its generation, and its
 * object (a value), without a copy of the pod's probes: 40,000 of the probed 10,000-replica
 * rollout's 60,000 plans, each a PodProbes, a Map.set and an event of 56 B.
 */
export function proberReschedule(tx: Tx, pod: Pod, podKey: string, ps0: PodProbes, fired: ProbeEvent | null = null): void {
  const again = fired !== null && fired.gen === ps0.gen && fired.uid === ps0.uid && fired.podKey === podKey;
  const ps = again ? ps0 : probesWith(ps0, ps0.gen + 1, ps0.workers);
  if (!again) tx.st.probes.set(podKey, ps);
  const at = nextProbeEvent(ps, tx.now, pod.spec.containers.length, pod.status?.containerStatuses);
  if (at !== null) schedule(tx, at, again ? fired : { type: 'probe', podKey, uid: ps.uid, gen: ps.gen });
}

/**
 * proberStarted: a new container instance runs from now; its application answers from
 * appReadyAtMs (-1: never). The instance number is the containers' restart count.
 */
export function proberStarted(tx: Tx, podKey: string, ps: PodProbes, appReadyAtMs: number, neverReady: boolean): PodProbes {
  const facts: ContainerFacts = { id: ps.facts.id + 1, startedAtMs: tx.now, appReadyAtMs, neverReady, stoppedAtMs: -1 };
  const started = podProbes(ps.uid, ps.gen, facts, ps.workers, null);
  // The sync that sees the new container runs the readiness probes at once.
  const next = triggerReadiness(started, tx.now);
  tx.st.probes.set(podKey, next);
  return next;
}

/** proberStopped: the container instance stopped now (it crashed or a kill ended it). */
export function proberStopped(tx: Tx, podKey: string, ps: PodProbes): PodProbes {
  const f = ps.facts;
  const facts: ContainerFacts = { id: f.id, startedAtMs: f.startedAtMs, appReadyAtMs: f.appReadyAtMs, neverReady: f.neverReady, stoppedAtMs: tx.now };
  const next = podProbes(ps.uid, ps.gen, facts, ps.workers, null);
  tx.st.probes.set(podKey, next);
  return next;
}

/** proberTerminating is StopLivenessAndStartup: a terminating pod keeps only its readiness probes. */
export function proberTerminating(tx: Tx, pod: Pod, podKey: string, ps0: PodProbes): void {
  const ps = proberRunDue(tx, pod, podKey, ps0);
  // The workers are copied only when one stops: a pod with a readiness probe alone (each of the
  // probed 10,000-replica rollout's old pods) keeps its own.
  let workers: ProbeWorker[] | null = null;
  for (let i = 0; i < ps.workers.length; i++) {
    const w = ps.workers[i] as ProbeWorker;
    if (w.probeType === 'readiness' || w.stopped) continue;
    workers ??= ps.workers.slice();
    workers[i] = { ...w, stopped: true };
  }
  proberReschedule(tx, pod, podKey, workers !== null ? probesWith(ps, ps.gen, workers) : ps);
}

/**
 * probeStatus is the pod's status with each container's `ready` and `started` as the probe
 * results say (UpdatePodStatus), or null when nothing changed.
 */
export function probeStatus(tx: Tx, pod: Pod, ps: PodProbes): Pod['status'] | null {
  if (!probeStatusChanges(pod, ps, tx.now)) return null;
  let all = true;
  const statuses = containerStatuses(pod, (c, prev) => {
    const i = pod.spec.containers.findIndex((x) => x.name === c.name);
    const ready = readyOf(ps, i, tx.now);
    const started = startedOf(ps, i);
    all &&= ready;
    if (prev && prev.ready === ready && prev.started === started) return prev;
    return { ...(prev as ContainerStatus), ready, started };
  });
  return { ...pod.status, conditions: podConditions(pod, tx.nowIso, true, all), containerStatuses: statuses };
}

/**
 * probeStatusChanges: some container's `ready` or `started` differs from what the probes say (or
 * it has no status yet), read without building anything. Most probe ticks change nothing (a
 * failure before the application answers): 60,000 of them in a 10,000-replica rollout.
 */
function probeStatusChanges(pod: Pod, ps: PodProbes, now: number): boolean {
  const containers = pod.spec.containers;
  const statuses = pod.status?.containerStatuses;
  for (let i = 0; i < containers.length; i++) {
    const name = (containers[i] as { name: string }).name;
    const at = statuses?.[i];
    const prev = at?.name === name ? at : statuses?.find((x) => x.name === name);
    if (!prev || prev.ready !== readyOf(ps, i, now) || prev.started !== startedOf(ps, i)) return true;
  }
  return false;
}

function statusReady(s: Pod['status']): boolean {
  return s?.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
}

/** writeProbeStatus writes probeStatus when it changed, and says so when the pod's Ready flips. */
function writeProbeStatus(tx: Tx, pod: Pod, podKey: string, ps: PodProbes): void {
  const status = probeStatus(tx, pod, ps);
  if (!status) return;
  setStatus(tx, pod, status, podKey);
  const ready = statusReady(status);
  if (ready !== statusReady(pod.status)) note(tx, ready ? 'ready' : 'probeNotReady', { pod: pod.metadata.name });
}

/** applyRuns records what the probes showed: Events, the status, a kill. */
function applyRuns(tx: Tx, pod: Pod, podKey: string, ps0: PodProbes, runs: readonly ProbeRun[]): PodProbes {
  let ps = ps0;
  const name = pod.metadata.name;
  let kill: ProbeRun | null = null;
  // Index loops, not for-of and some() with a closure: for-of wraps the body in a handler, and
  // the optimised code of this function (decide, note, the Unhealthy message and the status
  // write inlined in it) was ~67 M instructions to compile in the 300-replica run.
  let startupSucceeded = false;
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i] as ProbeRun;
    const w = ps.workers[r.worker];
    if (!w) continue;
    // Literals, not spreads of one `values` that gain keys: a spread that adds keys takes V8's slow
    // path, and a 10,000-replica probed rollout writes 30,000 of these.
    const time = r.t / 1000;
    if (r.out.ran === 'Failure') {
      const { output, message } = unhealthyOf(pod, podKey, w, ps.facts, r.t, pod.status?.podIP ?? podIP(pod));
      recordEvent(tx, pod, 'Warning', 'Unhealthy', message, 'kubelet', 'clock', containerFieldPath(w.container));
      decide(tx.decisions, 'doProbe', 'failed', { pod: name, container: w.container, probe: w.probeType, run: r.out.run, time, threshold: w.timing.failureThreshold, output });
      note(tx, 'probeFailed', { pod: name, probe: probeTypeString(w.probeType) });
    }
    if (r.out.set === null || r.out.set === r.before) continue;
    if (r.out.set === 'Failure' && w.probeType !== 'readiness' && r.out.ran === 'Failure') kill ??= r;
    if (w.probeType === 'readiness') {
      const ready = r.out.set === 'Success';
      const threshold = ready ? w.timing.successThreshold : w.timing.failureThreshold;
      decide(tx.decisions, 'doProbe', ready ? 'ready' : 'notReady', { pod: name, container: w.container, probe: w.probeType, run: r.out.run, time, threshold });
    } else if (w.probeType === 'startup' && r.out.set === 'Success') {
      decide(tx.decisions, 'doProbe', 'started', { pod: name, container: w.container, probe: w.probeType, run: r.out.run, time });
      note(tx, 'startupSucceeded', { pod: name, container: w.container });
      // A Success that differs from before: what the some() this flag replaces asked.
      startupSucceeded = true;
    }
  }
  // A startup success is a sync: the container's readiness probes run at once.
  if (startupSucceeded) {
    ps = triggerReadiness(ps, tx.now);
    tx.st.probes.set(podKey, ps);
  }
  writeProbeStatus(tx, pod, podKey, ps);
  if (kill && !ps.killing && !pod.metadata.deletionTimestamp) ps = startKill(tx, pod, podKey, ps, kill);
  return ps;
}

/**
 * startKill kills the container after a liveness or startup failure, with the probe's own
 * terminationGracePeriodSeconds or the pod's, its preStop hook first: a Killing Event, then the
 * container exits (the `exited` step) and is started again.
 */
function startKill(tx: Tx, pod: Pod, podKey: string, ps: PodProbes, r: ProbeRun): PodProbes {
  const w = ps.workers[r.worker];
  const c = w ? pod.spec.containers[w.index] : undefined;
  if (!w || !c || w.probeType === 'readiness') return ps;
  const probe = probeOf(pod, w);
  const grace = probe?.terminationGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds ?? 30;
  const plan = killPlan(c.name, grace, preStopOf(c, () => preStopMs(tx, c.image)), Math.round(tx.st.config.terminationSeconds * 1000));
  recordEvent(tx, pod, 'Normal', 'Killing', killingMessage(c.name, w.probeType), 'kubelet', 'clock', containerFieldPath(c.name));
  decide(tx.decisions, 'killContainer', 'probe', {
    pod: pod.metadata.name,
    container: c.name,
    probe: w.probeType,
    failures: r.out.run,
    threshold: w.timing.failureThreshold,
    grace,
  });
  explainPlan(tx, pod.metadata.name, plan);
  note(tx, 'probeKill', { pod: pod.metadata.name, container: c.name, probe: probeTypeString(w.probeType) });
  const uid = pod.metadata.uid ?? '';
  if (plan.preStop) schedule(tx, tx.now + plan.sigtermMs, { type: 'kubelet', podKey, uid, step: 'sigterm' });
  schedule(tx, tx.now + plan.exitMs, { type: 'kubelet', podKey, uid, step: 'exited' });
  const next = podProbes(ps.uid, ps.gen, ps.facts, ps.workers, { id: ps.facts.id, container: c.name, sigkill: plan.sigkill });
  tx.st.probes.set(podKey, next);
  return next;
}

/** preStopMs draws how long an image's exec or httpGet preStop hook runs (the image behaviour's preStopSeconds). */
export function preStopMs(tx: Tx, image: string): number {
  const imgs = tx.st.config.images;
  const b = Object.hasOwn(imgs, image) ? imgs[image] : imgs.default;
  const spec = b?.preStopSeconds ?? 0;
  if (typeof spec === 'number') return Math.round(spec * 1000);
  const [lo, hi] = spec;
  return Math.round((lo + (hi - lo) * nextFloat(tx.st.prng)) * 1000);
}

/** explainPlan records how a container's stop is timed: the hook, SIGTERM, the exit or SIGKILL. */
export function explainPlan(tx: Tx, pod: string, plan: ReturnType<typeof killPlan>): void {
  // Literals, not spreads of a shared base that gain keys (V8's slow copy, once per pod deleted).
  const container = plan.container;
  const grace = plan.graceSeconds;
  if (plan.preStop) {
    decide(tx.decisions, 'killContainer', plan.preStop.ms >= plan.graceSeconds * 1000 ? 'preStopCut' : 'preStop', {
      pod,
      container,
      grace,
      hook: plan.preStop.kind,
      hookSeconds: plan.preStop.ms / 1000,
      sigterm: plan.sigtermMs / 1000,
      left: plan.stopSeconds,
    });
  }
  decide(tx.decisions, 'killContainer', plan.sigkill ? 'sigkill' : 'exits', {
    pod,
    container,
    grace,
    exitSeconds: tx.st.config.terminationSeconds,
    left: plan.stopSeconds,
    stop: plan.exitMs / 1000,
  });
}

/**
 * kubeletProbe runs the pod's probes due now: a `probe` event of the current generation (`fired`),
 * or the kubelet's `ready` step of a pod with probes (null).
 */
export function kubeletProbe(tx: Tx, podKey: string, uid: string, fired: ProbeEvent | null = null): void {
  const pod = tx.st.store.objects.Pod.get(podKey);
  const ps0 = proberOf(tx, podKey, uid);
  if (pod?.kind !== 'Pod' || pod.metadata.uid !== uid || !ps0) {
    tx.st.probes.delete(podKey);
    note(tx, 'podGone', { pod: podKey });
    return;
  }
  tx.actor = kubeletRecorder(pod.spec.nodeName ?? '');
  const node = tx.st.store.objects.Node.get(pod.spec.nodeName ?? '');
  if (node?.kind === 'Node' && !isNodeReady(node)) {
    // An unreachable kubelet reports nothing; the node's recovery runs the probes again.
    note(tx, 'nodeNotReadyWaits', { node: node.metadata.name, pod: pod.metadata.name });
    return;
  }
  const { ps, runs } = advanceProbes(ps0, tx.now);
  tx.st.probes.set(podKey, ps);
  // applyRuns ends by writing the probes' status; nothing else changes the pod meanwhile (a
  // status write of the pod just read cannot fail), so a second writeProbeStatus would find
  // nothing to change: 2,388 of them in the 300-replica StatefulSet run, each reading the pod's
  // container statuses again. Without runs, a container without a readiness probe may turn
  // ready now that its application answers: the status is written here.
  // applyRuns gives the probes as it stored them last (no second look-up of them).
  let last = ps;
  if (runs.length > 0) last = applyRuns(tx, pod, podKey, ps, runs);
  else writeProbeStatus(tx, pod, podKey, ps);
  if (tx.notes.length === 0) note(tx, 'probesPassed', { pod: pod.metadata.name });
  proberReschedule(tx, tx.st.store.objects.Pod.get(podKey) as Pod, podKey, last, fired);
}
