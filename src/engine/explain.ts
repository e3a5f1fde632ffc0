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

export type { DecisionCatalog };

/** ALL_DECISION_CATALOGS: Deployment, ReplicaSet, DaemonSet, event-recorder, kubelet, admission, scheduler and policy-controller templates, in that order. */
export const ALL_DECISION_CATALOGS: readonly DecisionCatalog[] = [
  DEPLOYMENT_DECISION_KEYS,
  REPLICASET_DECISION_KEYS,
  DAEMONSET_DECISION_KEYS,
  EVENT_DECISION_KEYS,
  KUBELET_DECISION_KEYS,
  APISERVER_DECISION_KEYS,
  SCHEDULER_DECISION_KEYS,
  POLICY_DECISION_KEYS,
];

/** The tick summaries' English templates (client/summaryCatalog.ts); the UI translates the same keys. */
export { SUMMARY_TEMPLATES } from './client/summaryCatalog.ts';
