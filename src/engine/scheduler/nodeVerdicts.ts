// The node-local verdicts a scheduling cycle may reuse from the last one (NodeVerdicts in
// framework/nodeInfo.ts): a pod's signature, and the memo lookup.
import { getControllerOf } from '../api/ownerRefs.ts';
import type { Pod } from '../api/types.ts';
import { labelsKey, type NodeInfo, type NodeVerdicts } from './framework/nodeInfo.ts';
import type { Status } from './framework/types.ts';

/** A Filter plugin bound to the pod of this cycle. */
export type FilterFn = (ni: NodeInfo) => Status | null;

/** A pod's signature: pods with equal ones get equal node-local verdicts (NodeVerdicts). */
export interface Signature {
  readonly spec: object;
  readonly key: string;
}

/**
 * signature: the admitted spec (one object for all the unbound pods of a ReplicaSet), the labels,
 * the namespace and the controller: everything the node-local plugins read of the pod.
 */
export function signature(pod: Pod): Signature {
  const owner = getControllerOf(pod)?.uid ?? '';
  return { spec: pod.spec, key: intern(`${labelsKey(pod.metadata.labels ?? {})}\u0001${pod.metadata.namespace ?? 'default'}\u0001${owner}`) };
}

/**
 * Signature keys seen, each kept as one string: a memo's key and the next cycle's are then the
 * same string, and the check on each of 420 nodes compares two pointers instead of 60 characters.
 * Not engine state (equal keys give equal answers); cleared when it grows past any real run's.
 */
const interned = new Map<string, string>();

function intern(key: string): string {
  const k = interned.get(key);
  if (k !== undefined) return k;
  if (interned.size >= 10_000) interned.clear();
  interned.set(key, key);
  return key;
}

/**
 * verdicts returns the node's NodeVerdicts for this signature: the last cycle's, when neither the
 * node nor its pods changed since (same generation), else freshly filtered (scores to come). The
 * cycle keeps the feasible nodes' ones for Score, which then need not look them up again.
 */
export function verdicts(ni: NodeInfo, sig: Signature, filters: readonly FilterFn[]): NodeVerdicts {
  const m = ni.memo;
  if (m !== null && m.generation === ni.generation && m.spec === sig.spec && m.key === sig.key) return m;
  let status: Status | null = null;
  for (let f = 0; f < filters.length && status === null; f++) status = (filters[f] as FilterFn)(ni);
  const fresh: NodeVerdicts = {
    spec: sig.spec,
    key: sig.key,
    generation: ni.generation,
    status,
    fit: Number.NaN,
    balanced: Number.NaN,
    taint: Number.NaN,
    nodeAffinity: Number.NaN,
    image: Number.NaN,
    hostCounts: null,
    spread: Number.NaN,
    spreadWeights: null,
  };
  ni.memo = fresh;
  return fresh;
}
