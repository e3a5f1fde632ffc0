/**
 * The built-in scenarios, one YAML file each, in the order the preset menu lists them. The text
 * is imported with Vite's `?raw` suffix (the app and vitest); a Node script without Vite reads the
 * .yaml files beside this one instead. Every preset validates and its share URL stays under
 * 2,000 characters (presets.test.ts).
 */
import autoscalerDuringRollout from './autoscaler-during-rollout.yaml?raw';
import brokenImage from './broken-image.yaml?raw';
import budgetHoldsDrain from './budget-holds-drain.yaml?raw';
import daemonsetNodePool from './daemonset-node-pool.yaml?raw';
import daemonsetOnDelete from './daemonset-ondelete.yaml?raw';
import daemonsetRolling from './daemonset-rolling.yaml?raw';
import daemonsetSurge from './daemonset-surge.yaml?raw';
import emptyCluster from './empty-cluster.yaml?raw';
import daemonsetSurgeHostport from './daemonset-surge-hostport.yaml?raw';
import historyLimit from './history-limit.yaml?raw';
import maxSurge0 from './max-surge-0.yaml?raw';
import missingConfigMap from './missing-configmap.yaml?raw';
import missingVolume from './missing-volume.yaml?raw';
import initContainers from './init-containers.yaml?raw';
import nodesComingAndGoing from './nodes-coming-and-going.yaml?raw';
import noRoomToSurge from './no-room-to-surge.yaml?raw';
import noSurgeFits from './no-surge-fits.yaml?raw';
import onePodPerNode from './one-pod-per-node.yaml?raw';
import pauseResume from './pause-resume.yaml?raw';
import probePaced from './probe-paced.yaml?raw';
import proportionalScaling from './proportional-scaling.yaml?raw';
import quotaBlocksSurge from './quota-blocks-surge.yaml?raw';
import limitrangeCapsContainer from './limitrange-caps-container.yaml?raw';
import recreate from './recreate.yaml?raw';
import rollback from './rollback.yaml?raw';
import seed from './seed.yaml?raw';
import statefulsetClaims from './statefulset-claims.yaml?raw';
import statefulsetDrain from './statefulset-drain.yaml?raw';
import statefulsetOrdered from './statefulset-ordered.yaml?raw';
import statefulsetParallel from './statefulset-parallel.yaml?raw';
import statefulsetPartition from './statefulset-partition.yaml?raw';
import statefulsetRolling from './statefulset-rolling.yaml?raw';
import statefulsetStuck from './statefulset-stuck.yaml?raw';
import trafficNoProbe from './traffic-no-probe.yaml?raw';
import trafficProbe from './traffic-probe.yaml?raw';
import trafficProbePreStop from './traffic-probe-prestop.yaml?raw';
import trafficSingleReplica from './traffic-single-replica.yaml?raw';

/** One built-in scenario: its id (the file name without .yaml) and the file's text. */
export interface Preset {
  id: string;
  text: string;
}

export const PRESETS: readonly Preset[] = [
  { id: 'seed', text: seed },
  { id: 'max-surge-0', text: maxSurge0 },
  { id: 'broken-image', text: brokenImage },
  { id: 'missing-configmap', text: missingConfigMap },
  { id: 'missing-volume', text: missingVolume },
  { id: 'init-containers', text: initContainers },
  { id: 'recreate', text: recreate },
  { id: 'proportional-scaling', text: proportionalScaling },
  { id: 'pause-resume', text: pauseResume },
  { id: 'rollback', text: rollback },
  { id: 'history-limit', text: historyLimit },
  { id: 'daemonset-rolling', text: daemonsetRolling },
  { id: 'daemonset-surge', text: daemonsetSurge },
  { id: 'daemonset-ondelete', text: daemonsetOnDelete },
  { id: 'daemonset-node-pool', text: daemonsetNodePool },
  { id: 'nodes-coming-and-going', text: nodesComingAndGoing },
  { id: 'probe-paced', text: probePaced },
  { id: 'empty-cluster', text: emptyCluster },
  { id: 'no-room-to-surge', text: noRoomToSurge },
  { id: 'no-surge-fits', text: noSurgeFits },
  { id: 'one-pod-per-node', text: onePodPerNode },
  { id: 'daemonset-surge-hostport', text: daemonsetSurgeHostport },
  { id: 'quota-blocks-surge', text: quotaBlocksSurge },
  { id: 'limitrange-caps-container', text: limitrangeCapsContainer },
  { id: 'budget-holds-drain', text: budgetHoldsDrain },
  { id: 'autoscaler-during-rollout', text: autoscalerDuringRollout },
  { id: 'statefulset-ordered', text: statefulsetOrdered },
  { id: 'statefulset-rolling', text: statefulsetRolling },
  { id: 'statefulset-partition', text: statefulsetPartition },
  { id: 'statefulset-stuck', text: statefulsetStuck },
  { id: 'statefulset-parallel', text: statefulsetParallel },
  { id: 'statefulset-claims', text: statefulsetClaims },
  { id: 'statefulset-drain', text: statefulsetDrain },
  // What clients see during a rollout (issue 22).
  { id: 'traffic-no-probe', text: trafficNoProbe },
  { id: 'traffic-probe', text: trafficProbe },
  { id: 'traffic-probe-prestop', text: trafficProbePreStop },
  { id: 'traffic-single-replica', text: trafficSingleReplica },
];

/** The preset the app opens with, and falls back to when a link does not decode. */
export const DEFAULT_PRESET_ID = 'seed';
