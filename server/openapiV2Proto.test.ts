// The gnostic protobuf behind /openapi/v2: a Schema's bytes decoded by hand, the YAML its Any
// values carry, the v3 → v2 schema conversion, and the whole document read back field by field.
import { describe, expect, it } from 'vitest';
import { SCHEMAS } from './openapi.ts';
import { openapiV2Document, v2Definitions, v2Schema } from './openapiV2.ts';
import { ProtoWriter, writeSchema, yamlOf } from './openapiV2Proto.ts';

const ascii = (s: string): number[] => [...Buffer.from(s, 'utf8')];
const encode = (s: Record<string, unknown>): number[] => {
  const w = new ProtoWriter();
  writeSchema(w, s);
  return [...w.bytes()];
};

/** A field as read off the wire: its number and either a varint or its bytes. */
interface Field {
  n: number;
  v: number | Uint8Array;
}

function fields(b: Uint8Array): Field[] {
  const out: Field[] = [];
  let i = 0;
  const varint = () => {
    let v = 0;
    let mul = 1;
    for (;;) {
      if (i >= b.length) throw new Error(`varint past the end (${b.length} bytes)`);
      const x = b[i++] as number;
      v += (x & 0x7f) * mul;
      mul *= 128;
      if (x < 0x80) return v;
    }
  };
  while (i < b.length) {
    const tag = varint();
    if ((tag & 7) === 0) out.push({ n: tag >> 3, v: varint() });
    else {
      const len = varint();
      if (i + len > b.length) throw new Error(`field ${tag >> 3}: ${len} bytes past the end`);
      out.push({ n: tag >> 3, v: b.subarray(i, i + len) });
      i += len;
    }
  }
  return out;
}
const text = (v: number | Uint8Array | undefined) => Buffer.from(v as Uint8Array).toString('utf8');
const one = (fs: Field[], n: number) => fs.find((f) => f.n === n)?.v as Uint8Array;
const all = (fs: Field[], n: number) => fs.filter((f) => f.n === n).map((f) => f.v as Uint8Array);

describe('writeSchema', () => {
  it('writes format, description and type by field number (2, 4, 22), the type as a TypeItem', () => {
    expect(encode({ description: 'd', type: 'string', format: 'int-or-string' })).toEqual([
      0x12, 13, ...ascii('int-or-string'), // 2 format
      0x22, 1, ...ascii('d'), // 4 description
      0xb2, 0x01, 8, 0x0a, 6, ...ascii('string'), // 22 type: TypeItem{1 value}
    ]);
  });

  it('writes required (19), properties (25) as NamedSchemas with a $ref (1) and an Any default (5), and an extension (31)', () => {
    const s = { required: ['a'], properties: { a: { $ref: '#/definitions/x.Y', default: {} } }, 'x-kubernetes-map-type': 'atomic' };
    const inner = [0x0a, 17, ...ascii('#/definitions/x.Y'), 0x2a, 5, 0x12, 3, ...ascii('{}\n')];
    const named = [0x0a, 1, ...ascii('a'), 0x12, inner.length, ...inner];
    const ext = [0x0a, 21, ...ascii('x-kubernetes-map-type'), 0x12, 9, 0x12, 7, ...ascii('atomic\n')];
    expect(inner.length).toBe(26);
    expect(encode(s)).toEqual([
      0x9a, 0x01, 1, ...ascii('a'), // 19 required
      0xca, 0x01, named.length + 2, 0x0a, named.length, ...named, // 25 properties: Properties{1 NamedSchema}
      0xfa, 0x01, ext.length, ...ext, // 31 vendor_extension: NamedAny{1 name, 2 Any{2 yaml}}
    ]);
  });

  it('writes items (23) as an ItemsItem, additionalProperties (21) as an AdditionalPropertiesItem, enum (20) as Anys', () => {
    expect(encode({ type: 'array', items: { type: 'string' } })).toEqual([0xb2, 0x01, 7, 0x0a, 5, ...ascii('array'), 0xba, 0x01, 13, 0x0a, 11, 0xb2, 0x01, 8, 0x0a, 6, ...ascii('string')]);
    expect(encode({ additionalProperties: { type: 'string' } })).toEqual([0xaa, 0x01, 13, 0x0a, 11, 0xb2, 0x01, 8, 0x0a, 6, ...ascii('string')]);
    expect(encode({ enum: ['TCP', 'UDP'] })).toEqual([0xa2, 0x01, 6, 0x12, 4, ...ascii('TCP\n'), 0xa2, 0x01, 6, 0x12, 4, ...ascii('UDP\n')]);
  });

  it('puts a two-byte length in front of a string or a message of 128 bytes and more', () => {
    const long = 'x'.repeat(200);
    expect(encode({ description: long })).toEqual([0x22, 0xc8, 0x01, ...ascii(long)]);
    // Schema: 3 + 200 = 203 bytes; NamedSchema: 3 (name) + 1 + 2 + 203 = 209; Properties: 1 + 2 + 209 = 212.
    expect(encode({ properties: { p: { description: long } } })).toEqual([
      0xca, 0x01, 0xd4, 0x01, // 25 properties, 212 bytes
      0x0a, 0xd1, 0x01, // 1 NamedSchema, 209 bytes
      0x0a, 1, ...ascii('p'), // 1 name
      0x12, 0xcb, 0x01, // 2 value, 203 bytes
      0x22, 0xc8, 0x01, ...ascii(long),
    ]);
  });

  it('writes UTF-8', () => {
    expect(encode({ description: 'é' })).toEqual([0x22, 2, 0xc3, 0xa9]);
  });
});

describe('yamlOf', () => {
  it.each([
    [{}, '{}\n'],
    ['', '""\n'],
    [0, '0\n'],
    [false, 'false\n'],
    ['merge,retainKeys', 'merge,retainKeys\n'],
    ['yes', '"yes"\n'],
    ['a: b', '"a: b"\n'],
    [['containerPort', 'protocol'], '- containerPort\n- protocol\n'],
    [[{ group: '', kind: 'Pod', version: 'v1' }], '- group: ""\n  kind: Pod\n  version: v1\n'],
  ])('writes %j as %j', (value, yaml) => {
    expect(yamlOf(value)).toBe(yaml);
  });
});

describe('v2Schema', () => {
  it('unwraps allOf into a $ref beside its siblings, in #/definitions/', () => {
    const strategy = (SCHEMAS['io.k8s.api.apps.v1.DeploymentSpec'] as { properties: Record<string, Record<string, unknown>> }).properties.strategy as Record<string, unknown>;
    expect(v2Schema(strategy)).toEqual({
      $ref: '#/definitions/io.k8s.api.apps.v1.DeploymentStrategy',
      default: {},
      description: 'The deployment strategy to use to replace existing pods with new ones.',
      'x-kubernetes-patch-strategy': 'retainKeys',
    });
  });

  it('gives IntOrString and Quantity their v2 type, string, for oneOf', () => {
    const defs = Object.fromEntries(v2Definitions());
    expect(defs['io.k8s.apimachinery.pkg.util.intstr.IntOrString']).toMatchObject({ type: 'string', format: 'int-or-string' });
    expect(defs['io.k8s.apimachinery.pkg.util.intstr.IntOrString']).not.toHaveProperty('oneOf');
    expect(defs['io.k8s.apimachinery.pkg.api.resource.Quantity']).toMatchObject({ type: 'string' });
    expect(JSON.stringify(defs)).not.toMatch(/allOf|oneOf|#\/components\//);
  });

  it('lists properties by name and recurses into items', () => {
    const containers = (v2Schema(SCHEMAS['io.k8s.api.core.v1.PodSpec'] as Record<string, unknown>).properties as Record<string, Record<string, unknown>>).containers;
    expect(containers?.items).toEqual({ $ref: '#/definitions/io.k8s.api.core.v1.Container', default: {} });
    const names = Object.keys(v2Schema(SCHEMAS['io.k8s.api.core.v1.Container'] as Record<string, unknown>).properties as object);
    expect(names).toEqual([...names].sort());
  });
});

describe('openapiV2Document', () => {
  // Read in each test, so a broken encoding fails the tests rather than the file.
  const doc = () => fields(openapiV2Document());

  it('holds every generated schema as a definition (9), by name, Deployment with its kind', () => {
    const defs = all(fields(one(doc(), 9)), 1).map(fields);
    expect(defs.map((d) => text(one(d, 1)))).toEqual(Object.keys(SCHEMAS).sort());
    const deployment = fields(one(defs.find((d) => text(one(d, 1)) === 'io.k8s.api.apps.v1.Deployment') as Field[], 2));
    expect(text(one(deployment, 4))).toBe('Deployment enables declarative updates for Pods and ReplicaSets.');
    const ext = all(deployment, 31).map(fields);
    expect(ext.map((e) => [text(one(e, 1)), text(one(fields(one(e, 2)), 2))])).toEqual([['x-kubernetes-group-version-kind', '- group: apps\n  kind: Deployment\n  version: v1\n']]);
  });

  it("keeps each kind's PATCH operation with the patch types it consumes and its fieldValidation query parameter", () => {
    const paths = all(fields(one(doc(), 8)), 2).map(fields);
    const deploy = paths.find((p) => text(one(p, 1)) === '/apis/apps/v1/namespaces/{namespace}/deployments/{name}') as Field[];
    const op = fields(one(fields(one(deploy, 2)), 8));
    expect(text(one(op, 5))).toBe('patchDeployment');
    // consumes (7): kubectl's apply builds a strategic merge patch from the definition only with it.
    expect(all(op, 7).map(text)).toEqual(['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml']);
    const query = fields(one(fields(one(fields(one(fields(one(op, 8)), 1)), 2)), 3));
    expect([text(one(query, 2)), text(one(query, 4)), text(one(query, 6))]).toEqual(['query', 'fieldValidation', 'string']);
  });

  it('is encoded once', () => {
    expect(openapiV2Document()).toBe(openapiV2Document());
  });
});
