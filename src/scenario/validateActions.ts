/**
 * Validation of `actions` (DESIGN.md §4): when (`at`, virtual seconds) and exactly one of a kubectl
 * command line, a manifest to apply, or a node change. Node actions are checked against the nodes
 * that exist at that moment, in time order, with the API server's words
 * (`nodes "node-9" not found`, `nodes "node-4" already exists`).
 */
import {
  checkFields,
  field,
  formatCount,
  full,
  has,
  index,
  isFiniteNumber,
  isRecord,
  type Issues,
  own,
  report,
} from './check.ts';
import { actionLimitMessage, nodeLimitMessage, replicasLimitMessage } from './limits.ts';
import { validateScenarioObject } from './manifest.ts';
import { type Action, LIMITS, type NodeActionSpec, type RequestSpec } from './types.ts';
import { NODE_PROPS, validateNodeName, validateNodeProps } from './validateCluster.ts';

const KINDS = ['kubectl', 'apply', 'node', 'request'] as const;
const REQUEST_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const MAX_COMMAND_CHARS = 10_000;

/**
 * validateActions checks the action list; `nodeNames` are the cluster's nodes at the start
 * (null when `cluster.nodes` was itself invalid, which skips the node existence checks).
 */
export function validateActions(issues: Issues, path: string, x: unknown, nodeNames: string[] | null): Action[] {
  if (!Array.isArray(x)) {
    report(issues, path, 'must be a list of actions ({ at, kubectl | apply | node | request })');
    return [];
  }
  if (x.length > LIMITS.actions) {
    report(issues, path, actionLimitMessage(x.length));
    return [];
  }
  const out: (Action | null)[] = [];
  for (let i = 0; i < x.length && !full(issues); i++) out.push(validateAction(issues, index(path, i), x[i]));
  if (nodeNames !== null) checkNodeTimeline(issues, path, out, nodeNames);
  return out.filter((a): a is Action => a !== null);
}

function validateAction(issues: Issues, path: string, a: unknown): Action | null {
  if (!isRecord(a)) {
    report(issues, path, 'must be a mapping with at and one of kubectl, apply, node, request');
    return null;
  }
  checkFields(issues, path, a, ['at', ...KINDS]);
  const at = own(a, 'at');
  let atOk = false;
  if (!has(a, 'at')) report(issues, field(path, 'at'), 'required');
  else if (!isFiniteNumber(at) || at < 0) report(issues, field(path, 'at'), 'must be a number ≥ 0');
  else if (at > LIMITS.seconds) {
    report(issues, field(path, 'at'), `must be at most ${formatCount(LIMITS.seconds)} seconds (one virtual day)`);
  } else if (Math.abs(at * 1000 - Math.round(at * 1000)) > 1e-6) {
    report(issues, field(path, 'at'), 'must have at most 3 decimals (the virtual clock counts milliseconds)');
  } else atOk = true;

  const kinds = KINDS.filter((k) => has(a, k));
  if (kinds.length === 0) {
    report(issues, path, 'needs one of kubectl, apply, node, request');
    return null;
  }
  if (kinds.length > 1) {
    report(issues, path, `has ${kinds.join(' and ')}; an action does exactly one of kubectl, apply, node, request`);
    return null;
  }
  const t = atOk ? (at as number) : 0;
  switch (kinds[0]) {
    case 'kubectl': {
      const cmd = validateCommand(issues, field(path, 'kubectl'), a.kubectl);
      return cmd === null || !atOk ? null : { at: t, kubectl: cmd };
    }
    case 'apply': {
      const obj = validateScenarioObject(issues, field(path, 'apply'), a.apply);
      return obj === null || !atOk ? null : { at: t, apply: obj };
    }
    case 'request': {
      const req = validateRequest(issues, field(path, 'request'), a.request);
      return req === null || !atOk ? null : { at: t, request: req };
    }
    default: {
      const node = validateNodeAction(issues, field(path, 'node'), a.node);
      return node === null || !atOk ? null : { at: t, node };
    }
  }
}

/**
 * validateRequest checks the shape of a recorded API write: a method, a path under /api or /apis,
 * an optional media type and body. What the write does is the API server's to judge when it runs.
 */
function validateRequest(issues: Issues, path: string, x: unknown): RequestSpec | null {
  if (!isRecord(x)) {
    report(issues, path, 'must be a mapping with method, path and optionally contentType and body');
    return null;
  }
  checkFields(issues, path, x, ['method', 'path', 'contentType', 'body']);
  const { method, path: url, contentType } = x as Record<string, unknown>;
  let ok = true;
  if (typeof method !== 'string' || !(REQUEST_METHODS as readonly string[]).includes(method)) {
    report(issues, field(path, 'method'), `must be one of ${REQUEST_METHODS.join(', ')}`);
    ok = false;
  }
  if (typeof url !== 'string' || !/^\/apis?\/[^\s]*$/.test(url) || url.length > MAX_COMMAND_CHARS) {
    report(issues, field(path, 'path'), 'must be an API path such as /apis/apps/v1/namespaces/default/deployments/web');
    ok = false;
  }
  if (contentType !== undefined && typeof contentType !== 'string') {
    report(issues, field(path, 'contentType'), 'must be a media type such as application/strategic-merge-patch+json');
    ok = false;
  }
  if (!ok) return null;
  const out: RequestSpec = { method: method as RequestSpec['method'], path: url as string };
  if (typeof contentType === 'string') out.contentType = contentType;
  if (has(x, 'body')) out.body = (x as Record<string, unknown>).body;
  return out;
}

/** validateCommand checks a kubectl command line; `scale --replicas` obeys the replicas limit. */
function validateCommand(issues: Issues, path: string, x: unknown): string | null {
  if (typeof x !== 'string' || x.trim() === '') {
    report(issues, path, 'must be a kubectl command line, e.g. "set image deployment/web nginx=nginx:1.9.3"');
    return null;
  }
  if (/[\r\n]/.test(x)) {
    report(issues, path, 'must be one line (one command per action)');
    return null;
  }
  if (x.length > MAX_COMMAND_CHARS) {
    report(issues, path, `must be at most ${formatCount(MAX_COMMAND_CHARS)} characters`);
    return null;
  }
  const m = /(?:^|\s)--replicas(?:=|\s+)(\d+)(?:\s|$)/.exec(x);
  const n = m?.[1] === undefined ? 0 : Number(m[1]);
  if (n > LIMITS.replicasPerWorkload) {
    report(issues, path, replicasLimitMessage(n));
    return null;
  }
  return x;
}

function validateNodeAction(issues: Issues, path: string, x: unknown): NodeActionSpec | null {
  if (!isRecord(x)) {
    report(issues, path, 'must be a mapping with name and one of ready, remove, add');
    return null;
  }
  checkFields(issues, path, x, ['name', 'ready', 'remove', 'add'], ['name']);
  const nameOk = has(x, 'name') && validateNodeName(issues, field(path, 'name'), x.name);
  const changes = (['ready', 'remove', 'add'] as const).filter((k) => has(x, k));
  if (changes.length !== 1) {
    report(
      issues,
      path,
      changes.length === 0
        ? 'needs one of ready (true or false), remove (true), add (the new node)'
        : `has ${changes.join(' and ')}; a node action does exactly one of ready, remove, add`,
    );
    return null;
  }
  const name = x.name as string;
  switch (changes[0]) {
    case 'ready':
      if (typeof x.ready !== 'boolean') {
        report(issues, field(path, 'ready'), 'must be true or false');
        return null;
      }
      return nameOk ? { name, ready: x.ready } : null;
    case 'remove':
      if (x.remove !== true) {
        report(issues, field(path, 'remove'), 'must be true');
        return null;
      }
      return nameOk ? { name, remove: true } : null;
    default: {
      const add = x.add;
      if (!isRecord(add)) {
        report(issues, field(path, 'add'), `must be a mapping with ${NODE_PROPS.join(', ')} ({} for none)`);
        return null;
      }
      checkFields(issues, field(path, 'add'), add, NODE_PROPS);
      const props = validateNodeProps(issues, field(path, 'add'), add);
      return nameOk ? { name, add: props } : null;
    }
  }
}

/**
 * checkNodeTimeline replays node actions in time order (file order for equal times, as the engine
 * runs them) and reports a node added twice, a change to a node that is not there, or more nodes
 * at once than the limit.
 */
function checkNodeTimeline(issues: Issues, path: string, actions: (Action | null)[], start: string[]): void {
  const nodes = new Set(start);
  const order = actions
    .map((a, i) => ({ a, i }))
    .filter((e): e is { a: Extract<Action, { node: NodeActionSpec }>; i: number } => e.a !== null && 'node' in e.a)
    .sort((p, q) => p.a.at - q.a.at || p.i - q.i);
  for (const { a, i } of order) {
    const p = field(field(index(path, i), 'node'), 'name');
    const { name } = a.node;
    if (a.node.add !== undefined) {
      if (nodes.has(name)) report(issues, p, `nodes ${JSON.stringify(name)} already exists`);
      nodes.add(name);
      if (nodes.size > LIMITS.nodes) report(issues, p, nodeLimitMessage(nodes.size));
    } else if (!nodes.has(name)) {
      report(issues, p, `nodes ${JSON.stringify(name)} not found`);
    } else if (a.node.remove === true) {
      nodes.delete(name);
    }
  }
}
