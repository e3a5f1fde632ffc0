import { describe, expect, it } from 'vitest';
import type { Taint } from '../../api/types.ts';
import { node } from '../testObjects.ts';
import { cordon, label, taint, uncordon } from './nodes.ts';

const infra: Taint = { key: 'dedicated', value: 'infra', effect: 'NoSchedule' };

describe('cordon / uncordon', () => {
  it.each([
    ['cordons a schedulable node', () => cordon(node('node-1')), 'node/node-1 cordoned', true],
    ['says already cordoned when cordoned', () => cordon(node('node-1', { unschedulable: true })), 'node/node-1 already cordoned', false],
    ['uncordons a cordoned node', () => uncordon(node('node-1', { unschedulable: true })), 'node/node-1 uncordoned', true],
    ['says already uncordoned when schedulable', () => uncordon(node('node-1')), 'node/node-1 already uncordoned', false],
  ])('%s', (_name, run, output, changed) => {
    expect(run()).toMatchObject({ output, changed });
  });
  it('removes spec.unschedulable when uncordoning', () => {
    const r = uncordon(node('node-1', { unschedulable: true }));
    expect('object' in r && r.object.spec).toEqual({});
  });
});

describe('taint', () => {
  it('adds a taint before the existing ones and prints "tainted"', () => {
    const old: Taint = { key: 'gpu', effect: 'NoExecute' };
    const r = taint(node('node-1', { taints: [old] }), [infra], [], false);
    expect(r).toMatchObject({ output: 'node/node-1 tainted', object: { spec: { taints: [infra, old] } } });
  });
  it('removes a taint by key and effect and prints "untainted"', () => {
    const r = taint(node('node-1', { taints: [infra] }), [], [{ key: 'dedicated', effect: 'NoSchedule' }], false);
    expect(r).toMatchObject({ output: 'node/node-1 untainted', object: { spec: {} } });
  });
  it('removes every effect of a key when only the key is given', () => {
    const r = taint(node('node-1', { taints: [infra, { key: 'dedicated', effect: 'NoExecute' }] }), [], [{ key: 'dedicated' }], false);
    expect('object' in r && r.object.spec.taints).toBeUndefined();
  });
  it('prints "modified" when overwriting', () => {
    const r = taint(node('node-1', { taints: [infra] }), [{ ...infra, value: 'gpu' }], [], true);
    expect(r).toMatchObject({ output: 'node/node-1 modified', object: { spec: { taints: [{ ...infra, value: 'gpu' }] } } });
  });
  it.each([
    ['the taint exists without --overwrite', [infra], [], [infra], 'error: node node-1 already has dedicated taint(s) with same effect(s) and --overwrite is false'],
    ['the removed taint is missing', [], [{ key: 'gpu', effect: 'NoExecute' as const }], [], 'error: taint "gpu:NoExecute" not found'],
  ])('errors when %s', (_name, existing, remove, add, error) => {
    expect(taint(node('node-1', { taints: existing }), add, remove, false)).toEqual({ error });
  });
});

describe('label', () => {
  const n = node('node-1');
  it('labels a node', () => {
    expect(label(n, [['disktype', 'ssd']], [], false)).toMatchObject({
      output: 'node/node-1 labeled',
      changed: true,
      object: { metadata: { labels: { 'kubernetes.io/hostname': 'node-1', disktype: 'ssd' } } },
    });
  });
  it('unlabels a node', () => {
    expect(label(n, [], ['kubernetes.io/hostname'], false)).toMatchObject({ output: 'node/node-1 unlabeled', changed: true });
  });
  it('prints "not labeled" when the label already has the value', () => {
    expect(label(n, [['kubernetes.io/hostname', 'node-1']], [], false)).toMatchObject({ output: 'node/node-1 not labeled', changed: false });
  });
  it('notes a missing label before the result line', () => {
    expect(label(n, [], ['zone'], false)).toMatchObject({ output: 'label "zone" not found.\nnode/node-1 not labeled' });
  });
  it('errors when the key has another value and --overwrite is false', () => {
    expect(label(n, [['kubernetes.io/hostname', 'x']], [], false)).toEqual({
      error: "error: 'kubernetes.io/hostname' already has a value (node-1), and --overwrite is false",
    });
  });
  it('prints "labeled" when overwriting a value', () => {
    expect(label(n, [['kubernetes.io/hostname', 'x']], [], true)).toMatchObject({ output: 'node/node-1 labeled' });
  });
});
