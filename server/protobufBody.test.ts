// Objects in Kubernetes' protobuf envelope, read back to the JSON a client would have sent.
import { describe, expect, it } from 'vitest';
import { objectFromProtobuf } from './protobufBody.ts';

type F = [number, string | Uint8Array | number];

/** msg encodes fields as Go's generated Marshal writes them: strings and messages length-delimited, numbers as varints. */
function msg(...fields: F[]): Uint8Array {
  const parts: number[] = [];
  const varint = (v: number) => {
    let n = BigInt.asUintN(64, BigInt(v));
    do {
      const byte = Number(n & 0x7fn);
      n >>= 7n;
      parts.push(n > 0n ? byte | 0x80 : byte);
    } while (n > 0n);
  };
  for (const [n, v] of fields) {
    if (typeof v === 'number') {
      varint(n * 8);
      varint(v);
      continue;
    }
    const bytes = typeof v === 'string' ? Buffer.from(v, 'utf8') : v;
    varint(n * 8 + 2);
    varint(bytes.length);
    parts.push(...bytes);
  }
  return Uint8Array.from(parts);
}

const entry = (k: string, v: string | Uint8Array) => msg([1, k], [2, v]);
const envelope = (apiVersion: string, kind: string, object: Uint8Array) => Uint8Array.from([0x6b, 0x38, 0x73, 0x00, ...msg([1, msg([1, apiVersion], [2, kind])], [2, object])]);
// ObjectMeta as Go writes it: every string, the zero creationTimestamp as an empty Time.
const meta = (name: string, ...more: F[]) => msg([1, name], [2, ''], [3, ''], [4, ''], [5, ''], [6, ''], [7, 0], [8, msg()], ...more);

describe('objectFromProtobuf', () => {
  it('reads kubectl create namespace', () => {
    expect(objectFromProtobuf(envelope('v1', 'Namespace', msg([1, meta('shop')], [2, msg()], [3, msg([1, ''])])))).toEqual({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'shop' },
      spec: {},
      status: {},
    });
  });

  it('reads kubectl create deployment --replicas=0, keeping the pointer field’s 0 and leaving the zero strings out', () => {
    const container = msg([1, 'nginx'], [2, 'nginx:1.25'], [8, msg()], [13, ''], [14, '']);
    const template = msg([1, meta('', [11, entry('app', 'x')])], [2, msg([2, container], [3, ''], [4, 30])]);
    const spec = msg([1, 0], [2, msg([1, entry('app', 'x')])], [3, template], [4, msg([1, ''])], [5, 0]);
    expect(objectFromProtobuf(envelope('apps/v1', 'Deployment', msg([1, meta('x', [11, entry('app', 'x')])], [2, spec], [3, msg()])))).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x', labels: { app: 'x' } },
      spec: {
        replicas: 0,
        selector: { matchLabels: { app: 'x' } },
        template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25', resources: {} }], terminationGracePeriodSeconds: 30 } },
        strategy: {},
      },
      status: {},
    });
  });

  it('reads int-or-strings and quantities: a Service’s targetPort, a quota’s hard map', () => {
    const port = msg([1, '80-8080'], [2, 'TCP'], [3, 80], [4, msg([1, 0], [2, 8080], [3, ''])]);
    expect(objectFromProtobuf(envelope('v1', 'Service', msg([1, meta('s')], [2, msg([1, port], [4, 'ClusterIP'])])))).toMatchObject({
      spec: { ports: [{ name: '80-8080', protocol: 'TCP', port: 80, targetPort: 8080 }], type: 'ClusterIP' },
    });
    const hard = msg([1, entry('pods', msg([1, '5']))], [1, entry('requests.cpu', msg([1, '2']))]);
    expect(objectFromProtobuf(envelope('v1', 'ResourceQuota', msg([1, meta('q')], [2, hard])))).toMatchObject({ spec: { hard: { pods: '5', 'requests.cpu': '2' } } });
    const named = msg([1, 1], [2, 0], [3, 'http']);
    expect(objectFromProtobuf(envelope('policy/v1', 'PodDisruptionBudget', msg([1, meta('p')], [2, msg([1, named])])))).toMatchObject({ spec: { minAvailable: 'http' } });
  });

  it.each([
    ['a body without the magic', Uint8Array.from([0x7b, 0x7d])],
    ['a kind it has no table for', envelope('batch/v1', 'Job', msg([1, meta('j')]))],
    ['a truncated object', envelope('v1', 'Namespace', Uint8Array.from([0x0a, 0x20, 0x01]))],
  ])('answers null for %s', (_, body) => {
    expect(objectFromProtobuf(body)).toBeNull();
  });
});
