/**
 * What a cluster filled in of a pod's spec, taken off a pod imported from `kubectl get pod -o yaml`:
 * the scheduler's binding (spec.nodeName: a pod written with one skips the scheduler, and this
 * cluster's nodes are not that one's) and the ServiceAccount admission plugin's token volume with
 * its mounts (`kube-api-access-<5 characters>`; the plugin here adds the pod's own at its create).
 * Only for a pod that carries a status, which only a cluster writes: a hand-written nodeName stays.
 */
import { isRecord } from './check.ts';
import { DefaultAPITokenMountPath, ServiceAccountVolumeNamePrefix } from '../engine/apiserver/servedDefaults.ts';

/** isTokenVolume: a projected volume of the plugin's name, with a service account token in it. */
function isTokenVolume(v: unknown): boolean {
  if (!isRecord(v) || typeof v.name !== 'string' || !v.name.startsWith(ServiceAccountVolumeNamePrefix)) return false;
  const sources = isRecord(v.projected) && Array.isArray(v.projected.sources) ? v.projected.sources : [];
  return sources.some((s) => isRecord(s) && isRecord(s.serviceAccountToken));
}

/** withoutTokenMounts drops a container's mount of one of `names` at the token path. */
function withoutTokenMounts(c: unknown, names: ReadonlySet<string>): unknown {
  if (!isRecord(c) || !Array.isArray(c.volumeMounts)) return c;
  const kept = c.volumeMounts.filter((m) => !(isRecord(m) && names.has(String(m.name)) && m.mountPath === DefaultAPITokenMountPath));
  const { volumeMounts: _mounts, ...rest } = c;
  return kept.length > 0 ? { ...rest, volumeMounts: kept } : rest;
}

/** stripPodServerFields is `d` (a Pod document, its status already taken off) as its author wrote it. */
export function stripPodServerFields(d: Record<string, unknown>, hadStatus: boolean): Record<string, unknown> {
  if (!hadStatus || !isRecord(d.spec)) return d;
  const { nodeName: _node, ...spec } = d.spec;
  const volumes = Array.isArray(spec.volumes) ? spec.volumes : [];
  const tokens = new Set(volumes.filter(isTokenVolume).map((v) => String((v as { name: unknown }).name)));
  if (tokens.size > 0) {
    const kept = volumes.filter((v) => !isTokenVolume(v));
    if (kept.length > 0) spec.volumes = kept;
    else delete spec.volumes;
    for (const key of ['containers', 'initContainers'] as const) {
      const list = spec[key];
      if (Array.isArray(list)) spec[key] = list.map((c) => withoutTokenMounts(c, tokens));
    }
  }
  return { ...d, spec };
}
