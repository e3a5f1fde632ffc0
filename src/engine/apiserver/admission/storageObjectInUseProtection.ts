// Port of kubernetes plugin/pkg/admission/storage/storageobjectinuseprotection (v1.36): the
// finalizer every new claim gets, which the pvc-protection controller takes off once no pod uses it.

/** volumeutil.PVCProtectionFinalizer. */
export const PVCProtectionFinalizer = 'kubernetes.io/pvc-protection';

/** The finalizers of a new claim: the plugin appends the protection finalizer when it is missing. */
export function withPVCProtectionFinalizer(finalizers: readonly string[] | undefined): string[] {
  const have = finalizers ?? [];
  return have.includes(PVCProtectionFinalizer) ? [...have] : [...have, PVCProtectionFinalizer];
}

/** volumeutil.PVProtectionFinalizer: every new PersistentVolume's. */
export const PVProtectionFinalizer = 'kubernetes.io/pv-protection';

/** The finalizers of a new volume: the plugin appends the protection finalizer when it is missing. */
export function withPVProtectionFinalizer(finalizers: readonly string[] | undefined): string[] {
  const have = finalizers ?? [];
  return have.includes(PVProtectionFinalizer) ? [...have] : [...have, PVProtectionFinalizer];
}
