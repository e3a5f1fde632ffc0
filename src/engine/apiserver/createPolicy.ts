/**
 * What the API server does with a policy object it is asked to create or update, before it
 * stores it: decode (quantities must parse), default, validate — the same steps, the same
 * words as for Deployments — and, for a new Service, allocate its ClusterIP.
 */
import type { PolicyObject, Service } from '../api/policyTypes.ts';
import type { KubeObject } from '../api/types.ts';
import { nextInt, type PrngState } from '../lib/prng.ts';
import { setDefaultsPolicyObject } from './defaultsPolicy.ts';
import { type ApiError, newInvalid } from './errors.ts';
import { invalidMessage } from '../apimachinery/fieldErrors.ts';
import { decodeQuantities, validatePolicyObject } from './validationPolicy.ts';

/** isPolicyKind tells whether a kind is one of the policy kinds (api/policyTypes.ts). */
export function isPolicyKind(kind: unknown): kind is PolicyObject['kind'] {
  return kind === 'ResourceQuota' || kind === 'PodDisruptionBudget' || kind === 'HorizontalPodAutoscaler' || kind === 'Service' || kind === 'ConfigMap' || kind === 'Secret';
}

/** normalizeQuantities turns YAML numbers in a quota's hard list into the strings the API stores (`pods: 10` → "10"). */
function normalizeQuantities<T extends PolicyObject>(o: T): T {
  if (o.kind !== 'ResourceQuota' || !o.spec?.hard) return o;
  const hard: Record<string, string> = {};
  for (const [k, v] of Object.entries(o.spec.hard)) hard[k] = String(v);
  return { ...o, spec: { ...o.spec, hard } } as T;
}

/**
 * decodePolicyObject is the decoding and defaulting half of preparePolicyObject: the defaulted
 * object, or the decoder's BadRequest message for a quantity that does not parse.
 */
export function decodePolicyObject<T extends PolicyObject>(raw: T): { object: T } | { badRequest: string } {
  const bad = decodeQuantities(raw);
  if (bad !== null) return { badRequest: bad };
  return { object: setDefaultsPolicyObject(normalizeQuantities(raw)) };
}

/**
 * preparePolicyObject decodes, defaults and validates; the object to store, or the API error:
 * BadRequest for a quantity that does not decode, Invalid with field paths otherwise.
 */
export function preparePolicyObject<T extends PolicyObject>(raw: T): { object: T } | { error: ApiError } {
  const d = decodePolicyObject(raw);
  if ('badRequest' in d) return { error: { reason: 'BadRequest', message: d.badRequest } };
  const obj = d.object;
  const errs = validatePolicyObject(obj);
  if (errs.length > 0) return { error: newInvalid(invalidMessage(obj.kind, obj.metadata?.name ?? '', errs)) };
  return { object: obj };
}

/**
 * allocateClusterIP gives a new Service a ClusterIP, as the service IP allocator does: a random
 * free address of 10.96.0.0/12 (10.96.0.1 is the kubernetes Service's), drawn from the engine's PRNG.
 */
export function allocateClusterIP(s: Service, taken: ReadonlySet<string>, prng: PrngState): Service {
  if (s.spec.type === 'ExternalName' || s.spec.clusterIP === 'None' || s.spec.clusterIP) {
    return s.spec.clusterIP && !s.spec.clusterIPs ? { ...s, spec: { ...s.spec, clusterIPs: [s.spec.clusterIP] } } : s;
  }
  let ip = '';
  for (let i = 0; i < 64; i++) {
    const n = 2 + nextInt(prng, (1 << 20) - 3);
    ip = `10.${96 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
    if (!taken.has(ip)) break;
  }
  return { ...s, spec: { ...s.spec, clusterIP: ip, clusterIPs: [ip] } };
}

/**
 * allocateServiceIP is the create path's ClusterIP step for any object: a Service gets a free
 * address (allocateClusterIP against the addresses `services` hold), anything else passes as it is.
 */
export function allocateServiceIP<T extends KubeObject>(obj: T, services: Iterable<KubeObject>, prng: PrngState): T {
  if (obj.kind !== 'Service') return obj;
  const taken = new Set<string>();
  for (const o of services) if (o.kind === 'Service' && o.spec.clusterIP) taken.add(o.spec.clusterIP);
  return allocateClusterIP(obj as Service, taken, prng) as T;
}
