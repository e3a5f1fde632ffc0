/**
 * The mutating workload verbs of executeKubectl — set image, scale, rollout
 * pause|resume|restart|undo and patch — as kubectl runs them against the API server: read from the
 * store, run the pure transform, write back through the API server's defaulting and validation.
 */
import type { ControllerRevision, DaemonSet, Deployment, ReplicaSet } from '../api/types.ts';
import type { Tx } from '../sim/tx.ts';
import type { KubectlCommand } from './commands.ts';
import { apiUpdate, inNamespace, resolveTargets, type ResourceObject, Terminal } from './executeStore.ts';
import { namePrinterLine } from './resources.ts';
import { patchObject } from './transforms/patchObject.ts';
import type { TransformResult } from './transforms/result.ts';
import { daemonSetRollback, deploymentRollback } from './transforms/rollback.ts';
import { rolloutPause, rolloutRestart, rolloutResume, scale, setImage } from './transforms/workloads.ts';

type Cmd<V extends KubectlCommand['verb']> = Extract<KubectlCommand, { verb: V }>;

/** The verbs that refuse an empty selection (`error: no objects passed to scale`). */
const EMPTY_ERROR: Partial<Record<KubectlCommand['verb'], string>> = {
  scale: 'scale',
  'rollout-pause': 'pause',
  'rollout-resume': 'resume',
  'rollout-restart': 'restart',
};

/**
 * transformEach runs one transform over every target, as kubectl's visitor does after the
 * builder has found them all: a missing target fails the whole command before anything is
 * written (the builder's Infos() error). Each changed object is written; each line is printed
 * as its write succeeds. Warnings (rollback on an applied object) come before the line;
 * set image's per-container errors after it.
 */
function transformEach(
  tx: Tx,
  cmd: Cmd<'set-image' | 'scale' | 'rollout-pause' | 'rollout-resume' | 'rollout-restart' | 'rollout-undo' | 'patch'>,
  transform: (obj: ResourceObject) => TransformResult<ResourceObject>,
  stderrAfter = false,
): Terminal {
  const term = new Terminal();
  const { objects, errors } = resolveTargets(tx.st, cmd);
  if (errors.length) {
    for (const e of errors) term.fail(e);
    return term;
  }
  const empty = EMPTY_ERROR[cmd.verb];
  if (objects.length === 0 && empty) term.fail(`error: no objects passed to ${empty}`);
  for (const obj of objects) {
    const r = transform(obj);
    if ('error' in r) {
      term.fail(r.error);
      continue;
    }
    if (r.changed) {
      const w = apiUpdate(tx, r.object);
      if ('error' in w) {
        term.fail(w.error);
        continue;
      }
    }
    if (!stderrAfter) term.warn(r.stderr);
    term.out(r.output);
    if (stderrAfter && r.stderr) term.fail(r.stderr);
  }
  return term;
}

/** runSetImage is `kubectl set image TYPE NAME CONTAINER=IMAGE...`. */
export function runSetImage(tx: Tx, cmd: Cmd<'set-image'>): Terminal {
  return transformEach(
    tx,
    cmd,
    (obj) =>
      obj.kind === 'Node'
        ? { error: `error: nodes/${obj.metadata.name} the object is not a pod or does not have a pod template: *v1.Node` }
        : setImage(obj, cmd.images),
    true,
  );
}

/** runScale is `kubectl scale TYPE NAME --replicas=N [--current-replicas=M]`. */
export function runScale(tx: Tx, cmd: Cmd<'scale'>): Terminal {
  return transformEach(tx, cmd, (obj) =>
    obj.kind === 'Deployment' || obj.kind === 'ReplicaSet'
      ? scale<Deployment | ReplicaSet>(obj, cmd.replicas, cmd.currentReplicas)
      : { error: 'Error from server (NotFound): the server could not find the requested resource' },
  );
}

function workload(obj: ResourceObject): Deployment | DaemonSet | ReplicaSet | undefined {
  return obj.kind === 'Deployment' || obj.kind === 'DaemonSet' || obj.kind === 'ReplicaSet' ? obj : undefined;
}

/** runRolloutToggle is `kubectl rollout pause|resume|restart TYPE NAME`. */
export function runRolloutToggle(tx: Tx, cmd: Cmd<'rollout-pause' | 'rollout-resume' | 'rollout-restart'>): Terminal {
  return transformEach(tx, cmd, (obj) => {
    const w = workload(obj);
    if (!w) return { error: `error: ${obj.kind} objects have no rollout` };
    if (cmd.verb === 'rollout-pause') return rolloutPause(w);
    if (cmd.verb === 'rollout-resume') return rolloutResume(w);
    return rolloutRestart(w, tx.nowIso);
  });
}

/**
 * runRolloutUndo is `kubectl rollout undo TYPE NAME [--to-revision=N]`: a Deployment goes back
 * to the template of one of its ReplicaSets (read from the store), a DaemonSet to one of its
 * ControllerRevisions. The Deployment controller then adopts that old ReplicaSet as the new one.
 */
export function runRolloutUndo(tx: Tx, cmd: Cmd<'rollout-undo'>): Terminal {
  const rss = inNamespace(tx.st, 'ReplicaSet', cmd.namespace);
  const crs: ControllerRevision[] = inNamespace(tx.st, 'ControllerRevision', cmd.namespace);
  return transformEach(tx, cmd, (obj) => {
    if (obj.kind === 'Deployment') return deploymentRollback(obj, rss, cmd.toRevision);
    if (obj.kind === 'DaemonSet') return daemonSetRollback(obj, crs, cmd.toRevision);
    return { error: `error: no rollbacker has been implemented for "${obj.kind}"` };
  });
}

/**
 * runPatch is `kubectl patch TYPE NAME -p PATCH [--type ...]`. The API server applies the patch,
 * then defaults and validates the result like any update: an invalid Deployment is refused with
 * its `The Deployment "web" is invalid: ...` message and nothing is written. The line says
 * `patched (no change)` when the stored object did not change.
 */
export function runPatch(tx: Tx, cmd: Cmd<'patch'>): Terminal {
  const term = new Terminal();
  const { objects, errors } = resolveTargets(tx.st, cmd);
  for (const e of errors) term.fail(e);
  if (errors.length) return term;
  for (const obj of objects) {
    const r = patchObject(obj, cmd.patchType, cmd.patch);
    if ('error' in r) {
      term.fail(r.error);
      continue;
    }
    const next = r.object;
    const name = (next.metadata as { name?: unknown } | undefined)?.name;
    if (name !== obj.metadata.name || next.kind !== obj.kind) {
      term.fail(`Error from server (BadRequest): the name of the object (${String(name)}) does not match the name on the URL (${obj.metadata.name})`);
      continue;
    }
    const w = r.changed ? apiUpdate(tx, next) : { object: obj, changed: false };
    if ('error' in w) {
      term.fail(w.error);
      continue;
    }
    term.out(namePrinterLine(obj.kind, obj.metadata.name, w.changed ? 'patched' : 'patched (no change)'));
  }
  return term;
}
