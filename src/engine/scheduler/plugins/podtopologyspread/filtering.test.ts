import { describe, expect, it } from 'vitest';
import type { KubeObject, Node, Pod, TopologySpreadConstraint } from '../../../api/types.ts';
import { buildSchedulerCache, nodeList } from '../../cache/cache.ts';
import { getConstraints } from './common.ts';
import { calPreFilterState, filter } from './filtering.ts';

const node = (name: string, zone: string | null): Node => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name, ...(zone ? { zone } : {}) } },
  spec: {},
  status: { allocatable: { cpu: '4', memory: '16Gi', pods: '110' } },
});

const pod = (name: string, nodeName: string | undefined, constraints: TopologySpreadConstraint[] = []): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', labels: { app: 'web' } },
  spec: { containers: [{ name: 'c', image: 'i' }], ...(nodeName ? { nodeName } : {}), topologySpreadConstraints: constraints },
});

/** verdicts runs the Filter for the incoming pod on every node: node → reason or 'fits'. */
function verdicts(nodes: Node[], bound: Pod[], incoming: Pod): Record<string, string> {
  const objects = { Node: new Map<string, KubeObject>(nodes.map((n) => [n.metadata.name, n])), Pod: new Map<string, KubeObject>(bound.map((p) => [`default/${p.metadata.name}`, p])) };
  const all = nodeList(buildSchedulerCache({ objects }), objects.Node);
  const { constraints } = getConstraints(incoming, 'DoNotSchedule', () => undefined);
  const s = calPreFilterState(incoming, constraints, all);
  return Object.fromEntries(all.map((ni) => [ni.name, filter(incoming, s, ni)?.reasons[0] ?? 'fits']));
}

const zoneSkew1: TopologySpreadConstraint = { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } };

describe('PodTopologySpread filter', () => {
  it('keeps a pod out of the zone that would be two pods ahead (skew = 2 + 1 − 0 > 1)', () => {
    const nodes = [node('a1', 'a'), node('a2', 'a'), node('b1', 'b')];
    expect(verdicts(nodes, [pod('x', 'a1'), pod('y', 'a2')], pod('new', undefined, [zoneSkew1]))).toEqual({
      a1: "node(s) didn't match pod topology spread constraints",
      b1: 'fits',
      a2: "node(s) didn't match pod topology spread constraints",
    });
  });

  it('refuses a node without the topology key as unresolvable', () => {
    expect(verdicts([node('a1', 'a'), node('n', null)], [], pod('new', undefined, [zoneSkew1]))).toEqual({
      a1: 'fits',
      n: "node(s) didn't match pod topology spread constraints (missing required label)",
    });
  });

  it('counts the global minimum as 0 while there are fewer domains than minDomains', () => {
    const c = { ...zoneSkew1, minDomains: 3 };
    // zones a (1 pod) and b (0): with minDomains 3 the minimum is 0, so zone a would reach 2 > 1.
    expect(verdicts([node('a1', 'a'), node('b1', 'b')], [pod('x', 'a1')], pod('new', undefined, [c]))).toEqual({
      a1: "node(s) didn't match pod topology spread constraints",
      b1: 'fits',
    });
  });

  it('leaves terminating pods out of the counts', () => {
    const gone = { ...pod('x', 'a1'), metadata: { ...pod('x', 'a1').metadata, deletionTimestamp: '2026-01-01T00:00:10Z' } };
    expect(verdicts([node('a1', 'a'), node('b1', 'b')], [gone], pod('new', undefined, [zoneSkew1]))).toEqual({ a1: 'fits', b1: 'fits' });
  });
});
