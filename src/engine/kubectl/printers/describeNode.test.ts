// describeNode's resource tables with the fixtures of kubectl's TestDescribeNode,
// TestDescribeNodeWithSidecar and TestDescribeNodeWithPodLevelResources (v0.36.3,
// pkg/describe/describe_test.go): requests and limits are component-helpers' PodRequests and
// PodLimits, which count a pod's own (pod-level) resources since kubectl 1.36 (3bc887ac9); and
// System Info has no Kube-Proxy Version line since kubectl 1.36 (456c00e8c).
import { describe, expect, it } from 'vitest';
import type { Container, Node, Pod } from '../../api/types.ts';
import type { Lease } from '../../kubelet/nodeLease.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { describeNode } from './describeNode.ts';

const HUGE = { 'hugepages-2Mi': '512Mi' };

function node(capacity: Record<string, string>, allocatable: Record<string, string>): Node {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'bar', uid: 'uid', creationTimestamp: toRFC3339(0) },
    spec: { unschedulable: true },
    status: { capacity, allocatable, nodeInfo: { kubeletVersion: 'v1.36.3', kubeProxyVersion: '' } },
  } as Node;
}

const lease: Lease = {
  apiVersion: 'coordination.k8s.io/v1',
  kind: 'Lease',
  metadata: { name: 'bar', namespace: 'kube-node-lease', uid: 'l', resourceVersion: '1', creationTimestamp: toRFC3339(0), ownerReferences: [] },
  spec: { holderIdentity: 'holder', leaseDurationSeconds: 40, renewTime: toRFC3339(0) },
};

function pod(name: string, spec: { containers: Container[]; initContainers?: Container[]; resources?: object }): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'foo', creationTimestamp: toRFC3339(0) }, spec, status: { phase: 'Running' } } as Pod;
}

const cpuMem: Container = { name: 'cpu-mem', image: 'image:latest', resources: { requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '2', memory: '2Gi' } } };
const hugepages: Container = { name: 'hugepages', image: 'image:latest', resources: { requests: HUGE, limits: HUGE } };
const HUGE_NODE = node({ 'hugepages-2Mi': '4Gi', cpu: '8', memory: '24Gi', 'hugepages-1Gi': '0' }, { 'hugepages-2Mi': '2Gi', cpu: '4', memory: '12Gi', 'hugepages-1Gi': '0' });

describe('describeNode', () => {
  it.each<[string, Node, Pod, string, string[]]>([
    [
      'TestDescribeNode: the containers’ requests and limits, huge pages among them',
      HUGE_NODE,
      pod('pod-with-resources', { containers: [cpuMem, hugepages] }),
      '  foo                         pod-with-resources    1 (25%)       2 (50%)     1Gi (8%)         2Gi (16%)      0s',
      ['cpu                1 (25%)      2 (50%)', 'memory             1Gi (8%)     2Gi (16%)', 'ephemeral-storage  0 (0%)       0 (0%)', 'hugepages-1Gi      0 (0%)       0 (0%)', 'hugepages-2Mi      512Mi (25%)  512Mi (25%)'],
    ],
    [
      'TestDescribeNodeWithSidecar: a sidecar adds to the containers, a plain init container counts when larger',
      HUGE_NODE,
      pod('pod-with-resources', {
        initContainers: [
          { name: 'init-container-1', image: 'i', restartPolicy: 'Always', resources: { requests: { cpu: '1', memory: '1Gi' } } },
          { name: 'init-container-2', image: 'i', resources: { requests: { cpu: '1', memory: '1Gi' } } },
        ],
        containers: [cpuMem, hugepages],
      }),
      '  foo                         pod-with-resources    2 (50%)       2 (50%)     2Gi (16%)        2Gi (16%)      0s',
      ['cpu                2 (50%)      2 (50%)', 'memory             2Gi (16%)    2Gi (16%)', 'ephemeral-storage  0 (0%)       0 (0%)', 'hugepages-1Gi      0 (0%)       0 (0%)', 'hugepages-2Mi      512Mi (25%)  512Mi (25%)'],
    ],
    [
      'TestDescribeNodeWithPodLevelResources: the pod’s own resources, its containers setting none',
      node({ cpu: '8', memory: '24Gi' }, { cpu: '4', memory: '12Gi' }),
      pod('pod-with-pod-level-resources', {
        resources: { requests: { cpu: '2', memory: '4Gi' }, limits: { cpu: '4', memory: '8Gi' } },
        containers: [
          { name: 'container-1', image: 'image:latest' },
          { name: 'container-2', image: 'image:latest' },
        ],
      }),
      '  foo                         pod-with-pod-level-resources    2 (50%)       4 (100%)    4Gi (33%)        8Gi (66%)      0s',
      ['cpu                2 (50%)    4 (100%)', 'memory             4Gi (33%)  8Gi (66%)', 'ephemeral-storage  0 (0%)     0 (0%)'],
    ],
  ])('prints %s', (_, n, p, row, totals) => {
    const out = describeNode(n, lease, [p], undefined, 0);
    expect(out).toContain(`\n${row}\n`);
    for (const line of totals) expect(out).toContain(`\n  ${line}\n`);
    expect(out).toMatch(/\nAllocated resources:\n {2}\(Total limits may be over 100 percent, i\.e\., overcommitted\.\)\n/);
  });

  it('prints the kubelet version without the Kube-Proxy Version line, and no Events line when none are given', () => {
    const out = describeNode(HUGE_NODE, lease, [], undefined, 0);
    expect(out).toContain('\n  Kubelet Version:            v1.36.3\n');
    expect(out).not.toContain('Kube-Proxy Version');
    expect(out).not.toContain('Events:');
    expect(describeNode(HUGE_NODE, lease, [], [], 0).endsWith('\nEvents:              <none>\n')).toBe(true);
  });
});
