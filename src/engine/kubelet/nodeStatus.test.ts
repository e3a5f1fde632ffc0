import { describe, expect, it } from 'vitest';
import type { Event, Node, Pod } from '../api/types.ts';
import { createEngine, runUntil, type TickRecord } from '../sim.ts';
import { parseScenarioText } from '../../scenario/parse.ts';
import { toSimConfig } from '../../scenario/toSimConfig.ts';
import { internalIP, nextNodeIndex, nodeInternalIP, nodeSystemInfo, postedConditions, unknownConditions } from './nodeStatus.ts';

describe('nodeInternalIP', () => {
  it.each([
    [0, '172.18.0.3'],
    [1, '172.18.0.4'],
    [252, '172.18.0.255'],
    [253, '172.18.1.0'],
    [4999, '172.18.19.138'],
  ])('gives the node created %i-th the address %s', (index, ip) => {
    expect(nodeInternalIP(index)).toBe(ip);
  });
});

const withIP = (ip: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: ip }, spec: {}, status: { addresses: [{ type: 'InternalIP', address: ip }] } });

describe('nextNodeIndex', () => {
  it.each([
    ['no node', [], 0],
    ['three nodes in order', ['172.18.0.3', '172.18.0.4', '172.18.0.5'], 3],
    ['a gap left by a removed node', ['172.18.0.3', '172.18.0.5'], 1],
    ['the first address free', ['172.18.0.4'], 0],
  ])('takes the lowest free address with %s', (_name, ips, index) => {
    expect(nextNodeIndex(ips.map(withIP))).toBe(index);
  });
});

describe('nodeSystemInfo', () => {
  it('fills in every NodeSystemInfo field, ids made from the name', () => {
    const info = nodeSystemInfo('node-1');
    expect(Object.keys(info)).toEqual([
      'machineID',
      'systemUUID',
      'bootID',
      'kernelVersion',
      'osImage',
      'containerRuntimeVersion',
      'kubeletVersion',
      'kubeProxyVersion',
      'operatingSystem',
      'architecture',
    ]);
    expect(info.machineID).toMatch(/^[0-9a-f]{32}$/);
    expect(info.systemUUID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set([info.machineID, (info.systemUUID ?? '').replace(/-/g, ''), (info.bootID ?? '').replace(/-/g, '')]).size).toBe(3);
    expect(info.kubeletVersion).toBe('v1.36.3');
    expect(info.kubeProxyVersion).toBe('');
    expect(nodeSystemInfo('node-2').machineID).not.toBe(info.machineID);
    expect(nodeSystemInfo('node-1')).toEqual(info);
  });
});

describe('postedConditions', () => {
  it('posts MemoryPressure, DiskPressure and PIDPressure False, then Ready True, in that order', () => {
    const c = postedConditions('2026-01-01T00:00:00Z');
    expect(c.map((x) => `${x.type}=${x.status} ${x.reason}: ${x.message}`)).toEqual([
      'MemoryPressure=False KubeletHasSufficientMemory: kubelet has sufficient memory available',
      'DiskPressure=False KubeletHasNoDiskPressure: kubelet has no disk pressure',
      'PIDPressure=False KubeletHasSufficientPID: kubelet has sufficient PID available',
      'Ready=True KubeletReady: kubelet is posting ready status',
    ]);
  });
  it('keeps the transition time of a condition whose status did not change, moves the others', () => {
    const t0 = '2026-01-01T00:00:00Z';
    const t1 = '2026-01-01T00:05:00Z';
    const before = postedConditions(t0).map((c) => (c.type === 'Ready' ? { ...c, status: 'Unknown' as const } : c));
    const after = postedConditions(t1, before);
    expect(after.map((c) => [c.type, c.lastHeartbeatTime, c.lastTransitionTime])).toEqual([
      ['MemoryPressure', t1, t0],
      ['DiskPressure', t1, t0],
      ['PIDPressure', t1, t0],
      ['Ready', t1, t1],
    ]);
  });
});

describe('unknownConditions', () => {
  it('marks every condition Unknown, NodeStatusUnknown, moved now, the last heartbeat kept', () => {
    const t0 = '2026-01-01T00:00:00Z';
    const t1 = '2026-01-01T00:05:00Z';
    const after = unknownConditions(t1, postedConditions(t0));
    for (const c of after) {
      expect(c).toMatchObject({ status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastHeartbeatTime: t0, lastTransitionTime: t1 });
    }
    expect(after.map((c) => c.type)).toEqual(['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready']);
  });
  it('leaves a condition already Unknown as it was', () => {
    const once = unknownConditions('2026-01-01T00:05:00Z', postedConditions('2026-01-01T00:00:00Z'));
    expect(unknownConditions('2026-01-01T00:09:00Z', once)).toEqual(once);
  });
});

function run(actions: string, until: number) {
  const parsed = parseScenarioText(`
version: 1
name: nodes
seed: 3
cluster: { nodes: 3 }
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web }
    spec:
      replicas: 6
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec: { containers: [{ name: web, image: "web:1" }] }
actions:
${actions}
`);
  if (!parsed.ok) throw new Error(parsed.errors[0]);
  const st = createEngine(toSimConfig(parsed.value));
  const ticks: TickRecord[] = [];
  runUntil(st, until * 1000, (t) => ticks.push(t));
  const node = (name: string) => st.store.objects.Node.get(name) as Node;
  const pods = [...st.store.objects.Pod.values()] as Pod[];
  const events = ([...st.store.objects.Event.values()] as Event[]).sort((a, b) => (a.firstTimestamp ?? '').localeCompare(b.firstTimestamp ?? ''));
  return { node, pods, events, ticks };
}

describe('the nodes of a run', () => {
  it('gives each node its own address, and each pod its node address as hostIP', () => {
    const { node, pods } = run('  - { at: 5, node: { name: node-4, add: {} } }', 30);
    expect(['node-1', 'node-2', 'node-3', 'node-4'].map((n) => internalIP(node(n)))).toEqual(['172.18.0.3', '172.18.0.4', '172.18.0.5', '172.18.0.6']);
    expect(node('node-4').status?.addresses?.[1]).toEqual({ type: 'Hostname', address: 'node-4' });
    expect(pods.length).toBeGreaterThan(0);
    for (const p of pods) expect(p.status?.hostIP).toBe(internalIP(node(p.spec.nodeName ?? '')));
  });
  it('marks all four conditions Unknown on a fault and posts them again on recovery', () => {
    const faulted = run('  - { at: 10, node: { name: node-2, ready: false } }', 20).node('node-2');
    expect(faulted.status?.conditions?.map((c) => `${c.type}=${c.status} ${c.lastHeartbeatTime} ${c.lastTransitionTime}`)).toEqual(
      ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready'].map((t) => `${t}=Unknown 2026-01-01T00:00:00Z 2026-01-01T00:00:10Z`),
    );
    const back = run('  - { at: 10, node: { name: node-2, ready: false } }\n  - { at: 40, node: { name: node-2, ready: true } }', 50).node('node-2');
    expect(back.status?.conditions?.map((c) => `${c.type}=${c.status} ${c.lastHeartbeatTime} ${c.lastTransitionTime}`)).toEqual([
      'MemoryPressure=False 2026-01-01T00:00:40Z 2026-01-01T00:00:40Z',
      'DiskPressure=False 2026-01-01T00:00:40Z 2026-01-01T00:00:40Z',
      'PIDPressure=False 2026-01-01T00:00:40Z 2026-01-01T00:00:40Z',
      'Ready=True 2026-01-01T00:00:40Z 2026-01-01T00:00:40Z',
    ]);
  });
  it("records the node controller's NodeNotReady about the node and its pods, the kubelet's NodeReady, and the taint-eviction controller's cancel", () => {
    const { events, node } = run('  - { at: 10, node: { name: node-2, ready: false } }\n  - { at: 40, node: { name: node-2, ready: true } }', 50);
    const about = (e: Event) => `${e.involvedObject.kind}/${e.involvedObject.kind === 'Node' ? e.involvedObject.name : 'pod'}`;
    const lines = events
      .filter((e) => ['NodeNotReady', 'NodeReady', 'TaintManagerEviction'].includes(e.reason))
      .map((e) => `${e.type} ${e.reason} ${about(e)} ${e.source?.component}: ${e.message.replace(/web-\w+-\w+/, 'web-x')}`);
    const pods = lines.filter((l) => l.startsWith('Warning NodeNotReady')).length;
    expect(pods).toBeGreaterThan(0);
    expect(new Set(lines)).toEqual(
      new Set([
        'Normal NodeNotReady Node/node-2 node-controller: Node node-2 status is now: NodeNotReady',
        'Warning NodeNotReady Pod/pod node-controller: Node is not ready',
        'Normal NodeReady Node/node-2 kubelet: Node node-2 status is now: NodeReady',
        'Normal TaintManagerEviction Pod/pod taint-eviction-controller: Cancelling deletion of Pod default/web-x',
      ]),
    );
    const nodeEvents = events.filter((e) => e.involvedObject.kind === 'Node');
    // Cluster-scoped: no namespace in the reference; the controller names the uid, the kubelet the name.
    for (const e of nodeEvents) expect(e.involvedObject.namespace).toBeUndefined();
    expect(nodeEvents.map((e) => [e.reason, e.involvedObject.uid, e.source?.host])).toEqual([
      ['NodeNotReady', node('node-2').metadata.uid, undefined],
      ['NodeReady', 'node-2', 'node-2'],
    ]);
  });
  it('marks the pods for deletion once their 300 s toleration of the unreachable taint is over', () => {
    const { events } = run('  - { at: 10, node: { name: node-2, ready: false } }', 320);
    const marked = events.filter((e) => e.reason === 'TaintManagerEviction');
    expect(marked.length).toBeGreaterThan(0);
    for (const e of marked) {
      expect(e.message).toBe(`Marking for deletion Pod default/${e.involvedObject.name}`);
      expect(e.lastTimestamp).toBe('2026-01-01T00:05:10Z');
    }
  });
  it('marks each pod DisruptionTarget DeletionByTaintManager before its graceful delete (taintEvictPod)', () => {
    const { pods, ticks } = run('  - { at: 10, node: { name: node-2, ready: false } }', 320);
    const evicting = ticks.filter((t) => t.actor === 'node-lifecycle-controller' && t.writes.some((w) => w.object.kind === 'Pod'));
    expect(evicting.length).toBeGreaterThan(0);
    for (const t of evicting) {
      const [marked, deleting] = t.writes.filter((w) => w.object.kind === 'Pod').map((w) => w.object as Pod);
      expect(marked?.metadata.deletionTimestamp).toBeUndefined();
      expect(marked?.status?.conditions?.find((c) => c.type === 'DisruptionTarget')).toEqual({
        type: 'DisruptionTarget',
        status: 'True',
        lastProbeTime: null,
        lastTransitionTime: '2026-01-01T00:05:10Z',
        reason: 'DeletionByTaintManager',
        message: 'Taint manager: deleting due to NoExecute taint',
      });
      expect(deleting?.metadata.deletionTimestamp).toBeDefined();
    }
    // The unreachable node's kubelet cannot confirm: the pods stay Terminating, with the condition.
    const left = pods.filter((p) => p.spec.nodeName === 'node-2');
    expect(left.length).toBe(evicting.length);
    for (const p of left) expect(p.status?.conditions?.some((c) => c.type === 'DisruptionTarget' && c.reason === 'DeletionByTaintManager')).toBe(true);
  });
  it('writes each pod of a deleted node Failed with DisruptionTarget DeletionByPodGC, then removes it, 40 s after the node went (gcOrphaned)', () => {
    const { ticks } = run('  - { at: 10, kubectl: delete node node-2 }', 60);
    const gc = ticks.find((t) => t.actor === 'pod-garbage-collector');
    expect(gc?.time).toBe(50_050);
    const writes = (gc?.writes ?? []).filter((w) => w.object.kind === 'Pod');
    expect(writes.length).toBeGreaterThan(0);
    // Each pod twice in a row: its last status, then its removal (grace 0).
    for (let i = 0; i < writes.length; i += 2) {
      const [status, removed] = [writes[i], writes[i + 1]];
      expect([status?.type, removed?.type]).toEqual(['MODIFIED', 'DELETED']);
      const pod = status?.object as Pod;
      expect(removed?.object.metadata.name).toBe(pod.metadata.name);
      expect(pod.status?.phase).toBe('Failed');
      expect(pod.status?.conditions?.at(-1)).toEqual({
        type: 'DisruptionTarget',
        status: 'True',
        lastProbeTime: null,
        lastTransitionTime: '2026-01-01T00:00:50Z',
        reason: 'DeletionByPodGC',
        message: 'PodGC: node no longer exists',
      });
    }
  });
  it('taints a cordoned node node.kubernetes.io/unschedulable:NoSchedule and takes the taint off when it is uncordoned', () => {
    const cordoned = run('  - { at: 10, kubectl: cordon node-1 }', 15).node('node-1');
    expect(cordoned.spec).toEqual({ unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule', timeAdded: '2026-01-01T00:00:10Z' }] });
    const back = run('  - { at: 10, kubectl: cordon node-1 }\n  - { at: 20, kubectl: uncordon node-1 }', 25).node('node-1');
    expect(back.spec).toEqual({});
  });
  it('stamps both unreachable taints of a failed node with the time they were added', () => {
    const failed = run('  - { at: 10, node: { name: node-2, ready: false } }', 15).node('node-2');
    expect(failed.spec.taints).toEqual([
      { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule', timeAdded: '2026-01-01T00:00:10Z' },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2026-01-01T00:00:10Z' },
    ]);
  });
});

describe('nodeObject resources', () => {
  it('reports ephemeral-storage and both huge page sizes, so a pod asking local disk schedules', () => {
    const r = parseScenarioText(`version: 1
name: disk
cluster: { nodes: 1 }
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web }
    spec:
      replicas: 1
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec: { containers: [{ name: web, image: "web:1", resources: { requests: { ephemeral-storage: 2Gi } } }] }
`);
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const st = createEngine(toSimConfig(r.value));
    runUntil(st, 20_000);
    const node = st.store.objects.Node.get('node-1') as Node;
    expect(node.status?.capacity).toEqual({ cpu: '4', 'ephemeral-storage': '100Gi', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory: '16Gi', pods: '110' });
    expect(node.status?.allocatable).toEqual(node.status?.capacity);
    const pod = [...st.store.objects.Pod.values()][0] as Pod;
    expect(pod.spec.nodeName).toBe('node-1');
  });
});
