// The CycleState of one scheduling cycle (kube-scheduler framework.CycleState): what the PreFilter
// and PreScore steps of each plugin computed for the pod being scheduled, read by Filter and Score
// for every node. Go keeps it in a map keyed by plugin; here each plugin has its own field.
import type { LabelSelector, Pod } from '../../api/types.ts';
import type { SchedulerCache } from '../cache/cache.ts';
import type { InterPodAffinityFilterState, InterPodAffinityScoreState } from '../plugins/interpodaffinity/state.ts';
import type { NodeAffinityState } from '../plugins/nodeaffinity.ts';
import type { SpreadFilterState, SpreadScoreState } from '../plugins/podtopologyspread/common.ts';
import type { HostPort, PodResources } from './resource.ts';

/** Everything the scheduler reads besides the pod: its cache, and the objects its informers list. */
export interface SchedulerView {
  readonly cache: SchedulerCache;
  /** The informers' ReplicaSets (the default topology spreading selects a ReplicaSet's pods). */
  readonly replicaSetSelector: (namespace: string, name: string) => LabelSelector | undefined;
  /** Number of nodes in the snapshot (ImageLocality's spread, the FitError's N). */
  readonly numNodes: number;
}

export interface CycleState {
  readonly pod: Pod;
  readonly namespace: string;
  readonly view: SchedulerView;
  /** NodeResourcesFit PreFilter: the pod's requests. */
  readonly requests: PodResources;
  /** NodeAffinity PreFilter, or null when the plugin skips (no nodeSelector, no required node affinity). */
  nodeAffinity: NodeAffinityState | null;
  /** NodePorts PreFilter: the host ports wanted, or null (skip). */
  hostPorts: readonly HostPort[] | null;
  /** PodTopologySpread PreFilter (DoNotSchedule constraints), or null (skip). */
  spread: SpreadFilterState | null;
  /** InterPodAffinity PreFilter, or null (skip). */
  interPod: InterPodAffinityFilterState | null;
  /** PreScore states, null when a plugin skips scoring. */
  spreadScore: SpreadScoreState | null;
  interPodScore: InterPodAffinityScoreState | null;
}
