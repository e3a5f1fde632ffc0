// Port of k8s.io/endpointslice util/trigger_time_tracker.go (kubernetes-1.36.3, staging mirror
// commit 810be24): the endpoints.kubernetes.io/last-change-trigger-time value, as a pure step
// over the tracker's per-Service state.
import type { EndpointPod, EndpointService } from '../api/discoveryTypes.ts';
import { parseRFC3339 } from '../lib/time.ts';
import { getPodReadyCondition } from './controllerUtils.ts';

/** What the tracker remembers of one Service from its previous sync. */
export interface ServiceTriggerState {
  /** The Service trigger time seen last (its creationTimestamp). */
  lastServiceTriggerTime?: string;
  /** Pod name → the Ready condition's lastTransitionTime seen last (never changed once made). */
  lastPodTriggerTimes: ReadonlyMap<string, string>;
}

const NO_TIMES: ReadonlyMap<string, string> = new Map();

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
): { triggerTime: string | undefined; state: ServiceTriggerState } {
  const prevTimes = state?.lastPodTriggerTimes ?? NO_TIMES;
  let min: string | undefined;
  // A Map, not a record: 10,000 pod names made a dictionary-mode object on every sync.
  const podTimes = new Map<string, string>();
  for (const pod of pods) {
    const t = getPodReadyCondition(pod)?.lastTransitionTime;
    if (!t) continue;
    const name = pod.metadata.name;
    podTimes.set(name, t);
    if (after(t, prevTimes.get(name))) min = earlier(min, t);
  }
  const svcTime = service.metadata.creationTimestamp;
  if (svcTime && after(svcTime, state?.lastServiceTriggerTime)) min = earlier(min, svcTime);
  const next: ServiceTriggerState = { lastPodTriggerTimes: podTimes };
  if (svcTime) next.lastServiceTriggerTime = svcTime;
  if (state === undefined) return { triggerTime: svcTime, state: next };
  return { triggerTime: min, state: next };
}
