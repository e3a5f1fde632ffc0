/**
 * The JSON decoding step the API server runs before validation: every field the simulator reads
 * must have the Go type of apps/v1, or the object is refused with the decoder's own wording, e.g.
 * `Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into
 * Go struct field DeploymentSpec.spec.replicas of type int32`. Structs whose every field is listed
 * in manifestGoTypes.ts and manifestPolicyTypes.ts are decoded strictly (`strict decoding error: unknown field "spec.replica"`, as
 * `kubectl apply` with its default `--validate=strict`); structs the simulator only partly reads
 * (PodSpec, Container, ...) keep their other fields untouched so real manifests go in.
 * As in Go, `null` means "not set": it is dropped from mappings (and is the zero value in lists).
 */
import { decodeBase64, encodeBase64 } from '../../lib/base64.ts';
import { parseQuantity } from '../../lib/quantity.ts';
import { daemonSet, deployment, namespace, pod, replicaSet, type GoType } from './manifestGoTypes.ts';
import { POLICY_TYPES } from './manifestPolicyTypes.ts';
import type { PolicyObject } from '../../api/policyTypes.ts';
import { statefulSet } from './manifestStatefulTypes.ts';

/**
 * decodePolicyManifest is decodeManifest for ResourceQuota, PodDisruptionBudget,
 * HorizontalPodAutoscaler and Service: a quantity that does not parse is the decoder's
 * `quantities must match the regular expression …`.
 */
export function decodePolicyManifest(kind: PolicyObject['kind'] | 'Scale', obj: Record<string, unknown>): Decoded {
  const t = POLICY_TYPES[kind] as { ty: GoType; version: string };
  const w: Walk = { typeError: null, unknown: [] };
  const value = walk(w, t.ty, obj, '', kind) as Record<string, unknown>;
  const head = `${kind} in version "${t.version}" cannot be handled as a ${kind}`;
  if (w.typeError !== null) return { ok: false, message: `${head}: ${w.typeError}` };
  if (w.unknown.length > 0) {
    const list = w.unknown.map((p) => `unknown field "${p}"`).join(', ');
    return { ok: false, message: `${head}: strict decoding error: ${list}` };
  }
  return { ok: true, value };
}

/** isRecord: a JSON object (a plain object, not an array, a class instance or null). */
function isRecord(x: unknown): x is Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const proto: unknown = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

/** What decodeManifest found: the object with nulls dropped, or the decoder's message. */
export type Decoded = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

interface Walk {
  typeError: string | null;
  unknown: string[];
}

/** The kinds the decoder knows the whole Go type of. */
export type ManifestKind = 'Deployment' | 'DaemonSet' | 'StatefulSet' | 'ReplicaSet' | 'Namespace' | 'Pod';

/** goTypeOf is the Go type a kind decodes into (apps/v1, or core/v1 for a Namespace and a Pod). */
export function goTypeOf(kind: ManifestKind): GoType {
  if (kind === 'Pod') return pod;
  if (kind === 'ReplicaSet') return replicaSet;
  return kind === 'Deployment' ? deployment : kind === 'DaemonSet' ? daemonSet : kind === 'StatefulSet' ? statefulSet : namespace;
}

/**
 * decodedGoType is the Go type the API server decodes a kind's bodies into, for the kinds whose
 * decoding is modelled (the workloads, ConfigMap, Secret, PersistentVolumeClaim), or null: a write keeps no unknown field of it.
 */
export function decodedGoType(kind: string): GoType | null {
  if (kind === 'Deployment' || kind === 'DaemonSet' || kind === 'StatefulSet') return goTypeOf(kind);
  if (kind === 'ConfigMap' || kind === 'Secret' || kind === 'PersistentVolumeClaim') return POLICY_TYPES[kind]?.ty ?? null;
  return null;
}

/** decodeTyped decodes a body of a kind decodedGoType knows (the workloads' message or the core/v1 kinds'), or null for another kind. */
export function decodeTyped(kind: string, obj: Record<string, unknown>): Decoded | null {
  if (kind === 'Deployment' || kind === 'DaemonSet' || kind === 'StatefulSet') return decodeManifest(kind, obj);
  if (kind === 'ConfigMap' || kind === 'Secret' || kind === 'PersistentVolumeClaim') return decodePolicyManifest(kind, obj);
  return null;
}

/**
 * decodeManifest checks a Deployment or DaemonSet manifest against the Go types of apps/v1 (a
 * Namespace against core/v1) and
 * returns it with `null` fields dropped, or the API server's decoding message (without the
 * `Error from server (BadRequest)` prefix kubectl adds).
 */
export function decodeManifest(kind: ManifestKind, obj: Record<string, unknown>): Decoded {
  const w: Walk = { typeError: null, unknown: [] };
  const type = goTypeOf(kind);
  const value = walk(w, type, obj, '', kind) as Record<string, unknown>;
  const head = `${kind} in version "v1" cannot be handled as a ${kind}`;
  if (w.typeError !== null) return { ok: false, message: `${head}: ${w.typeError}` };
  if (w.unknown.length > 0) {
    const list = w.unknown.map((p) => `unknown field "${p}"`).join(', ');
    return { ok: false, message: `${head}: strict decoding error: ${list}` };
  }
  return { ok: true, value };
}

/** jsonKind names a JSON value the way Go's decoder does in its messages. */
function jsonKind(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'array';
  if (typeof x === 'boolean') return 'bool';
  if (typeof x === 'number') return 'number';
  if (typeof x === 'string') return 'string';
  return 'object';
}

const GO_NAME: Record<string, string> = {
  string: 'string',
  bool: 'bool',
  int32: 'int32',
  int64: 'int64',
  intstr: 'int32',
  map: 'map[string]string',
};

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/**
 * walk decodes x as type `ty` at JSON path `path` inside Go struct `owner`, recording the first
 * type error (Go stops there) and every unknown field of a closed struct. `fields` is the decoder's
 * error context, the struct fields it went through (its FieldStack): a list index or a map key is
 * not one of them, so a type error names `ObjectMeta.metadata.labels` and
 * `EnvVar.spec.template.spec.containers.env.value`, where the strict decoder's unknown fields
 * keep the index (`spec.template.spec.containers[0].foo`).
 */
function walk(w: Walk, ty: GoType, x: unknown, path: string, owner: string, fields = path): unknown {
  if (w.typeError !== null) return x;
  const mismatch = (goType: string, detail = jsonKind(x)): unknown => {
    w.typeError = `json: cannot unmarshal ${detail} into Go struct field ${owner}.${fields} of type ${goType}`;
    return x;
  };
  switch (ty.t) {
    case 'any':
      return x;
    case 'string':
      return typeof x === 'string' ? x : mismatch('string');
    case 'bool':
      return typeof x === 'boolean' ? x : mismatch('bool');
    case 'intstr':
      if (typeof x === 'string') return x;
      return walkInt(x, 32, mismatch, 'int32');
    case 'quantity': {
      // resource.Quantity.UnmarshalJSON: the text (trimmed) or the bare number must parse, else apimachinery's own error.
      const q = parseQuantity(typeof x === 'string' ? x.trim() : typeof x === 'number' ? String(x) : JSON.stringify(x));
      // Go's decoder stops at the first error: a later one does not replace it.
      if (!q.ok && w.typeError === null) w.typeError = q.error;
      return x;
    }
    case 'int32':
    case 'int64':
      return walkInt(x, ty.t === 'int32' ? 32 : 64, mismatch, ty.t);
    case 'map': {
      if (!isRecord(x)) return mismatch(GO_NAME.map as string);
      const entries: [string, unknown][] = [];
      for (const [k, v] of Object.entries(x)) {
        if (v === null) continue;
        if (typeof v !== 'string') return mismatch('string', jsonKind(v));
        entries.push([k, v]);
      }
      return Object.fromEntries(entries);
    }
    case 'bmap': {
      // encoding/json decodes a []byte from base64 and stops at the first CorruptInputError; the
      // value is kept as Go writes it back (newlines dropped).
      if (!isRecord(x)) return mismatch('map[string][]uint8');
      const entries: [string, unknown][] = [];
      for (const [k, v] of Object.entries(x)) {
        if (v === null) continue;
        if (typeof v !== 'string') return mismatch('[]uint8', jsonKind(v));
        const d = decodeBase64(v);
        if ('errorAt' in d) {
          w.typeError = `illegal base64 data at input byte ${d.errorAt}`;
          return x;
        }
        entries.push([k, encodeBase64(d.bytes)]);
      }
      return Object.fromEntries(entries);
    }
    case 'qmap': {
      if (!isRecord(x)) return mismatch('v1.ResourceList');
      const entries: [string, unknown][] = [];
      for (const [k, v] of Object.entries(x)) {
        if (v === null) continue;
        entries.push([k, walk(w, { t: 'quantity' }, v, join(path, k), owner, fields)]);
      }
      return Object.fromEntries(entries);
    }
    case 'list': {
      if (!Array.isArray(x)) return mismatch(`[]${goName(ty.of)}`);
      return x.map((e, i) => walk(w, ty.of, e === null ? zero(ty.of) : e, `${path}[${i}]`, owner, fields));
    }
    case 'struct': {
      if (!isRecord(x)) return mismatch(ty.name);
      const entries: [string, unknown][] = [];
      for (const [k, v] of Object.entries(x)) {
        const sub = Object.hasOwn(ty.fields, k) ? ty.fields[k] : undefined;
        if (sub === undefined) {
          if (!ty.open) w.unknown.push(join(path, k));
          entries.push([k, v]);
        } else if (v !== null) {
          entries.push([k, walk(w, sub, v, join(path, k), ty.name, join(fields, k))]);
        }
      }
      return Object.fromEntries(entries);
    }
  }
}

/** walkInt accepts integral numbers within the Go integer type's range. */
function walkInt(x: unknown, bits: 32 | 64, mismatch: (g: string, d?: string) => unknown, goType: string): unknown {
  if (typeof x !== 'number') return mismatch(goType);
  const limit = bits === 32 ? 2 ** 31 : 2 ** 63;
  if (!Number.isInteger(x) || x < -limit || x >= limit) return mismatch(goType, `number ${x}`);
  return x;
}

function goName(ty: GoType): string {
  if (ty.t === 'struct') return ty.name;
  if (ty.t === 'list') return `[]${goName(ty.of)}`;
  return GO_NAME[ty.t] ?? 'interface {}';
}

/** zero is the value Go decodes `null` to inside a list: an empty struct, string or number. */
function zero(ty: GoType): unknown {
  switch (ty.t) {
    case 'struct':
    case 'map':
    case 'qmap':
    case 'bmap':
      return {};
    case 'list':
      return [];
    case 'string':
    case 'intstr':
    case 'quantity':
      return '';
    case 'bool':
      return false;
    case 'int32':
    case 'int64':
      return 0;
    case 'any':
      return null;
  }
}
