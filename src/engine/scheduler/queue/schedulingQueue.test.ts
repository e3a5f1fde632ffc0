import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../api/types.ts';
import { queueingHint } from './queueingHints.ts';
import { backoffExpiry, calculateBackoffDuration, leftoverFlushAt, type QueuedPodInfo } from './schedulingQueue.ts';

const info = (unschedulableCount: number, attempts = unschedulableCount): QueuedPodInfo => ({
  uid: 'u',
  timestamp: 5000,
  attempts,
  unschedulableCount,
  unschedulablePlugins: ['NodeResourcesFit'],
});

describe('calculateBackoffDuration', () => {
  it.each([
    [0, 0],
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 8000],
    [5, 10_000],
    [9, 10_000],
  ])('backs off %i unschedulable attempts for %i ms', (count, ms) => {
    expect(calculateBackoffDuration(info(count))).toBe(ms);
  });

  it('ends the back-off that long after the pod entered the queue', () => {
    expect(backoffExpiry(info(3))).toBe(9000);
  });
});

describe('leftoverFlushAt', () => {
  it.each([
    [31_000, 360_000],
    [0, 330_000],
    [30_000, 360_000],
  ])('flushes a pod unschedulable since %i ms at the first 30 s tick more than 5 minutes later (%i ms)', (since, at) => {
    expect(leftoverFlushAt(since)).toBe(at);
  });
});

const pending: Pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'i', resources: { requests: { memory: '8Gi' } } }] },
};
const node = (memory: string, pods = '110'): Node => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: 'n' },
  spec: {},
  status: { allocatable: { cpu: '4', memory, pods } },
});

describe('queueingHint', () => {
  it.each<[string, string, Parameters<typeof queueingHint>[1], boolean]>([
    ['a bound pod is deleted', 'NodeResourcesFit', { kind: 'PodDelete', pod: { ...pending, spec: { ...pending.spec, nodeName: 'n' } } }, true],
    ['an unscheduled pod is deleted', 'NodeResourcesFit', { kind: 'PodDelete', pod: pending }, false],
    ['a node big enough is added', 'NodeResourcesFit', { kind: 'NodeAdd', node: node('16Gi') }, true],
    ['a node too small is added', 'NodeResourcesFit', { kind: 'NodeAdd', node: node('4Gi') }, false],
    ['a node grows its memory', 'NodeResourcesFit', { kind: 'NodeUpdate', old: node('4Gi'), node: node('16Gi') }, true],
    ['a big node changes nothing the pod asks for', 'NodeResourcesFit', { kind: 'NodeUpdate', old: node('16Gi', '10'), node: node('16Gi', '10') }, false],
    ['a node is uncordoned', 'NodeUnschedulable', { kind: 'NodeUpdate', old: { ...node('16Gi'), spec: { unschedulable: true } }, node: node('16Gi') }, true],
    ['the pod waited 5 minutes', 'InterPodAffinity', { kind: 'UnschedulableTimeout' }, true],
  ])('says whether to queue when %s (%s)', (_what, plugin, ev, want) => {
    expect(queueingHint(plugin, ev, pending)).toBe(want);
  });
});
