import { describe, expect, it } from 'vitest';
import type { Node, NodeSelectorTerm, PodSpec, Taint, Toleration } from '../api/types.ts';
import {
  findMatchingUntoleratedTaint,
  isNodeReady,
  nodeMatchesNodeSelectorTerms,
  podMatchesNodeSelectorAndAffinityTerms,
  toleratesTaint,
  tolerationsTolerateTaint,
} from './scheduling.ts';

const taint: Taint = { key: 'dedicated', value: 'user1', effect: 'NoSchedule' };

describe('toleratesTaint', () => {
  it.each<[string, Toleration, Taint, boolean]>([
    ['tolerates when key, value and effect are equal', { key: 'dedicated', value: 'user1', effect: 'NoSchedule' }, taint, true],
    ['tolerates when the operator is Equal', { key: 'dedicated', operator: 'Equal', value: 'user1' }, taint, true],
    ['rejects when the value differs', { key: 'dedicated', value: 'user2', effect: 'NoSchedule' }, taint, false],
    ['rejects when the effect differs', { key: 'dedicated', value: 'user1', effect: 'NoExecute' }, taint, false],
    ['tolerates every effect when the effect is empty', { key: 'dedicated', value: 'user1' }, taint, true],
    ['tolerates any value when the operator is Exists', { key: 'dedicated', operator: 'Exists' }, taint, true],
    ['tolerates every taint when key is empty and operator Exists', { operator: 'Exists' }, taint, true],
    ['rejects when the key differs', { key: 'other', operator: 'Exists' }, taint, false],
    ['matches empty values on both sides', { key: 'k' }, { key: 'k', effect: 'NoExecute' }, true],
  ])('%s', (_name, toleration, t, want) => {
    expect(toleratesTaint(toleration, t)).toBe(want);
  });
});

describe('tolerationsTolerateTaint', () => {
  it.each<[string, Toleration[] | undefined, boolean]>([
    ['returns false when there are no tolerations', undefined, false],
    ['returns true when any toleration matches', [{ key: 'x', operator: 'Exists' }, { key: 'dedicated', operator: 'Exists' }], true],
    ['returns false when none matches', [{ key: 'x', operator: 'Exists' }], false],
  ])('%s', (_name, tolerations, want) => {
    expect(tolerationsTolerateTaint(tolerations, taint)).toBe(want);
  });
});

describe('findMatchingUntoleratedTaint', () => {
  const taints: Taint[] = [
    { key: 'a', effect: 'PreferNoSchedule' },
    { key: 'b', effect: 'NoSchedule' },
    { key: 'c', effect: 'NoExecute' },
  ];
  const hard = (t: Taint) => t.effect === 'NoSchedule' || t.effect === 'NoExecute';
  it.each<[string, Toleration[], (t: Taint) => boolean, string | null]>([
    ['returns the first untolerated hard taint when none is tolerated', [], hard, 'b'],
    ['skips tolerated taints', [{ key: 'b', operator: 'Exists' }], hard, 'c'],
    ['returns null when all filtered taints are tolerated', [{ key: 'b', operator: 'Exists' }, { key: 'c', operator: 'Exists' }], hard, null],
    ['ignores taints the filter excludes', [], (t) => t.effect === 'NoExecute', 'c'],
  ])('%s', (_name, tolerations, filter, want) => {
    expect(findMatchingUntoleratedTaint(taints, tolerations, filter)?.key ?? null).toBe(want);
  });
});

const node = (labels: Record<string, string>, name = 'node-1'): Node => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, labels },
  spec: {},
});

describe('nodeMatchesNodeSelectorTerms', () => {
  const n = node({ zone: 'a', cpus: '16', gpu: 'yes' });
  it.each<[string, NodeSelectorTerm[], boolean]>([
    ['matches In when the label value is listed', [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a', 'b'] }] }], true],
    ['rejects In when the label value is not listed', [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['b'] }] }], false],
    ['matches NotIn when the label is absent', [{ matchExpressions: [{ key: 'rack', operator: 'NotIn', values: ['x'] }] }], true],
    ['rejects NotIn when the value is listed', [{ matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] }], false],
    ['matches Exists when the label is present', [{ matchExpressions: [{ key: 'gpu', operator: 'Exists' }] }], true],
    ['matches DoesNotExist when the label is absent', [{ matchExpressions: [{ key: 'ssd', operator: 'DoesNotExist' }] }], true],
    ['matches Gt when the label is a larger integer', [{ matchExpressions: [{ key: 'cpus', operator: 'Gt', values: ['8'] }] }], true],
    ['rejects Gt when the label is not larger', [{ matchExpressions: [{ key: 'cpus', operator: 'Gt', values: ['16'] }] }], false],
    ['matches Lt when the label is a smaller integer', [{ matchExpressions: [{ key: 'cpus', operator: 'Lt', values: ['32'] }] }], true],
    ['rejects Gt on a label that is not an integer', [{ matchExpressions: [{ key: 'zone', operator: 'Gt', values: ['1'] }] }], false],
    ['rejects a Gt requirement with two values', [{ matchExpressions: [{ key: 'cpus', operator: 'Gt', values: ['1', '2'] }] }], false],
    ['rejects an In requirement without values', [{ matchExpressions: [{ key: 'zone', operator: 'In', values: [] }] }], false],
    ['rejects an Exists requirement with values', [{ matchExpressions: [{ key: 'zone', operator: 'Exists', values: ['a'] }] }], false],
    ['ANDs the requirements of a term', [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }, { key: 'gpu', operator: 'DoesNotExist' }] }], false],
    ['ORs the terms', [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['b'] }] }, { matchExpressions: [{ key: 'gpu', operator: 'Exists' }] }], true],
    ['matches metadata.name In the node name', [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-1'] }] }], true],
    ['rejects metadata.name In another node', [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-2'] }] }], false],
    ['matches metadata.name NotIn another node', [{ matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['node-2'] }] }], true],
    ['rejects a field other than metadata.name', [{ matchFields: [{ key: 'metadata.uid', operator: 'In', values: ['node-1'] }] }], false],
    ['rejects metadata.name In with two values', [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-1', 'node-2'] }] }], false],
    ['skips an empty term', [{}], false],
    ['matches nothing when there are no terms', [], false],
  ])('%s', (_name, terms, want) => {
    expect(nodeMatchesNodeSelectorTerms(n, terms)).toBe(want);
  });
});

describe('podMatchesNodeSelectorAndAffinityTerms', () => {
  const n = node({ type: 'production', zone: 'a' });
  const affinity = (value: string): PodSpec['affinity'] => ({
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: [value] }] }],
      },
    },
  });
  it.each<[string, Partial<PodSpec>, boolean]>([
    ['accepts a pod without selector or affinity', {}, true],
    ['accepts a nodeSelector whose labels all match', { nodeSelector: { type: 'production' } }, true],
    ['rejects a nodeSelector with one differing label', { nodeSelector: { type: 'production', zone: 'b' } }, false],
    ['accepts a matching required affinity', { affinity: affinity('a') }, true],
    ['rejects a non-matching required affinity', { affinity: affinity('b') }, false],
    ['needs both the nodeSelector and the affinity', { nodeSelector: { type: 'test' }, affinity: affinity('a') }, false],
  ])('%s', (_name, spec, want) => {
    expect(podMatchesNodeSelectorAndAffinityTerms({ spec: { containers: [], ...spec } }, n)).toBe(want);
  });
});

describe('isNodeReady', () => {
  it.each<[string, Node['status'], boolean]>([
    ['returns true when Ready is True', { conditions: [{ type: 'Ready', status: 'True' }] }, true],
    ['returns false when Ready is False', { conditions: [{ type: 'Ready', status: 'False' }] }, false],
    ['returns false when Ready is Unknown', { conditions: [{ type: 'Ready', status: 'Unknown' }] }, false],
    ['returns false when there is no Ready condition', { conditions: [{ type: 'DiskPressure', status: 'True' }] }, false],
    ['returns false when there is no status', undefined, false],
  ])('%s', (_name, status, want) => {
    const n = node({});
    expect(isNodeReady(status === undefined ? n : { ...n, status })).toBe(want);
  });
});
