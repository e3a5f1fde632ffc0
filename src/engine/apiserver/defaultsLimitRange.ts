// Port of kubernetes pkg/apis/core/v1/defaults.go (v1.36): SetDefaults_LimitRangeItem.
/**
 * A Container item's default limit and default request are what LimitRanger writes into every
 * container that names none, so the API server fills them in when the LimitRange is stored: a
 * range with only `max: {cpu: 500m}` and `min: {memory: 64Mi}` comes back from `kubectl get -o yaml`
 * with `default: {cpu: 500m}` and `defaultRequest: {cpu: 500m, memory: 64Mi}`. Pod and
 * PersistentVolumeClaim items have no such defaults and are returned as they are.
 */
import type { LimitRange, LimitRangeItem, ResourceList } from '../api/policyTypes.ts';

/**
 * fillMissing copies into `into` each key of `from` it lacks. Go ranges over the map in random
 * order, which cannot matter for the values; the keys are added in sorted order so the object
 * (and its YAML) comes out the same on every run.
 */
function fillMissing(into: ResourceList, from: ResourceList | undefined): void {
  for (const k of Object.keys(from ?? {}).sort()) {
    if (!Object.hasOwn(into, k)) into[k] = from?.[k] as string;
  }
}

/**
 * setDefaultsLimitRangeItem is SetDefaults_LimitRangeItem on a copy. For a Container item, in this
 * order: the default limit takes the max where it has none, the default request takes the
 * default limit, then the min. So max 1 and min 100m give default 1 and defaultRequest 1 (the
 * limit wins over the min, being copied first).
 */
function setDefaultsLimitRangeItem(item: LimitRangeItem): LimitRangeItem {
  const out: LimitRangeItem = { ...item };
  if (item.type !== 'Container') return out;
  const def: ResourceList = { ...(item.default ?? {}) };
  const req: ResourceList = { ...(item.defaultRequest ?? {}) };
  fillMissing(def, item.max);
  fillMissing(req, def);
  fillMissing(req, item.min);
  // Upstream leaves an empty map, which omitempty drops when the object is written out.
  if (Object.keys(def).length > 0) out.default = def;
  else delete out.default;
  if (Object.keys(req).length > 0) out.defaultRequest = req;
  else delete out.defaultRequest;
  return out;
}

/** setDefaultsLimitRange applies SetDefaults_LimitRangeItem to every item; the input is left untouched. */
export function setDefaultsLimitRange(lr: LimitRange): LimitRange {
  if (!lr.spec) return { ...lr };
  const spec = { ...lr.spec };
  if (lr.spec.limits) spec.limits = lr.spec.limits.map(setDefaultsLimitRangeItem);
  return { ...lr, spec };
}
