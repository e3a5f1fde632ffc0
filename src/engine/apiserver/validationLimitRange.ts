// Port of kubernetes pkg/apis/core/validation/validation.go (v1.36): ValidateLimitRange and its name checks.
/**
 * A LimitRange is what the LimitRanger admission plugin reads at every pod create, so a range that
 * contradicts itself (min 100m above max 10m, a default request above the default limit) would
 * make every pod of the namespace fail admission in a way nobody could read. The API server
 * refuses such a range up front, with one field error per contradiction, in these exact words —
 * and that is what `kubectl apply` prints, so the simulator says the same.
 */
import type { LimitRange, LimitRangeItem, ResourceList } from '../api/policyTypes.ts';
import { duplicate, type FieldError, forbidden, invalid, required } from '../apimachinery/fieldErrors.ts';
import { cmpQuantities, formatQuantity, milliValue, parseQuantity, type Quantity, value } from '../lib/quantity.ts';
import { isQualifiedName, validateObjectMetaName } from './validationCore.ts';

/** helper.IsStandardLimitRangeType: the three kinds LimitRanger knows. */
const STANDARD_LIMIT_TYPES: ReadonlySet<string> = new Set(['Pod', 'Container', 'PersistentVolumeClaim']);

/** helper.standardResources: the names the system knows without a domain (plus the hugepages prefixes). */
const STANDARD_RESOURCES: ReadonlySet<string> = new Set([
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  'pods',
  'resourcequotas',
  'services',
  'replicationcontrollers',
  'secrets',
  'configmaps',
  'persistentvolumeclaims',
  'storage',
  'requests.storage',
  'services.nodeports',
  'services.loadbalancers',
]);

const HUGEPAGES_PREFIX = 'hugepages-';
/** core.ResourceDefaultNamespacePrefix: a name under it is native even with a domain. */
const NATIVE_DOMAIN = 'kubernetes.io/';
/** core.DefaultResourceRequestsPrefix: quota's spelling, which an extended resource may not take. */
const REQUESTS_PREFIX = 'requests.';

/** IsStandardResourceName: a standard name, or hugepages-* / requests.hugepages-* (IsQuotaHugePageResourceName). */
function isStandardResourceName(name: string): boolean {
  return STANDARD_RESOURCES.has(name) || name.startsWith(HUGEPAGES_PREFIX) || name.startsWith(`${REQUESTS_PREFIX}${HUGEPAGES_PREFIX}`);
}

/** IsStandardContainerResourceName: cpu, memory, ephemeral-storage or hugepages-*. */
function isStandardContainerResourceName(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name === 'ephemeral-storage' || name.startsWith(HUGEPAGES_PREFIX);
}

/** IsNativeResource: no domain at all, or a kubernetes.io/ one. */
function isNativeResource(name: string): boolean {
  return !name.includes('/') || name.includes(NATIVE_DOMAIN);
}

/**
 * IsExtendedResourceName: not native, not `requests.`-prefixed, and still a qualified name once
 * quota prefixes it — `example.com/gpu` is, because `requests.example.com/gpu` is.
 */
function isExtendedResourceName(name: string): boolean {
  if (isNativeResource(name) || name.startsWith(REQUESTS_PREFIX)) return false;
  return isQualifiedName(`${REQUESTS_PREFIX}${name}`).length === 0;
}

/**
 * IsOvercommitAllowed: a native resource that is not hugepages. Everything else (nvidia.com/gpu,
 * hugepages-2Mi) is handed out whole, so its request must equal its limit.
 */
function isOvercommitAllowed(name: string): boolean {
  return isNativeResource(name) && !name.startsWith(HUGEPAGES_PREFIX);
}

/** validateResourceName: a qualified name; without a domain, a name the system knows. */
function validateResourceName(name: string, path: string): FieldError[] {
  const errs = isQualifiedName(name).map((m) => invalid(path, name, m));
  if (errs.length > 0) return errs;
  if (!name.includes('/') && !isStandardResourceName(name)) errs.push(invalid(path, name, 'must be a standard resource type or fully qualified'));
  return errs;
}

/**
 * validateContainerResourceName: validateResourceName, then a container-level check on top — so
 * `foo` earns two errors (not a standard type, not a container resource), as kubectl shows.
 */
function validateContainerResourceName(name: string, path: string): FieldError[] {
  const errs = validateResourceName(name, path);
  if (!name.includes('/')) {
    if (!isStandardContainerResourceName(name)) errs.push(invalid(path, name, 'must be a standard resource for containers'));
  } else if (!isNativeResource(name) && !isExtendedResourceName(name)) {
    errs.push(invalid(path, name, "doesn't follow extended resource name standard"));
  }
  return errs;
}

/** validateLimitRangeTypeName: a qualified name; without a domain, one of the three standard types. */
function validateLimitRangeTypeName(type: string, path: string): FieldError[] {
  const errs = isQualifiedName(type).map((m) => invalid(path, type, m));
  if (errs.length > 0) return errs;
  if (!type.includes('/') && !STANDARD_LIMIT_TYPES.has(type)) errs.push(invalid(path, type, 'must be a standard limit type or fully qualified'));
  return errs;
}

/**
 * validateLimitRangeResourceName: Pod and Container bounds are container resources; any other
 * type (PersistentVolumeClaim, a vendor's type) may name storage too, so only the general rule holds.
 */
function validateLimitRangeResourceName(type: string, name: string, path: string): FieldError[] {
  return type === 'Pod' || type === 'Container' ? validateContainerResourceName(name, path) : validateResourceName(name, path);
}

/** math.MaxInt64 / 1000: past it MilliValue would overflow int64, so upstream compares whole units. */
const MAX_MILLI_VALUE = 9_223_372_036_854_775n;
const NANO = 1_000_000_000n;

/** Quantity.Value as an exact bigint (rounded away from zero, as value() does), for the overflow guard. */
function wholeUnits(q: Quantity): bigint {
  const n = q.nanos / NANO;
  if (q.nanos % NANO === 0n) return n;
  return q.nanos < 0n ? n - 1n : n + 1n;
}

/**
 * goFixed6 prints a float64 as Go's `%f` does: six decimals, ties to even on the exact binary
 * value (toFixed would round 1.0078125 = 129/128 up to 1.007813; Go prints 1.007812), the full
 * integer part past 1e21 where toFixed switches to exponent form, and ±Inf / NaN in Go's words.
 */
function goFixed6(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  // Doubling is exact, so after k doublings |x| = num / 2^k with num an integer (k ≤ 1074).
  let y = Math.abs(x);
  let k = 0n;
  while (!Number.isInteger(y)) {
    y *= 2;
    k++;
  }
  const den = 2n ** k;
  const scaled = BigInt(y) * 1_000_000n;
  let q = scaled / den;
  const twice = (scaled % den) * 2n;
  if (twice > den || (twice === den && q % 2n === 1n)) q++;
  const digits = q.toString().padStart(7, '0');
  return `${sign}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

/**
 * parsedList reads one bound's quantities. A value that does not parse never reaches validation
 * upstream (decoding refuses the whole object first, as decodeQuantities does for the other
 * policy kinds), so here it is left out of the comparisons rather than reported twice.
 */
function parsedList(list: ResourceList | undefined): Map<string, Quantity> {
  const out = new Map<string, Quantity>();
  for (const k of Object.keys(list ?? {}).sort()) {
    const q = parseQuantity(String(list?.[k]));
    if (q.ok) out.set(k, q.value);
  }
  return out;
}

/** The per-resource comparisons of one item, for one resource name `k`. */
function compareBounds(item: Record<Bound, Map<string, Quantity>>, k: string, idx: string): FieldError[] {
  const errs: FieldError[] = [];
  const min = item.min.get(k);
  const max = item.max.get(k);
  const def = item.default.get(k);
  const req = item.defaultRequest.get(k);
  const ratio = item.maxLimitRequestRatio.get(k);
  const s = formatQuantity;
  if (min && max && cmpQuantities(min, max) > 0) {
    errs.push(invalid(`${idx}.min[${k}]`, s(min), `min value ${s(min)} is greater than max value ${s(max)}`));
  }
  if (req && min && cmpQuantities(min, req) > 0) {
    errs.push(invalid(`${idx}.defaultRequest[${k}]`, s(req), `min value ${s(min)} is greater than default request value ${s(req)}`));
  }
  if (req && max && cmpQuantities(req, max) > 0) {
    errs.push(invalid(`${idx}.defaultRequest[${k}]`, s(req), `default request value ${s(req)} is greater than max value ${s(max)}`));
  }
  if (req && def && cmpQuantities(req, def) > 0) {
    errs.push(invalid(`${idx}.defaultRequest[${k}]`, s(req), `default request value ${s(req)} is greater than default limit value ${s(def)}`));
  }
  // Upstream reports the min (not the default) as the bad value here, and the max just below.
  if (def && min && cmpQuantities(min, def) > 0) {
    errs.push(invalid(`${idx}.default[${k}]`, s(min), `min value ${s(min)} is greater than default value ${s(def)}`));
  }
  if (def && max && cmpQuantities(def, max) > 0) {
    errs.push(invalid(`${idx}.default[${k}]`, s(max), `default value ${s(def)} is greater than max value ${s(max)}`));
  }
  if (ratio && ratio.nanos < NANO) {
    errs.push(invalid(`${idx}.maxLimitRequestRatio[${k}]`, s(ratio), `ratio ${s(ratio)} is less than 1`));
  }
  if (ratio && min && max) {
    // In thousandths when all three fit, else whole units: min 512Mi, max 2Gi → 2147483648000 /
    // 536870912000 = 4, so a ratio of 10 is refused with "max/min = 4.000000".
    const fitsMilli = wholeUnits(ratio) < MAX_MILLI_VALUE && wholeUnits(min) < MAX_MILLI_VALUE && wholeUnits(max) < MAX_MILLI_VALUE;
    const ratioValue = fitsMilli ? milliValue(ratio) / 1000 : value(ratio);
    const limit = fitsMilli ? milliValue(max) / milliValue(min) : value(max) / value(min);
    if (ratioValue > limit) {
      errs.push(invalid(`${idx}.maxLimitRequestRatio[${k}]`, s(ratio), `ratio ${s(ratio)} is greater than max/min = ${goFixed6(limit)}`));
    }
  }
  // A GPU or hugepages cannot be overcommitted: its default limit and request must be the same.
  if (!isOvercommitAllowed(k) && def && req && cmpQuantities(def, req) !== 0) {
    errs.push(invalid(`${idx}.defaultRequest[${k}]`, s(req), `default value ${s(def)} must equal to defaultRequest value ${s(req)} in ${k}`));
  }
  return errs;
}

type Bound = 'max' | 'min' | 'default' | 'defaultRequest' | 'maxLimitRequestRatio';

/** validateLimitRangeItem is the body of ValidateLimitRange's loop for item `i`. */
function validateLimitRangeItem(limit: LimitRangeItem, i: number, seen: Set<string>): FieldError[] {
  const idx = `spec.limits[${i}]`;
  const type: string = limit.type ?? '';
  const errs = validateLimitRangeTypeName(type, `${idx}.type`);
  if (seen.has(type)) errs.push(duplicate(`${idx}.type`, type));
  seen.add(type);

  const keys = new Set<string>();
  const names = (bound: Bound): void => {
    for (const k of Object.keys(limit[bound] ?? {}).sort()) {
      errs.push(...validateLimitRangeResourceName(type, k, `${idx}.${bound}[${k}]`));
      keys.add(k);
    }
  };
  names('max');
  names('min');
  // A pod has no limit or request of its own to default, so Pod items may not carry defaults.
  const pod = type === 'Pod';
  if (pod) {
    if (Object.keys(limit.default ?? {}).length > 0) errs.push(forbidden(`${idx}.default`, "may not be specified when `type` is 'Pod'"));
    if (Object.keys(limit.defaultRequest ?? {}).length > 0) errs.push(forbidden(`${idx}.defaultRequest`, "may not be specified when `type` is 'Pod'"));
  } else {
    names('default');
    names('defaultRequest');
  }
  if (type === 'PersistentVolumeClaim' && !Object.hasOwn(limit.min ?? {}, 'storage') && !Object.hasOwn(limit.max ?? {}, 'storage')) {
    errs.push(required(`${idx}.limits`, 'either minimum or maximum storage value is required, but neither was provided'));
  }
  names('maxLimitRequestRatio');

  const parsed: Record<Bound, Map<string, Quantity>> = {
    max: parsedList(limit.max),
    min: parsedList(limit.min),
    // A Pod item's defaults were refused above and take no part in the comparisons.
    default: parsedList(pod ? undefined : limit.default),
    defaultRequest: parsedList(pod ? undefined : limit.defaultRequest),
    maxLimitRequestRatio: parsedList(limit.maxLimitRequestRatio),
  };
  // Go walks the key set in random map order; sorted keys make the error list reproducible.
  for (const k of [...keys].sort()) errs.push(...compareBounds(parsed, k, idx));
  return errs;
}

/**
 * validateLimitRange is ValidateLimitRange: the name a DNS subdomain, each item's type known or
 * fully qualified and not repeated, its resource names valid for the type, and its bounds
 * consistent (min ≤ defaultRequest ≤ default ≤ max, a ratio ≥ 1 and ≤ max/min).
 */
export function validateLimitRange(lr: LimitRange): FieldError[] {
  const errs = validateObjectMetaName(lr.metadata);
  const seen = new Set<string>();
  (lr.spec?.limits ?? []).forEach((limit, i) => {
    errs.push(...validateLimitRangeItem(limit, i, seen));
  });
  return errs;
}
