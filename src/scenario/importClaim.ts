/**
 * What a cluster filled in of a claim, taken off a claim imported from `kubectl get pvc -o yaml`:
 * the PV controller's binding (spec.volumeName names a volume of that cluster; here the binder
 * provisions the claim's own once a pod that mounts it is scheduled) with the annotations it and
 * the scheduler wrote, and the StorageObjectInUseProtection plugin's finalizer (added again at the
 * create). Only for a claim that carries a status, which only a cluster writes: a hand-written
 * volumeName stays.
 */
import { isRecord } from './check.ts';

/** The annotations the PV controller, the scheduler and the provisioner write on a claim. */
const BINDING_ANNOTATIONS: ReadonlySet<string> = new Set([
  'pv.kubernetes.io/bind-completed',
  'pv.kubernetes.io/bound-by-controller',
  'volume.kubernetes.io/selected-node',
  'volume.beta.kubernetes.io/storage-provisioner',
  'volume.kubernetes.io/storage-provisioner',
]);
const PVCProtectionFinalizer = 'kubernetes.io/pvc-protection';

/** stripClaimServerFields is `d` (a PersistentVolumeClaim document, its status already taken off) as its author wrote it. */
export function stripClaimServerFields(d: Record<string, unknown>, hadStatus: boolean): Record<string, unknown> {
  if (!hadStatus) return d;
  const out: Record<string, unknown> = { ...d };
  if (isRecord(d.spec)) {
    const { volumeName: _volume, ...spec } = d.spec;
    out.spec = spec;
  }
  if (isRecord(d.metadata)) {
    const meta: Record<string, unknown> = { ...d.metadata };
    if (isRecord(meta.annotations)) {
      const kept = Object.entries(meta.annotations).filter(([k]) => !BINDING_ANNOTATIONS.has(k));
      if (kept.length > 0) meta.annotations = Object.fromEntries(kept);
      else delete meta.annotations;
    }
    if (Array.isArray(meta.finalizers)) {
      const kept = meta.finalizers.filter((f) => f !== PVCProtectionFinalizer);
      if (kept.length > 0) meta.finalizers = kept;
      else delete meta.finalizers;
    }
    out.metadata = meta;
  }
  return out;
}
