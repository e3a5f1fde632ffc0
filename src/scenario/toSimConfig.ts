/**
 * toSimConfig: a validated scenario → the SimConfig the engine runs, with every scenario default
 * of DESIGN.md §4 applied. Manifests stay as written: Kubernetes' own defaults (maxSurge 25%, …)
 * are the simulated API server's job, as in a cluster.
 */
import type { Taint } from '../engine/api/types.ts';
import {
  DEFAULT_ALLOCATABLE,
  DEFAULT_IMAGE_BEHAVIOUR,
  DEFAULT_MAX_PODS,
  type ImageBehaviour,
  type LoadStep,
  type TrafficStep,
  type NodeConfig,
  type SimAction,
  type SimConfig,
} from '../engine/config.ts';
import { milliValue, parseQuantity } from '../engine/lib/quantity.ts';
import type { Action, ImageSpec, LoadSpec, NodeAddSpec, Scenario, TrafficSpec } from './types.ts';

export const DEFAULT_SEED = 1;
export const DEFAULT_NODE_COUNT = 3;
export const DEFAULT_TERMINATION_SECONDS = 1;
export const DEFAULT_WATCH_DELAY_SECONDS = 0.05;

/** toSimConfig applies the scenario defaults; the scenario must have passed validateScenario. */
export function toSimConfig(s: Scenario): SimConfig {
  const nodes = s.cluster?.nodes ?? DEFAULT_NODE_COUNT;
  const defaults = s.cluster?.nodeDefaults ?? {};
  return {
    seed: s.seed ?? DEFAULT_SEED,
    nodes:
      typeof nodes === 'number'
        ? Array.from({ length: nodes }, (_, i) => nodeConfig(`node-${i + 1}`, {}, defaults))
        : nodes.map((n) => nodeConfig(n.name, n, defaults)),
    images: imageBehaviours(s.cluster?.images ?? {}),
    terminationSeconds: s.cluster?.terminationSeconds ?? DEFAULT_TERMINATION_SECONDS,
    watchDelaySeconds: s.controller?.watchDelaySeconds ?? DEFAULT_WATCH_DELAY_SECONDS,
    objects: s.objects,
    actions: sortByTime(s.actions ?? []).map((a) => simAction(a, defaults)),
    ...(s.cluster?.load?.length ? { load: s.cluster.load.map(loadStep) } : {}),
    ...(s.cluster?.traffic?.length ? { traffic: s.cluster.traffic.map((t) => trafficStep(t, typeof nodes === 'number' ? 'node-1' : (nodes[0]?.name ?? 'node-1'))) } : {}),
  };
}

/** trafficStep reads a validated `cluster.traffic` step: the Service namespaced, the client node defaulted to the first node. */
function trafficStep(t: TrafficSpec, firstNode: string): TrafficStep {
  const step: TrafficStep = { at: t.at, service: t.service.includes('/') ? t.service : `default/${t.service}`, rps: t.rps, node: t.node ?? firstNode, keepAlive: t.keepAlive ?? false };
  if (t.port !== undefined) step.port = t.port;
  return step;
}

/** loadStep reads a validated `cluster.load` step: its CPU in millicores. */
function loadStep(l: LoadSpec): LoadStep {
  const q = parseQuantity(l.cpu);
  return { at: l.at, workload: l.workload, cpuMilli: q.ok ? milliValue(q.value) : 0 };
}

/**
 * nodeConfig fills a node's defaults: what it says, else `cluster.nodeDefaults`, else no labels,
 * no taints, schedulable, allocatable cpu 4, memory 16Gi and 110 pods (DESIGN.md §9; pods from
 * `allocatable.pods`, else `maxPods`). The labels a kubelet adds when it registers
 * (kubernetes.io/hostname, …) are the engine's (kubelet/nodes.ts).
 */
function nodeConfig(name: string, n: NodeAddSpec, d: NodeAddSpec): NodeConfig {
  const taints: Taint[] = (n.taints ?? d.taints ?? []).map((t) => ({ ...t }));
  const maxPods = n.allocatable?.pods ?? n.maxPods ?? d.allocatable?.pods ?? d.maxPods ?? DEFAULT_MAX_PODS;
  return {
    name,
    labels: { ...d.labels, ...n.labels },
    taints,
    unschedulable: n.unschedulable ?? d.unschedulable ?? false,
    maxPods,
    allocatable: {
      cpu: String(n.allocatable?.cpu ?? d.allocatable?.cpu ?? DEFAULT_ALLOCATABLE.cpu),
      memory: String(n.allocatable?.memory ?? d.allocatable?.memory ?? DEFAULT_ALLOCATABLE.memory),
      pods: maxPods,
    },
  };
}

/**
 * imageBehaviours resolves `cluster.images`: `default` over the built-in default (pull 1 s, start
 * 1 s, Ready after 1–4 s, exec/httpGet preStop hooks 0 s), and each listed image over `default`. Keys are set with
 * Object.fromEntries, so an image named like an Object property stays plain data.
 */
function imageBehaviours(images: Record<string, ImageSpec>): Record<string, ImageBehaviour> {
  const base: ImageBehaviour = { ...DEFAULT_IMAGE_BEHAVIOUR, ...behaviour(images.default) };
  const listed = Object.entries(images)
    .filter(([ref]) => ref !== 'default')
    .map(([ref, spec]): [string, ImageBehaviour] => [ref, { ...base, ...behaviour(spec) }]);
  return Object.fromEntries([['default', base], ...listed]);
}

function behaviour(spec: ImageSpec | undefined): Partial<ImageBehaviour> {
  if (spec === undefined) return {};
  const out: Partial<ImageBehaviour> = {};
  if (spec.pullSeconds !== undefined) out.pullSeconds = spec.pullSeconds;
  if (spec.startSeconds !== undefined) out.startSeconds = spec.startSeconds;
  if (spec.readySeconds !== undefined) out.readySeconds = spec.readySeconds;
  if (spec.runSeconds !== undefined) out.runSeconds = spec.runSeconds;
  if (spec.pull === 'fail') out.pull = 'fail';
  if (spec.crash !== undefined) out.crash = spec.crash;
  if (spec.ready === 'never') out.ready = 'never';
  if (spec.preStopSeconds !== undefined) out.preStopSeconds = spec.preStopSeconds;
  if (spec.onSigterm !== undefined) out.onSigterm = spec.onSigterm;
  if (spec.requestMs !== undefined) out.requestMs = spec.requestMs;
  if (spec.maxRps !== undefined) out.maxRps = spec.maxRps;
  return out;
}

/** sortByTime orders actions by `at`, keeping file order for equal times (a stable sort). */
function sortByTime(actions: Action[]): Action[] {
  return actions
    .map((a, i) => ({ a, i }))
    .sort((p, q) => p.a.at - q.a.at || p.i - q.i)
    .map((e) => e.a);
}

function simAction(a: Action, defaults: NodeAddSpec): SimAction {
  if ('kubectl' in a) return { at: a.at, kubectl: a.kubectl };
  if ('apply' in a) return { at: a.at, apply: a.apply };
  if ('request' in a) return { at: a.at, request: a.request };
  const { name, ready, remove, add } = a.node;
  if (add !== undefined) return { at: a.at, node: { name, add: nodeConfig(name, add, defaults) } };
  if (remove === true) return { at: a.at, node: { name, remove: true } };
  return { at: a.at, node: { name, ...(ready === undefined ? {} : { ready }) } };
}
