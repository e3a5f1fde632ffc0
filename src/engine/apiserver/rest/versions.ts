/**
 * Resources served in a version besides the one they are stored in, as kube-apiserver serves
 * autoscaling/v1 HorizontalPodAutoscalers over the stored autoscaling/v2 ones, and events.k8s.io/v1
 * Events over the stored core/v1 ones (eventConversion.ts; read-only here): a read converts the
 * stored object to the request's version, a write defaults the body in its own version and
 * converts it to the stored one (hpaConversion.ts), and everything after that — admission,
 * validation, the store, the recording's replay — sees the stored version only.
 */
import type { HorizontalPodAutoscaler } from '../../api/policyTypes.ts';
import type { Event, KubeObject } from '../../api/types.ts';
import { convertCoreEventToV1Event } from '../eventConversion.ts';
import { setDefaultsHorizontalPodAutoscalerV1 } from '../defaultsPolicy.ts';
import { convertAutoscalingHorizontalPodAutoscalerToV1HorizontalPodAutoscaler, convertV1HorizontalPodAutoscalerToAutoscalingHorizontalPodAutoscaler, type HorizontalPodAutoscalerV1 } from '../hpaConversion.ts';
import { type ResourceInfo, resourceOfKind } from './resources.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** isConverted: the row serves its objects in a version other than the stored one. */
export function isConverted(r: ResourceInfo): boolean {
  return r.storageVersion !== undefined;
}

/** storageResource is the row a kind's objects are stored under: `r` itself unless it is converted. */
export function storageResource(r: ResourceInfo): ResourceInfo {
  return isConverted(r) ? (resourceOfKind(r.kind) ?? r) : r;
}

/**
 * Each stored object's other form (an HPA's autoscaling/v1, an Event's events.k8s.io/v1), made
 * once (stored objects never change in place), so the served API's caches of serialized objects,
 * keyed by object, hold each version apart.
 */
const V1 = new WeakMap<KubeObject, KubeObject>();

/**
 * toServedVersion is a stored object as the row's version serves it. The v1 form is not an engine
 * kind; it is only serialized, so it travels typed as the object it stands for.
 */
export function toServedVersion(r: ResourceInfo, obj: KubeObject): KubeObject {
  if (!isConverted(r) || (obj.kind !== 'HorizontalPodAutoscaler' && obj.kind !== 'Event')) return obj;
  let out = V1.get(obj);
  if (out === undefined) {
    const converted = obj.kind === 'Event' ? convertCoreEventToV1Event(obj as Event) : convertAutoscalingHorizontalPodAutoscalerToV1HorizontalPodAutoscaler(obj as HorizontalPodAutoscaler);
    out = converted as unknown as KubeObject;
    V1.set(obj, out);
  }
  return out;
}

/**
 * The parts of a decoded v1 body the conversion reads, as the decoder leaves them: a member of the
 * wrong shape is dropped rather than converted (the annotations are a map of strings).
 */
function shaped(body: Json): HorizontalPodAutoscalerV1 {
  const meta = isObject(body.metadata) ? { ...body.metadata } : {};
  if (meta.annotations !== undefined && !isObject(meta.annotations)) delete meta.annotations;
  if (isObject(meta.annotations)) meta.annotations = Object.fromEntries(Object.entries(meta.annotations).filter(([, v]) => typeof v === 'string'));
  return { ...body, metadata: meta, spec: isObject(body.spec) ? body.spec : {}, status: isObject(body.status) ? body.status : undefined } as unknown as HorizontalPodAutoscalerV1;
}

/**
 * fromServedVersion is a decoded body of the row's version as the stored version: the version's
 * defaults (v1: minReplicas 1), then the conversion. The kind and apiVersion checks were made on
 * the body as sent.
 */
export function fromServedVersion(r: ResourceInfo, body: Json): Json {
  if (!isConverted(r) || r.kind !== 'HorizontalPodAutoscaler') return body;
  const v1 = setDefaultsHorizontalPodAutoscalerV1(shaped(body));
  const { status, ...rest } = convertV1HorizontalPodAutoscalerToAutoscalingHorizontalPodAutoscaler(v1);
  // A body without a status gets none: PrepareForCreate drops it and an update keeps the stored one.
  return (body.status === undefined ? rest : { ...rest, status }) as unknown as Json;
}
