/**
 * What the worker answers without moving the playhead: kubectl's reading verbs, the YAML /
 * describe / rollout queries and the recorded ticks, plus the translation of the Controls panel's
 * edits (a field, a node) into the kubectl command or scenario action a fork applies.
 */
import { isKubectlError } from '../engine/kubectl/commands.ts';
import { executeKubectl } from '../engine/kubectl/execute.ts';
import { parseKubectl } from '../engine/kubectl/parse.ts';
import type { Pod } from '../engine/api/types.ts';
import type { EngineState } from '../engine/sim.ts';
import type { LogBook } from '../engine/kubelet/containerLog.ts';
import type { SchemaTable } from '../engine/apiserver/openapi/document.ts';
import { newTx } from '../engine/client/tx.ts';
import { scenarioHeader } from '../scenario/header.ts';
import { PRESETS } from '../scenario/presets/index.ts';
import { PRESET_TEXT_ZH_CN } from '../scenario/presets/zh-CN.ts';
import type { Action } from '../scenario/types.ts';
import type { ObjectMaps } from '../timeline/objectCursor.ts';
import type { TickRecords } from '../timeline/tickLog.ts';
import type { TickViewCache } from './frames.ts';
import { podEndpoint } from './podEndpoint.ts';
import { ownerIndex, podDetailView } from './viewModel.ts';
import {
  MAX_TICKS_PER_QUERY,
  type NodeOp,
  type PresetSummary,
  type QueryWhat,
  type ReplyResult,
  type WorkloadField,
  namespaceFlag,
  splitRef,
} from './protocol.ts';
import type { TickView } from './views.ts';

/** Refusal: a request the worker turns down with a message (not an engine fault). */
export class Refusal extends Error {}

const READ_VERBS = new Set([
  'noop',
  'get',
  'describe',
  'rollout-status',
  'rollout-history',
  'logs',
  'top',
  'events',
  'wait',
  'explain',
  'version',
  'cluster-info',
  'api-resources',
  'api-versions',
]);

let presetSummaries: PresetSummary[] | null = null;

/**
 * presetList reads the built-in presets' names and descriptions once for the gallery: their
 * header lines only (scenarioHeader), as every preset parses and validates whole (presets.test.ts).
 */
export function presetList(): PresetSummary[] {
  if (presetSummaries === null) {
    presetSummaries = PRESETS.map((p) => {
      const zh = PRESET_TEXT_ZH_CN[p.id];
      const summary: PresetSummary = { id: p.id, ...scenarioHeader(p.text) };
      if (zh) summary.translations = { 'zh-CN': zh };
      return summary;
    });
  }
  return presetSummaries;
}

/** isReadingLine tells whether a console line only reads (it runs in place; others fork). */
export function isReadingLine(line: string): boolean {
  const cmd = parseKubectl(line);
  if (isKubectlError(cmd)) throw new Refusal(cmd.error);
  // `set env --list` prints the variables and writes nothing, whatever else the line says.
  return READ_VERBS.has(cmd.verb) || (cmd.verb === 'set-env' && cmd.list);
}

/** isExplainLine tells whether a console line is `kubectl explain` (it needs the OpenAPI schemas). */
export function isExplainLine(line: string): boolean {
  const cmd = parseKubectl(line);
  return !isKubectlError(cmd) && cmd.verb === 'explain';
}

/**
 * readKubectl runs a reading kubectl line against `state`; a refusal when kubectl rejects it.
 * `logs` gives the recording's container logs, asked for only by a `logs` line; `openapiSchemas`
 * the schemas an `explain` line reads (explainSchemas.ts).
 */
export function readKubectl(
  state: EngineState,
  line: string,
  logs?: () => LogBook,
  openapiSchemas?: SchemaTable,
): string {
  const cmd = parseKubectl(line);
  const verb = isKubectlError(cmd) ? null : cmd.verb;
  const extras =
    logs && verb === 'logs'
      ? { logs: logs() }
      : verb === 'explain' && openapiSchemas
        ? { openapiSchemas }
        : undefined;
  const out = executeKubectl(newTx(state, 'user'), line, undefined, extras);
  if (!out.ok) throw new Refusal(out.output);
  return out.output;
}

function workloadKind(objs: Readonly<ObjectMaps>, ref: string): 'deployment' | 'daemonset' | 'statefulset' {
  const { namespace, name } = splitRef(ref);
  if (objs.Deployment.has(`${namespace}/${name}`)) return 'deployment';
  if (objs.DaemonSet.has(`${namespace}/${name}`)) return 'daemonset';
  if (objs.StatefulSet.has(`${namespace}/${name}`)) return 'statefulset';
  throw new Refusal(`Error from server (NotFound): deployments.apps "${name}" not found`);
}

/**
 * fieldCommand is the kubectl command (scale, set image or merge patch) that sets one workload
 * field; `workload` is its objectRef (`payments/checkout-api`), and the command names its namespace.
 */
export function fieldCommand(
  objs: Readonly<ObjectMaps>,
  workload: string,
  field: WorkloadField,
  value: number | string,
): string {
  const kind = workloadKind(objs, workload);
  const { namespace, name } = splitRef(workload);
  const target = `${kind}/${name}`;
  const ns = namespaceFlag(namespace);
  const patch = (spec: Record<string, unknown>) =>
    `patch ${target} --type=merge -p '${JSON.stringify({ spec })}'${ns}`;
  const strategyKey = kind === 'deployment' ? 'strategy' : 'updateStrategy';
  switch (field) {
    case 'replicas':
      if (kind === 'daemonset')
        throw new Refusal(`error: a DaemonSet has no replicas: it runs one pod per node`);
      return `scale ${target} --replicas=${value}${ns}`;
    case 'maxSurge':
    case 'maxUnavailable':
      return patch({ [strategyKey]: { rollingUpdate: { [field]: value } } });
    case 'image':
      return `set image ${target} ${value}${ns}`;
    case 'partition':
      return patch({ updateStrategy: { rollingUpdate: { partition: value } } });
    case 'strategy':
      return patch({
        [strategyKey]:
          value === 'Recreate' || value === 'OnDelete'
            ? { type: value, rollingUpdate: null }
            : { type: value },
      });
    default:
      return patch({ [field]: value });
  }
}

/** nodeAction is the scenario action of a node edit (a new node gets the first free `node-N`). */
export function nodeAction(objs: () => Readonly<ObjectMaps>, op: NodeOp, name: string | null): Action {
  if (op === 'add') {
    const nodes = objs().Node;
    let n = nodes.size + 1;
    while (nodes.has(`node-${n}`)) n++;
    return { at: 0, node: { name: name ?? `node-${n}`, add: {} } };
  }
  if (name === null) throw new Refusal(`node ${op}: which node?`);
  if (op === 'remove') return { at: 0, node: { name, remove: true } };
  return { at: 0, node: { name, ready: op === 'recover' } };
}

/** What a query reads: the objects and the full engine state at the playhead, and the ticks. */
export interface QuerySource {
  objects(): Readonly<ObjectMaps>;
  /** Virtual ms at the playhead. */
  nowMs(): number;
  state(): EngineState;
  records: TickRecords;
  ticks: TickViewCache;
  /** The recording's container logs (recordingLogs.ts). */
  logs(): LogBook;
}

/** queryResult answers a `query` request at the playhead. */
export function queryResult(
  src: QuerySource,
  what: QueryWhat,
  kind: string | null,
  name: string | null,
  from: number | null,
): ReplyResult {
  const read = (line: string) => executeKubectl(newTx(src.state(), 'user'), line).output;
  const named = (o: { metadata: { name: string; namespace?: string } }) =>
    `${o.metadata.name}${namespaceFlag(o.metadata.namespace ?? 'default')}`;
  const workloads = () => {
    const objs = src.objects();
    return [
      ...[...objs.Deployment.values()].map((d) => `deployment/${named(d)}`),
      ...[...objs.DaemonSet.values()].map((d) => `daemonset/${named(d)}`),
      ...[...objs.StatefulSet.values()].map((d) => `statefulset/${named(d)}`),
    ];
  };
  switch (what) {
    case 'yaml':
    case 'describe': {
      // `kubectl describe <resource>` of a whole kind (the terminal's limits block).
      if (what === 'describe' && kind !== null && name === null)
        return { kind: 'text', text: read(`describe ${kind}`) };
      if (kind === null || name === null) throw new Refusal(`${what} needs a kind and a name`);
      // A node is cluster-scoped: its name is never an objectRef.
      const ref = kind === 'node' ? { namespace: 'default', name } : splitRef(name);
      const target = `${kind} ${ref.name}${namespaceFlag(ref.namespace)}`;
      return {
        kind: 'text',
        text: read(what === 'yaml' ? `get ${target} -o yaml` : `describe ${target}`),
      };
    }
    case 'get':
      // `kubectl get <resource>` of a whole kind (the terminal's quota / pdb / hpa tab).
      if (kind === null) throw new Refusal('get needs a resource');
      return { kind: 'text', text: read(`get ${kind}`) };
    case 'rolloutStatus':
      return {
        kind: 'text',
        text: workloads()
          .map((w) => read(`rollout status ${w} --watch=false`))
          .join('\n'),
      };
    case 'rolloutHistory':
      return {
        kind: 'text',
        text: workloads()
          .map((w) => read(`rollout history ${w}`))
          .join('\n\n'),
      };
    case 'logs': {
      // A pod's log as `kubectl logs` prints it at the playhead; kind `previous` adds --previous.
      if (name === null) throw new Refusal('logs needs a pod');
      const ref = splitRef(name);
      const line = `logs ${ref.name}${namespaceFlag(ref.namespace)}${kind === 'previous' ? ' --previous' : ''}`;
      return {
        kind: 'text',
        text: executeKubectl(newTx(src.state(), 'user'), line, undefined, { logs: src.logs() }).output,
      };
    }
    case 'pod': {
      if (name === null) throw new Refusal('pod needs a name');
      const objs = src.objects();
      const ref = splitRef(name);
      // A bare name (an older page) is found in any namespace.
      // The cursor keeps objects as stored; its Pod map holds pods only.
      const anywhere = () => [...objs.Pod.values()].find((p) => p.metadata.name === name);
      const pod = (objs.Pod.get(`${ref.namespace}/${ref.name}`) ??
        (name.includes('/') ? undefined : anywhere())) as Pod | undefined;
      if (!pod) return { kind: 'pod', pod: null };
      const view = podDetailView(pod, ownerIndex(objs), src.nowMs());
      // The slices are not in the cursor's kinds: read from the engine state at the playhead (cached per tick).
      const endpoint = podEndpoint(src.state().store, pod);
      return { kind: 'pod', pod: endpoint ? { ...view, endpoint } : view };
    }
    case 'ticks': {
      const start = Math.max(1, from ?? 1);
      const ticks: TickView[] = [];
      for (let t = start; t < start + MAX_TICKS_PER_QUERY; t++) {
        const v = src.ticks.get(src.records, t);
        if (!v) break;
        ticks.push(v);
      }
      return { kind: 'ticks', ticks };
    }
  }
}
