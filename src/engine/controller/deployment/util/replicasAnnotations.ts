// Port of the replica-count annotation helpers of kubernetes
// pkg/controller/deployment/util/deployment_util.go (v1.36): desired-replicas and max-replicas.
import { DesiredReplicasAnnotation, MaxReplicasAnnotation } from '../../../api/constants.ts';
import type { ReplicaSet } from '../../../api/types.ts';

const MAX_INT32 = 2147483647;
const MAX_UINT32 = 4294967295;

/**
 * getNonNegativeInt32FromAnnotation reads an annotation as strconv.ParseUint(v, 10, 32) capped
 * at MaxInt32: absent → not valid, no error; "-1" or "x" → invalid syntax; "2147483648" →
 * out of range (higher than 2147483647); "4294967296" → ParseUint's value out of range.
 */
export function getNonNegativeInt32FromAnnotation(
  rs: ReplicaSet,
  key: string,
): { value: number; valid: boolean; error: string | null } {
  const v = rs.metadata.annotations?.[key];
  if (v === undefined) return { value: 0, valid: false, error: null };
  if (!/^[0-9]+$/.test(v)) {
    return { value: 0, valid: false, error: `strconv.ParseUint: parsing ${JSON.stringify(v)}: invalid syntax` };
  }
  const n = Number(v);
  if (n > MAX_UINT32) {
    return { value: 0, valid: false, error: `strconv.ParseUint: parsing ${JSON.stringify(v)}: value out of range` };
  }
  if (n > MAX_INT32) {
    return { value: 0, valid: false, error: `value ${n} is out of range (higher than ${MAX_INT32})` };
  }
  return { value: n, valid: true, error: null };
}

/** getDesiredReplicasAnnotation returns deployment.kubernetes.io/desired-replicas, or null if unusable. */
export function getDesiredReplicasAnnotation(rs: ReplicaSet): number | null {
  const r = getNonNegativeInt32FromAnnotation(rs, DesiredReplicasAnnotation);
  return r.valid ? r.value : null;
}

/** getMaxReplicasAnnotation returns deployment.kubernetes.io/max-replicas, or null if unusable. */
export function getMaxReplicasAnnotation(rs: ReplicaSet): number | null {
  const r = getNonNegativeInt32FromAnnotation(rs, MaxReplicasAnnotation);
  return r.valid ? r.value : null;
}

/**
 * replicasAnnotationsNeedUpdate reports whether desired-replicas or max-replicas differ from
 * the given numbers (or the RS has no annotations at all).
 */
export function replicasAnnotationsNeedUpdate(rs: ReplicaSet, desiredReplicas: number, maxReplicas: number): boolean {
  const a = rs.metadata.annotations;
  if (!a) return true;
  return a[DesiredReplicasAnnotation] !== String(desiredReplicas) || a[MaxReplicasAnnotation] !== String(maxReplicas);
}

/**
 * setReplicasAnnotations returns the RS with desired-replicas and max-replicas set; the same
 * object when both already hold those values.
 */
export function setReplicasAnnotations(rs: ReplicaSet, desiredReplicas: number, maxReplicas: number): ReplicaSet {
  const a = rs.metadata.annotations ?? {};
  const desired = String(desiredReplicas);
  const max = String(maxReplicas);
  if (rs.metadata.annotations && a[DesiredReplicasAnnotation] === desired && a[MaxReplicasAnnotation] === max) return rs;
  return { ...rs, metadata: { ...rs.metadata, annotations: { ...a, [DesiredReplicasAnnotation]: desired, [MaxReplicasAnnotation]: max } } };
}
