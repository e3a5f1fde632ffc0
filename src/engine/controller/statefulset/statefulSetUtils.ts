// Port of kubernetes pkg/controller/statefulset/stateful_set_utils.go (v1.36): identity, ordinals,
// storage, pod predicates and pod construction. Go mutates pods in place; these return new pods.
import {
  PodIndexLabel,
  type PersistentVolumeClaim,
  type StatefulPod,
  type StatefulSet,
  StatefulSetPodNameLabel,
  StatefulSetRevisionLabel,
  type Volume,
} from '../../api/statefulTypes.ts';
import { newControllerRef as newOwnerRef } from '../../api/ownerRefs.ts';
import type { IntOrString, OwnerReference } from '../../api/types.ts';
import { getScaledValueFromIntOrPercent } from '../../lib/intstr.ts';
import { parseRFC3339 } from '../../lib/time.ts';
import { spreadWith } from './spreadWith.ts';

/** A pod name ends in `-<digits>`; the rest is the parent's name (statefulPodRegex). */
const statefulPodRegex = /^(.*)-([0-9]+)$/;
const MaxInt32 = 2147483647;

/**
 * getParentNameAndOrdinal splits `web-2` into ("web", 2). A name that does not match, or whose
 * digits overflow an int32 (`web-2147483648`), has no ordinal: -1, and no parent only when it
 * does not match at all.
 */
export function getParentNameAndOrdinal(pod: Pick<StatefulPod, 'metadata'>): { parent: string; ordinal: number } {
  return parsedName(pod.metadata.name).pair;
}

/** A parsed pod name: getParentNameAndOrdinal's answer, and whether the name is exactly getPodName's. */
export interface ParsedName {
  readonly pair: Readonly<{ parent: string; ordinal: number }>;
  /** The name is `${parent}-${ordinal}` as getPodName prints it (not `web-01`). */
  readonly canonical: boolean;
}

/**
 * parsedName is the memo's answer, or the name parsed once: the lookup alone, so that the
 * optimising compiler inlines it where it is asked (podFacts, 3,300 pod versions in the
 * 300-replica run) without the regular expression and the strings of the first parse, a call it
 * rarely makes (once per name).
 */
export function parsedName(name: string): ParsedName {
  return parsedNames.get(name) ?? parseName(name);
}

function parseName(name: string): ParsedName {
  const m = statefulPodRegex.exec(name);
  const digits = (m?.[2] ?? '') as string;
  const n = Number(digits);
  const pair = m ? { parent: m[1] as string, ordinal: digits.length <= 10 && n <= MaxInt32 ? n : -1 } : { parent: '', ordinal: -1 };
  // canonical lets identityMatches compare without building the name again for each of 1,000
  // pods on every sync (issue 23).
  const out: ParsedName = { pair, canonical: pair.ordinal >= 0 && name === `${pair.parent}-${pair.ordinal}` };
  // A memo of a pure function, not engine state: a sync over 1,000 pods asks for each ordinal
  // several times; the names of a run are few (one per ordinal), bounded below.
  if (parsedNames.size >= 100_000) parsedNames.clear();
  parsedNames.set(name, out);
  return out;
}

/** Parsed pod names (frozen results, shared by every caller). */
const parsedNames = new Map<string, ParsedName>();

/** isCanonicalPodName: the name is `${parent}-${ordinal}` exactly as getPodName prints it (not `web-01`). */
export function isCanonicalPodName(name: string): boolean {
  return parsedName(name).canonical;
}

export function getParentName(pod: Pick<StatefulPod, 'metadata'>): string {
  return getParentNameAndOrdinal(pod).parent;
}

export function getOrdinal(pod: Pick<StatefulPod, 'metadata'>): number {
  return getParentNameAndOrdinal(pod).ordinal;
}

/** getStartOrdinal is spec.ordinals.start when spec.ordinals is set (StatefulSetStartOrdinal, GA), else 0. */
export function getStartOrdinal(set: StatefulSet): number {
  return set.spec.ordinals ? (set.spec.ordinals.start ?? 0) : 0;
}

/** getEndOrdinal is the last ordinal kept: start 2 and 3 replicas → 4. */
export function getEndOrdinal(set: StatefulSet): number {
  return getStartOrdinal(set) + (set.spec.replicas ?? 1) - 1;
}

export function podInOrdinalRange(pod: Pick<StatefulPod, 'metadata'>, set: StatefulSet): boolean {
  const ordinal = getOrdinal(pod);
  return ordinal >= getStartOrdinal(set) && ordinal <= getEndOrdinal(set);
}

export function getPodName(set: StatefulSet, ordinal: number): string {
  return `${set.metadata.name}-${ordinal}`;
}

/** getPersistentVolumeClaimName: `<template>-<set>-<ordinal>`, e.g. `www-web-0`. */
export function getPersistentVolumeClaimName(set: StatefulSet, claim: PersistentVolumeClaim, ordinal: number): string {
  return `${claim.metadata.name}-${set.metadata.name}-${ordinal}`;
}

/** getClaimPodName (a test helper upstream) reads `<anything>-<set>-<n>` back to `<set>-<n>`, else "". */
export function getClaimPodName(set: StatefulSet, claim: PersistentVolumeClaim): string {
  const escaped = set.metadata.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`^.*-(${escaped}-[0-9]+)$`).exec(claim.metadata.name);
  return m ? (m[1] as string) : '';
}

export function isMemberOf(set: StatefulSet, pod: Pick<StatefulPod, 'metadata'>): boolean {
  return getParentName(pod) === set.metadata.name;
}

/** identityMatches: a valid ordinal, the set's name and namespace, and the pod-name label. */
export function identityMatches(set: StatefulSet, pod: StatefulPod): boolean {
  const { pair, canonical } = parsedName(pod.metadata.name);
  const { parent, ordinal } = pair;
  // With set.metadata.name === parent, getPodName(set, ordinal) === name is `canonical`.
  return (
    ordinal >= 0 &&
    set.metadata.name === parent &&
    canonical &&
    (pod.metadata.namespace ?? '') === (set.metadata.namespace ?? '') &&
    pod.metadata.labels?.[StatefulSetPodNameLabel] === pod.metadata.name
  );
}

/** storageMatches: for every claim template, a pod volume of that name on the pod's own claim. */
export function storageMatches(set: StatefulSet, pod: StatefulPod): boolean {
  const ordinal = getOrdinal(pod);
  if (ordinal < 0) return false;
  const templates = set.spec.volumeClaimTemplates ?? [];
  // Asked for every replica on every sync: no map of the volumes when there is no template to
  // look up (most sets), and a scan from the end (the map's last-wins) when there are a few.
  if (templates.length === 0) return true;
  const podVolumes = pod.spec.volumes ?? [];
  for (const claim of templates) {
    const v = podVolumes.findLast((x: Volume) => x.name === claim.metadata.name);
    if (!v?.persistentVolumeClaim || v.persistentVolumeClaim.claimName !== getPersistentVolumeClaimName(set, claim, ordinal)) {
      return false;
    }
  }
  return true;
}

/**
 * getPersistentVolumeClaims returns, by template name, the claims the pod needs: each template
 * renamed for the pod's ordinal, in the set's namespace, with the selector's matchLabels merged
 * over the template's labels (the selector wins a shared key).
 */
export function getPersistentVolumeClaims(set: StatefulSet, pod: Pick<StatefulPod, 'metadata'>): ReadonlyMap<string, PersistentVolumeClaim> {
  // Asked ~4 times per pod created (claimsToCreate, the retention policy's owners); a set
  // without claim templates shares one empty answer instead of a new Map each time (issue 23).
  if (set.spec.volumeClaimTemplates === undefined || set.spec.volumeClaimTemplates.length === 0) return NO_CLAIMS;
  const ordinal = getOrdinal(pod);
  const claims = new Map<string, PersistentVolumeClaim>();
  for (const tmpl of set.spec.volumeClaimTemplates ?? []) {
    const metadata = { ...tmpl.metadata, name: getPersistentVolumeClaimName(set, tmpl, ordinal) };
    if (set.metadata.namespace !== undefined) metadata.namespace = set.metadata.namespace;
    else delete metadata.namespace;
    const matchLabels = set.spec.selector.matchLabels;
    if (tmpl.metadata.labels) metadata.labels = { ...tmpl.metadata.labels, ...(matchLabels ?? {}) };
    else if (matchLabels) metadata.labels = { ...matchLabels };
    claims.set(tmpl.metadata.name, { ...tmpl, metadata });
  }
  return claims;
}

const NO_CLAIMS: ReadonlyMap<string, PersistentVolumeClaim> = new Map();

/** updateStorage points one volume per claim template at the pod's claim; other volumes stay after them. */
export function updateStorage<P extends StatefulPod>(set: StatefulSet, pod: P): P {
  const claims = getPersistentVolumeClaims(set, pod);
  const volumes: Volume[] = [];
  for (const [name, claim] of claims) volumes.push({ name, persistentVolumeClaim: { claimName: claim.metadata.name } });
  for (const v of pod.spec.volumes ?? []) if (!claims.has(v.name)) volumes.push(v);
  return { ...pod, spec: spreadWith(pod.spec, { volumes }) };
}

/** updateIdentity sets the name, namespace, pod-name label and pod-index label from the ordinal. */
export function updateIdentity<P extends StatefulPod>(set: StatefulSet, pod: P): P {
  const ordinal = getOrdinal(pod);
  const name = getPodName(set, ordinal);
  const metadata = spreadWith(pod.metadata, { name });
  if (set.metadata.namespace !== undefined) metadata.namespace = set.metadata.namespace;
  else delete metadata.namespace;
  metadata.labels = spreadWith(pod.metadata.labels ?? {}, { [StatefulSetPodNameLabel]: name, [PodIndexLabel]: String(ordinal) });
  return { ...pod, metadata };
}

/**
 * initIdentity adds, on creation only, hostname = pod name and subdomain = serviceName (an empty
 * serviceName leaves subdomain out, as Go's omitempty prints it).
 */
export function initIdentity<P extends StatefulPod>(set: StatefulSet, pod: P): P {
  const p = updateIdentity(set, pod);
  const spec = spreadWith(p.spec, { hostname: p.metadata.name });
  if (set.spec.serviceName) spec.subdomain = set.spec.serviceName;
  else delete spec.subdomain;
  return { ...p, spec };
}

/**
 * The pod's Ready condition itself, or undefined: asked ~6 times per pod per sync (status counts
 * twice, unavailability, processReplica), so it returns the stored condition instead of a new
 * object each time (issue 23: a 1,000-replica sync asked ~6,000 times).
 */
export function readyCondition(pod: StatefulPod): { status: string; lastTransitionTime?: string } | undefined {
  const conditions = pod.status?.conditions;
  if (conditions === undefined) return undefined;
  for (const c of conditions) if (c.type === 'Ready') return c;
  return undefined;
}

export function isRunningAndReady(pod: StatefulPod): boolean {
  return pod.status?.phase === 'Running' && readyCondition(pod)?.status === 'True';
}

/**
 * isRunningAndAvailable is podutil.IsPodAvailable: Ready, and minReadySeconds 0 or the Ready
 * transition strictly before now − minReadySeconds. Ready at 10:00:00 with 30 s: available
 * from 10:00:30.001 on, not at 10:00:30.
 */
export function isRunningAndAvailable(pod: StatefulPod, minReadySeconds: number, nowMs: number): boolean {
  const c = readyCondition(pod);
  if (c?.status !== 'True') return false;
  if (minReadySeconds === 0) return true;
  if (!c.lastTransitionTime) return false;
  return parseRFC3339(c.lastTransitionTime) + minReadySeconds * 1000 < nowMs;
}

export function isCreated(pod: StatefulPod): boolean {
  return (pod.status?.phase ?? '') !== '';
}
export function isPending(pod: StatefulPod): boolean {
  return pod.status?.phase === 'Pending';
}
export function isFailed(pod: StatefulPod): boolean {
  return pod.status?.phase === 'Failed';
}
export function isSucceeded(pod: StatefulPod): boolean {
  return pod.status?.phase === 'Succeeded';
}
export function isTerminating(pod: StatefulPod): boolean {
  return pod.metadata.deletionTimestamp !== undefined;
}

/**
 * isUnavailable (v1.34+, #130909, which replaced isHealthy): not available after minReadySeconds,
 * or terminating. A placeholder for a pod not yet created is unavailable.
 */
export function isUnavailable(pod: StatefulPod, minReadySeconds: number, nowMs: number): boolean {
  return !isRunningAndAvailable(pod, minReadySeconds, nowMs) || isTerminating(pod);
}

export function allowsBurst(set: StatefulSet): boolean {
  return set.spec.podManagementPolicy === 'Parallel';
}

export function setPodRevision<P extends StatefulPod>(pod: P, revision: string): P {
  return { ...pod, metadata: spreadWith(pod.metadata, { labels: spreadWith(pod.metadata.labels ?? {}, { [StatefulSetRevisionLabel]: revision }) }) };
}

export function getPodRevision(pod: StatefulPod): string {
  return pod.metadata.labels?.[StatefulSetRevisionLabel] ?? '';
}

/** newControllerRef is metav1.NewControllerRef(set, StatefulSet kind). */
export function newControllerRef(set: StatefulSet): OwnerReference {
  return newOwnerRef(set, 'apps/v1', 'StatefulSet');
}

/**
 * newStatefulSetPod is controller.GetPodFromTemplate (labels, annotations and finalizers copied,
 * generateName `<set>-`, the controller ref) plus the name, initIdentity and updateStorage. It has
 * no status: phase "" is how updateStatefulSet knows it is a placeholder not yet created.
 */
export function newStatefulSetPod(set: StatefulSet, ordinal: number): StatefulPod {
  const t = set.spec.template;
  const metadata: StatefulPod['metadata'] = { name: getPodName(set, ordinal), generateName: `${set.metadata.name}-` };
  if (t.metadata?.labels) metadata.labels = { ...t.metadata.labels };
  if (t.metadata?.annotations) metadata.annotations = { ...t.metadata.annotations };
  if (t.metadata?.finalizers) metadata.finalizers = [...t.metadata.finalizers];
  metadata.ownerReferences = [newControllerRef(set)];
  const pod: StatefulPod = { apiVersion: 'v1', kind: 'Pod', metadata, spec: { ...t.spec } };
  return updateStorage(set, initIdentity(set, pod));
}

/** ascendingOrdinal sorts by ordinal (a pod with none, -1, first); stable for equal ordinals. */
export function ascendingOrdinal<P extends StatefulPod>(pods: readonly P[]): P[] {
  return [...pods].sort((a, b) => getOrdinal(a) - getOrdinal(b));
}

/** descendingOrdinal sorts by ordinal, highest first (a pod with none last). */
export function descendingOrdinal<P extends StatefulPod>(pods: readonly P[]): P[] {
  return [...pods].sort((a, b) => getOrdinal(b) - getOrdinal(a));
}

/**
 * getStatefulSetMaxUnavailable: maxUnavailable (default 1) scaled against replicas rounding
 * down, then at least 1: 50% of 5 = 2.5 → 2; 10% of 5 = 0.5 → 0 → 1. Only the
 * MaxUnavailableStatefulSet path reads it, and that gate is off in v1.36.
 */
export function getStatefulSetMaxUnavailable(maxUnavailable: IntOrString | undefined | null, replicaCount: number): number {
  const n = getScaledValueFromIntOrPercent(maxUnavailable ?? 1, replicaCount, false);
  return n < 1 ? 1 : n;
}
