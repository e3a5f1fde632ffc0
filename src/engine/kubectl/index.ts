/**
 * The kubectl subset of Rollout Lab (DESIGN.md §4): parse a console line into a typed command,
 * run the pure transform of its verb on the objects read from the store, and print what kubectl
 * prints. Nothing here touches the store: the simulation reads, calls, writes and prints.
 */
export type { KubectlCommand, KubectlError, OutputFormat, Target, TaintRemoval } from './commands.ts';
export { isKubectlError } from './commands.ts';
export { parseKubectl, SUBSET_VERBS } from './parse.ts';
export { completions, type CompletionNames } from './completions.ts';
export { groupKindString, kindString, namePrinterLine, notFound, resolveResource, resourceString, type ResourceKind } from './resources.ts';
export { parseSelector } from './selector.ts';
export { selectObjects } from './targets.ts';
export { daemonSetStatusViewer, deploymentStatusViewer, type RolloutStatus } from './rolloutStatus.ts';
export { renderDecision, type DecisionCatalog } from './explain.ts';
export { isTransformError, type TransformResult } from './transforms/result.ts';
export { rolloutPause, rolloutRestart, rolloutResume, scale, SCALE_UNSUPPORTED, setImage } from './transforms/workloads.ts';
export { daemonSetRollback, deploymentReplicaSets, deploymentRollback, equalIgnoreHash } from './transforms/rollback.ts';
export { jsonMergePatch, jsonPatch, strategicMergePatch } from '../apimachinery/patch.ts';
export { patchObject } from './transforms/patchObject.ts';
export { applyManifest } from './transforms/apply.ts';
export { cordon, label, taint, uncordon } from './transforms/nodes.ts';
export { drainPlan, nodeDrainedLine, podEvictedLine, type DrainOptions, type DrainPlan } from './transforms/drain.ts';
export { deletedLine, deleteWarning, NO_RESOURCES_FOUND } from './transforms/delete.ts';
export { newWatchPrinter, printTable, tableHeader, tableRow, watchPrint, type TableKind, type WatchPrinterState } from './printers/table.ts';
export { podColumns } from './printers/pod.ts';
export { describeDaemonSet, describeDeployment } from './printers/describe.ts';
export { daemonSetHistoryOutput, deploymentHistory } from './printers/history.ts';
export { printJson, printNames, printYaml, wrapList } from './printers/object.ts';
