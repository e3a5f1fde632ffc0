// Conformance: the DaemonSet controller's pure plans against Kubernetes' own test tables
// (pkg/controller/daemon/daemon_controller_test.go, update_test.go, util/daemonset_util.go).
import { describe, expect, it } from 'vitest';
import { ControllerRevisionHashLabelKey } from '../../src/engine/api/constants.ts';
import type { ContainerPort, DaemonSet, DaemonSetUpdateStrategy, IntOrString, Node, Pod } from '../../src/engine/api/types.ts';
import { get, isInBackOffSinceUpdate } from '../../src/engine/controller/daemon/backoff.ts';
import { failedPodsBackoffKey } from '../../src/engine/controller/daemon/manage.ts';
import { nodeShouldRunDaemonPod } from '../../src/engine/controller/daemon/shouldRun.ts';
import { updatedDesiredNodeCounts } from '../../src/engine/controller/daemon/update.ts';
import { getTargetNodeName, surgeCount, unavailableCount } from '../../src/engine/controller/daemon/util/daemonsetUtil.ts';
import { nextInt } from '../../src/engine/lib/prng.ts';
import { toRFC3339 } from '../../src/engine/lib/time.ts';
import { type NamedCase, splitCases } from './caseTable.ts';
import {
  type Harness, addNodes, addPods, clearExpectations, countReady, currentHash, markPodsReady, newDaemonSet, newHarness,
  newNode, newPod, noExecuteTaints, noScheduleTaints, noScheduleTolerations, setPodReadiness, setReady,
  simpleDaemonSetLabel, simpleDaemonSetLabel2, simpleNodeLabel, sync,
} from './daemonHarness.ts';

const FUNCTIONS = [
  'DaemonSet.updatedDesiredNodeCounts', 'DaemonSet.rollingUpdate(sequence)', 'DaemonSet.manage', 'DaemonSet.manage(backoff)',
  'DaemonSet.manage(surge)', 'DaemonSet.sync(surge)', 'NodeShouldRunDaemonPod', 'UnavailableCount', 'SurgeCount',
] as const;
const NOT_APPLICABLE: Record<string, string> = {};
const { run, all, skipped } = splitCases('daemonset', FUNCTIONS, NOT_APPLICABLE);

const T = (name: string) => `pkg/controller/daemon/daemon_controller_test.go:${name}`;
const U = (name: string) => `pkg/controller/daemon/update_test.go:${name}`;

type Strategy = DaemonSetUpdateStrategy;
const onDelete: Strategy = { type: 'OnDelete' };
const rollingUpdate1: Strategy = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } };
const updateStrategies = [onDelete, rollingUpdate1];
const newUpdateSurge = (v: IntOrString): Strategy => ({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: v } });
const newUpdateUnavailable = (v: IntOrString): Strategy => ({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: v } });
const withStrategy = (ds: DaemonSet, s: Strategy): DaemonSet => ({ ...ds, spec: { ...ds.spec, updateStrategy: s } });
const withTemplateSpec = (h: Harness, patch: Partial<DaemonSet['spec']['template']['spec']>): void => {
  h.ds = { ...h.ds, spec: { ...h.ds.spec, template: { ...h.ds.spec.template, spec: { ...h.ds.spec.template.spec, ...patch } } } };
};
const setImage = (h: Harness, image: string): void => {
  const [c, ...rest] = h.ds.spec.template.spec.containers;
  withTemplateSpec(h, { containers: [{ ...(c ?? { name: 'foo' }), image }, ...rest] });
};
const resources = (memory: string, cpu: string) => ({ requests: { memory, cpu, pods: '100' } });
const atSecond = (s: number) => s * 1000;

interface Counts { creates: number; deletes: number; events: number }
function expectSync(h: Harness, want: Counts, label: string) {
  const r = sync(h);
  expect({ creates: r.creates, deletes: r.deletes, events: r.events.length }, label).toEqual(want);
  return r;
}
/** expectSyncAfterClear is `clearExpectations; expectSyncDaemonSets` as the upstream tests pair them. */
function expectSyncAfterClear(h: Harness, want: Counts, label: string) {
  clearExpectations(h);
  return expectSync(h, want, label);
}

// ---------------------------------------------------------------- NodeShouldRunDaemonPod
const shouldRunTemplates: Record<string, Partial<DaemonSet['spec']['template']['spec']>> = {
  ShouldRunDaemonPod: { containers: [{ name: 'c', image: 'i', resources: resources('50M', '0.5') }] },
  InsufficientResourceError: { containers: [{ name: 'c', image: 'i', resources: resources('200M', '0.5') }] },
  ErrPodNotMatchHostName: { nodeName: 'other-node', containers: [{ name: 'c', image: 'i', resources: resources('50M', '0.5') }] },
  ErrPodNotFitsHostPorts: { containers: [{ name: 'c', image: 'i', ports: [{ containerPort: 666, hostPort: 666 } as ContainerPort] }] },
  'InsufficientResourceError (existing pod)': { containers: [{ name: 'c', image: 'i', resources: resources('100M', '0.5') }] },
  'ShouldRunDaemonPod (existing pod)': { containers: [{ name: 'c', image: 'i', resources: resources('50M', '0.5') }] },
  ErrNodeSelectorNotMatch: { nodeSelector: { ...simpleDaemonSetLabel2 } },
  'ShouldRunDaemonPod (nodeSelector matches)': { nodeSelector: { ...simpleDaemonSetLabel } },
  ErrPodAffinityNotMatch: typeAffinity('test'),
  'ShouldRunDaemonPod (affinity matches)': typeAffinity('production'),
  ShouldRunDaemonPodOnUnschedulableNode: { containers: [{ name: 'c', image: 'i', resources: resources('50M', '0.5') }] },
};
function typeAffinity(value: string): Partial<DaemonSet['spec']['template']['spec']> {
  const terms = [{ matchExpressions: [{ key: 'type', operator: 'In' as const, values: [value] }] }];
  return { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } };
}
function runNodeShouldRun(c: NamedCase) {
  const predicate = c.source.slice(c.source.indexOf('TestNodeShouldRunDaemonPod/') + 'TestNodeShouldRunDaemonPod/'.length);
  const spec = shouldRunTemplates[predicate];
  if (!spec) throw new Error(`no fixture for ${predicate}`);
  // The upstream table's node: labelled like the DaemonSet, 100M/1 CPU allocatable.
  const node: Node = { ...newNode('test-node', simpleDaemonSetLabel), spec: { unschedulable: predicate.endsWith('UnschedulableNode') } };
  node.status = { ...node.status, allocatable: { memory: '100M', cpu: '1', pods: '100' } };
  for (const strategy of updateStrategies) {
    const base = newDaemonSet('foo');
    const ds = withStrategy({ ...base, spec: { ...base.spec, template: { ...base.spec.template, spec: { containers: [], ...spec } } } }, strategy);
    expect(nodeShouldRunDaemonPod(node, ds)).toEqual(c.expected);
  }
}

// ---------------------------------------------------------------- UnavailableCount / SurgeCount
function runCount(c: NamedCase) {
  const input = c.input as { strategy: string; value: IntOrString | null; numberToSchedule: number };
  const rollingUpdate = c.function === 'SurgeCount' ? { maxUnavailable: 0, ...(input.value === null ? {} : { maxSurge: input.value }) } : { maxUnavailable: input.value ?? 0 };
  const ds = withStrategy(newDaemonSet('x'), { type: input.strategy, rollingUpdate });
  const fn = c.function === 'SurgeCount' ? surgeCount : unavailableCount;
  expect(fn(ds, input.numberToSchedule)).toBe((c.expected as { result: number }).result);
}

// ---------------------------------------------------------------- updatedDesiredNodeCounts
function runDesiredCounts(c: NamedCase) {
  const input = c.input as { nodeCount: number; updateStrategy: { maxUnavailable: IntOrString; maxSurge?: IntOrString }; nodeToPods: Record<string, string[]> };
  const h = newHarness(newDaemonSet('x'));
  const s = input.updateStrategy;
  const ds = withStrategy(h.ds, s.maxSurge !== undefined ? newUpdateSurge(s.maxSurge) : newUpdateUnavailable(s.maxUnavailable));
  addNodes(h, 0, input.nodeCount);
  const byNode: Record<string, Pod[]> = {};
  for (const [node, specs] of Object.entries(input.nodeToPods)) {
    byNode[node] = specs.map((flags, i) => {
      let pod = setReady(h, newPod(h, `pod-${i}`, node, simpleDaemonSetLabel), flags.includes('ready'));
      if (flags.includes('terminating')) pod = { ...pod, metadata: { ...pod.metadata, deletionTimestamp: toRFC3339(h.nowMs) } };
      return pod;
    });
  }
  const got = updatedDesiredNodeCounts(ds, h.nodes, byNode);
  expect(got.error).toBeUndefined();
  const emptyNodes = Object.values(got.nodeToDaemonPods).filter((p) => p.length === 0).length;
  expect({ maxSurge: got.maxSurge, maxUnavailable: got.maxUnavailable, desiredNumberScheduled: got.desiredNumberScheduled, nodesWithEmptyPodList: emptyNodes }).toEqual(c.expected);
}

// ---------------------------------------------------------------- single-sync manage scenarios
/** Each builds the upstream test's world for one strategy; the case's expected counts are then checked. */
const manageScenarios: Record<string, (s: Strategy) => Harness> = {
  [T('TestNoScheduleTaintedDoesntEvicitRunningIntolerantPod')]: (s) => taintedWithPod(s, noScheduleTaints),
  [T('TestNoExecuteTaintedDoesEvicitRunningIntolerantPod')]: (s) => taintedWithPod(s, noExecuteTaints),
  [T('TestTaintedNodeDaemonDoesNotLaunchIntolerantPod')]: (s) => tainted(s, noScheduleTaints),
  [T('TestTaintedNodeDaemonLaunchesToleratePod')]: (s) => tainted(s, noScheduleTaints, true),
  [T('TestNotReadyNodeDaemonLaunchesPod')]: (s) => tainted(s, [{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }], false, 'False'),
  [T('TestUnreachableNodeDaemonLaunchesPod')]: (s) => tainted(s, [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }], false, 'Unknown'),
  [T('TestNodeDaemonLaunchesToleratePod')]: (s) => tainted(s, [], true),
  [T('TestDaemonSetRespectsTermination')]: (s) => {
    const h = newHarness(withStrategy(newDaemonSet('foo'), s));
    addNodes(h, 0, 1, simpleNodeLabel);
    const pod = newPod(h, 'node-0-', 'node-0', simpleDaemonSetLabel, h.ds);
    h.pods.push({ ...pod, metadata: { ...pod.metadata, deletionTimestamp: toRFC3339(h.nowMs) } });
    return h;
  },
  [T('TestTaintPressureNodeDaemonLaunchesPod')]: (s) => {
    const h = newHarness(withStrategy({ ...newDaemonSet('critical'), metadata: { name: 'critical', namespace: 'kube-system', uid: 'uid-critical' } }, s));
    const keys = ['node.kubernetes.io/disk-pressure', 'node.kubernetes.io/memory-pressure', 'node.kubernetes.io/pid-pressure'];
    const node = newNode('resources-pressure');
    node.spec = { taints: keys.map((key) => ({ key, effect: 'NoSchedule' as const })) };
    node.status = { conditions: [{ type: 'DiskPressure', status: 'True' }, { type: 'MemoryPressure', status: 'True' }, { type: 'PIDPressure', status: 'True' }] };
    h.nodes.push(node);
    return h;
  },
  [T('TestDeleteUnscheduledPodForNotExistingNode')]: (s) => {
    const h = newHarness(withStrategy(newDaemonSet('foo'), s));
    addNodes(h, 0, 1);
    addPods(h, 'node-0', simpleDaemonSetLabel, h.ds, 1);
    addPods(h, 'node-1', simpleDaemonSetLabel, h.ds, 1);
    const pod = newPod(h, 'pod1-node-3', '', simpleDaemonSetLabel, h.ds);
    const terms = [{ matchFields: [{ key: 'metadata.name', operator: 'In' as const, values: ['node-2'] }] }];
    pod.spec.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } };
    h.pods.push(pod);
    return h;
  },
  [T('TestSurgeDealsWithExistingPods')]: () => {
    const h = newHarness(withStrategy(newDaemonSet('foo'), newUpdateSurge(1)));
    addNodes(h, 0, 5);
    addPods(h, 'node-1', simpleDaemonSetLabel, h.ds, 1);
    addPods(h, 'node-2', simpleDaemonSetLabel, h.ds, 2);
    addPods(h, 'node-3', simpleDaemonSetLabel, h.ds, 5);
    addPods(h, 'node-4', simpleDaemonSetLabel2, h.ds, 2);
    return h;
  },
  [T('TestSurgePreservesReadyOldPods')]: () => surgeNode1({ newReadySince: null, oldReady: true }),
  [T('TestSurgeDeletesUnreadyOldPods')]: () => surgeNode1({ newReadySince: null, oldReady: false }),
  [T('TestSurgePreservesOldReadyWithUnsatisfiedMinReady')]: () => surgeNode1({ newReadySince: 50, oldReady: true, clock: 60 }),
  [T('TestSurgeDeletesOldReadyWithUnsatisfiedMinReady')]: () => surgeNode1({ newReadySince: 50, oldReady: true, clock: 70 }),
  [T('TestSurgeCreatesNewPodWhenAtMaxSurgeAndOldPodDeleted')]: () => {
    const h = newHarness(withStrategy(newDaemonSet('foo'), newUpdateSurge(1)));
    addNodes(h, 0, 5);
    h.pods.push(setReady(h, created(newPod(h, 'node-0-', 'node-0', simpleDaemonSetLabel, h.ds), 100), false));
    h.pods.push(setReady(h, oldPod(created(newPod(h, 'node-0-old-ready-', 'node-0', simpleDaemonSetLabel, h.ds), 50)), true));
    for (let i = 1; i < 5; i++) {
      let pod = setReady(h, oldPod(created(newPod(h, `node-${i}-preserve-`, `node-${i}`, simpleDaemonSetLabel, h.ds), 1)), true);
      if (i === 4) pod = { ...pod, metadata: { ...pod.metadata, deletionTimestamp: toRFC3339(atSecond(31)), deletionGracePeriodSeconds: 30 } };
      h.pods.push(pod);
    }
    clearExpectations(h);
    return h;
  },
};
function tainted(s: Strategy, taints: Node['spec']['taints'], tolerate = false, ready: 'True' | 'False' | 'Unknown' = 'True'): Harness {
  const h = newHarness(withStrategy(newDaemonSet('tolerate'), s));
  if (tolerate) withTemplateSpec(h, { tolerations: noScheduleTolerations });
  const node = taints && taints.length > 0 ? newNode('tainted') : newNode('node-0');
  node.spec = { taints: taints ?? [] };
  node.status = { conditions: [{ type: 'Ready', status: ready }] };
  h.nodes.push(node);
  return h;
}
function taintedWithPod(s: Strategy, taints: Node['spec']['taints']): Harness {
  const h = tainted(s, taints);
  h.pods.push(newPod(h, 'pod-', 'tainted', simpleDaemonSetLabel, h.ds));
  return h;
}
const created = (pod: Pod, second: number): Pod => ({ ...pod, metadata: { ...pod.metadata, creationTimestamp: toRFC3339(atSecond(second)) } });
function oldPod(pod: Pod): Pod {
  const labels = { ...(pod.metadata.labels ?? {}) };
  delete labels[ControllerRevisionHashLabelKey];
  return { ...pod, metadata: { ...pod.metadata, labels } };
}
/** surgeNode1 is the node-1 layout shared by the TestSurge*OldPods tests. */
function surgeNode1(o: { newReadySince: number | null; oldReady: boolean; clock?: number }): Harness {
  const base = withStrategy(newDaemonSet('foo'), newUpdateSurge(1));
  const ds = o.clock === undefined ? base : { ...base, spec: { ...base.spec, minReadySeconds: 15 } };
  const h = newHarness(ds, o.clock === undefined ? {} : { nowMs: atSecond(o.clock) });
  addNodes(h, 0, 5);
  const current = created(newPod(h, 'node-1-', 'node-1', simpleDaemonSetLabel, h.ds), 100);
  h.pods.push(o.newReadySince === null ? current : setReady(h, current, true, atSecond(o.newReadySince)));
  const prefix = o.clock !== undefined ? 'node-1-old-ready-' : o.oldReady ? 'node-1-old-' : 'node-1-old-unready-';
  h.pods.push(setReady(h, oldPod(created(newPod(h, prefix, 'node-1', simpleDaemonSetLabel, h.ds), 50)), o.oldReady));
  h.pods.push(setReady(h, oldPod(created(newPod(h, 'node-1-delete-', 'node-1', simpleDaemonSetLabel, h.ds), 60)), true));
  addPods(h, 'node-2', simpleDaemonSetLabel, h.ds, 1);
  return h;
}
function failedPodsScenario(c: NamedCase, s: Strategy): Harness {
  const input = c.input as { failedPodsOnNode: number; runningPodsOnNode: number };
  const h = newHarness(withStrategy(newDaemonSet('foo'), s));
  addNodes(h, 0, 1);
  addPods(h, 'node-0', simpleDaemonSetLabel, h.ds, input.failedPodsOnNode, 'Failed');
  addPods(h, 'node-0', simpleDaemonSetLabel, h.ds, input.runningPodsOnNode);
  return h;
}
function runManage(c: NamedCase) {
  const expected = c.expected as unknown as Counts & { deletedPodNames?: string[] };
  const scenario = c.source.includes('TestDaemonKillFailedPods/') ? (s: Strategy) => failedPodsScenario(c, s) : manageScenarios[c.source];
  if (!scenario) throw new Error(`no scenario for ${c.source}`);
  const strategies = c.function === 'DaemonSet.manage' ? updateStrategies : [undefined];
  for (const s of strategies) {
    const h = scenario(s ?? onDelete);
    const r = expectSync(h, { creates: expected.creates, deletes: expected.deletes, events: expected.events }, `strategy ${s?.type ?? 'surge'}`);
    if (expected.deletedPodNames) {
      const patterns = expected.deletedPodNames.map((p) => new RegExp(`^${p.replace('*', '\\d+')}$`));
      expect(r.deletedPodNames.every((n) => patterns.some((re) => re.test(n)))).toBe(true);
      expect(patterns.every((re) => r.deletedPodNames.some((n) => re.test(n)))).toBe(true);
    }
  }
}

// ---------------------------------------------------------------- manage(backoff)
function runBackoff(c: NamedCase) {
  const steps = (c.expected as { steps: (Partial<Counts> & { op: string })[] }).steps;
  for (const strategy of updateStrategies) {
    const h = newHarness(withStrategy(newDaemonSet('foo'), strategy));
    addNodes(h, 0, 1);
    addPods(h, 'node-0', simpleDaemonSetLabel, h.ds, 1, 'Failed');
    const key = () => failedPodsBackoffKey(h.ds, 'node-0');
    let delay = 0;
    for (const step of steps) {
      if (step.op === 'sync') {
        expectSync(h, { creates: step.creates ?? 0, deletes: step.deletes ?? 0, events: step.events ?? 0 }, `${strategy.type} sync`);
        if (delay === 0) delay = get(h.backoff, key());
        // A sync held back by the back-off must not raise the delay.
        if (step.deletes === 0) expect(get(h.backoff, key()), 'delay not raised while waiting').toBe(delay);
      } else if (step.op === 'immediate resync') {
        expect(delay).toBeGreaterThan(0);
      } else if (step.op === 'advance clock by delay-1ns: still in backoff') {
        h.nowMs += delay - 1; // the simulator's clock ticks in ms, not ns
        expect(isInBackOffSinceUpdate(h.backoff, key(), h.nowMs)).toBe(true);
      } else if (step.op === 'advance 1ns: backoff over') {
        h.nowMs += 1;
        expect(isInBackOffSinceUpdate(h.backoff, key(), h.nowMs)).toBe(false);
      } else throw new Error(`unknown op ${step.op}`);
    }
  }
}

// ---------------------------------------------------------------- rollingUpdate(sequence)
type StepOp = { op: string } & Partial<Counts> & { clock?: number };
/** runSteps plays a case's steps; ops other than sync/markAllPodsReady come from `ops`. */
function runSteps(h: Harness, steps: readonly StepOp[], ops: Record<string, () => void> = {}) {
  steps.forEach((step, i) => {
    if (step.op === 'sync') {
      if (step.clock !== undefined) h.nowMs = atSecond(step.clock);
      expectSyncAfterClear(h, { creates: step.creates ?? 0, deletes: step.deletes ?? 0, events: step.events ?? 0 }, `step ${i}`);
    } else if (step.op === 'markAllPodsReady') markPodsReady(h);
    else {
      const op = ops[step.op];
      if (!op) throw new Error(`unknown op ${step.op}`);
      op();
    }
  });
}
/** startedRollout is the common start: nodes, the DaemonSet's first sync, then a template change. */
function startedRollout(nodes: number, strategy: Strategy, o: { ready?: boolean; ds?: DaemonSet } = {}): Harness {
  const h = newHarness(o.ds ?? newDaemonSet('foo'));
  addNodes(h, 0, nodes);
  expectSync(h, { creates: nodes, deletes: 0, events: 0 }, 'initial sync');
  if (o.ready ?? true) markPodsReady(h);
  setImage(h, 'foo2/bar2');
  h.ds = withStrategy(h.ds, strategy);
  return h;
}
const sequences: Record<string, (c: NamedCase) => void> = {
  [U('TestDaemonSetUpdatesPods')]: (c) => runSteps(startedRollout(5, newUpdateUnavailable(2)), stepsOf(c)),
  [U('TestDaemonSetUpdatesPodsWithMaxSurge')]: (c) => runSteps(startedRollout(5, newUpdateSurge(2)), stepsOf(c)),
  [U('TestDaemonSetUpdatesPodsNotMatchTainstWithMaxSurge')]: (c) => {
    const h = newHarness(withStrategy(newDaemonSet('foo'), newUpdateSurge(1)));
    withTemplateSpec(h, { tolerations: [{ key: 'node-role.kubernetes.io/control-plane', operator: 'Exists' }] });
    addNodes(h, 0, 5);
    h.nodes[0] = { ...newNode('node-0'), spec: { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] } };
    expectSync(h, { creates: 5, deletes: 0, events: 0 }, 'initial sync');
    markPodsReady(h);
    const { tolerations: _dropped, ...spec } = h.ds.spec.template.spec;
    h.ds = { ...h.ds, spec: { ...h.ds.spec, template: { ...h.ds.spec.template, spec } } };
    runSteps(h, stepsOf(c));
  },
  [U('TestDaemonSetUpdatesWhenNewPodIsNotReady')]: (c) => runSteps(startedRollout(5, newUpdateUnavailable(3)), stepsOf(c)),
  [U('TestDaemonSetUpdatesSomeOldPodsNotReady')]: (c) => {
    const h = startedRollout(5, newUpdateUnavailable(2));
    runSteps(h, stepsOf(c), { changeTemplateAgain: () => setImage(h, 'foo2/bar3') });
    expect(countReady(h)).toBe((c.expected as { finalReadyPods: number }).finalReadyPods);
  },
  [U('TestDaemonSetUpdatesSaveOldHealthyPods')]: (c) => {
    const e = c.expected as Record<'firstUpdate' | 'eachRandomUpdate' | 'finalUpdateMaxUnavailable11', StepOp[]> & { readyPodsAfterFinal: number };
    const h = startedRollout(20, newUpdateUnavailable(10));
    runSteps(h, e.firstUpdate);
    const readyNames = (): Set<string> => new Set(h.pods.filter((p) => countReady({ ...h, pods: [p] }) === 1).map((p) => p.metadata.name));
    const oldReady = readyNames();
    for (let i = 0; i < 10; i++) {
      h.ds = withStrategy(h.ds, newUpdateUnavailable(nextInt(h.prng, 10)));
      setImage(h, `foo2/bar3-${i}`);
      runSteps(h, e.eachRandomUpdate);
      const now = readyNames();
      expect([...oldReady].every((n) => now.has(n)), `ready pods untouched in iteration ${i}`).toBe(true);
    }
    h.ds = withStrategy(h.ds, newUpdateUnavailable(11));
    setImage(h, 'foo2/bar4');
    runSteps(h, e.finalUpdateMaxUnavailable11);
    expect(countReady(h)).toBe(e.readyPodsAfterFinal);
  },
  [U('TestDaemonSetUpdatesAllOldNotReadyPodsAndNewNotReadyPods')]: (c) => {
    const e = c.expected as { rollout: string; afterStateManipulation: StepOp[] };
    expect(e.rollout).toBe('10 x [sync(0,10), sync(10,0), markAllPodsReady] then sync(0,0)');
    const h = newHarness(newDaemonSet('foo'));
    addNodes(h, 0, 100);
    expectSync(h, { creates: 100, deletes: 0, events: 0 }, 'initial sync');
    markPodsReady(h);
    const hash1 = h.pods[0]?.metadata.labels?.[ControllerRevisionHashLabelKey] ?? '';
    setImage(h, 'foo2/bar2');
    h.ds = withStrategy(h.ds, newUpdateUnavailable(10));
    for (let i = 0; i < 10; i++) {
      runSteps(h, [{ op: 'sync', creates: 0, deletes: 10 }, { op: 'sync', creates: 10, deletes: 0 }, { op: 'markAllPodsReady' }]);
    }
    runSteps(h, [{ op: 'sync', creates: 0, deletes: 0 }]);
    // 88 unavailable new pods, 2 unavailable old pods, 10 available old pods.
    const oldUnavailable: string[] = [];
    h.pods = h.pods.map((p, i) => {
      let pod = i >= 10 ? setReady(h, p, false) : p;
      if (i < 12) {
        pod = { ...pod, metadata: { ...pod.metadata, labels: { ...(pod.metadata.labels ?? {}), [ControllerRevisionHashLabelKey]: hash1 } } };
        if (i >= 10) oldUnavailable.push(pod.metadata.name);
      }
      return pod;
    });
    runSteps(h, e.afterStateManipulation);
    expect(h.pods.filter((p) => oldUnavailable.includes(p.metadata.name))).toEqual([]);
  },
  [U('TestDaemonSetUpdatesAllOldPodsNotReady')]: (c) => runSteps(startedRollout(5, newUpdateUnavailable(3), { ready: false }), stepsOf(c)),
  [U('TestDaemonSetUpdatesAllOldPodsNotReadyMaxSurge')]: (c) => {
    const h = startedRollout(5, newUpdateSurge(3), { ready: false });
    let hash = '';
    const isCurrent = (p: Pod) => p.metadata.labels?.[ControllerRevisionHashLabelKey] === hash;
    runSteps(h, stepsOf(c), {
      'mark 5 pods ready at t=200; set minReadySeconds=15; change template again': () => {
        setPodReadiness(h, true, 5, () => true);
        h.ds = { ...h.ds, spec: { ...h.ds.spec, minReadySeconds: 15 } };
        setImage(h, 'foo3/bar3');
      },
      't=300: mark 2 of the 3 updated pods ready; mark 1 old pod (on a node without an updated pod) unready': () => {
        hash = currentHash(h);
        const nodesWithCurrent = new Set(h.pods.filter(isCurrent).map((p) => getTargetNodeName(p)));
        setPodReadiness(h, true, 2, isCurrent);
        setPodReadiness(h, false, 1, (p) => !isCurrent(p) && !nodesWithCurrent.has(getTargetNodeName(p)));
      },
      't=320: mark 3 remaining updated pods ready': () => setPodReadiness(h, true, 3, isCurrent),
    });
  },
  [U('TestDaemonSetUpdatesNoTemplateChanged')]: (c) => {
    const h = newHarness(newDaemonSet('foo'));
    addNodes(h, 0, 5);
    expectSync(h, { creates: 5, deletes: 0, events: 0 }, 'initial sync');
    h.ds = withStrategy(h.ds, newUpdateUnavailable(3));
    runSteps(h, stepsOf(c));
  },
};
const stepsOf = (c: NamedCase) => (c.expected as { steps: StepOp[] }).steps;

// ---------------------------------------------------------------- dispatch
function runnerFor(c: NamedCase): ((c: NamedCase) => void) | undefined {
  switch (c.function) {
    case 'NodeShouldRunDaemonPod':
      return runNodeShouldRun;
    case 'UnavailableCount':
    case 'SurgeCount':
      return runCount;
    case 'DaemonSet.updatedDesiredNodeCounts':
      return runDesiredCounts;
    case 'DaemonSet.manage(backoff)':
      return runBackoff;
    case 'DaemonSet.rollingUpdate(sequence)':
      return sequences[c.source];
    default:
      return c.source.includes('TestDaemonKillFailedPods/') || c.source in manageScenarios ? runManage : undefined;
  }
}

describe('DaemonSet controller conformance', () => {
  it.each(run.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const runner = runnerFor(c);
    if (!runner) throw new Error(`no runner for ${c.name}`);
    runner(c);
  });

  it('runs or lists every case of its functions', () => {
    expect(run.length + skipped.length).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(run.filter((c) => runnerFor(c) === undefined).map((c) => c.name)).toEqual([]);
  });
});
