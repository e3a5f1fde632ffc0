/**
 * The `Warning` headers kube-apiserver (v1.36) sends on writes of the kinds served today: its
 * pod and pod-template warnings (deprecated node labels in nodeSelector, node affinity and
 * topology spread; annotations that no longer do anything; a negative grace period). Workloads
 * warn on create and on an update that changes their generation (the template changed), pods on
 * create and on an update of their spec or annotations, as each registry strategy asks; and
 * its Service warnings (a deprecated annotation, fields the Service's type ignores).
 */
import type { KubeObject } from '../src/engine/api/types.ts';

export { ENDPOINTS_DEPRECATION } from '../src/engine/api/discoveryTypes.ts';

/** Deprecated node labels and what replaces them (the node API's deprecation table). */
const DEPRECATED_NODE_LABELS: Record<string, string> = {
  'beta.kubernetes.io/arch': 'deprecated since v1.14; use "kubernetes.io/arch" instead',
  'beta.kubernetes.io/os': 'deprecated since v1.14; use "kubernetes.io/os" instead',
  'failure-domain.beta.kubernetes.io/region': 'deprecated since v1.17; use "topology.kubernetes.io/region" instead',
  'failure-domain.beta.kubernetes.io/zone': 'deprecated since v1.17; use "topology.kubernetes.io/zone" instead',
  'beta.kubernetes.io/instance-type': 'deprecated since v1.17; use "node.kubernetes.io/instance-type" instead',
};

const SECCOMP = 'non-functional in v1.27+; use the "seccompProfile" field instead';

/** annotationWarning: what an annotation that no longer works says, or undefined. */
function annotationWarning(key: string): string | undefined {
  if (key === 'scheduler.alpha.kubernetes.io/critical-pod') return 'non-functional in v1.16+; use the "priorityClassName" field instead';
  if (key === 'seccomp.security.alpha.kubernetes.io/pod' || key.startsWith('container.seccomp.security.alpha.kubernetes.io/')) return SECCOMP;
  if (key.startsWith('container.apparmor.security.beta.kubernetes.io/')) return 'deprecated since v1.30; use the "appArmorProfile" field instead';
  return undefined;
}

type Json = Record<string, unknown>;

const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function termWarnings(term: unknown, path: string): string[] {
  const out: string[] = [];
  arr(obj(term).matchExpressions).forEach((e, j) => {
    const key = String(obj(e).key ?? '');
    const msg = DEPRECATED_NODE_LABELS[key];
    if (msg) out.push(`${path}.matchExpressions[${j}].key: ${key} is ${msg}`);
  });
  return out;
}

/** podWarnings: the warnings of a pod's metadata and spec, with their paths under `prefix` ('' or 'spec.template.'). */
export function podWarnings(meta: unknown, spec: unknown, prefix: string): string[] {
  const out: string[] = [];
  const s = obj(spec);
  for (const key of Object.keys(obj(s.nodeSelector))) {
    const msg = DEPRECATED_NODE_LABELS[key];
    if (msg) out.push(`${prefix}spec.nodeSelector[${key}]: ${msg}`);
  }
  const node = obj(obj(s.affinity).nodeAffinity);
  const required = `${prefix}spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms`;
  arr(obj(node.requiredDuringSchedulingIgnoredDuringExecution).nodeSelectorTerms).forEach((t, i) => {
    out.push(...termWarnings(t, `${required}[${i}]`));
  });
  arr(node.preferredDuringSchedulingIgnoredDuringExecution).forEach((p, i) => {
    out.push(...termWarnings(obj(p).preference, `${prefix}spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[${i}].preference`));
  });
  arr(s.topologySpreadConstraints).forEach((c, i) => {
    const key = String(obj(c).topologyKey ?? '');
    const msg = DEPRECATED_NODE_LABELS[key];
    if (msg) out.push(`${prefix}spec.topologySpreadConstraints[${i}].topologyKey: ${key} is ${msg}`);
  });
  for (const key of Object.keys(obj(obj(meta).annotations))) {
    const msg = annotationWarning(key);
    if (msg) out.push(`${prefix}metadata.annotations[${key}]: ${msg}`);
  }
  const grace = s.terminationGracePeriodSeconds;
  if (typeof grace === 'number' && grace < 0) out.push(`${prefix}spec.terminationGracePeriodSeconds: must be >= 0; negative values are invalid and will be treated as 1`);
  return out;
}

const WORKLOADS = new Set(['Deployment', 'ReplicaSet', 'DaemonSet', 'StatefulSet']);

/** serviceWarnings: what kube-apiserver warns of on a Service create or update. */
export function serviceWarnings(meta: unknown, spec: unknown): string[] {
  const out: string[] = [];
  if (Object.hasOwn(obj(obj(meta).annotations), 'service.kubernetes.io/topology-aware-hints')) {
    out.push('annotation service.kubernetes.io/topology-aware-hints is deprecated, please use service.kubernetes.io/topology-mode instead');
  }
  const s = obj(spec);
  if (s.type === 'ExternalName' && arr(s.externalIPs).length > 0) out.push('spec.externalIPs is ignored when spec.type is "ExternalName"');
  if (s.type !== 'ExternalName' && typeof s.externalName === 'string' && s.externalName !== '') out.push('spec.externalName is ignored when spec.type is not "ExternalName"');
  return out;
}

/** writeWarnings: what kube-apiserver warns of when `written` is stored over `old` (undefined: a create). */
export function writeWarnings(written: unknown, old: KubeObject | undefined): string[] {
  const o = obj(written);
  const kind = o.kind;
  if (kind === 'Pod') {
    const was = old as unknown as Json | undefined;
    const changed = !was || JSON.stringify(was.spec) !== JSON.stringify(o.spec) || JSON.stringify(obj(was.metadata).annotations) !== JSON.stringify(obj(o.metadata).annotations);
    return changed ? podWarnings(o.metadata, o.spec, '') : [];
  }
  if (typeof kind === 'string' && WORKLOADS.has(kind)) {
    if (old && obj(old.metadata).generation === obj(o.metadata).generation) return [];
    const template = obj(obj(o.spec).template);
    return podWarnings(template.metadata, template.spec, 'spec.template.');
  }
  if (kind === 'Service') return serviceWarnings(o.metadata, o.spec);
  return [];
}
