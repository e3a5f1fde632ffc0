import { describe, expect, it } from 'vitest';
import type { KubeObject, Node, Pod, PodSpec, Taint } from '../api/types.ts';
import { seedPrng } from '../lib/prng.ts';
import { buildSchedulerCache } from './cache/cache.ts';
import { fitErrorMessage, newNodeToStatus } from './framework/fitError.ts';
import { newStatus } from './framework/types.ts';
import { numFeasibleNodesToFind, schedulePod } from './scheduleOne.ts';

interface NodeSpec {
  name: string;
  cpu?: string;
  memory?: string;
  taints?: Taint[];
  unschedulable?: boolean;
}

function node(n: NodeSpec): Node {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: n.name, labels: { 'kubernetes.io/hostname': n.name } },
    spec: { ...(n.taints ? { taints: n.taints } : {}), ...(n.unschedulable ? { unschedulable: true } : {}) },
    status: { allocatable: { cpu: n.cpu ?? '4', memory: n.memory ?? '16Gi', pods: '110' } },
  };
}

function pod(name: string, spec: Partial<PodSpec> & { cpu?: string; memory?: string; port?: number }, extra: Partial<Pod['metadata']> = {}): Pod {
  const { cpu, memory, port, ...rest } = spec;
  const requests: Record<string, string> = {};
  if (cpu) requests.cpu = cpu;
  if (memory) requests.memory = memory;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: name, labels: { app: 'web' }, ...extra },
    spec: {
      containers: [{ name: 'c', image: 'i', resources: { requests }, ...(port ? { ports: [{ containerPort: port, hostPort: port }] } : {}) }],
      ...rest,
    },
  };
}

function run(nodes: NodeSpec[], bound: Pod[], incoming: Pod, start = 0) {
  const objects = { Node: new Map<string, KubeObject>(), Pod: new Map<string, KubeObject>() };
  for (const n of nodes) objects.Node.set(n.name, node(n));
  for (const p of bound) objects.Pod.set(`default/${p.metadata.name}`, p);
  const input = { cache: buildSchedulerCache({ objects }), storeNodes: objects.Node, replicaSetSelector: () => undefined };
  const log: { fn: string; key: string; values: Record<string, unknown> }[] = [];
  const r = schedulePod(input, incoming, start, seedPrng(1), log as never, nodes.length <= 16);
  return { ...r, log };
}

const three = [{ name: 'node-1' }, { name: 'node-2' }, { name: 'node-3' }];

describe('numFeasibleNodesToFind', () => {
  it.each([
    [50, 50],
    [99, 99],
    [100, 100],
    [200, 100],
    [1000, 420],
    [5000, 500],
    [6000, 300],
  ])('scores %i nodes by looking for %i feasible ones', (nodes, want) => {
    expect(numFeasibleNodesToFind(nodes)).toBe(want);
  });
});

describe('fitErrorMessage', () => {
  it('sorts the reasons as strings and counts the nodes that are absent from the statuses', () => {
    const statuses = new Map([
      ['a', newStatus('Unschedulable', 'NodeResourcesFit', 'Insufficient cpu')],
      ['b', newStatus('Unschedulable', 'NodeResourcesFit', 'Insufficient cpu', 'Insufficient memory')],
    ]);
    const absent = newStatus('UnschedulableAndUnresolvable', 'NodeAffinity', "node(s) didn't satisfy plugin(s) [NodeAffinity]");
    expect(fitErrorMessage(12, null, newNodeToStatus(statuses, absent), 'preemption: x.')).toBe(
      "0/12 nodes are available: 1 Insufficient memory, 10 node(s) didn't satisfy plugin(s) [NodeAffinity], 2 Insufficient cpu. preemption: x.",
    );
  });
});

describe('schedulePod', () => {
  it('says every node lacks cpu and no victim frees it when the pod asks for more cpu than is left', () => {
    const r = run(three, three.map((n, i) => pod(`old-${i}`, { cpu: '3500m', nodeName: n.name })), pod('new', { cpu: '1' }));
    expect(r.host).toBeNull();
    expect(r.message).toBe(
      '0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.',
    );
    expect(r.unschedulablePlugins).toEqual(['NodeResourcesFit']);
  });

  it('calls preemption not helpful on a tainted node and a node too small for the pod', () => {
    const nodes = [{ name: 'node-1', taints: [{ key: 'dedicated', value: 'infra', effect: 'NoSchedule' as const }] }, { name: 'node-2', cpu: '500m' }, { name: 'node-3' }];
    const r = run(nodes, [pod('old', { cpu: '3500m', nodeName: 'node-3' })], pod('new', { cpu: '1' }));
    expect(r.message).toBe(
      '0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.',
    );
  });

  it('counts a terminating pod: its requests hold until it is gone', () => {
    const terminating = pod('old', { memory: '12Gi', nodeName: 'node-1' }, { deletionTimestamp: '2026-01-01T00:00:30Z' });
    expect(run([{ name: 'node-1' }], [terminating], pod('new', { memory: '8Gi' })).message).toMatch(/^0\/1 nodes are available: 1 Insufficient memory\./);
    expect(run([{ name: 'node-1' }], [], pod('new', { memory: '8Gi' })).host).toBe('node-1');
  });

  it("checks only a DaemonSet pod's own node and reports the others as not satisfying NodeAffinity", () => {
    const pinned: Partial<PodSpec> = {
      affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-2'] }] }] } } },
    };
    const r = run(three, [pod('ds-old', { port: 9100, nodeName: 'node-2' })], pod('ds-new', { port: 9100, ...pinned }));
    expect(r.message).toBe(
      "0/3 nodes are available: 1 node(s) didn't have free ports for the requested pod ports, 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.",
    );
    expect(r.unschedulablePlugins).toEqual(['NodeAffinity', 'NodePorts']);
  });

  it('says a pod that may not preempt is not eligible', () => {
    const r = run([{ name: 'node-1', cpu: '1' }], [], pod('new', { cpu: '2', preemptionPolicy: 'Never' }));
    expect(r.message).toBe('0/1 nodes are available: 1 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never.');
  });

  it('rejects a cordoned node and an anti-affine one with their own reasons', () => {
    const anti: Partial<PodSpec> = {
      affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' }] } },
    };
    const r = run([{ name: 'node-1', unschedulable: true }, { name: 'node-2' }, { name: 'node-3' }], [pod('a', { nodeName: 'node-2' })], pod('b', anti));
    expect(r.host).toBe('node-3');
    expect(r.log.filter((d) => d.fn === 'runFilterPlugins').map((d) => [d.values.node, d.values.plugin])).toEqual([
      ['node-1', 'NodeUnschedulable'],
      ['node-2', 'InterPodAffinity'],
    ]);
  });

  it('prefers the node with the most room (LeastAllocated) and records every score on a small cluster', () => {
    const r = run(three, [pod('a', { cpu: '2', nodeName: 'node-1' }), pod('b', { cpu: '1', nodeName: 'node-2' })], pod('new', { cpu: '500m' }));
    expect(r.host).toBe('node-3');
    expect(r.log.filter((d) => d.fn === 'prioritizeNodes').map((d) => [d.values.node, d.values.fit])).toEqual([
      // node-1: cpu (4000 − 2500) / 4000 → 37; memory 400Mi of 16Gi (an unset request counts 200Mi) → 97; (37 + 97) / 2 = 67.
      ['node-1', 67],
      ['node-2', 79],
      ['node-3', 92],
    ]);
  });

  it('states the unset-request rule in a score line only where a default was counted', () => {
    const set = { cpu: '500m', memory: '1Gi' };
    const bound = [pod('a', { ...set, nodeName: 'node-1' }), pod('b', { cpu: '1', nodeName: 'node-2' })];
    const keys = (incoming: Pod) =>
      run(three, bound, incoming)
        .log.filter((d) => d.fn === 'prioritizeNodes')
        .map((d) => [d.values.node, d.key]);
    // node-2 holds a pod without a memory request (200Mi counted); the others hold only set requests.
    expect(keys(pod('new', set))).toEqual([
      ['node-1', 'nodeScoreRequested'],
      ['node-2', 'nodeScore'],
      ['node-3', 'nodeScoreRequested'],
    ]);
    // The incoming pod sets no memory request: every line counts its default.
    expect(keys(pod('new', { cpu: '500m' })).map(([, key]) => key)).toEqual(['nodeScore', 'nodeScore', 'nodeScore']);
  });

  it('moves the start of the next search past the nodes it looked at', () => {
    const many = Array.from({ length: 300 }, (_, i) => ({ name: `n-${i}` }));
    const r = run(many, [], pod('p', { cpu: '100m' }), 250);
    // 300 nodes: 50% − 300/125 (2) = 48% → 144 feasible are enough, found at 250..299 and 0..93.
    expect(r.nextStartNodeIndex).toBe(94);
  });
});
