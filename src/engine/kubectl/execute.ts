/**
 * executeKubectl wires the kubectl subset (DESIGN.md §4) to the simulated cluster: one console
 * line or scenario action is parsed, its objects are read from the API server's store (what
 * kubectl sees, not the controllers' lagging cache), the verb's pure transform runs, and the
 * result is written back through the API server. It returns what the terminal shows.
 */
import type { EngineState } from '../client/state.ts';
import type { Tx } from '../client/tx.ts';
import { isKubectlError } from './commands.ts';
import { type CompletionNames, completions } from './completions.ts';
import { runApply } from './executeApply.ts';
import { runExpose } from './executeExpose.ts';
import { runAnnotate, runCordon, runDelete, runDrain, runLabel, runTaint } from './executeNodes.ts';
import { runDescribe, runGet, runRolloutHistory, runRolloutStatus } from './executeRead.ts';
import type { KubectlOutput, Terminal } from './executeStore.ts';
import { runPatch, runRolloutToggle, runRolloutUndo, runScale, runSetImage } from './executeWorkloads.ts';
import { runSetEnv, runSetResources } from './executeSet.ts';
import { parseKubectl } from './parse.ts';
import { runLogs, runTop } from './executeLogsTop.ts';
import { runAutoscale } from './executeAutoscale.ts';
import { runCreateDeployment, runCreateNamespace } from './executeCreate.ts';
import { runCreateConfig } from './executeCreateConfig.ts';
import { runRun } from './executeRun.ts';
import { runEvents } from './executeEvents.ts';
import { runWait } from './executeWait.ts';
import { runApiResources, runApiVersions, runClusterInfo, runVersion } from './executeInfo.ts';
import type { LogBook } from '../kubelet/containerLog.ts';
import type { ResourceKind } from './resources.ts';
import { derivedObjects, isDerivedKind } from './derivedObjects.ts';
import type { SchemaTable } from '../apiserver/openapi/document.ts';
import { runExplain } from './explainField/run.ts';

export type { KubectlOutput } from './executeStore.ts';

/**
 * What some reading verbs need beside the store: the containers' log facts for `logs`, the
 * OpenAPI schemas (openapiSchemas.json's `schemas`) for `explain`.
 */
export interface KubectlExtras {
  logs?: LogBook;
  openapiSchemas?: SchemaTable;
}

/**
 * executeKubectl runs one kubectl line in the tick `tx` and returns kubectl's output: stdout and
 * stderr in the order kubectl writes them, without the final newline, and `ok` false when kubectl
 * would exit non-zero. `manifest` is what `apply -f -` reads on stdin (an object, a list of
 * objects or YAML text). Examples: `scale deployment/web --replicas=5` → {ok: true, output:
 * `deployment.apps/web scaled`}; `scale deployment/nope --replicas=5` → {ok: false, output:
 * `Error from server (NotFound): deployments.apps "nope" not found`}.
 */
export function executeKubectl(tx: Tx, line: string, manifest?: unknown, extras?: KubectlExtras): KubectlOutput {
  const cmd = parseKubectl(line);
  if (isKubectlError(cmd)) return { ok: false, output: cmd.error };
  let term: Terminal;
  switch (cmd.verb) {
    case 'noop':
      return { ok: true, output: '' };
    case 'version':
      term = runVersion(cmd);
      break;
    case 'cluster-info':
      term = runClusterInfo();
      break;
    case 'api-resources':
      term = runApiResources(cmd);
      break;
    case 'api-versions':
      term = runApiVersions();
      break;
    case 'explain':
      term = runExplain(cmd, extras?.openapiSchemas);
      break;
    case 'set-image':
      term = runSetImage(tx, cmd);
      break;
    case 'set-env':
      term = runSetEnv(tx, cmd);
      break;
    case 'set-resources':
      term = runSetResources(tx, cmd);
      break;
    case 'scale':
      term = runScale(tx, cmd);
      break;
    case 'rollout-status':
      term = runRolloutStatus(tx, cmd);
      break;
    case 'rollout-history':
      term = runRolloutHistory(tx, cmd);
      break;
    case 'rollout-pause':
    case 'rollout-resume':
    case 'rollout-restart':
      term = runRolloutToggle(tx, cmd);
      break;
    case 'rollout-undo':
      term = runRolloutUndo(tx, cmd);
      break;
    case 'apply':
      term = runApply(tx, cmd, manifest);
      break;
    case 'patch':
      term = runPatch(tx, cmd);
      break;
    case 'delete':
      term = runDelete(tx, cmd);
      break;
    case 'cordon':
    case 'uncordon':
      term = runCordon(tx, cmd);
      break;
    case 'drain':
      term = runDrain(tx, cmd, line.trim().replace(/^kubectl\s+/, ''));
      break;
    case 'taint':
      term = runTaint(tx, cmd);
      break;
    case 'label':
      term = runLabel(tx, cmd);
      break;
    case 'annotate':
      term = runAnnotate(tx, cmd);
      break;
    case 'expose':
      term = runExpose(tx, cmd);
      break;
    case 'get':
      term = runGet(tx, cmd);
      break;
    case 'describe':
      term = runDescribe(tx, cmd);
      break;
    case 'logs':
      term = runLogs(tx, cmd, extras?.logs);
      break;
    case 'autoscale':
      term = runAutoscale(tx, cmd);
      break;
    case 'create-deployment':
      term = runCreateDeployment(tx, cmd);
      break;
    case 'run':
      term = runRun(tx, cmd);
      break;
    case 'create-namespace':
      term = runCreateNamespace(tx, cmd);
      break;
    case 'create-configmap':
    case 'create-secret':
      term = runCreateConfig(tx, cmd);
      break;
    case 'top':
      term = runTop(tx, cmd);
      break;
    case 'events':
      term = runEvents(tx, cmd);
      break;
    case 'wait':
      term = runWait(tx, cmd);
      break;
  }
  return term.result();
}

function namesOf(st: EngineState, kind: ResourceKind): string[] {
  const objects = isDerivedKind(kind) ? derivedObjects(st, kind, null) : [...st.store.objects[kind].values()];
  return [...new Set(objects.map((o) => o.metadata.name))].sort();
}

/**
 * consoleCompletions completes a console line with the verbs, flags and the names of the
 * objects in the store: `rollout undo deploy/w` → [`rollout undo deploy/web`].
 */
export function consoleCompletions(st: EngineState, prefix: string): string[] {
  const names: CompletionNames = {
    deployments: namesOf(st, 'Deployment'),
    daemonsets: namesOf(st, 'DaemonSet'),
    pods: namesOf(st, 'Pod'),
    nodes: namesOf(st, 'Node'),
    replicasets: namesOf(st, 'ReplicaSet'),
    namespaces: namesOf(st, 'Namespace'),
    resourcequotas: namesOf(st, 'ResourceQuota'),
    limitranges: namesOf(st, 'LimitRange'),
    poddisruptionbudgets: namesOf(st, 'PodDisruptionBudget'),
    horizontalpodautoscalers: namesOf(st, 'HorizontalPodAutoscaler'),
    services: namesOf(st, 'Service'),
    configmaps: namesOf(st, 'ConfigMap'),
    secrets: namesOf(st, 'Secret'),
    statefulsets: namesOf(st, 'StatefulSet'),
    persistentvolumeclaims: namesOf(st, 'PersistentVolumeClaim'),
    persistentvolumes: namesOf(st, 'PersistentVolume'),
    storageclasses: namesOf(st, 'StorageClass'),
    serviceaccounts: namesOf(st, 'ServiceAccount'),
  };
  return completions(prefix, names);
}
