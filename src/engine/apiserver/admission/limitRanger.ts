// Port of kubernetes plugin/pkg/admission/limitranger/admission.go (v1.36): the LimitRanger
// admission plugin's MutateLimit and ValidateLimit for pod and claim creates.
/**
 * Every pod created in a namespace with LimitRanges goes through them twice. First, mutating:
 * each container (and init container) without a request or a limit for a resource gets the
 * Container item's defaultRequest or default, and the pod is annotated with what was set
 * (`kubernetes.io/limit-ranger: LimitRanger plugin set: cpu request for container web`). Then,
 * validating: every container against the Container item's min, max and maxLimitRequestRatio,
 * the pod's summed requests and limits against the Pod item's. The first LimitRange with a
 * violation refuses the pod, all its violations in one message. So a ReplicaSet whose template
 * asks `limits.cpu: 1` in a namespace capped at 500m per container cannot create a single pod:
 * `pods "web-7d9f-x2x4k" is forbidden: maximum cpu usage per Container is 500m, but limit is 1`.
 *
 * Go walks each item's resource maps in random order; here resources go in name order, so a pod
 * breaking two bounds always reads the same message. Pod updates are not limited (their
 * resources cannot change but through `resize`, which this simulator has no use for).
 */
import type { LimitRange, LimitRangeItem, ResourceList } from '../../api/policyTypes.ts';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { Container, Pod } from '../../api/types.ts';
import { aggregateMessage } from '../../apimachinery/fieldErrors.ts';
import { addQuantities, canonicalQuantity, formatQuantity, parseQuantity, type Quantity } from '../../lib/quantity.ts';

/** The annotation MutateLimit writes on a pod it gave defaults. */
export const limitRangerAnnotation = 'kubernetes.io/limit-ranger';

/** A quantity as the plugin reads one (a stored LimitRange and an admitted pod hold valid ones). */
function q(s: string): Quantity {
  const r = parseQuantity(s);
  return r.ok ? r.value : { nanos: 0n, format: 'DecimalSI' };
}

const str = canonicalQuantity;
const sortedKeys = (list: ResourceList | undefined): string[] => Object.keys(list ?? {}).sort();

/** limitRangesIn lists a namespace's LimitRanges by name (the lister's order is a map's: any). */
export function limitRangesIn(all: Iterable<unknown>, namespace: string): LimitRange[] {
  const out: LimitRange[] = [];
  for (const o of all) {
    const lr = o as LimitRange;
    if (lr.kind === 'LimitRange' && (lr.metadata.namespace ?? 'default') === namespace) out.push(lr);
  }
  return out.sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
}

/** defaultContainerResourceRequirements: the Container items' defaultRequest and default, a later item's winning. */
function defaultContainerResourceRequirements(lr: LimitRange): { requests: ResourceList; limits: ResourceList } {
  const requests: ResourceList = {};
  const limits: ResourceList = {};
  for (const item of lr.spec?.limits ?? []) {
    if (item.type !== 'Container') continue;
    Object.assign(requests, item.defaultRequest ?? {});
    Object.assign(limits, item.default ?? {});
  }
  return { requests, limits };
}

/**
 * mergeContainerResources gives a container the defaults it lacks and returns it with the
 * annotation's parts: `cpu, memory request for container web`, `cpu limit for init container setup`.
 */
function mergeContainerResources(c: Container, defaults: { requests: ResourceList; limits: ResourceList }, prefix: string, notes: string[]): Container {
  const limits: ResourceList = { ...(c.resources?.limits ?? {}) };
  const requests: ResourceList = { ...(c.resources?.requests ?? {}) };
  const setLimits: string[] = [];
  const setRequests: string[] = [];
  for (const k of sortedKeys(defaults.limits)) {
    if (Object.hasOwn(limits, k)) continue;
    limits[k] = defaults.limits[k] as string;
    setLimits.push(k);
  }
  for (const k of sortedKeys(defaults.requests)) {
    if (Object.hasOwn(requests, k)) continue;
    requests[k] = defaults.requests[k] as string;
    setRequests.push(k);
  }
  if (setRequests.length > 0) notes.push(`${setRequests.join(', ')} request for ${prefix} ${c.name}`);
  if (setLimits.length > 0) notes.push(`${setLimits.join(', ')} limit for ${prefix} ${c.name}`);
  if (setLimits.length === 0 && setRequests.length === 0) return c;
  const resources = { ...c.resources };
  if (Object.keys(limits).length > 0) resources.limits = limits;
  if (Object.keys(requests).length > 0) resources.requests = requests;
  return { ...c, resources };
}

/**
 * podMutateLimitFunc is PodMutateLimitFunc: the pod with the LimitRange's defaults merged in, and
 * the annotation's value when anything was set (else undefined: the pod is returned as it came).
 */
export function podMutateLimitFunc(lr: LimitRange, pod: Pod): { pod: Pod; annotation?: string } {
  const defaults = defaultContainerResourceRequirements(lr);
  if (Object.keys(defaults.limits).length === 0 && Object.keys(defaults.requests).length === 0) return { pod };
  const notes: string[] = [];
  const containers = pod.spec.containers.map((c) => mergeContainerResources(c, defaults, 'container', notes));
  const init = pod.spec.initContainers?.map((c) => mergeContainerResources(c, defaults, 'init container', notes));
  if (notes.length === 0) return { pod };
  const spec = { ...pod.spec, containers, ...(init ? { initContainers: init } : {}) };
  return { pod: { ...pod, spec }, annotation: `LimitRanger plugin set: ${notes.join('; ')}` };
}

/** minConstraint: a request (and a limit, when set) at least the bound. */
function minConstraint(type: string, name: string, enforced: string, request: ResourceList, limit: ResourceList): string | null {
  const req = request[name];
  const lim = limit[name];
  const e = q(enforced);
  if (req === undefined) return `minimum ${name} usage per ${type} is ${str(enforced)}.  No request is specified`;
  if (e.nanos > q(req).nanos) return `minimum ${name} usage per ${type} is ${str(enforced)}, but request is ${str(req)}`;
  if (lim !== undefined && e.nanos > q(lim).nanos) return `minimum ${name} usage per ${type} is ${str(enforced)}, but limit is ${str(lim)}`;
  return null;
}

/** maxConstraint: a limit, at most the bound, and a request (when set) at most the bound too. */
function maxConstraint(type: string, name: string, enforced: string, request: ResourceList, limit: ResourceList): string | null {
  const req = request[name];
  const lim = limit[name];
  const e = q(enforced);
  if (lim === undefined) return `maximum ${name} usage per ${type} is ${str(enforced)}.  No limit is specified`;
  if (q(lim).nanos > e.nanos) return `maximum ${name} usage per ${type} is ${str(enforced)}, but limit is ${str(lim)}`;
  if (req !== undefined && q(req).nanos > e.nanos) return `maximum ${name} usage per ${type} is ${str(enforced)}, but request is ${str(req)}`;
  return null;
}

/** maxRequestConstraint: a claim's request at most the bound (a claim has no limit the plugin reads). */
function maxRequestConstraint(type: string, name: string, enforced: string, request: ResourceList): string | null {
  const req = request[name];
  if (req === undefined) return `maximum ${name} usage per ${type} is ${str(enforced)}.  No request is specified`;
  if (q(req).nanos > q(enforced).nanos) return `maximum ${name} usage per ${type} is ${str(enforced)}, but request is ${str(req)}`;
  return null;
}

/**
 * ratioString is limit ÷ request to six decimals, rounded half to even, as the message has always
 * shown it. Worked example: limit 1, request 300m → 3.333333.
 */
export function ratioString(limit: Quantity, request: Quantity): string {
  const l = limit.nanos < 0n ? -limit.nanos : limit.nanos;
  const r = request.nanos < 0n ? -request.nanos : request.nanos;
  const scaled = l * 1_000_000n;
  let quotient = scaled / r;
  const twice = (scaled % r) * 2n;
  if (twice > r || (twice === r && quotient % 2n === 1n)) quotient += 1n;
  const digits = quotient.toString().padStart(7, '0');
  return `${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

/** limitRequestRatioConstraint: limit ÷ request at most the bound; both must be set and non-zero. */
function limitRequestRatioConstraint(type: string, name: string, enforced: string, request: ResourceList, limit: ResourceList): string | null {
  const req = request[name];
  const lim = limit[name];
  const r = req === undefined ? undefined : q(req);
  const l = lim === undefined ? undefined : q(lim);
  if (r === undefined || r.nanos === 0n) return `${name} max limit to request ratio per ${type} is ${str(enforced)}, but no request is specified or request is 0`;
  if (l === undefined || l.nanos === 0n) return `${name} max limit to request ratio per ${type} is ${str(enforced)}, but no limit is specified or limit is 0`;
  // limit > request × ratio, exactly: 10⁻⁹ units on each side, so the product carries 10⁻¹⁸.
  if (l.nanos * 1_000_000_000n > r.nanos * q(enforced).nanos) {
    return `${name} max limit to request ratio per ${type} is ${str(enforced)}, but provided ratio is ${ratioString(l, r)}`;
  }
  return null;
}

/** The three checks of one item over one set of requests and limits, resource by resource. */
function checkItem(item: LimitRangeItem, request: ResourceList, limit: ResourceList): string[] {
  const out: string[] = [];
  const push = (e: string | null) => {
    if (e !== null) out.push(e);
  };
  for (const k of sortedKeys(item.min)) push(minConstraint(item.type, k, item.min?.[k] as string, request, limit));
  for (const k of sortedKeys(item.max)) push(maxConstraint(item.type, k, item.max?.[k] as string, request, limit));
  for (const k of sortedKeys(item.maxLimitRequestRatio)) push(limitRequestRatioConstraint(item.type, k, item.maxLimitRequestRatio?.[k] as string, request, limit));
  return out;
}

/** addInto adds a resource list into a sum, as addResourceList does (Quantity.Add keeps the first format). */
function addInto(sum: Map<string, Quantity>, list: ResourceList | undefined): void {
  for (const [k, v] of Object.entries(list ?? {})) {
    const cur = sum.get(k);
    sum.set(k, cur === undefined ? q(v) : addQuantities(cur, q(v)));
  }
}

/** maxInto keeps each resource's larger amount (maxResourceList). */
function maxInto(into: Map<string, Quantity>, from: Map<string, Quantity>): void {
  for (const [k, v] of from) {
    const cur = into.get(k);
    if (cur === undefined || cur.nanos < v.nanos) into.set(k, v);
  }
}

/**
 * podTotals is podRequests/podLimits: the containers' sum, sidecars (init containers that restart
 * always) added to it, and the largest single init container (with the sidecars started before
 * it) when that is more. Worked example: web 200m + sidecar 100m, init 500m → max(300m, 600m) = 600m.
 */
function podTotals(pod: Pod, which: 'requests' | 'limits'): ResourceList {
  const sum = new Map<string, Quantity>();
  for (const c of pod.spec.containers) addInto(sum, c.resources?.[which]);
  const sidecars = new Map<string, Quantity>();
  const init = new Map<string, Quantity>();
  for (const c of pod.spec.initContainers ?? []) {
    const own = c.resources?.[which];
    if (c.restartPolicy === 'Always') {
      addInto(sum, own);
      addInto(sidecars, own);
      maxInto(init, sidecars);
    } else {
      const needs = new Map(sidecars);
      addInto(needs, own);
      maxInto(init, needs);
    }
  }
  maxInto(sum, init);
  const out: ResourceList = {};
  for (const [k, v] of sum) out[k] = formatQuantity(v);
  return out;
}

/** podValidateLimitFunc is PodValidateLimitFunc on a create: every violation of one LimitRange. */
export function podValidateLimitFunc(lr: LimitRange, pod: Pod): string[] {
  const errs: string[] = [];
  for (const item of lr.spec?.limits ?? []) {
    if (item.type === 'Container') {
      for (const c of [...pod.spec.containers, ...(pod.spec.initContainers ?? [])]) {
        errs.push(...checkItem(item, c.resources?.requests ?? {}, c.resources?.limits ?? {}));
      }
    }
    if (item.type === 'Pod') errs.push(...checkItem(item, podTotals(pod, 'requests'), podTotals(pod, 'limits')));
  }
  return errs;
}

/** persistentVolumeClaimValidateLimitFunc: a claim's requests against the PersistentVolumeClaim item's min and max. */
export function persistentVolumeClaimValidateLimitFunc(lr: LimitRange, pvc: PersistentVolumeClaimObject): string[] {
  const errs: string[] = [];
  const requests = pvc.spec?.resources?.requests ?? {};
  for (const item of lr.spec?.limits ?? []) {
    if (item.type !== 'PersistentVolumeClaim') continue;
    for (const k of sortedKeys(item.min)) {
      const e = minConstraint(item.type, k, item.min?.[k] as string, requests, {});
      if (e !== null) errs.push(e);
    }
    for (const k of sortedKeys(item.max)) {
      const e = maxRequestConstraint(item.type, k, item.max?.[k] as string, requests);
      if (e !== null) errs.push(e);
    }
  }
  return errs;
}

/** What the plugin made of a pod: the pod to store (and its annotation), or the Forbidden reason. */
export type LimitAdmission = { ok: true; pod: Pod; annotation?: string } | { ok: false; reason: string };

/**
 * admitPodLimits is the plugin's two phases on a pod create: Admit merges every LimitRange's
 * defaults in turn (the last one to set something writes the annotation), Validate then checks
 * every LimitRange in turn, and the first with violations refuses the pod with all of them.
 */
export function admitPodLimits(ranges: readonly LimitRange[], pod: Pod): LimitAdmission {
  let out = pod;
  let annotation: string | undefined;
  for (const lr of ranges) {
    const m = podMutateLimitFunc(lr, out);
    out = m.pod;
    if (m.annotation !== undefined) annotation = m.annotation;
  }
  for (const lr of ranges) {
    const errs = podValidateLimitFunc(lr, out);
    if (errs.length > 0) return { ok: false, reason: aggregateMessage(errs) };
  }
  return annotation === undefined ? { ok: true, pod: out } : { ok: true, pod: out, annotation };
}

/** admitClaimLimits is Validate on a claim create: the first LimitRange a claim breaks refuses it. */
export function admitClaimLimits(ranges: readonly LimitRange[], pvc: PersistentVolumeClaimObject): string | null {
  for (const lr of ranges) {
    const errs = persistentVolumeClaimValidateLimitFunc(lr, pvc);
    if (errs.length > 0) return aggregateMessage(errs);
  }
  return null;
}
