/**
 * Validation of `cluster` and `controller` (DESIGN.md §4) and of the node properties a node action
 * adds. Node names, labels and taints get the API server's Node messages
 * (`cluster.nodes[1].name: Invalid value: "Worker_A": a lowercase RFC 1123 subdomain …`), built with
 * the engine's ports of the apimachinery checks (src/engine/apiserver/validationCore.ts).
 */
import type { Taint } from '../engine/api/types.ts';
import {
  checkFields,
  field,
  formatCount,
  has,
  index,
  isRecord,
  type Issues,
  own,
  report,
} from './check.ts';
import { nodeLimitMessage } from './limits.ts';
import { validateLoad } from './validateLoad.ts';
import { seconds, validateImages } from './validateImages.ts';
import { validateTraffic } from './validateTraffic.ts';
import { duplicate, errorBody, type FieldError, invalid, notSupported } from '../engine/apimachinery/fieldErrors.ts';
import { isDNS1123Subdomain, isQualifiedName, isValidLabelValue, validateLabels as validateLabelMap } from '../engine/apiserver/validationCore.ts';
import {
  type AllocatableSpec,
  type ClusterSpec,
  type ControllerSpec,
  LIMITS,
  type NodeAddSpec,
  type NodeSpec,
} from './types.ts';
import { formatQuantity, parseQuantity } from '../engine/lib/quantity.ts';

/** reportAll records API field errors, each at its own path: `cluster.nodes[0].labels: Invalid value: …`. */
function reportAll(issues: Issues, errs: readonly FieldError[]): void {
  for (const e of errs) report(issues, e.field, errorBody(e));
}

const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;
const MAX_PODS_LIMIT = 10_000;

/** validateCluster checks `cluster` and returns it rebuilt in §4 key order (undefined fields dropped). */
export function validateCluster(issues: Issues, path: string, x: unknown): ClusterSpec | undefined {
  if (!isRecord(x)) {
    report(issues, path, 'must be a mapping with nodes, nodeDefaults, images, terminationSeconds, load, traffic');
    return undefined;
  }
  checkFields(issues, path, x, ['nodes', 'nodeDefaults', 'images', 'terminationSeconds', 'load', 'traffic']);
  const out: ClusterSpec = {};
  if (has(x, 'nodes')) {
    const nodes = validateNodes(issues, field(path, 'nodes'), x.nodes);
    if (nodes !== undefined) out.nodes = nodes;
  }
  if (has(x, 'nodeDefaults')) {
    const p = field(path, 'nodeDefaults');
    if (!isRecord(x.nodeDefaults)) report(issues, p, `must be a mapping with ${NODE_PROPS.join(', ')}`);
    else {
      checkFields(issues, p, x.nodeDefaults, NODE_PROPS);
      out.nodeDefaults = validateNodeProps(issues, p, x.nodeDefaults);
    }
  }
  if (has(x, 'images')) out.images = validateImages(issues, field(path, 'images'), x.images);
  if (has(x, 'terminationSeconds')) {
    const t = seconds(issues, field(path, 'terminationSeconds'), x.terminationSeconds, false);
    if (typeof t === 'number') out.terminationSeconds = t;
  }
  if (has(x, 'load')) {
    const load = validateLoad(issues, field(path, 'load'), x.load);
    if (load !== undefined) out.load = load;
  }
  if (has(x, 'traffic')) {
    const traffic = validateTraffic(issues, field(path, 'traffic'), x.traffic);
    if (traffic !== undefined) out.traffic = traffic;
  }
  return out;
}

/** validateController checks `controller`. */
export function validateController(issues: Issues, path: string, x: unknown): ControllerSpec | undefined {
  if (!isRecord(x)) {
    report(issues, path, 'must be a mapping with watchDelaySeconds');
    return undefined;
  }
  checkFields(issues, path, x, ['watchDelaySeconds']);
  const out: ControllerSpec = {};
  if (has(x, 'watchDelaySeconds')) {
    const t = seconds(issues, field(path, 'watchDelaySeconds'), x.watchDelaySeconds, false);
    if (typeof t === 'number') out.watchDelaySeconds = t;
  }
  return out;
}

function validateNodes(issues: Issues, path: string, x: unknown): number | NodeSpec[] | undefined {
  if (typeof x === 'number') {
    if (!Number.isInteger(x) || x < 0) {
      report(issues, path, 'must be a whole number of nodes ≥ 0, or a list of nodes');
      return undefined;
    }
    if (x > LIMITS.nodes) report(issues, path, nodeLimitMessage(x));
    return x;
  }
  if (!Array.isArray(x)) {
    report(issues, path, 'must be a whole number of nodes ≥ 0, or a list of nodes');
    return undefined;
  }
  if (x.length > LIMITS.nodes) {
    report(issues, path, nodeLimitMessage(x.length));
    return undefined;
  }
  const seen = new Set<string>();
  const out: NodeSpec[] = [];
  x.forEach((n, i) => {
    const p = index(path, i);
    if (!isRecord(n)) {
      report(issues, p, `must be a mapping with name, ${NODE_PROPS.join(', ')}`);
      return;
    }
    checkFields(issues, p, n, ['name', ...NODE_PROPS], ['name']);
    const name = own(n, 'name');
    if (has(n, 'name') && validateNodeName(issues, field(p, 'name'), name)) {
      if (seen.has(name as string)) report(issues, field(p, 'name'), `Duplicate value: ${JSON.stringify(name)}`);
      seen.add(name as string);
    }
    const props = validateNodeProps(issues, p, n);
    out.push({ name: typeof name === 'string' ? name : '', ...props });
  });
  return out;
}

/** validateNodeName checks a node name as the API server does; true when it is a valid name. */
export function validateNodeName(issues: Issues, path: string, x: unknown): x is string {
  if (typeof x !== 'string') {
    report(issues, path, 'must be a string');
    return false;
  }
  if (x === '') {
    report(issues, path, 'Required value: name or generateName is required');
    return false;
  }
  const errs = isDNS1123Subdomain(x);
  for (const e of errs) report(issues, path, errorBody(invalid(path, x, e)));
  return errs.length === 0;
}

/** The properties a node may set (list entry, `add` of a node action, `nodeDefaults`), in §4/§9 order. */
export const NODE_PROPS = ['labels', 'taints', 'unschedulable', 'maxPods', 'allocatable'] as const;

/** validateNodeProps checks labels, taints, unschedulable, maxPods and allocatable of a node (list entry, `add` or nodeDefaults). */
export function validateNodeProps(issues: Issues, path: string, n: Record<string, unknown>): NodeAddSpec {
  const out: NodeAddSpec = {};
  if (has(n, 'labels')) {
    const labels = validateLabels(issues, field(path, 'labels'), n.labels);
    if (labels !== undefined) out.labels = labels;
  }
  if (has(n, 'taints')) {
    const taints = validateTaints(issues, field(path, 'taints'), n.taints);
    if (taints !== undefined) out.taints = taints;
  }
  if (has(n, 'unschedulable')) {
    if (typeof n.unschedulable === 'boolean') out.unschedulable = n.unschedulable;
    else report(issues, field(path, 'unschedulable'), 'must be true or false');
  }
  if (has(n, 'maxPods')) {
    const m = n.maxPods;
    if (typeof m === 'number' && Number.isInteger(m) && m >= 0 && m <= MAX_PODS_LIMIT) out.maxPods = m;
    else report(issues, field(path, 'maxPods'), `must be a whole number from 0 to ${formatCount(MAX_PODS_LIMIT)}`);
  }
  if (has(n, 'allocatable')) {
    const a = validateAllocatable(issues, field(path, 'allocatable'), n.allocatable);
    if (a !== undefined) out.allocatable = a;
  }
  return out;
}

/**
 * quantityProblem is apimachinery's complaint about a quantity (`4`, `500m`, `16Gi`, `1e3`), or
 * null when it parses: `quantities must match the regular expression '…'`.
 */
export function quantityProblem(x: string): string | null {
  const q = parseQuantity(x);
  return q.ok ? null : q.error;
}

/**
 * validateAllocatable checks `allocatable`: cpu and memory must parse as Kubernetes quantities
 * (apimachinery's own message otherwise) and not be negative (`must be greater than or equal to
 * 0`, as ValidateResourceQuantityValue says); pods is a whole number (110 or "110").
 */
function validateAllocatable(issues: Issues, path: string, x: unknown): AllocatableSpec | undefined {
  if (!isRecord(x)) {
    report(issues, path, 'must be a mapping with cpu, memory, pods (e.g. { cpu: "4", memory: 16Gi, pods: 110 })');
    return undefined;
  }
  checkFields(issues, path, x, ['cpu', 'memory', 'pods']);
  const out: AllocatableSpec = {};
  for (const k of ['cpu', 'memory'] as const) {
    if (!has(x, k)) continue;
    const v = x[k];
    const p = field(path, k);
    if (typeof v !== 'string' && typeof v !== 'number') {
      report(issues, p, `must be a quantity such as ${k === 'cpu' ? '"4" or "500m"' : '"16Gi"'}`);
      continue;
    }
    const q = parseQuantity(String(v));
    if (!q.ok) report(issues, p, q.error);
    else if (q.value.nanos < 0n) report(issues, p, errorBody(invalid(p, formatQuantity(q.value), 'must be greater than or equal to 0')));
    else out[k] = v;
  }
  if (has(x, 'pods')) {
    // A Node's status.allocatable writes it as a quantity string ("110"); a whole number either way.
    const m = typeof x.pods === 'string' && /^\d{1,6}$/.test(x.pods) ? Number(x.pods) : x.pods;
    if (typeof m === 'number' && Number.isInteger(m) && m >= 0 && m <= MAX_PODS_LIMIT) out.pods = m;
    else report(issues, field(path, 'pods'), `must be a whole number from 0 to ${formatCount(MAX_PODS_LIMIT)}`);
  }
  return out;
}

/** validateLabels checks a label map as metav1 ValidateLabels does (errors at the map's path). */
function validateLabels(issues: Issues, path: string, x: unknown): Record<string, string> | undefined {
  if (!isRecord(x)) {
    report(issues, path, 'must be a mapping of label keys to string values');
    return undefined;
  }
  const entries: [string, string][] = [];
  for (const [k, v] of Object.entries(x)) {
    if (typeof v === 'string') entries.push([k, v]);
    else report(issues, field(path, k), 'must be a string (quote numbers and booleans, e.g. "true")');
  }
  const labels = Object.fromEntries(entries);
  reportAll(issues, validateLabelMap(labels, path));
  return labels;
}

/** validateTaints checks taints as the API server's validateNodeTaints does. */
function validateTaints(issues: Issues, path: string, x: unknown): Taint[] | undefined {
  if (!Array.isArray(x)) {
    report(issues, path, 'must be a list of taints ({ key, value, effect })');
    return undefined;
  }
  const seen = new Set<string>();
  const out: Taint[] = [];
  x.forEach((t, i) => {
    const p = index(path, i);
    if (!isRecord(t)) {
      report(issues, p, 'must be a mapping with key, value, effect');
      return;
    }
    checkFields(issues, p, t, ['key', 'value', 'effect'], ['key', 'effect']);
    const key = own(t, 'key');
    const value = own(t, 'value');
    const effect = own(t, 'effect');
    if (has(t, 'key')) {
      if (typeof key !== 'string') report(issues, field(p, 'key'), 'must be a string');
      else for (const e of isQualifiedName(key)) reportAll(issues, [invalid(field(p, 'key'), key, e)]);
    }
    if (has(t, 'value')) {
      if (typeof value !== 'string') report(issues, field(p, 'value'), 'must be a string');
      else {
        const errs = isValidLabelValue(value);
        if (errs.length > 0) reportAll(issues, [invalid(field(p, 'value'), value, errs.join(';'))]);
      }
    }
    if (has(t, 'effect')) {
      if (typeof effect !== 'string' || !(TAINT_EFFECTS as readonly string[]).includes(effect)) {
        reportAll(issues, [notSupported(field(p, 'effect'), effect, TAINT_EFFECTS)]);
      }
    }
    if (typeof key !== 'string' || typeof effect !== 'string') return;
    const id = `${effect}\u0000${key}`;
    if (seen.has(id)) {
      reportAll(issues, [{ ...duplicate(p, { key, effect }), detail: 'taints must be unique by key and effect pair' }]);
    }
    seen.add(id);
    const taint: Taint = { key, ...(typeof value === 'string' ? { value } : {}), effect: effect as Taint['effect'] };
    out.push(taint);
  });
  return out;
}
