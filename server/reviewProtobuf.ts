/**
 * Reads the access reviews kubectl sends as protobuf (`auth can-i` posts a
 * SelfSubjectAccessReview, `auth can-i --list` a SelfSubjectRulesReview, both in Kubernetes'
 * protobuf envelope: the magic `k8s\0`, then a runtime.Unknown whose field 2 is the object), so
 * the answer can echo the spec as kube-apiserver does. Only the string fields of the specs are
 * read; Go writes every one, empty ones too, and its JSON leaves the empty ones out.
 */

const MAGIC = [0x6b, 0x38, 0x73, 0x00];

/** fields splits a message into its length-delimited fields by number (other wire types skipped); null when malformed. */
function fields(b: Uint8Array): Map<number, Uint8Array[]> | null {
  const out = new Map<number, Uint8Array[]>();
  let i = 0;
  const varint = (): number | null => {
    let v = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const byte = b[i++];
      if (byte === undefined) return null;
      v += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return v;
    }
    return null;
  };
  while (i < b.length) {
    const key = varint();
    if (key === null) return null;
    const wire = key % 8;
    if (wire === 0 && varint() === null) return null;
    else if (wire === 1) i += 8;
    else if (wire === 5) i += 4;
    else if (wire === 2) {
      const len = varint();
      if (len === null || i + len > b.length) return null;
      const list = out.get(Math.floor(key / 8)) ?? [];
      list.push(b.subarray(i, i + len));
      out.set(Math.floor(key / 8), list);
      i += len;
    } else if (wire !== 0) return null;
    if (i > b.length) return null;
  }
  return out;
}

const text = (f: Map<number, Uint8Array[]>, n: number): string => Buffer.from(f.get(n)?.[0] ?? new Uint8Array()).toString('utf8');
const sub = (f: Map<number, Uint8Array[]> | null, n: number): Map<number, Uint8Array[]> | null => {
  const b = f?.get(n)?.[0];
  return b === undefined ? null : fields(b);
};

/** strings reads the named string fields of a message, leaving the empty ones out. */
function strings(f: Map<number, Uint8Array[]>, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  names.forEach((name, i) => {
    const v = text(f, i + 1);
    if (v !== '') out[name] = v;
  });
  return out;
}

/** reviewFromProtobuf decodes a review's kind and spec from kubectl's protobuf body, or null when it is not one. */
export function reviewFromProtobuf(body: Uint8Array): { kind: string; spec: Record<string, unknown> } | null {
  if (body.length < 4 || MAGIC.some((m, i) => body[i] !== m)) return null;
  const unknown = fields(body.subarray(4));
  const typeMeta = sub(unknown, 1);
  const object = sub(unknown, 2);
  if (!typeMeta || !object) return null;
  const kind = text(typeMeta, 2);
  const spec = sub(object, 2);
  if (!spec) return { kind, spec: {} };
  if (kind === 'SelfSubjectRulesReview') return { kind, spec: strings(spec, ['namespace']) };
  const out: Record<string, unknown> = {};
  const resource = sub(spec, 1);
  if (resource) out.resourceAttributes = strings(resource, ['namespace', 'verb', 'group', 'version', 'resource', 'subresource', 'name']);
  const nonResource = sub(spec, 2);
  if (nonResource) out.nonResourceAttributes = strings(nonResource, ['path', 'verb']);
  return { kind, spec: out };
}
