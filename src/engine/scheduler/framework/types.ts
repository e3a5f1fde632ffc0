// Port of kubernetes staging/src/k8s.io/kube-scheduler/framework (interface.go, types.go) and
// pkg/scheduler/apis/config/v1/default_plugins.go (v1.36): plugin status codes, the default
// profile's plugins with their score weights, and the scheduling cycle's shared numbers.

/**
 * Code is a plugin's verdict (framework.Code). Unschedulable: the node may fit after preemption;
 * UnschedulableAndUnresolvable: preemption cannot help on that node; Skip: the plugin has nothing
 * to do for this pod, so its Filter or Score is not run at all.
 */
export type Code = 'Success' | 'Unschedulable' | 'UnschedulableAndUnresolvable' | 'Skip' | 'Error';

/** A rejection: the code, kube-scheduler's reason strings (the FailedScheduling message counts them) and the plugin. */
export interface Status {
  code: Code;
  reasons: readonly string[];
  plugin: string;
}

/** newStatus makes a Status (framework.NewStatus(code, reasons...).WithPlugin(plugin)). */
export function newStatus(code: Code, plugin: string, ...reasons: string[]): Status {
  return { code, reasons, plugin };
}

/** isRejected: Unschedulable or UnschedulableAndUnresolvable (Status.IsRejected). */
export function isRejected(s: Status): boolean {
  return s.code === 'Unschedulable' || s.code === 'UnschedulableAndUnresolvable';
}

/** The plugin names (pkg/scheduler/framework/plugins/names). */
export const Plugin = {
  NodeUnschedulable: 'NodeUnschedulable',
  NodeName: 'NodeName',
  TaintToleration: 'TaintToleration',
  NodeAffinity: 'NodeAffinity',
  NodePorts: 'NodePorts',
  NodeResourcesFit: 'NodeResourcesFit',
  VolumeBinding: 'VolumeBinding',
  PodTopologySpread: 'PodTopologySpread',
  InterPodAffinity: 'InterPodAffinity',
  DefaultPreemption: 'DefaultPreemption',
  NodeResourcesBalancedAllocation: 'NodeResourcesBalancedAllocation',
  ImageLocality: 'ImageLocality',
} as const;
export type PluginName = (typeof Plugin)[keyof typeof Plugin];

/**
 * The score plugins of the default profile with their weights (getDefaultPlugins): a node's total
 * is Σ normalised score × weight, e.g. TaintToleration 100 × 3 = 300.
 */
export const SCORE_WEIGHTS = {
  TaintToleration: 3,
  NodeAffinity: 2,
  NodeResourcesFit: 1,
  PodTopologySpread: 2,
  InterPodAffinity: 2,
  NodeResourcesBalancedAllocation: 1,
  ImageLocality: 1,
} as const;

/** The highest score a plugin gives a node (framework.MaxNodeScore). */
export const MaxNodeScore = 100;

/** Scheduling needs at least this many feasible nodes before it stops looking (minFeasibleNodesToFind). */
export const minFeasibleNodesToFind = 100;
/** The adaptive percentage never goes below this (minFeasibleNodesPercentageToFind). */
export const minFeasibleNodesPercentageToFind = 5;

/** The requests a container without one counts as when scoring (schedutil.DefaultMilliCPURequest, DefaultMemoryRequest). */
export const DefaultMilliCPURequest = 100;
export const DefaultMemoryRequest = 200 * 1024 * 1024;

/** The well-known node labels the scheduler reads. */
export { LabelHostname } from '../../api/constants.ts';
export const LabelTopologyZone = 'topology.kubernetes.io/zone';
export const LabelTopologyRegion = 'topology.kubernetes.io/region';
export const LabelFailureDomainBetaZone = 'failure-domain.beta.kubernetes.io/zone';
export const LabelFailureDomainBetaRegion = 'failure-domain.beta.kubernetes.io/region';
