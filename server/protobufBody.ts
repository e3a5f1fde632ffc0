/**
 * Reads the objects that clients send as protobuf: kubectl's typed commands (`create namespace`,
 * `create deployment`, `create service`, `create quota`, `create pdb`, `create configmap`,
 * `create secret`, `autoscale`) post their object in
 * Kubernetes' protobuf envelope (the magic `k8s\0`, then a runtime.Unknown: field 1 its
 * apiVersion and kind, field 2 the object). The object is decoded by the field table of
 * protobufSchema.ts into the JSON object the same client would have sent as JSON.
 *
 * Go writes every non-pointer field, zero values too, where its JSON leaves an `omitempty` one out;
 * the wire cannot tell the two apart. So zero scalars are left out, but for the pointer fields
 * whose 0 or false means something (a Deployment's `replicas: 0`); messages stay, even empty (a
 * struct's JSON is `{}`), but for a zero Time (JSON `null`).
 */
import { toRFC3339 } from '../src/engine/lib/time.ts';
import { PROTOBUF_SCHEMA } from './protobufSchema.ts';

const MAGIC = [0x6b, 0x38, 0x73, 0x00];

/** The root message of each apiVersion/kind a client may send. */
const ROOTS: Readonly<Record<string, string>> = {
  'v1/Namespace': 'core.v1.Namespace',
  'v1/Service': 'core.v1.Service',
  'v1/ConfigMap': 'core.v1.ConfigMap',
  'v1/Secret': 'core.v1.Secret',
  'v1/ResourceQuota': 'core.v1.ResourceQuota',
  'v1/Pod': 'core.v1.Pod',
  'v1/PersistentVolumeClaim': 'core.v1.PersistentVolumeClaim',
  'apps/v1/Deployment': 'apps.v1.Deployment',
  'apps/v1/ReplicaSet': 'apps.v1.ReplicaSet',
  'apps/v1/DaemonSet': 'apps.v1.DaemonSet',
  'apps/v1/StatefulSet': 'apps.v1.StatefulSet',
  'policy/v1/PodDisruptionBudget': 'policy.v1.PodDisruptionBudget',
  'autoscaling/v2/HorizontalPodAutoscaler': 'autoscaling.v2.HorizontalPodAutoscaler',
  'autoscaling/v1/HorizontalPodAutoscaler': 'autoscaling.v1.HorizontalPodAutoscaler',
};

/** Pointer fields whose zero value is a value, kept when 0 or false. */
const KEEP_ZERO = new Set([
  'replicas',
  'revisionHistoryLimit',
  'progressDeadlineSeconds',
  'terminationGracePeriodSeconds',
  'activeDeadlineSeconds',
  'automountServiceAccountToken',
  'enableServiceLinks',
  'partition',
  'runAsUser',
  'runAsGroup',
  'runAsNonRoot',
  'readOnlyRootFilesystem',
  'allowPrivilegeEscalation',
  'privileged',
  'optional',
  'defaultMode',
  'minReplicas',
  'targetCPUUtilizationPercentage',
]);

interface Field {
  name: string;
  mode: '-' | 'r' | 'M';
  type: string;
}

const parsed = new Map<string, Map<number, Field>>();

function schemaOf(message: string): Map<number, Field> | undefined {
  let m = parsed.get(message);
  if (m !== undefined) return m;
  const text = PROTOBUF_SCHEMA[message];
  if (text === undefined) return undefined;
  m = new Map();
  for (const entry of text.split(',')) {
    const [num, name, mode, type] = entry.split(' ') as [string, string, Field['mode'], string];
    m.set(Number(num), { name, mode, type });
  }
  parsed.set(message, m);
  return m;
}

class Reader {
  i = 0;
  constructor(readonly b: Uint8Array) {}
  varint(): bigint {
    let v = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      const byte = this.b[this.i++];
      if (byte === undefined) throw new Error('truncated varint');
      v |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return v;
    }
    throw new Error('varint too long');
  }
  bytes(): Uint8Array {
    const n = Number(this.varint());
    if (this.i + n > this.b.length) throw new Error('truncated field');
    const out = this.b.subarray(this.i, this.i + n);
    this.i += n;
    return out;
  }
  skip(wire: number): void {
    if (wire === 0) this.varint();
    else if (wire === 1) this.i += 8;
    else if (wire === 5) this.i += 4;
    else if (wire === 2) this.bytes();
    else throw new Error(`wire type ${wire}`);
  }
}

/** A varint as a signed 64-bit number (a negative int32 is written in ten bytes). */
const signed = (v: bigint): number => Number(BigInt.asIntN(64, v));

function scalar(r: Reader, wire: number, type: string): unknown {
  if (type === 's') return Buffer.from(r.bytes()).toString('utf8');
  if (type === 'y') return Buffer.from(r.bytes()).toString('base64');
  if (type === 'i') return signed(r.varint());
  if (type === 'b') return r.varint() !== 0n;
  const view = new DataView(r.b.buffer, r.b.byteOffset + r.i);
  r.i += type === 'd' ? 8 : 4;
  if (wire !== (type === 'd' ? 1 : 5)) throw new Error('wire type of a float');
  return type === 'd' ? view.getFloat64(0, true) : view.getFloat32(0, true);
}

/** value decodes one field's value: a scalar, or a message as its JSON form. */
function value(r: Reader, wire: number, type: string): unknown {
  if (type.length === 1) return scalar(r, wire, type);
  return message(r.bytes(), type);
}

const isZero = (v: unknown): boolean => v === '' || v === 0 || v === false;

/** message decodes a message into the JSON a client would have sent for it. */
function message(b: Uint8Array, type: string): unknown {
  const r = new Reader(b);
  const fields = schemaOf(type);
  const out: Record<string, unknown> = {};
  while (r.i < b.length) {
    const key = r.varint();
    const num = Number(key >> 3n);
    const wire = Number(key & 7n);
    const f = fields?.get(num);
    if (f === undefined) {
      r.skip(wire);
      continue;
    }
    if (f.mode === 'M') {
      const entry = new Reader(r.bytes());
      let k = '';
      let v: unknown = f.type === 's' ? '' : {};
      while (entry.i < entry.b.length) {
        const ek = entry.varint();
        if (ek >> 3n === 1n) k = Buffer.from(entry.bytes()).toString('utf8');
        else if (ek >> 3n === 2n) v = value(entry, Number(ek & 7n), f.type);
        else entry.skip(Number(ek & 7n));
      }
      if (out[f.name] === undefined) out[f.name] = {};
      (out[f.name] as Record<string, unknown>)[k] = v;
    } else if (f.mode === 'r') {
      if (out[f.name] === undefined) out[f.name] = [];
      const list = out[f.name] as unknown[];
      if (wire === 2 && f.type.length === 1 && f.type !== 's' && f.type !== 'y') {
        // A packed repeated scalar.
        const packed = new Reader(r.bytes());
        while (packed.i < packed.b.length) list.push(scalar(packed, f.type === 'd' ? 1 : f.type === 'f' ? 5 : 0, f.type));
      } else list.push(value(r, wire, f.type));
    } else {
      const v = value(r, wire, f.type);
      if (v === undefined || (isZero(v) && !KEEP_ZERO.has(f.name))) delete out[f.name];
      else out[f.name] = v;
    }
  }
  return special(type, out);
}

/** The messages whose JSON is not an object of their fields: times, quantities, int-or-strings, raw JSON. */
function special(type: string, o: Record<string, unknown>): unknown {
  if (type === 'apis.meta.v1.Time' || type === 'apis.meta.v1.MicroTime') {
    const seconds = Number(o.seconds ?? 0);
    return seconds === 0 && !o.nanos ? undefined : toRFC3339(seconds * 1000);
  }
  if (type === 'api.resource.Quantity') return o.string ?? '0';
  if (type === 'util.intstr.IntOrString') return o.type === 1 ? (o.strVal ?? '') : (o.intVal ?? 0);
  if (type === 'runtime.RawExtension') return typeof o.raw === 'string' ? JSON.parse(Buffer.from(o.raw, 'base64').toString('utf8')) : undefined;
  return o;
}

/**
 * objectFromProtobuf decodes a protobuf body into its JSON object (apiVersion and kind first), or
 * null when it is not Kubernetes protobuf, names a kind the table does not hold, or is malformed.
 */
export function objectFromProtobuf(body: Uint8Array): Record<string, unknown> | null {
  if (body.length < 4 || MAGIC.some((m, i) => body[i] !== m)) return null;
  try {
    const unknown = message(body.subarray(4), 'runtime.Unknown') as { typeMeta?: { apiVersion?: string; kind?: string }; raw?: string };
    const apiVersion = unknown.typeMeta?.apiVersion ?? '';
    const kind = unknown.typeMeta?.kind ?? '';
    const root = ROOTS[`${apiVersion}/${kind}`];
    if (root === undefined || unknown.raw === undefined) return null;
    const object = message(Buffer.from(unknown.raw, 'base64'), root);
    return { apiVersion, kind, ...(object as Record<string, unknown>) };
  } catch {
    return null;
  }
}
