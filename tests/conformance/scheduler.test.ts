// Conformance: kube-scheduler's plugin unit tests (pkg/scheduler/framework/plugins/*_test.go),
// transcribed as data in tests/fixtures/k8s-scheduler-cases.json, run against the ports in
// src/engine/scheduler. Each case builds its nodes and bound pods into the scheduler's cache.
import { describe, expect, it } from 'vitest';
import casesFile from '../fixtures/k8s-scheduler-cases.json';
import type { Container, KubeObject, Node, Pod, PodSpec, Taint } from '../../src/engine/api/types.ts';
import { buildSchedulerCache, imageStates, nodeList, normalizedImageName, type SchedulerCache } from '../../src/engine/scheduler/cache/cache.ts';
import type { NodeInfo } from '../../src/engine/scheduler/framework/nodeInfo.ts';
import { computePodResourceRequest } from '../../src/engine/scheduler/framework/resource.ts';
import { defaultNormalizeScore } from '../../src/engine/scheduler/plugins/helper/normalizeScore.ts';
import { balancedResourceScore, isBestEffortPod } from '../../src/engine/scheduler/plugins/noderesources/balancedAllocation.ts';
import * as fit from '../../src/engine/scheduler/plugins/noderesources/fit.ts';
import { leastAllocatedScore } from '../../src/engine/scheduler/plugins/noderesources/leastAllocated.ts';
import { calculateResourceAllocatableRequest, newAmounts } from '../../src/engine/scheduler/plugins/noderesources/resourceAllocation.ts';
import * as imagelocality from '../../src/engine/scheduler/plugins/imagelocality.ts';
import * as interpodaffinity from '../../src/engine/scheduler/plugins/interpodaffinity/filtering.ts';
import * as nodeaffinity from '../../src/engine/scheduler/plugins/nodeaffinity.ts';
import { getConstraints } from '../../src/engine/scheduler/plugins/podtopologyspread/common.ts';
import * as podtopologyspread from '../../src/engine/scheduler/plugins/podtopologyspread/filtering.ts';
import * as nodeports from '../../src/engine/scheduler/plugins/nodeports.ts';
import * as tainttoleration from '../../src/engine/scheduler/plugins/tainttoleration.ts';
import { queueingHint } from '../../src/engine/scheduler/queue/queueingHints.ts';

interface CaseNode {
  name: string;
  allocatable?: Record<string, string>;
  taints?: Taint[];
  labels?: Record<string, string>;
  images?: { names: string[]; sizeBytes: number }[];
}
interface CasePod {
  containers?: Record<string, string>[];
  ports?: { protocol?: string; hostIP?: string; hostPort: number }[];
  initContainers?: Record<string, string>[];
  tolerations?: PodSpec['tolerations'];
  nodeSelector?: Record<string, string>;
  affinity?: PodSpec['affinity'];
  labels?: Record<string, string>;
  node?: string;
  namespace?: string;
  topologySpreadConstraints?: PodSpec['topologySpreadConstraints'];
  terminating?: boolean;
  images?: string[];
}
interface SchedulerCase {
  source: string;
  plugin: string;
  kind: string;
  pod: CasePod;
  nodes: CaseNode[];
  pods: CasePod[];
  expected: {
    scores?: Record<string, number>;
    status?: { code: string; reasons: string[] } | null;
    statuses?: Record<string, { code: string; reasons: string[] } | null>;
    codes?: Record<string, string>;
    normalized?: string;
    skip?: boolean;
    queue?: boolean;
    preFilter?: 'skip' | 'all' | { nodeNames: string[] };
  };
  derived?: boolean;
}

const CASES = (casesFile as unknown as { cases: SchedulerCase[] }).cases;

function containers(reqs: Record<string, string>[] | undefined): Container[] {
  return (reqs ?? []).map((requests, i) => ({ name: `c${i}`, image: 'i', resources: { requests } }));
}

let uid = 0;
function podOf(p: CasePod, name: string): Pod {
  const spec: PodSpec = { containers: containers(p.containers) };
  if (p.images) spec.containers = p.images.map((image, i) => ({ name: `c${i}`, image }));
  // st.MakePod().ContainerPort / HostPort: one more container with the ports.
  if (p.ports) spec.containers.push({ name: 'ports', image: 'i', ports: p.ports.map((x) => ({ containerPort: x.hostPort, ...x })) });
  if (p.initContainers) spec.initContainers = containers(p.initContainers);
  if (p.tolerations) spec.tolerations = p.tolerations;
  if (p.nodeSelector) spec.nodeSelector = p.nodeSelector;
  if (p.affinity) spec.affinity = p.affinity;
  if (p.node) spec.nodeName = p.node;
  if (p.topologySpreadConstraints) spec.topologySpreadConstraints = p.topologySpreadConstraints;
  const metadata: Pod['metadata'] = { name, namespace: p.namespace ?? 'default', uid: `u${uid++}`, labels: p.labels ?? {} };
  // st.MakePod().Terminating(): a deletion timestamp.
  if (p.terminating) metadata.deletionTimestamp = '2026-01-01T00:00:00Z';
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec };
}

function nodeOf(n: CaseNode): Node {
  const node: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: n.name, labels: n.labels ?? {} }, spec: {}, status: {} };
  if (n.allocatable) node.status = { allocatable: n.allocatable };
  if (n.taints) node.spec.taints = n.taints;
  if (n.images) node.status = { ...node.status, images: n.images };
  return node;
}

/** cacheOf builds the scheduler's cache of the case's nodes and bound pods. */
function cacheOf(c: SchedulerCase): { cache: SchedulerCache; infos: NodeInfo[] } {
  const objects = { Node: new Map<string, KubeObject>(), Pod: new Map<string, KubeObject>() };
  for (const n of c.nodes) objects.Node.set(n.name, nodeOf(n));
  c.pods.forEach((p, i) => {
    objects.Pod.set(`${p.namespace ?? 'default'}/p${i}`, podOf(p, `p${i}`));
  });
  const cache = buildSchedulerCache({ objects });
  return { cache, infos: nodeList(cache, objects.Node) };
}

/** nodeInfos: the case's nodes in its order, with their bound pods. */
function nodeInfos(c: SchedulerCase): NodeInfo[] {
  return cacheOf(c).infos;
}

function scores(c: SchedulerCase, f: (pod: Pod, ni: NodeInfo) => number): Record<string, number> {
  const pod = podOf(c.pod, 'incoming');
  return Object.fromEntries(nodeInfos(c).map((ni) => [ni.name, f(pod, ni)]));
}

const RUNNERS: Record<string, (c: SchedulerCase) => void> = {
  'NodeResourcesFit/scoreLeastAllocated': (c) => {
    const got = scores(c, (pod, ni) => leastAllocatedScore(calculateResourceAllocatableRequest(computePodResourceRequest(pod.spec), ni, false, newAmounts())));
    expect(got).toEqual(c.expected.scores);
  },
  'NodeResourcesBalancedAllocation/scoreBalanced': (c) => {
    const req = computePodResourceRequest(podOf(c.pod, 'incoming').spec);
    if (c.expected.skip) {
      expect(isBestEffortPod(req)).toBe(true);
      return;
    }
    expect(isBestEffortPod(req)).toBe(false);
    expect(scores(c, (_pod, ni) => balancedResourceScore(calculateResourceAllocatableRequest(req, ni, true, newAmounts())))).toEqual(c.expected.scores);
  },
  'NodeResourcesFit/filter': (c) => {
    const pod = podOf(c.pod, 'incoming');
    const [ni] = nodeInfos(c);
    const s = fit.filter(computePodResourceRequest(pod.spec), ni as NodeInfo);
    expect(s && { code: s.code, reasons: [...s.reasons] }).toEqual(c.expected.status ?? null);
  },
  'TaintToleration/filter': (c) => {
    const [ni] = nodeInfos(c);
    const s = tainttoleration.filter(podOf(c.pod, 'incoming'), ni as NodeInfo);
    expect(s && { code: s.code, reasons: [...s.reasons] }).toEqual(c.expected.status ?? null);
  },
  'TaintToleration/score': (c) => {
    const pod = podOf(c.pod, 'incoming');
    const tolerations = tainttoleration.preScore(pod);
    const infos = nodeInfos(c);
    const raw = infos.map((ni) => tainttoleration.score(tolerations, ni));
    defaultNormalizeScore(raw, true);
    expect(Object.fromEntries(infos.map((ni, i) => [ni.name, raw[i]]))).toEqual(c.expected.scores);
  },
  'NodeAffinity/filter': (c) => {
    const pod = podOf(c.pod, 'incoming');
    const pre = nodeaffinity.preFilter(pod);
    const want = c.expected.preFilter;
    if (want === 'skip') {
      expect(pre.kind).toBe('skip');
      return;
    }
    if (want !== undefined) {
      expect(pre.kind === 'nodes' ? { nodeNames: [...pre.nodeNames].sort() } : pre.kind).toEqual(want);
    }
    expect(pre.kind === 'skip' || pre.kind === 'reject').toBe(false);
    const [ni] = nodeInfos(c);
    const s = pre.kind === 'all' || pre.kind === 'nodes' ? nodeaffinity.filter(pre.state, ni as NodeInfo) : null;
    expect(s && { code: s.code, reasons: [...s.reasons] }).toEqual(c.expected.status ?? null);
  },
  'NodePorts/filter': (c) => {
    const want = computePodResourceRequest(podOf(c.pod, 'incoming').spec).hostPorts;
    if (c.expected.skip) {
      expect(want).toBeNull();
      return;
    }
    const [ni] = nodeInfos(c);
    const s = nodeports.filter(want ?? [], ni as NodeInfo);
    expect(s && { code: s.code, reasons: [...s.reasons] }).toEqual(c.expected.status ?? null);
  },
  'InterPodAffinity/filter': (c) => {
    const pod = podOf(c.pod, 'incoming');
    const { cache, infos } = cacheOf(c);
    const state = interpodaffinity.preFilter(pod, cache, infos);
    if (c.expected.preFilter === 'skip') {
      expect(state).toBeNull();
      return;
    }
    expect(state).not.toBeNull();
    const got = Object.fromEntries(
      infos.map((ni) => {
        const s = interpodaffinity.filter(pod, state as NonNullable<typeof state>, ni);
        return [ni.name, s && { code: s.code, reasons: [...s.reasons] }];
      }),
    );
    expect(got).toEqual(c.expected.statuses);
  },
  'PodTopologySpread/filter': (c) => {
    const pod = podOf(c.pod, 'incoming');
    const infos = nodeInfos(c);
    const { constraints } = getConstraints(pod, 'DoNotSchedule', () => undefined);
    const state = podtopologyspread.calPreFilterState(pod, constraints, infos);
    const got = Object.fromEntries(infos.map((ni) => [ni.name, podtopologyspread.filter(pod, state, ni)?.code ?? 'Success']));
    expect(got).toEqual(c.expected.codes);
  },
  'ImageLocality/score': (c) => {
    const pod = podOf(c.pod, 'incoming');
    const { cache, infos } = cacheOf(c);
    const images = imageStates(cache);
    expect(Object.fromEntries(infos.map((ni) => [ni.name, imagelocality.score(pod, ni, images, infos.length)]))).toEqual(c.expected.scores);
  },
  'ImageLocality/normalizedImageName': (c) => {
    expect(normalizedImageName((c.pod.images as string[])[0] as string)).toBe(c.expected.normalized);
  },
  'NodePorts/queueingHintPodDelete': (c) => {
    const deleted = podOf(c.pods[0] as CasePod, 'deleted');
    expect(queueingHint('NodePorts', { kind: 'PodDelete', pod: deleted }, podOf(c.pod, 'incoming'))).toBe(c.expected.queue);
  },
  'TaintToleration/queueingHint': (c) => {
    const [fresh, old] = c.nodes.map(nodeOf);
    const pod = podOf(c.pod, 'incoming');
    const ev = old === undefined ? { kind: 'NodeAdd' as const, node: fresh as Node } : { kind: 'NodeUpdate' as const, old, node: fresh as Node };
    expect(queueingHint('TaintToleration', ev, pod)).toBe(c.expected.queue);
  },
};

describe('kube-scheduler plugin conformance', () => {
  const byRunner = new Map<string, SchedulerCase[]>();
  for (const c of CASES) {
    const k = `${c.plugin}/${c.kind}`;
    byRunner.set(k, [...(byRunner.get(k) ?? []), c]);
  }
  it('has a runner for every transcribed case', () => {
    expect([...byRunner.keys()].filter((k) => !RUNNERS[k])).toEqual([]);
    console.log(`conformance scheduler: ${CASES.length} cases run`);
  });
  for (const [k, cases] of byRunner) {
    describe(k, () => {
      it.each(cases.map((c) => [c.source, c] as const))('%s', (_source, c) => {
        (RUNNERS[k] as (c: SchedulerCase) => void)(c);
      });
    });
  }
});
