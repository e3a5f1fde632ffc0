// kubectl's protobuf access reviews, read back to their spec; anything else is not one.
import { describe, expect, it } from 'vitest';
import { reviewFromProtobuf } from './reviewProtobuf.ts';

/** msg encodes length-delimited fields, as Go's generated Marshal writes a message's strings and messages. */
function msg(...fields: [number, string | Uint8Array][]): Uint8Array {
  const parts: number[] = [];
  for (const [n, v] of fields) {
    const bytes = typeof v === 'string' ? Buffer.from(v, 'utf8') : v;
    parts.push(n * 8 + 2, bytes.length, ...bytes);
  }
  return Uint8Array.from(parts);
}

const envelope = (kind: string, object: Uint8Array) => Uint8Array.from([0x6b, 0x38, 0x73, 0x00, ...msg([1, msg([1, 'authorization.k8s.io/v1'], [2, kind])], [2, object])]);
const attributes = msg([1, 'kube-system'], [2, 'create'], [3, 'apps'], [4, ''], [5, 'deployments'], [6, ''], [7, '']);

describe('reviewFromProtobuf', () => {
  it.each([
    [
      'a resource review',
      envelope('SelfSubjectAccessReview', msg([1, msg()], [2, msg([1, attributes])])),
      { kind: 'SelfSubjectAccessReview', spec: { resourceAttributes: { namespace: 'kube-system', verb: 'create', group: 'apps', resource: 'deployments' } } },
    ],
    [
      'a non-resource review',
      envelope('SelfSubjectAccessReview', msg([2, msg([2, msg([1, '/healthz'], [2, 'get'])])])),
      { kind: 'SelfSubjectAccessReview', spec: { nonResourceAttributes: { path: '/healthz', verb: 'get' } } },
    ],
    ['a rules review', envelope('SelfSubjectRulesReview', msg([2, msg([1, 'team'])])), { kind: 'SelfSubjectRulesReview', spec: { namespace: 'team' } }],
    ['a review without a spec', envelope('SelfSubjectAccessReview', msg()), { kind: 'SelfSubjectAccessReview', spec: {} }],
  ])('reads %s', (_name, body, review) => {
    expect(reviewFromProtobuf(body)).toEqual(review);
  });

  it.each([
    ['JSON', Buffer.from('{"kind":"SelfSubjectAccessReview"}')],
    ['a body cut short', envelope('SelfSubjectAccessReview', msg([2, msg([1, attributes])])).subarray(0, 20)],
    ['an empty body', new Uint8Array()],
  ])('answers null for %s', (_name, body) => {
    expect(reviewFromProtobuf(body)).toBeNull();
  });
});
