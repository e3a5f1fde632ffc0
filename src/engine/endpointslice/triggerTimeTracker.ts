// Port of k8s.io/endpointslice util/trigger_time_tracker.go (kubernetes-1.36.3, staging mirror
// commit 810be24): the endpoints.kubernetes.io/last-change-trigger-time value, as a pure step
// over the tracker's per-Service state.
import type { EndpointPod, EndpointService } from '../api/discoveryTypes.ts';
import { parseRFC3339 } from '../lib/time.ts';
import { getPodReadyCondition } from './controllerUtils.ts';

/**
 * What the tracker remembers of one Service from its previous sync: the pods it was given
 * (upstream keeps pod name → Ready lastTransitionTime; the pods hold exactly that, and keeping
 * the list costs nothing where a 10,000-entry map cost a build every sync).
 */
export interface ServiceTriggerState {
  /** The Service trigger time seen last (its creationTimestamp). */
  lastServiceTriggerTime?: string;
  /** The pods of the last sync; a pod's trigger time is its Ready condition's lastTransitionTime. */
  lastPods: readonly EndpointPod[];
  /** lastPods are in strictly increasing name order (what the endpoint controllers list). */
  sorted: boolean;
}

/**
 * ListDelta: the pods whose objects differ between two pod lists (prev older), by name, or
 * undefined when unknown; the endpoint controllers pass the pod index's (endpointPodIndex.ts).
 */
export type ListDelta = (prev: readonly EndpointPod[], next: readonly EndpointPod[], limit: number) => readonly { old: EndpointPod | undefined; cur: EndpointPod | undefined }[] | undefined;

const readyTime = (pod: EndpointPod): string | undefined => getPodReadyCondition(pod)?.lastTransitionTime || undefined;

/** Lists already found in name order (both endpoint controllers get the same list a tick; lists are never changed). */
const SORTED_LISTS = new WeakSet<readonly EndpointPod[]>();

/** markStrictlyByName: the caller built the list in strictly increasing name order (the pod index's lists). */
export function markStrictlyByName(pods: readonly EndpointPod[]): void {
  SORTED_LISTS.add(pods);
}

export function strictlyByName(pods: readonly EndpointPod[]): boolean {
  if (SORTED_LISTS.has(pods)) return true;
  for (let i = 1; i < pods.length; i++) if (!((pods[i - 1] as EndpointPod).metadata.name < (pods[i] as EndpointPod).metadata.name)) return false;
  SORTED_LISTS.add(pods);
  return true;
}

/**
 * forEachPodChange calls visit(old, cur) for each pod whose object differs between two lists in
 * strictly increasing name order (old and cur: the same name's two objects; undefined: absent from
 * that list), and stops with false as soon as visit does. The changes come from the pod index's
 * delta when it has one within `limit` (~800 pods a sync of 11,000), else from walking both lists
 * side by side, where the very pod object in the same place (most pods of most syncs) is skipped
 * without comparing names.
 */
export function forEachPodChange(
  old: readonly EndpointPod[],
  pods: readonly EndpointPod[],
  delta: ListDelta | undefined,
  limit: number,
  visit: (old: EndpointPod | undefined, cur: EndpointPod | undefined) => boolean,
): boolean {
  const changes = delta?.(old, pods, limit);
  if (changes !== undefined) {
    for (const c of changes) if (c.old !== c.cur && !visit(c.old, c.cur)) return false;
    return true;
  }
  let i = 0;
  let j = 0;
  while (i < old.length || j < pods.length) {
    const a = old[i];
    const b = pods[j];
    if (a === b) {
      i++;
      j++;
    } else if (b === undefined || (a !== undefined && a.metadata.name < b.metadata.name)) {
      if (!visit(a, undefined)) return false;
      i++;
    } else if (a === undefined || b.metadata.name < a.metadata.name) {
      if (!visit(undefined, b)) return false;
      j++;
    } else {
      if (!visit(a, b)) return false;
      i++;
      j++;
    }
  }
  return true;
}

/** lastTimesByName: the previous sync's pod name → trigger time (a later pod of one name wins, as a map assignment does). */
function lastTimesByName(pods: readonly EndpointPod[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const pod of pods) {
    const t = readyTime(pod);
    if (t) out.set(pod.metadata.name, t);
  }
  return out;
}

const NO_PODS: readonly EndpointPod[] = [];

/** RFC 3339 strings parsed once each (a few hundred distinct seconds a run; not engine state). */
const PARSED = new Map<string, number>();

function ms(t: string): number {
  let v = PARSED.get(t);
  if (v === undefined) {
    v = parseRFC3339(t);
    PARSED.set(t, v);
  }
  return v;
}

function after(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined) return false;
  if (b === undefined) return true;
  return a !== b && ms(a) > ms(b);
}

function earlier(currentMin: string | undefined, t: string): string {
  return currentMin === undefined || ms(t) < ms(currentMin) ? t : currentMin;
}

/**
 * computeEndpointLastChangeTriggerTime returns the trigger time for this sync and the Service's
 * next state. A Service seen for the first time gets its creationTimestamp; afterwards the
 * earliest of the pods' Ready transitions (and the Service's creation) that moved since the last
 * sync, or undefined (no annotation) when none moved. E.g. pods becoming Ready at 31 s and 32 s
 * between two syncs give 31 s. Upstream warns it can be wrong when one object changes twice
 * between syncs; so is this port.
 */
export function computeEndpointLastChangeTriggerTime(
  state: ServiceTriggerState | undefined,
  service: EndpointService,
  pods: readonly EndpointPod[],
  delta?: ListDelta,
): { triggerTime: string | undefined; state: ServiceTriggerState } {
  const m = last;
  const svcTime = service.metadata.creationTimestamp;
  if (m !== undefined && m.pods === pods && m.svcTime === svcTime && sameState(m.state, state)) return { triggerTime: m.triggerTime, state: m.next };
  const r = compute(state, service, pods, delta);
  last = { state, svcTime, pods, triggerTime: r.triggerTime, next: r.state };
  return r;
}

/**
 * The last answer (a memo, not engine state). The two endpoint controllers each keep a tracker
 * and often sync a Service at the same tick over the same pod list after the same previous one
 * (130 of the 293 syncs of a 10,000-replica rollout): the second gets the first's answer.
 */
let last: { state: ServiceTriggerState | undefined; svcTime: string | undefined; pods: readonly EndpointPod[]; triggerTime: string | undefined; next: ServiceTriggerState } | undefined;

function sameState(a: ServiceTriggerState | undefined, b: ServiceTriggerState | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.lastPods === b.lastPods && a.sorted === b.sorted && a.lastServiceTriggerTime === b.lastServiceTriggerTime;
}

function compute(
  state: ServiceTriggerState | undefined,
  service: EndpointService,
  pods: readonly EndpointPod[],
  delta: ListDelta | undefined,
): { triggerTime: string | undefined; state: ServiceTriggerState } {
  const sorted = strictlyByName(pods);
  let min: string | undefined;
  const prev = state?.lastPods ?? NO_PODS;
  const changes = state !== undefined && delta !== undefined ? delta(prev, pods, pods.length >>> 2) : undefined;
  if (changes !== undefined) {
    // Only the pods whose objects differ can have moved: the walk's answer from the changes alone.
    for (const c of changes) {
      if (c.cur === undefined || c.cur === c.old) continue;
      const t = readyTime(c.cur);
      if (t && after(t, c.old === undefined ? undefined : readyTime(c.old))) min = earlier(min, t);
    }
  } else if (sorted && (state === undefined || state.sorted)) {
    // Both lists in name order: walk them together. A pod that is the very object seen last
    // time has the same trigger time (after(t, t) is false), so only changed pods are compared.
    let j = 0;
    for (const pod of pods) {
      if (j < prev.length && prev[j] === pod) {
        // The same object in the same place: its time has not moved (most pods of most syncs).
        j++;
        continue;
      }
      const name = pod.metadata.name;
      while (j < prev.length && (prev[j] as EndpointPod).metadata.name < name) j++;
      const was = j < prev.length && (prev[j] as EndpointPod).metadata.name === name ? (prev[j] as EndpointPod) : undefined;
      if (was !== undefined) j++;
      if (was === pod) continue;
      const t = readyTime(pod);
      if (t && after(t, was === undefined ? undefined : readyTime(was))) min = earlier(min, t);
    }
  } else {
    const times = lastTimesByName(prev);
    for (const pod of pods) {
      const t = readyTime(pod);
      if (t && after(t, times.get(pod.metadata.name))) min = earlier(min, t);
    }
  }
  const svcTime = service.metadata.creationTimestamp;
  if (svcTime && after(svcTime, state?.lastServiceTriggerTime)) min = earlier(min, svcTime);
  const next: ServiceTriggerState = { lastPods: pods, sorted };
  if (svcTime) next.lastServiceTriggerTime = svcTime;
  if (state === undefined) return { triggerTime: svcTime, state: next };
  return { triggerTime: min, state: next };
}
