// Port of the Run functions of kubectl pkg/cmd/drain/drain.go (cordon, uncordon, drain), taint/taint.go, label/label.go and delete/delete.go (v1.36.3).
/**
 * The verbs of executeKubectl that change nodes, labels or delete objects: cordon, uncordon,
 * drain, taint, label and delete, as kubectl runs them against the API server.
 */
import type { Node } from '../api/types.ts';
import { ENDPOINTS_DEPRECATION } from '../api/discoveryTypes.ts';
import { formatApiError } from '../apiserver/errors.ts';
import { objectKey } from '../apiserver/store.ts';
import { del, type Tx } from '../client/tx.ts';
import type { KubectlCommand } from './commands.ts';
import { apiUpdate, isStored, resolveTargets, servedWriteRefusal, storedVolumeTarget, type ResourceObject, Terminal } from './executeStore.ts';
import { namedDerived, writeRefused } from './derivedObjects.ts';
import { deletedLine, deleteWarning, NO_RESOURCES_FOUND } from './transforms/delete.ts';
import { startDrain } from './drainProcess.ts';
import { cordon, label, taint, uncordon } from './transforms/nodes.ts';
import { annotate, listAnnotations } from './transforms/annotate.ts';
import { RESOURCES } from './resources.ts';
import type { TransformResult } from './transforms/result.ts';

type Cmd<V extends KubectlCommand['verb']> = Extract<KubectlCommand, { verb: V }>;

/**
 * writeEach runs a transform over the targets and writes what changed, printing each line as
 * its write succeeds. cordon's builder stops at a missing node before anything is written; the
 * others continue and print the aggregated errors last, missing names first.
 */
function writeEach(
  tx: Tx,
  cmd: Cmd<'cordon' | 'uncordon' | 'taint' | 'label' | 'annotate'>,
  transform: (obj: ResourceObject) => TransformResult<ResourceObject>,
  abortOnMissing: boolean,
): Terminal {
  const term = new Terminal();
  warnEndpoints(term, cmd.targets);
  const { objects, errors } = resolveTargets(tx.st, cmd);
  if (abortOnMissing && errors.length) {
    for (const e of errors) term.fail(e);
    return term;
  }
  const errs = [...errors];
  for (const obj of objects) {
    const r = transform(obj);
    if ('error' in r) {
      errs.push(r.error);
      continue;
    }
    if (!isStored(r.object)) {
      // label and annotate always send their patch: a derived object's is refused (405), after
      // what was printed before its object's line (label's `label "a" not found.`).
      term.out(r.output.split('\n').slice(0, -1).join('\n'));
      errs.push(writeRefused('patch', r.object.kind));
      continue;
    }
    const w = r.changed ? apiUpdate(tx, r.object) : undefined;
    if (w && 'error' in w) errs.push(w.error);
    else term.out(r.output);
  }
  for (const e of errs) term.fail(e);
  return term;
}

/** warnEndpoints prints the server's Warning header on a request for v1 Endpoints, as its answer arrives (once). */
function warnEndpoints(term: Terminal, targets: readonly { kind: string }[]): void {
  if (targets.some((t) => t.kind === 'Endpoints')) term.warn(`Warning: ${ENDPOINTS_DEPRECATION}`);
}

function nodeOnly(obj: ResourceObject, f: (n: Node) => TransformResult<Node>): TransformResult<ResourceObject> {
  return obj.kind === 'Node' ? f(obj) : { error: `error: ${obj.kind} ${obj.metadata.name} is not a node` };
}

/**
 * runCordon is `kubectl cordon|uncordon NODE`: spec.unschedulable set or cleared; the scheduler
 * then leaves the node out (pods already there stay).
 */
export function runCordon(tx: Tx, cmd: Cmd<'cordon' | 'uncordon'>): Terminal {
  return writeEach(tx, cmd, (obj) => nodeOnly(obj, cmd.verb === 'cordon' ? cordon : uncordon), true);
}

/** runTaint is `kubectl taint nodes NODE key=value:Effect ... key:Effect-`. */
export function runTaint(tx: Tx, cmd: Cmd<'taint'>): Terminal {
  return writeEach(tx, cmd, (obj) => nodeOnly(obj, (n) => taint(n, cmd.add, cmd.remove, cmd.overwrite)), false);
}

/** runLabel is `kubectl label TYPE NAME key=value ... key-`. */
export function runLabel(tx: Tx, cmd: Cmd<'label'>): Terminal {
  return writeEach(tx, cmd, (obj) => label(obj, cmd.add, cmd.remove, cmd.overwrite), false);
}

/**
 * runAnnotate is `kubectl annotate TYPE NAME key=value ... key-`; with --list it prints each
 * object's annotations instead (after any update), preceded by a `Listing annotations for …` line
 * when more than one object could be meant.
 */
export function runAnnotate(tx: Tx, cmd: Cmd<'annotate'>): Terminal {
  if (!cmd.list) return writeEach(tx, cmd, (obj) => annotate(obj, cmd.add, cmd.remove, cmd.overwrite), false);
  const term = new Terminal();
  warnEndpoints(term, cmd.targets);
  const { objects, errors } = resolveTargets(tx.st, cmd);
  const single = cmd.targets.length === 1 && cmd.targets[0]?.name !== undefined && !cmd.selector;
  for (const obj of objects) {
    const r = annotate(obj, cmd.add, cmd.remove, cmd.overwrite);
    if ('error' in r) {
      term.fail(r.error);
      continue;
    }
    if (single) {
      const text = listAnnotations(r.object);
      if (text) term.out(text);
      continue;
    }
    // `%s.%s/%s` of the kind and its group: `Deployment.apps/web`, `Pod./web`.
    const text = listAnnotations(r.object, ' ');
    term.out(`Listing annotations for ${obj.kind}.${RESOURCES[obj.kind].group}/${obj.metadata.name}:${text ? `\n${text}` : ''}`);
  }
  for (const e of errors) term.fail(e);
  return term;
}

/**
 * runDrain is `kubectl drain NODE...`: every node is cordoned first, then drained one after the
 * other through the eviction subresource (kubectl/drainProcess.ts). The lines of this instant
 * are returned now; a drain that must wait (a pod terminating, a budget answering 429 and a
 * retry in 5 s) goes on as a process on the virtual clock, printing in the ticks that follow.
 * DaemonSet pods stay with --ignore-daemonsets (and stop the node's drain without it).
 */
export function runDrain(tx: Tx, cmd: Cmd<'drain'>, line = 'drain'): Terminal {
  const term = new Terminal();
  const { objects, errors } = resolveTargets(tx.st, cmd);
  if (errors.length) {
    for (const e of errors) term.fail(e);
    return term;
  }
  const nodes: string[] = [];
  for (const obj of objects) {
    if (obj.kind !== 'Node') {
      term.fail(`error: ${obj.kind} ${obj.metadata.name} is not a node`);
      return term;
    }
    const c = cordon(obj);
    if ('error' in c) {
      term.fail(c.error);
      return term;
    }
    if (c.changed) {
      const w = apiUpdate(tx, c.object);
      if ('error' in w) {
        term.fail(w.error);
        return term;
      }
    }
    term.out(c.output);
    nodes.push(obj.metadata.name);
  }
  const r = startDrain(tx, line, nodes, cmd);
  const text = r.lines.join('\n');
  if (r.done && !r.ok) term.fail(text);
  else term.out(text);
  return term;
}

/** What kubectl's WarningPrinter says when `-n` meets a cluster-scoped delete. */
const CLUSTER_SCOPE_WARNING = 'Warning: deleting cluster-scoped resources, not scoped to the provided namespace';

/**
 * runDelete is `kubectl delete TYPE NAME... | -l SELECTOR`: a pod bound to a node terminates
 * gracefully (its grace period, or --grace-period; --force with 0 removes it at once); a
 * Deployment or DaemonSet is removed and the garbage collector deletes its dependents in the
 * background, or first (--cascade=foreground: the owner stays until they are gone), or leaves them
 * without it (--cascade=orphan). Missing names are reported after the deletions.
 */
export function runDelete(tx: Tx, cmd: Cmd<'delete'>): Terminal {
  const term = new Terminal();
  if (cmd.cascadeWarning) term.warn(cmd.cascadeWarning);
  term.warn(deleteWarning(cmd.gracePeriod, cmd.force));
  // kubectl's WarnClusterScope: -n given (not -A) and a cluster-scoped target, once, whether it exists or not.
  if (cmd.explicitNamespace && !cmd.allNamespaces && cmd.targets.some((t) => !RESOURCES[t.kind].namespaced)) term.warn(CLUSTER_SCOPE_WARNING);
  warnEndpoints(term, cmd.targets);
  // A named derived object is not read first (RequireObject(false)): its DELETE is refused, found or not.
  const refused = namedDerived(cmd.targets, storedVolumeTarget(tx.st));
  const { objects, errors } = resolveTargets(tx.st, { ...cmd, targets: refused.targets });
  const errs = [...(cmd.ignoreNotFound ? [] : errors), ...refused.kinds.map((k) => writeRefused('delete', k))];
  for (const obj of objects) {
    if (!isStored(obj)) {
      errs.push(writeRefused('delete', obj.kind));
      continue;
    }
    const refusal = servedWriteRefusal(obj.kind, 'delete');
    if (refusal !== undefined) {
      errs.push(refusal);
      continue;
    }
    // kubectl sends `{"propagationPolicy": …}` with every delete (Background unless --cascade says otherwise).
    const grace = obj.kind === 'Pod' && cmd.gracePeriod >= 0 ? { gracePeriodSeconds: cmd.gracePeriod } : {};
    const res = del(tx, obj.kind, objectKey(obj), { ...grace, propagationPolicy: cmd.cascade });
    if (!res.ok) errs.push(formatApiError(res.error));
    else term.out(deletedLine(obj.kind, obj.metadata.name, obj.metadata.namespace ?? cmd.namespace, cmd.gracePeriod));
  }
  for (const e of errs) term.fail(e);
  if (objects.length === 0 && refused.kinds.length === 0 && (errors.length === 0 || cmd.ignoreNotFound)) term.out(NO_RESOURCES_FOUND);
  return term;
}
