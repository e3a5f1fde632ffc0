// The queueing hints of the default plugins (each plugin's EventsToRegister and isSchedulableAfter*
// functions in pkg/scheduler/framework/plugins, v1.36, with SchedulerQueueingHints on): which
// cluster event may make a pod that a plugin rejected schedulable again.
import type { Node, Pod } from '../../api/types.ts';
import { findMatchingUntoleratedTaint, podMatchesNodeSelectorAndAffinityTerms, tolerationsTolerateTaint } from '../../lib/scheduling.ts';
import { selectorMatches } from '../../lib/labels.ts';
import { affinityTerms, podMatchesAllAffinityTerms, podMatchesAnyAffinityTerm, termMatches, namespaceLabels } from '../framework/podInfo.ts';
import { computePodResourceRequest, parseAllocatable } from '../framework/resource.ts';
import { Plugin } from '../framework/types.ts';
import { portsOverlap } from '../plugins/nodeports.ts';
import { TaintNodeUnschedulable } from '../plugins/nodeunschedulable.ts';
import { doNotScheduleTaint } from '../plugins/tainttoleration.ts';
import { mountsClaim } from '../plugins/volumebinding.ts';

/** A cluster event the scheduler's informers deliver (framework.ClusterEvent with its objects). */
export type ClusterEvent =
  | { kind: 'AssignedPodAdd'; pod: Pod }
  | { kind: 'AssignedPodUpdate'; old: Pod; pod: Pod }
  | { kind: 'PodDelete'; pod: Pod }
  | { kind: 'NodeAdd'; node: Node }
  | { kind: 'NodeUpdate'; old: Node; node: Node }
  | { kind: 'NodeDelete'; node: Node }
  | { kind: 'PersistentVolumeClaimAdd' | 'PersistentVolumeClaimUpdate'; namespace: string; name: string }
  | { kind: 'PersistentVolumeAdd' | 'PersistentVolumeUpdate'; name: string }
  | { kind: 'UnschedulableTimeout' };

/** eventLabel is the event as kube-scheduler logs it (`Pod/Delete`, `Node/Add`, …). */
export function eventLabel(ev: ClusterEvent): string {
  switch (ev.kind) {
    case 'AssignedPodAdd':
      return 'AssignedPodAdd';
    case 'AssignedPodUpdate':
      return 'AssignedPodUpdate';
    case 'PodDelete':
      return ev.pod.spec.nodeName ? 'AssignedPodDelete' : 'UnscheduledPodDelete';
    case 'NodeAdd':
      return 'NodeAdd';
    case 'NodeUpdate':
      return 'NodeUpdate';
    case 'NodeDelete':
      return 'NodeDelete';
    case 'PersistentVolumeClaimAdd':
    case 'PersistentVolumeClaimUpdate':
    case 'PersistentVolumeAdd':
    case 'PersistentVolumeUpdate':
      return ev.kind;
    case 'UnschedulableTimeout':
      return 'UnschedulableTimeout';
  }
}

/** isFit: the pod would fit the node if it were empty (noderesources isFit). */
function isFit(pod: Pod, node: Node): boolean {
  const r = computePodResourceRequest(pod.spec);
  const a = parseAllocatable(node.status?.allocatable);
  if (a.allowedPodNumber < 1) return false;
  if (r.milliCPU > a.milliCPU || r.memory > a.memory || r.ephemeralStorage > a.ephemeralStorage) return false;
  for (const [k, v] of Object.entries(r.scalar ?? {})) if (v > (a.scalar?.[k] ?? 0)) return false;
  return true;
}

/** haveAnyRequestedResourcesIncreased: more pods allowed, or more of a resource the pod asks for. */
function haveAnyRequestedResourcesIncreased(pod: Pod, old: Node, node: Node): boolean {
  const r = computePodResourceRequest(pod.spec);
  const a = parseAllocatable(old.status?.allocatable);
  const b = parseAllocatable(node.status?.allocatable);
  if (b.allowedPodNumber > a.allowedPodNumber) return true;
  if ((r.milliCPU > 0 && b.milliCPU > a.milliCPU) || (r.memory > 0 && b.memory > a.memory) || (r.ephemeralStorage > 0 && b.ephemeralStorage > a.ephemeralStorage)) return true;
  for (const [k, v] of Object.entries(r.scalar ?? {})) if (v > 0 && (b.scalar?.[k] ?? 0) > (a.scalar?.[k] ?? 0)) return true;
  return false;
}

function untolerated(node: Node, pod: Pod): boolean {
  return findMatchingUntoleratedTaint(node.spec.taints, pod.spec.tolerations, doNotScheduleTaint) !== null;
}

function sameLabels(a: Node, b: Node): boolean {
  const x = a.metadata.labels ?? {};
  const y = b.metadata.labels ?? {};
  const kx = Object.keys(x);
  return kx.length === Object.keys(y).length && kx.every((k) => x[k] === y[k]);
}

function hardSpreadSelectors(pod: Pod): { topologyKey: string; matches: (p: Pod) => boolean }[] {
  return (pod.spec.topologySpreadConstraints ?? [])
    .filter((c) => c.whenUnsatisfiable === 'DoNotSchedule')
    .map((c) => ({ topologyKey: c.topologyKey, matches: (p: Pod) => selectorMatches(c.labelSelector, p.metadata.labels) }));
}

/**
 * queueingHint is the hint of `plugin` for the pod after `ev`: true (Queue) when the event may make
 * the plugin accept the pod now, false (QueueSkip) when it cannot.
 * Worked example: a pod rejected by NodeResourcesFit ("Insufficient memory") comes back when a
 * pod bound to a node is deleted, not when an unscheduled pod is.
 */
export function queueingHint(plugin: string, ev: ClusterEvent, pod: Pod): boolean {
  if (ev.kind === 'UnschedulableTimeout') return true;
  switch (plugin) {
    case Plugin.NodeResourcesFit:
      if (ev.kind === 'PodDelete') return !!ev.pod.spec.nodeName;
      if (ev.kind === 'NodeAdd') return isFit(pod, ev.node);
      if (ev.kind === 'NodeUpdate') return isFit(pod, ev.node) && haveAnyRequestedResourcesIncreased(pod, ev.old, ev.node);
      return false;
    case Plugin.NodePorts: {
      if (ev.kind === 'NodeAdd') return true;
      if (ev.kind !== 'PodDelete' || !ev.pod.spec.nodeName) return false;
      const want = computePodResourceRequest(pod.spec).hostPorts ?? [];
      const had = computePodResourceRequest(ev.pod.spec).hostPorts ?? [];
      return portsOverlap(want, had);
    }
    case Plugin.NodeUnschedulable:
      if (ev.kind !== 'NodeAdd' && ev.kind !== 'NodeUpdate') return false;
      if (!ev.node.spec.unschedulable || tolerationsTolerateTaint(pod.spec.tolerations, TaintNodeUnschedulable)) {
        return ev.kind === 'NodeAdd' || ev.old.spec.unschedulable === true;
      }
      return false;
    case Plugin.TaintToleration:
      if (ev.kind === 'NodeAdd') return !untolerated(ev.node, pod);
      if (ev.kind === 'NodeUpdate') return untolerated(ev.old, pod) && !untolerated(ev.node, pod);
      return false;
    case Plugin.NodeAffinity:
      if (ev.kind === 'NodeAdd') return podMatchesNodeSelectorAndAffinityTerms(pod, ev.node);
      if (ev.kind === 'NodeUpdate') return podMatchesNodeSelectorAndAffinityTerms(pod, ev.node) && !podMatchesNodeSelectorAndAffinityTerms(pod, ev.old);
      return false;
    case Plugin.NodeName:
      return ev.kind === 'NodeAdd' && ev.node.metadata.name === pod.spec.nodeName;
    case Plugin.InterPodAffinity: {
      const t = affinityTerms(pod);
      if (ev.kind === 'NodeAdd') return true;
      if (ev.kind === 'NodeUpdate') return !sameLabels(ev.old, ev.node);
      if (ev.kind === 'AssignedPodAdd') return podMatchesAllAffinityTerms(t.requiredAffinity, ev.pod);
      if (ev.kind === 'AssignedPodUpdate') {
        return (
          (!podMatchesAllAffinityTerms(t.requiredAffinity, ev.old) && podMatchesAllAffinityTerms(t.requiredAffinity, ev.pod)) ||
          (podMatchesAnyAffinityTerm(t.requiredAntiAffinity, ev.old) && !podMatchesAnyAffinityTerm(t.requiredAntiAffinity, ev.pod))
        );
      }
      if (ev.kind === 'PodDelete') {
        if (!ev.pod.spec.nodeName) return false;
        // The deleted pod repelled the pod (its own anti-affinity), or the pod's anti-affinity repelled it.
        const ns = namespaceLabels(pod.metadata.namespace ?? 'default');
        return podMatchesAnyAffinityTerm(t.requiredAntiAffinity, ev.pod) || affinityTerms(ev.pod).requiredAntiAffinity.some((x) => termMatches(x, pod, ns));
      }
      return false;
    }
    case Plugin.PodTopologySpread: {
      const cs = hardSpreadSelectors(pod);
      const ns = pod.metadata.namespace ?? 'default';
      const related = (p: Pod) => !!p.spec.nodeName && (p.metadata.namespace ?? 'default') === ns && cs.some((c) => c.matches(p));
      if (ev.kind === 'AssignedPodAdd' || ev.kind === 'PodDelete') return related(ev.pod);
      if (ev.kind === 'AssignedPodUpdate') return related(ev.old) || related(ev.pod);
      const hasKeys = (n: Node) => cs.every((c) => Object.hasOwn(n.metadata.labels ?? {}, c.topologyKey));
      if (ev.kind === 'NodeAdd' || ev.kind === 'NodeDelete') return hasKeys(ev.node);
      if (ev.kind === 'NodeUpdate') {
        const keyChanged = cs.some((c) => (ev.old.metadata.labels ?? {})[c.topologyKey] !== (ev.node.metadata.labels ?? {})[c.topologyKey]);
        return keyChanged || untolerated(ev.old, pod) !== untolerated(ev.node, pod);
      }
      return false;
    }
    case Plugin.VolumeBinding:
      // isSchedulableAfterPersistentVolumeClaimChange: a claim the pod mounts was made or changed.
      // Nodes are registered without a hint (Add and UpdateNodeLabel): always Queue.
      if (ev.kind === 'PersistentVolumeClaimAdd' || ev.kind === 'PersistentVolumeClaimUpdate') return mountsClaim(pod, ev.namespace, ev.name);
      // PersistentVolume Add and Update are registered without a hint too: always Queue (the volume
      // a prebound claim names may be the one that appeared or changed).
      if (ev.kind === 'PersistentVolumeAdd' || ev.kind === 'PersistentVolumeUpdate') return true;
      if (ev.kind === 'NodeAdd') return true;
      if (ev.kind === 'NodeUpdate') return !sameLabels(ev.old, ev.node);
      return false;
    default:
      return false;
  }
}
