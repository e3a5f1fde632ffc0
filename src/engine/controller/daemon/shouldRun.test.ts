import { describe, expect, it } from 'vitest';
import type { DaemonSet, Node, PodSpec, Taint } from '../../api/types.ts';
import { newPod, nodeShouldRunDaemonPod } from './shouldRun.ts';

const ds = (spec: Partial<PodSpec> = {}): DaemonSet => ({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'ds', namespace: 'kube-system' },
  spec: { selector: { matchLabels: { app: 'a' } }, template: { metadata: { labels: { app: 'a' } }, spec: { containers: [], ...spec } } },
});
const node = (taints: Taint[] = [], labels: Record<string, string> = { zone: 'a' }): Node => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: 'node-1', labels },
  spec: { taints },
});

describe('nodeShouldRunDaemonPod', () => {
  it.each<[string, Node, DaemonSet, boolean, boolean]>([
    ['runs on a plain node', node(), ds(), true, true],
    ['stays off a node the template nodeName does not name', node(), ds({ nodeName: 'node-2' }), false, false],
    ['runs on the node the template nodeName names', node(), ds({ nodeName: 'node-1' }), true, true],
    ['stays off a node the nodeSelector rejects', node(), ds({ nodeSelector: { zone: 'b' } }), false, false],
    ['keeps running pods on an untolerated NoSchedule taint but starts none', node([{ key: 'k', effect: 'NoSchedule' }]), ds(), false, true],
    ['evicts on an untolerated NoExecute taint', node([{ key: 'k', effect: 'NoExecute' }]), ds(), false, false],
    ['ignores PreferNoSchedule taints', node([{ key: 'k', effect: 'PreferNoSchedule' }]), ds(), true, true],
    ['runs when the template tolerates the taint', node([{ key: 'k', effect: 'NoExecute' }]), ds({ tolerations: [{ key: 'k', operator: 'Exists' }] }), true, true],
    ['runs on a not-ready node thanks to the default tolerations', node([{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }]), ds(), true, true],
    ['runs on a cordoned node thanks to the default tolerations', node([{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }]), ds(), true, true],
    ['stays off a network-unavailable node without hostNetwork', node([{ key: 'node.kubernetes.io/network-unavailable', effect: 'NoSchedule' }]), ds(), false, true],
    ['runs on a network-unavailable node with hostNetwork', node([{ key: 'node.kubernetes.io/network-unavailable', effect: 'NoSchedule' }]), ds({ hostNetwork: true }), true, true],
  ])('%s', (_name, n, d, shouldRun, shouldContinueRunning) => {
    expect(nodeShouldRunDaemonPod(n, d)).toEqual({ shouldRun, shouldContinueRunning });
  });
});

describe('nodeShouldRunDaemonPod cache', () => {
  it('answers anew for a new node object (a write stores a new object)', () => {
    const d = ds();
    const plain = node();
    expect(nodeShouldRunDaemonPod(plain, d).shouldRun).toBe(true);
    const tainted: Node = { ...plain, spec: { taints: [{ key: 'k', effect: 'NoExecute' }] } };
    expect(nodeShouldRunDaemonPod(tainted, d)).toEqual({ shouldRun: false, shouldContinueRunning: false });
    expect(nodeShouldRunDaemonPod(plain, d).shouldRun).toBe(true);
  });

  it('answers anew for a new template, and still knows the old one', () => {
    const n = node([], { zone: 'a' });
    const a = ds({ nodeSelector: { zone: 'a' } });
    const b = ds({ nodeSelector: { zone: 'b' } });
    for (let i = 0; i < 3; i++) {
      expect(nodeShouldRunDaemonPod(n, a).shouldRun).toBe(true);
      expect(nodeShouldRunDaemonPod(n, b).shouldRun).toBe(false);
    }
  });

  it('keeps answering right with more templates than it remembers per node', () => {
    const n = node([], { zone: 'a' });
    const sets = ['a', 'b', 'c', 'd', 'e', 'a'].map((z) => ds({ nodeSelector: { zone: z } }));
    expect(sets.map((d) => nodeShouldRunDaemonPod(n, d).shouldRun)).toEqual([true, false, false, false, false, true]);
  });
});

describe('newPod', () => {
  it('builds the would-be pod with the node name, namespace and default tolerations', () => {
    const d = ds();
    const pod = newPod(d, 'node-9');
    expect(pod.spec.nodeName).toBe('node-9');
    expect(pod.metadata.namespace).toBe('kube-system');
    expect(pod.spec.tolerations).toHaveLength(6);
    expect(d.spec.template.spec.tolerations).toBeUndefined();
  });
});
