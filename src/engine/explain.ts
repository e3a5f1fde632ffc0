/**
 * Every Explain catalogue of the engine, for the CLI, the worker and the translation tests.
 */
import { DAEMONSET_DECISION_KEYS } from './controller/daemon/explainCatalog.ts';
import { DEPLOYMENT_DECISION_KEYS, type DecisionCatalog } from './controller/deployment/util/plans/explainCatalog.ts';
import { REPLICASET_DECISION_KEYS } from './controller/replicaset/explainCatalog.ts';
import { APISERVER_DECISION_KEYS } from './apiserver/explainCatalog.ts';
import { KUBELET_DECISION_KEYS } from './kubelet/explainCatalog.ts';
import { EVENT_DECISION_KEYS } from './sim/eventCatalog.ts';
import { SCHEDULER_DECISION_KEYS } from './scheduler/explainCatalog.ts';
import { POLICY_DECISION_KEYS } from './controller/policyExplainCatalog.ts';
import { ENDPOINTSLICE_DECISION_KEYS } from './controller/endpointslice/explainCatalog.ts';
import { STATEFULSET_DECISION_KEYS } from './controller/statefulset/explainCatalog.ts';
import { STATEFULSET_SHELL_DECISION_KEYS } from './controller/statefulset/shellExplainCatalog.ts';
import { KUBERNETES_SERVICE_DECISION_KEYS } from './controller/kubernetesservice/explainCatalog.ts';
import { PROXY_DECISION_KEYS } from './proxy/explainCatalog.ts';
import { TRAFFIC_DECISION_KEYS } from './traffic/explainCatalog.ts';
import { GC_DECISION_KEYS } from './controller/gcExplainCatalog.ts';
import { ROOT_CA_PUBLISHER_DECISION_KEYS } from './controller/certificates/rootcacertpublisher/explainCatalog.ts';
import { VOLUME_DECISION_KEYS } from './controller/volume/explainCatalog.ts';

export type { DecisionCatalog };

/**
 * ALL_DECISION_CATALOGS: Deployment, ReplicaSet, DaemonSet, event-recorder, kubelet, admission,
 * scheduler, policy-controller, EndpointSlice and Endpoints, kube-proxy, the API server's kubernetes Service, StatefulSet, clients',
 * the garbage collector's, the root CA publisher's and the PersistentVolume controller's volume sync's templates, in that order. ENDPOINTSLICE_DECISION_KEYS holds both endpoint controllers: each names its sync
 * `syncService` as upstream does, so their keys share one `syncService` entry. The only key both
 * write, noSelector, has the same values ({service}, {type}) and one sentence that fits both.
 */
export const ALL_DECISION_CATALOGS: readonly DecisionCatalog[] = [
  DEPLOYMENT_DECISION_KEYS,
  REPLICASET_DECISION_KEYS,
  DAEMONSET_DECISION_KEYS,
  EVENT_DECISION_KEYS,
  KUBELET_DECISION_KEYS,
  APISERVER_DECISION_KEYS,
  SCHEDULER_DECISION_KEYS,
  POLICY_DECISION_KEYS,
  ENDPOINTSLICE_DECISION_KEYS,
  PROXY_DECISION_KEYS,
  KUBERNETES_SERVICE_DECISION_KEYS,
  STATEFULSET_DECISION_KEYS,
  TRAFFIC_DECISION_KEYS,
  STATEFULSET_SHELL_DECISION_KEYS,
  GC_DECISION_KEYS,
  ROOT_CA_PUBLISHER_DECISION_KEYS,
  VOLUME_DECISION_KEYS,
];

/** The tick summaries' English templates (client/summaryCatalog.ts); the UI translates the same keys. */
export { SUMMARY_TEMPLATES } from './client/summaryCatalog.ts';
