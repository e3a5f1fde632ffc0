// Port of kubernetes pkg/controller/daemon/daemon_controller.go syncNodes, and the pod creation of
// pkg/controller/controller_utils.go (RealPodControl.CreatePods, DeletePod, GetPodFromTemplate) (v1.36).
/**
 * The one place where a DaemonSet sync writes pods: set the expectations, create the missing pods
 * in slow-start batches and delete the unwanted ones. manage and rollingUpdate both hand their
 * plans here. Writes go through the API server; the informer sees them only later, which is why
 * expectations are set before the first write.
 */
import { type DecisionLog, decide } from '../../api/decision.ts';
import type { DaemonSet, Pod, PodTemplateSpec } from '../../api/types.ts';
import { create, del, recordEvent, type Tx } from '../../client/tx.ts';
import { creationObserved, deletionObserved, setExpectations } from '../expectations.ts';
import { newControllerRef } from './history.ts';
import { syncNodesPlan } from './syncNodesPlan.ts';
import { createPodTemplate, getTemplateGeneration, podTemplateForNode } from './util/daemonsetUtil.ts';

/** The event source of everything the DaemonSet controller records. */
export const COMPONENT = 'daemonset-controller';

/** What syncNodes did, for the tick summary. */
export interface SyncNodesResult {
  created: number;
  deleted: number;
  /** The aggregated error (upstream's utilerrors.NewAggregate), or null. */
  error: string | null;
}

/** The last template createPodTemplate made, and what it was made from. */
const made = { source: null as PodTemplateSpec | null, generation: null as number | null, hash: '', template: null as PodTemplateSpec | null };

/**
 * daemonPodTemplate is createPodTemplate, made once per template object, generation and hash:
 * templates and pods are immutable values, so the pods of every sync may share it (those of one
 * sync always did). The 5,000-node rollout creates pods in ~400 syncs; their deep copies of the
 * spec took 23 ms of its profile on a busy machine.
 */
function daemonPodTemplate(source: PodTemplateSpec, generation: number | null, hash: string): PodTemplateSpec {
  if (made.template === null || made.source !== source || made.generation !== generation || made.hash !== hash) {
    made.source = source;
    made.generation = generation;
    made.hash = hash;
    made.template = createPodTemplate(source, generation, hash);
  }
  return made.template;
}

/**
 * getPodFromTemplate builds the pod a controller creates from a template (GetPodFromTemplate):
 * the template's labels, annotations and spec, generateName `<ds>-`, and the controllerRef.
 */
export function getPodFromTemplate(template: PodTemplateSpec, ds: DaemonSet): Pod {
  const metadata: Pod['metadata'] = {
    name: '',
    generateName: `${ds.metadata.name}-`,
    namespace: ds.metadata.namespace ?? 'default',
    labels: { ...(template.metadata?.labels ?? {}) },
    ownerReferences: [newControllerRef(ds)],
  };
  if (template.metadata?.annotations) metadata.annotations = { ...template.metadata.annotations };
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec: template.spec };
}

/** aggregate renders several errors as utilerrors.NewAggregate does: one alone, more in brackets. */
export function aggregate(errors: readonly string[]): string | null {
  if (errors.length === 0) return null;
  if (errors.length === 1) return errors[0] ?? null;
  return `[${errors.join(', ')}]`;
}

/**
 * syncNodes caps both lists at burstReplicas (250), sets the expectations, creates a pod for each
 * node in batches of 1, 2, 4, … (a batch with a failure stops the later ones and lowers the
 * expectations by what was skipped), then deletes the pods (NotFound is no error, but every
 * failed delete lowers the expected deletions). Created pods carry no nodeName: the scheduler
 * binds each one through its `metadata.name` node affinity.
 */
export function syncNodes(
  tx: Tx,
  ds: DaemonSet,
  dsKey: string,
  podsToDelete: readonly string[],
  nodesNeedingDaemonPods: readonly string[],
  hash: string,
): SyncNodesResult {
  const log: DecisionLog = tx.decisions;
  const exp = tx.st.expectations.daemonset;
  const ns = ds.metadata.namespace ?? 'default';
  const plan = syncNodesPlan(podsToDelete, nodesNeedingDaemonPods);
  const errors: string[] = [];
  if (plan.creates.length < nodesNeedingDaemonPods.length || plan.deletes.length < podsToDelete.length) {
    decide(log, 'syncNodes', 'burstCapped', {
      wantCreate: nodesNeedingDaemonPods.length,
      wantDelete: podsToDelete.length,
      creates: plan.creates.length,
      deletes: plan.deletes.length,
    });
  }
  setExpectations(exp, dsKey, plan.creates.length, plan.deletes.length, tx.now);
  decide(log, 'syncNodes', 'expectations', { add: plan.creates.length, del: plan.deletes.length });

  let created = 0;
  let pos = 0;
  // newDaemonSetPodTemplate for every node: the template once, then its node affinity per node.
  const template = plan.creates.length > 0 ? daemonPodTemplate(ds.spec.template, getTemplateGeneration(ds), hash) : ds.spec.template;
  for (const batchSize of plan.createBatches) {
    let failed = 0;
    for (const nodeName of plan.creates.slice(pos, pos + batchSize)) {
      const pod = getPodFromTemplate(podTemplateForNode(template, nodeName), ds);
      const res = create(tx, pod);
      if (res.ok) {
        created++;
        recordEvent(tx, ds, 'Normal', 'SuccessfulCreate', `Created pod: ${res.object.metadata.name}`, COMPONENT);
        decide(log, 'syncNodes', 'createPod', { node: nodeName, pod: res.object.metadata.name });
        continue;
      }
      failed++;
      // A create that failed will never be observed by the informer.
      creationObserved(exp, dsKey);
      errors.push(res.error.message);
      recordEvent(tx, ds, 'Warning', 'FailedCreate', `Error creating: ${res.error.message}`, COMPONENT);
      decide(log, 'syncNodes', 'createFailed', { node: nodeName, error: res.error.message });
    }
    pos += batchSize;
    const skipped = plan.creates.length - pos;
    if (failed > 0 && skipped > 0) {
      for (let i = 0; i < skipped; i++) creationObserved(exp, dsKey);
      decide(log, 'syncNodes', 'slowStartStopped', { failed, skipped });
      break;
    }
  }
  if (plan.createBatches.length > 0) {
    decide(log, 'syncNodes', 'createBatches', { batches: plan.createBatches.join(', '), created });
  }

  let deleted = 0;
  for (const name of plan.deletes) {
    const res = del(tx, 'Pod', `${ns}/${name}`);
    if (res.ok) {
      deleted++;
      recordEvent(tx, ds, 'Normal', 'SuccessfulDelete', `Deleted pod: ${name}`, COMPONENT);
      decide(log, 'syncNodes', 'deletePod', { pod: name });
      continue;
    }
    deletionObserved(exp, dsKey);
    if (res.error.reason === 'NotFound') {
      decide(log, 'syncNodes', 'deleteNotFound', { pod: name });
      continue;
    }
    errors.push(`unable to delete pods: ${res.error.message}`);
    recordEvent(tx, ds, 'Warning', 'FailedDelete', `Error deleting: ${res.error.message}`, COMPONENT);
    decide(log, 'syncNodes', 'deleteFailed', { pod: name, error: res.error.message });
  }
  return { created, deleted, error: aggregate(errors) };
}
