// Not a port: a memo of stateful_set_utils.go's pod predicates, by pod object (issue 23).
/**
 * A sync of a 1,000-replica set asked each pod its ordinal, parent, phase, Ready condition,
 * deletion and revision label five or six times (member filter, slots, unavailability,
 * processReplica, the status recount, the rolling-update scan): ~6,000 calls and name-map
 * lookups per sync, 7,000 syncs per rollout. The answers depend on the pod object alone (API
 * objects are never changed in place: a write stores a new object), so the member layout
 * (replicaSlots.ts) reads them once when a pod version arrives and keeps them beside the pod
 * while it is current; availability, the one time-dependent predicate, keeps the Ready
 * transition time and is decided per call. Every answer is the function's own (see the test).
 * Not kept per pod object in a WeakMap: a recording holds every pod version, and their facts
 * with them (~100 B a tick of the 1,000-replica run).
 */
import { type StatefulPod, StatefulSetPodNameLabel, StatefulSetRevisionLabel } from '../../api/statefulTypes.ts';
import { parseRFC3339 } from '../../lib/time.ts';
import { parsedName } from './statefulSetUtils.ts';

export interface PodFacts {
  /** getParentNameAndOrdinal. */
  readonly parent: string;
  readonly ordinal: number;
  /**
   * identityMatches without the set: a valid ordinal, the name exactly `${parent}-${ordinal}`,
   * and the pod-name label equal to the name; the caller compares parent and namespace.
   */
  readonly ownIdentity: boolean;
  /** metadata.namespace ?? '' (identityMatches compares it with the set's, same default). */
  readonly namespace: string;
  readonly created: boolean;
  readonly failed: boolean;
  readonly succeeded: boolean;
  readonly pending: boolean;
  readonly terminating: boolean;
  readonly runningAndReady: boolean;
  /** The Ready condition's status is True (isRunningAndAvailable does not look at the phase). */
  readonly readyTrue: boolean;
  /**
   * The Ready condition's lastTransitionTime as the pod has it, read as ms only where a
   * minReadySeconds asks (available): parsing it for each pod version cost ~1 % of the
   * 1,000-replica update, where minReadySeconds is 0 (issue 23).
   */
  readonly readySince: string | undefined;
  /** getPodRevision. */
  readonly revision: string;
}

/**
 * podFacts: the pod's predicates, read from the object: its name parsed once, its phase, its
 * deletion and its Ready condition read once each (the predicates' own definitions, inlined: each
 * asked for the phase again, and two parsed the name). Besides the work, the optimising
 * compiler's graph of this function, which had every predicate and the name parse inlined twice,
 * shrinks: its two compilations were ~113 M of the 300-replica run's instructions (callgrind,
 * a dump per compilation).
 */
export function podFacts(pod: StatefulPod): PodFacts {
  const name = pod.metadata.name;
  const parsed = parsedName(name);
  const { parent, ordinal } = parsed.pair;
  const status = pod.status;
  const phase = status?.phase ?? '';
  // readyCondition: the first Ready condition (an index loop: for-of wraps its body in a handler).
  let ready: { status: string; lastTransitionTime?: string } | undefined;
  const conditions = status?.conditions;
  if (conditions !== undefined) {
    for (let i = 0; i < conditions.length; i++) {
      const c = conditions[i] as { type: string; status: string; lastTransitionTime?: string };
      if (c.type === 'Ready') {
        ready = c;
        break;
      }
    }
  }
  const readyTrue = ready?.status === 'True';
  const labels = pod.metadata.labels;
  return {
    parent,
    ordinal,
    // isCanonicalPodName is the memoised `name === ${parent}-${ordinal}` (the name not built again).
    ownIdentity: ordinal >= 0 && parsed.canonical && labels?.[StatefulSetPodNameLabel] === name,
    namespace: pod.metadata.namespace ?? '',
    // isCreated, isFailed, isSucceeded, isPending, isTerminating, isRunningAndReady, getPodRevision.
    created: phase !== '',
    failed: phase === 'Failed',
    succeeded: phase === 'Succeeded',
    pending: phase === 'Pending',
    terminating: pod.metadata.deletionTimestamp !== undefined,
    runningAndReady: phase === 'Running' && readyTrue,
    readyTrue,
    readySince: ready?.lastTransitionTime,
    revision: labels?.[StatefulSetRevisionLabel] ?? '',
  };
}

/**
 * available is isRunningAndAvailable from the facts: Ready True, and minReadySeconds 0 or the
 * transition strictly before now − minReadySeconds (Ready at 10 s, 5 s: available from 15.001 s).
 */
export function available(f: PodFacts, minReadySeconds: number, nowMs: number): boolean {
  if (!f.readyTrue) return false;
  if (minReadySeconds === 0) return true;
  // parseRFC3339 is NaN for an absent or empty time: never available then.
  return parseRFC3339(f.readySince) + minReadySeconds * 1000 < nowMs;
}

/** identity is identityMatches(set, pod) from the facts. */
export function identity(f: PodFacts, set: { metadata: { name: string; namespace?: string } }): boolean {
  return f.ownIdentity && f.parent === set.metadata.name && f.namespace === (set.metadata.namespace ?? '');
}

/** unavailable is isUnavailable from the facts: not available, or terminating. */
export function unavailable(f: PodFacts, minReadySeconds: number, nowMs: number): boolean {
  return !available(f, minReadySeconds, nowMs) || f.terminating;
}

/**
 * quietReplica: processReplica would return "go on" for this created replica without a decision
 * or a write, when the set has no volumeClaimTemplates (so no claim to create, fix or compare,
 * and storage matches). Not Failed or Succeeded, created, identity in place, and under
 * OrderedReady not terminating, Running and Ready, and available. A Pending pod under Parallel
 * passes too: its claim steps have nothing to do without templates.
 */
export function quietReplica(
  f: PodFacts,
  set: { metadata: { name: string; namespace?: string } },
  monotonic: boolean,
  minReadySeconds: number,
  nowMs: number,
): boolean {
  if (f.failed || f.succeeded || !f.created) return false;
  if (monotonic && (f.terminating || !f.runningAndReady || !available(f, minReadySeconds, nowMs))) return false;
  return identity(f, set);
}
