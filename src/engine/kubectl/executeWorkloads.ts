// Port of the Run functions of kubectl pkg/cmd/set/set_image.go, scale/scale.go, rollout/rollout_{pause,resume,restart,undo}.go and patch/patch.go (v1.36.3).
/**
 * The mutating workload verbs of executeKubectl — set image, scale, rollout
 * pause|resume|restart|undo and patch — as kubectl runs them against the API server: read from the
 * store, run the pure transform, write back through the API server's defaulting and validation.
 */
import type { ControllerRevision, DaemonSet, Deployment, KubeObject, ReplicaSet } from '../api/types.ts';
import { formatApiError } from '../apiserver/errors.ts';
import { jsonEqual } from '../apiserver/store.ts';
import { type Tx, writeStatus } from '../client/tx.ts';
import type { StatefulSet } from '../api/statefulTypes.ts';
import type { KubectlCommand } from './commands.ts';
import { apiUpdate, inNamespace, isStored, resolveTargets, servedWriteRefusal, storedVolumeTarget, type ResourceObject, Terminal } from './executeStore.ts';
import { namedDerived, writeRefused } from './derivedObjects.ts';
import { namePrinterLine, RESOURCES, resourceString } from './resources.ts';
import { patchObject } from './transforms/patchObject.ts';
import { patchJson } from './transforms/patchJson.ts';
import { fromUnstructured, patchInvalidBody, pruned } from '../apiserver/decoding/fromUnstructured.ts';
import { decodedGoType } from '../apiserver/decoding/manifestShape.ts';
import type { TransformResult } from './transforms/result.ts';
import { daemonSetRollback, deploymentRollback } from './transforms/rollback.ts';
import { rolloutPause, rolloutRestart, rolloutResume, scale, setImage } from './transforms/workloads.ts';

type Cmd<V extends KubectlCommand['verb']> = Extract<KubectlCommand, { verb: V }>;

/** How a verb's Run treats errors (each kubectl pkg/cmd/<verb> differs). */
interface ErrorPolicy {
  /** set image: the builder's Infos() error (a missing name) ends the command before any write. */
  abortOnMissing?: boolean;
  /** scale: the first failing object ends the command with only its error. */
  stopOnError?: boolean;
  /** scale: the error for an empty selection (`no objects passed to scale`). */
  emptyError?: string;
  /** set image: the transform's stderr is an error (unknown container), not a warning. */
  stderrIsError?: boolean;
  /** A notice printed first: cobra's for a deprecated flag, as it parses (set image --record). */
  notice?: string | undefined;
}

/**
 * transformEach runs one transform over every target as kubectl's builder visitor does
 * (ContinueOnError): each changed object is written and its line printed as the write succeeds;
 * the errors — missing names first, then each object's — are aggregated and printed at the end,
 * one per line, as CheckErr prints an aggregate. Warnings (rollback of an applied object) are
 * printed when they happen, before the object's line.
 */
function transformEach(
  tx: Tx,
  cmd: Cmd<'set-image' | 'scale' | 'rollout-pause' | 'rollout-resume' | 'rollout-restart' | 'rollout-undo'>,
  transform: (obj: ResourceObject) => TransformResult<ResourceObject>,
  policy: ErrorPolicy = {},
): Terminal {
  const term = new Terminal();
  term.warn(policy.notice);
  const { objects, errors } = resolveTargets(tx.st, cmd);
  if (policy.abortOnMissing && errors.length) {
    for (const e of errors) term.fail(e);
    return term;
  }
  const errs = [...errors];
  if (objects.length === 0 && errors.length === 0 && policy.emptyError) errs.push(policy.emptyError);
  for (const obj of objects) {
    const r = transform(obj);
    const w = 'error' in r ? r : !r.changed ? undefined : isStored(r.object) ? apiUpdate(tx, r.object) : { error: writeRefused('patch', r.object.kind) };
    if (w && 'error' in w) {
      if (policy.stopOnError) {
        term.fail(w.error);
        return term;
      }
      errs.push(w.error);
      continue;
    }
    if ('error' in r) continue;
    if (policy.stderrIsError) {
      if (r.stderr) errs.push(r.stderr);
    } else term.warn(r.stderr);
    term.out(r.output);
  }
  for (const e of errs) term.fail(e);
  return term;
}

/** runSetImage is `kubectl set image TYPE NAME CONTAINER=IMAGE...`. */
export function runSetImage(tx: Tx, cmd: Cmd<'set-image'>): Terminal {
  return transformEach(
    tx,
    cmd,
    (obj) =>
      obj.kind === 'Deployment' || obj.kind === 'DaemonSet' || obj.kind === 'ReplicaSet' || obj.kind === 'StatefulSet' || obj.kind === 'Pod'
        ? setImage(obj, cmd.images, cmd.changeCause)
        : {
            error: `error: ${RESOURCES[obj.kind].plural}/${obj.metadata.name} the object is not a pod or does not have a pod template: *${obj.apiVersion.includes('/') ? obj.apiVersion.split('/')[1] : obj.apiVersion}.${obj.kind}`,
          },
    { abortOnMissing: true, stderrIsError: true, notice: cmd.recordWarning },
  );
}

/** runScale is `kubectl scale TYPE NAME --replicas=N [--current-replicas=M]`. */
export function runScale(tx: Tx, cmd: Cmd<'scale'>): Terminal {
  return transformEach(tx, cmd, (obj) =>
    obj.kind === 'Deployment' || obj.kind === 'ReplicaSet' || obj.kind === 'StatefulSet'
      ? scale<Deployment | ReplicaSet | StatefulSet>(obj, cmd.replicas, cmd.currentReplicas)
      : { error: 'Error from server (NotFound): the server could not find the requested resource' },
    { stopOnError: true, emptyError: 'error: no objects passed to scale' },
  );
}

function workload(obj: ResourceObject): Deployment | DaemonSet | ReplicaSet | StatefulSet | undefined {
  return obj.kind === 'Deployment' || obj.kind === 'DaemonSet' || obj.kind === 'ReplicaSet' || obj.kind === 'StatefulSet' ? obj : undefined;
}

/** The word each toggle's helper refuses a kind with (objectpauser, objectresumer, objectrestarter). */
const TOGGLE_VERB = { 'rollout-pause': 'pausing', 'rollout-resume': 'resuming', 'rollout-restart': 'restarting' } as const;

/** runRolloutToggle is `kubectl rollout pause|resume|restart TYPE NAME`. */
export function runRolloutToggle(tx: Tx, cmd: Cmd<'rollout-pause' | 'rollout-resume' | 'rollout-restart'>): Terminal {
  return transformEach(tx, cmd, (obj) => {
    const w = workload(obj);
    // kubectl's polymorphic helpers refuse any other kind: `error: serviceaccounts "default" restarting is not supported`.
    if (!w) return { error: `error: ${resourceString(obj.kind)} ${JSON.stringify(obj.metadata.name)} ${TOGGLE_VERB[cmd.verb]} is not supported` };
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
    if (obj.kind === 'DaemonSet' || obj.kind === 'StatefulSet') return daemonSetRollback(obj, crs, cmd.toRevision);
    return { error: `error: no rollbacker has been implemented for "${obj.kind}"` };
  });
}

/**
 * runPatch is `kubectl patch TYPE NAME -p PATCH [--type ...]`. The API server applies the patch,
 * then defaults and validates the result like any update: an invalid Deployment is refused with
 * its `The Deployment "web" is invalid: ...` message and nothing is written. The line says
 * `patched (no change)` when the stored object did not change.
 */
/** patchStatus writes only the status of a patched object (the status subresource: spec and metadata stay). */
function patchStatus(tx: Tx, cur: KubeObject, next: KubeObject): { object: KubeObject; changed: boolean } | { error: string } {
  const status = (next as { status?: unknown }).status;
  if (jsonEqual((cur as { status?: unknown }).status, status)) return { object: cur, changed: false };
  const res = writeStatus(tx, { ...cur, status } as KubeObject);
  return res.ok ? { object: res.object, changed: true } : { error: formatApiError(res.error) };
}

/**
 * convertPatched is the API server's conversion of a strategic-merge-patched workload, ConfigMap or Secret
 * (fromUnstructured.ts): a value it cannot take refuses the patch with its 422, which kubectl
 * prints from the cause; an unknown field is a warning, as kubectl patch sends no
 * fieldValidation (the server's default, Warn).
 */
function convertPatched(term: Terminal, cmd: Cmd<'patch'>, next: KubeObject): { error: string } | { object: KubeObject } {
  if (cmd.patchType !== 'strategic' || cmd.subresource === 'status') return { object: next };
  const ty = decodedGoType(next.kind);
  if (ty === null) return { object: next };
  const c = fromUnstructured(ty, next);
  if ('error' in c) return { error: `The request is invalid: patch: ${patchInvalidBody(cmd.patch, c.error)}` };
  for (const u of c.unknown) term.warn(`Warning: ${u}`);
  // The typed object keeps no unknown field: `{"spec":{"replica":3}}` changes nothing.
  return { object: pruned(ty, next) as KubeObject };
}

/** jsonPatched is a JSON or merge patch as the API server applies and decodes it (patchJson.ts), its warnings printed. */
function jsonPatched(term: Terminal, obj: ResourceObject, patchType: 'merge' | 'json', patch: unknown): { object: KubeObject; changed: boolean } | { error: string } {
  const r = patchJson(obj, patchType, patch);
  if ('error' in r) return r;
  for (const w of r.warnings) term.warn(`Warning: ${w}`);
  return { object: r.object as KubeObject, changed: !jsonEqual(r.object, obj) };
}

export function runPatch(tx: Tx, cmd: Cmd<'patch'>): Terminal {
  const term = new Terminal();
  // kubectl sends the patch without reading the object: a derived one's is refused (405), found or not.
  const refused = namedDerived(cmd.targets, storedVolumeTarget(tx.st));
  const { objects, errors } = resolveTargets(tx.st, { ...cmd, targets: refused.targets });
  const errs = [...errors, ...refused.kinds.map((k) => writeRefused('patch', k))];
  for (const obj of objects) {
    if (!isStored(obj)) continue;
    const refusal = servedWriteRefusal(obj.kind, 'patch');
    if (refusal !== undefined) {
      errs.push(refusal);
      continue;
    }
    const r = cmd.patchType === 'strategic' ? patchObject(obj, cmd.patchType, cmd.patch) : jsonPatched(term, obj, cmd.patchType, cmd.patch);
    if ('error' in r) {
      errs.push(r.error);
      continue;
    }
    const converted = convertPatched(term, cmd, r.object);
    if ('error' in converted) {
      errs.push(converted.error);
      continue;
    }
    const next = converted.object;
    const name = (next.metadata as { name?: unknown } | undefined)?.name;
    if (name !== obj.metadata.name || next.kind !== obj.kind) {
      errs.push(`Error from server (BadRequest): the name of the object (${String(name)}) does not match the name on the URL (${obj.metadata.name})`);
      continue;
    }
    const w = cmd.subresource === 'status' ? patchStatus(tx, obj, next) : r.changed ? apiUpdate(tx, next) : { object: obj, changed: false };
    if ('error' in w) {
      errs.push(w.error);
      continue;
    }
    term.out(namePrinterLine(obj.kind, obj.metadata.name, w.changed ? 'patched' : 'patched (no change)'));
  }
  for (const e of errs) term.fail(e);
  return term;
}
