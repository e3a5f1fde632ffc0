// Port of kubernetes pkg/controller/daemon/daemon_controller.go NodeShouldRunDaemonPod, predicates, NewPod (v1.36).
/**
 * Whether a DaemonSet wants a pod on a node. Since daemon pods go through the default scheduler
 * (GA 1.17) the controller checks only what pins a pod to a node: the template's nodeName, the
 * nodeSelector and required node affinity, and NoSchedule/NoExecute taints. Resources, host
 * ports and `spec.unschedulable` are left to the scheduler (the daemon pod tolerates the
 * unschedulable taint anyway).
 */
import type { DaemonSet, Node, Pod, PodSpec, PodTemplateSpec, Taint } from '../../api/types.ts';
import { findMatchingUntoleratedTaint, podMatchesNodeSelectorAndAffinityTerms } from '../../lib/scheduling.ts';
import { addOrUpdateDaemonPodTolerations } from './util/daemonsetUtil.ts';

/** The two answers of NodeShouldRunDaemonPod. */
export interface ShouldRunResult {
  /** A pod should be created here if none runs yet. */
  shouldRun: boolean;
  /** A pod already running here may stay. */
  shouldContinueRunning: boolean;
}

/**
 * newPod builds the would-be daemon pod for a node: the template's metadata and spec, the DS
 * namespace, spec.nodeName = node and the default daemon tolerations (NewPod).
 */
export function newPod(ds: DaemonSet, nodeName: string): Pod {
  const template = ds.spec.template;
  // Object.assign, not a spread followed by a key the source lacks: on this V8 (Node 20) such a
  // literal takes a slow path, ~0.45 µs against ~0.06 µs (micro-benchmark), and a new template
  // asks this of every node (5,000 pods of 3 such keys). Same keys, same order.
  const metadata: Pod['metadata'] = Object.assign({}, template.metadata ?? {}, { name: template.metadata?.name ?? '' });
  if (ds.metadata.namespace !== undefined) metadata.namespace = ds.metadata.namespace;
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec: Object.assign({}, toleratedSpec(template.spec), { nodeName }) };
}

/**
 * The template specs with the default daemon tolerations added. They do not depend on the node,
 * and a new template is asked about every node at once (5,000 copies of the same tolerations),
 * so each spec object gets them once.
 */
const tolerated = new WeakMap<PodSpec, PodSpec>();

function toleratedSpec(spec: PodSpec): PodSpec {
  let out = tolerated.get(spec);
  if (out === undefined) {
    out = addOrUpdateDaemonPodTolerations(spec);
    tolerated.set(spec, out);
  }
  return out;
}

/** The three fits of predicates(). */
export interface PredicateResult {
  fitsNodeName: boolean;
  fitsNodeAffinity: boolean;
  fitsTaints: boolean;
}

const isNoScheduleOrNoExecute = (t: Taint): boolean => t.effect === 'NoExecute' || t.effect === 'NoSchedule';
const isNoExecute = (t: Taint): boolean => t.effect === 'NoExecute';

/**
 * predicates checks whether the daemon pod can run on the node: its nodeName (empty or equal),
 * its nodeSelector plus required node affinity, and that no NoSchedule/NoExecute taint is left
 * untolerated. PreferNoSchedule never blocks.
 */
export function predicates(pod: Pod, node: Node, taints: readonly Taint[]): PredicateResult {
  return {
    fitsNodeName: !pod.spec.nodeName || pod.spec.nodeName === node.metadata.name,
    fitsNodeAffinity: podMatchesNodeSelectorAndAffinityTerms(pod, node),
    fitsTaints: findMatchingUntoleratedTaint(taints, pod.spec.tolerations, isNoScheduleOrNoExecute) === null,
  };
}

/**
 * Answers already given, per node object: the last few pod templates asked about and their
 * answers. API objects are immutable values (every write stores a new object), so an answer holds
 * as long as both objects do. A sync asks the same question of every node three times (manage,
 * rollingUpdate, status) and the template rarely changes: with 5,000 nodes that is 15,000
 * answers per sync, almost all a single WeakMap lookup and an identity check.
 */
const answers = new WeakMap<Node, { template: PodTemplateSpec; answer: ShouldRunResult }[]>();

/**
 * The last answer given. A node's facts ask twice in a row (nodeFacts.ts: once itself, once
 * through podsShouldBeOnNode in isQuiet), 140,000 of the 200,000 questions of a 5,000-node
 * rollout: the second is an identity check instead of a WeakMap lookup.
 */
const last: { node: Node | null; template: PodTemplateSpec | null; answer: ShouldRunResult } = {
  node: null,
  template: null,
  answer: { shouldRun: false, shouldContinueRunning: false },
};

/** remember makes an answer the last one given. */
function remember(node: Node, template: PodTemplateSpec, answer: ShouldRunResult): ShouldRunResult {
  last.node = node;
  last.template = template;
  last.answer = answer;
  return answer;
}

/** How many templates each node remembers: a few DaemonSets, or one mid-update, stay cached. */
const TEMPLATES_PER_NODE = 4;

/**
 * nodeShouldRunDaemonPod answers (shouldRun, shouldContinueRunning) for a node and a DaemonSet:
 * - template nodeName set to another node, or nodeSelector/affinity not matching → (false, false);
 * - an untolerated NoSchedule or NoExecute taint → (false, X) where X is false only when an
 *   untolerated NoExecute taint is present: NoSchedule keeps running pods, NoExecute evicts them;
 * - otherwise → (true, true).
 * The answer depends only on the node and the pod template, and is cached for that pair.
 */
export function nodeShouldRunDaemonPod(node: Node, ds: DaemonSet): ShouldRunResult {
  const template = ds.spec.template;
  if (last.node === node && last.template === template) return last.answer;
  let known = answers.get(node);
  if (known !== undefined) {
    for (const k of known) if (k.template === template) return remember(node, template, k.answer);
  } else {
    known = [];
    answers.set(node, known);
  }
  const answer = Object.freeze(computeShouldRun(node, ds));
  if (known.length >= TEMPLATES_PER_NODE) known.shift();
  known.push({ template, answer });
  return remember(node, template, answer);
}

/** computeShouldRun is NodeShouldRunDaemonPod itself, uncached. */
function computeShouldRun(node: Node, ds: DaemonSet): ShouldRunResult {
  const pod = newPod(ds, node.metadata.name);
  const templateNodeName = ds.spec.template.spec.nodeName;
  if (templateNodeName && templateNodeName !== node.metadata.name) {
    return { shouldRun: false, shouldContinueRunning: false };
  }
  const taints = node.spec.taints ?? [];
  const { fitsNodeName, fitsNodeAffinity, fitsTaints } = predicates(pod, node, taints);
  if (!fitsNodeName || !fitsNodeAffinity) return { shouldRun: false, shouldContinueRunning: false };
  if (!fitsTaints) {
    const untoleratedNoExecute = findMatchingUntoleratedTaint(taints, pod.spec.tolerations, isNoExecute);
    return { shouldRun: false, shouldContinueRunning: untoleratedNoExecute === null };
  }
  return { shouldRun: true, shouldContinueRunning: true };
}
