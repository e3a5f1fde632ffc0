/**
 * What the worker answers without moving the playhead: kubectl's reading verbs, the YAML /
 * describe / rollout queries and the recorded ticks, plus the translation of the Controls panel's
 * edits (a field, a node) into the kubectl command or scenario action a fork applies.
 */
import { isKubectlError } from '../engine/kubectl/commands.ts';
import { executeKubectl } from '../engine/kubectl/execute.ts';
import { parseKubectl } from '../engine/kubectl/parse.ts';
import type { Pod } from '../engine/api/types.ts';
import type { EngineState, TickRecord } from '../engine/sim.ts';
import { newTx } from '../engine/sim/tx.ts';
import { parseScenarioText } from '../scenario/parse.ts';
import { PRESETS } from '../scenario/presets/index.ts';
import { PRESET_TEXT_ZH_CN } from '../scenario/presets/zh-CN.ts';
import type { Action } from '../scenario/types.ts';
import type { ObjectMaps } from '../timeline/objectCursor.ts';
import type { TickViewCache } from './frames.ts';
import { ownerIndex, podDetailView } from './viewModel.ts';
import {
  MAX_TICKS_PER_QUERY,
  type NodeOp,
  type PresetSummary,
  type QueryWhat,
  type ReplyResult,
  type WorkloadField,
} from './protocol.ts';

/** Refusal: a request the worker turns down with a message (not an engine fault). */
export class Refusal extends Error {}

const READ_VERBS = new Set(['noop', 'get', 'describe', 'rollout-status', 'rollout-history']);

let presetSummaries: PresetSummary[] | null = null;

/** presetList parses the built-in presets once for the gallery. */
export function presetList(): PresetSummary[] {
  if (presetSummaries === null) {
    presetSummaries = PRESETS.flatMap((p) => {
      const r = parseScenarioText(p.text);
      if (!r.ok) return [];
      const zh = PRESET_TEXT_ZH_CN[p.id];
      const summary: PresetSummary = { id: p.id, name: r.value.name, description: r.value.description ?? '' };
      if (zh) summary.translations = { 'zh-CN': zh };
      return [summary];
    });
  }
  return presetSummaries;
}

/** isReadingLine tells whether a console line only reads (it runs in place; others fork). */
export function isReadingLine(line: string): boolean {
  const cmd = parseKubectl(line);
  if (isKubectlError(cmd)) throw new Refusal(cmd.error);
  return READ_VERBS.has(cmd.verb);
}

/** readKubectl runs a reading kubectl line against `state`; a refusal when kubectl rejects it. */
export function readKubectl(state: EngineState, line: string): string {
  const out = executeKubectl(newTx(state, 'user'), line);
  if (!out.ok) throw new Refusal(out.output);
  return out.output;
}

function workloadKind(objs: Readonly<ObjectMaps>, name: string): 'deployment' | 'daemonset' {
  if (objs.Deployment.has(`default/${name}`)) return 'deployment';
  if (objs.DaemonSet.has(`default/${name}`)) return 'daemonset';
  throw new Refusal(`Error from server (NotFound): deployments.apps "${name}" not found`);
}

/** fieldCommand is the kubectl command (scale or merge patch) that sets one workload field. */
export function fieldCommand(
  objs: Readonly<ObjectMaps>,
  workload: string,
  field: WorkloadField,
  value: number | string,
): string {
  const kind = workloadKind(objs, workload);
  const target = `${kind}/${workload}`;
  const patch = (spec: Record<string, unknown>) =>
    `patch ${target} --type=merge -p '${JSON.stringify({ spec })}'`;
  const strategyKey = kind === 'deployment' ? 'strategy' : 'updateStrategy';
  switch (field) {
    case 'replicas':
      if (kind === 'daemonset')
        throw new Refusal(`error: a DaemonSet has no replicas: it runs one pod per node`);
      return `scale ${target} --replicas=${value}`;
    case 'maxSurge':
    case 'maxUnavailable':
      return patch({ [strategyKey]: { rollingUpdate: { [field]: value } } });
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
  records: readonly TickRecord[];
  ticks: TickViewCache;
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
  const workloads = () => {
    const objs = src.objects();
    return [
      ...[...objs.Deployment.values()].map((d) => `deployment/${d.metadata.name}`),
      ...[...objs.DaemonSet.values()].map((d) => `daemonset/${d.metadata.name}`),
    ];
  };
  switch (what) {
    case 'yaml':
    case 'describe': {
      if (kind === null || name === null) throw new Refusal(`${what} needs a kind and a name`);
      return {
        kind: 'text',
        text: read(what === 'yaml' ? `get ${kind} ${name} -o yaml` : `describe ${kind} ${name}`),
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
    case 'pod': {
      if (name === null) throw new Refusal('pod needs a name');
      const objs = src.objects();
      // Scenarios put pods in `default`; a pod elsewhere is found by name.
      // The cursor keeps objects as stored; its Pod map holds pods only.
      const pod = (objs.Pod.get(`default/${name}`) ??
        [...objs.Pod.values()].find((p) => p.metadata.name === name)) as Pod | undefined;
      return { kind: 'pod', pod: pod ? podDetailView(pod, ownerIndex(objs), src.nowMs()) : null };
    }
    case 'ticks': {
      const start = Math.max(1, from ?? 1);
      const ticks = src.records
        .slice(start - 1, start - 1 + MAX_TICKS_PER_QUERY)
        .map((r) => src.ticks.get(r, src.records));
      return { kind: 'ticks', ticks };
    }
  }
}
