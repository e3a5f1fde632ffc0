// Ports of kubectl set image (pkg/cmd/set/set_image.go), scale (pkg/cmd/scale, pkg/scale) and
// the rollout pause/resume/restart object helpers (pkg/polymorphichelpers/object{pauser,resumer,restarter}.go), v1.36.3.
import { ChangeCauseAnnotation } from '../printers/history.ts';
import { RestartedAtAnnotation } from '../../api/constants.ts';
import type { DaemonSet, Deployment, Pod, PodSpec, PodTemplateSpec, ReplicaSet } from '../../api/types.ts';
import type { StatefulSet } from '../../api/statefulTypes.ts';
import { namePrinterLine, type ResourceKind, resourceString } from '../resources.ts';
import { clone, errorText, ok, type TransformResult } from './result.ts';

/** An object with a pod spec that set image can change. */
export type PodSpecHolder = Deployment | DaemonSet | ReplicaSet | StatefulSet | Pod;

/** podSpecOf is a pod's spec, or a workload's template's. */
export function podSpecOf(obj: PodSpecHolder): PodSpec {
  return obj.kind === 'Pod' ? obj.spec : (obj.spec.template.spec as PodSpec);
}

/**
 * setImage is `kubectl set image`: each CONTAINER=IMAGE pair sets that container's or init
 * container's image (`*`: every one of both). Prints `deployment.apps/nginx image updated` when something changed and
 * nothing when every image was already set; an unknown container is
 * `error: unable to find container named "x"` (the other pairs still apply).
 */
export function setImage(obj: PodSpecHolder, images: readonly { container: string; image: string }[], changeCause?: string): TransformResult<PodSpecHolder> {
  const next = clone(obj);
  const spec = podSpecOf(next);
  const errs: string[] = [];
  let transformed = false;
  for (const { container, image } of images) {
    // The init containers first, then the containers, as set_image.go's Run asks both.
    let found = false;
    for (const c of [...(spec.initContainers ?? []), ...spec.containers]) {
      if (container === '*' || c.name === container) {
        c.image = image;
        found = true;
      }
    }
    if (!found) errs.push(`error: unable to find container named "${container}"`);
    transformed ||= found;
  }
  // --record: a container found (its image changed or not) records the command as the change-cause,
  // in the same patch (set_image.go's Recorder.Record; rollout history shows it).
  const recorded = transformed && changeCause !== undefined && obj.metadata.annotations?.[ChangeCauseAnnotation] !== changeCause;
  if (recorded) next.metadata = { ...next.metadata, annotations: { ...next.metadata.annotations, [ChangeCauseAnnotation]: changeCause } };
  const before = podSpecOf(obj);
  const changed =
    recorded ||
    JSON.stringify(before.containers) !== JSON.stringify(spec.containers) ||
    JSON.stringify(before.initContainers) !== JSON.stringify(spec.initContainers);
  const err = errs.length ? errorText(errs) : undefined;
  if (!changed) return err ? { error: err } : ok(obj, false, '');
  return ok(next, true, namePrinterLine(next.kind, next.metadata.name, 'image updated'), err);
}

/**
 * scale is `kubectl scale --replicas=N`: Deployments and ReplicaSets only (the scale
 * subresource), with the optional --current-replicas precondition. It always prints
 * `deployment.apps/nginx scaled`, even when the size does not change.
 */
export function scale<T extends Deployment | ReplicaSet | StatefulSet>(obj: T, replicas: number, currentReplicas = -1): TransformResult<T> {
  const current = obj.spec.replicas ?? 1;
  if (currentReplicas !== -1 && current !== currentReplicas) {
    return { error: `error: Expected replicas to be ${currentReplicas}, was ${current}` };
  }
  const changed = current !== replicas || obj.spec.replicas === undefined;
  const next = changed ? { ...obj, spec: { ...obj.spec, replicas } } : obj;
  return ok(next, changed, namePrinterLine(obj.kind, obj.metadata.name, 'scaled'));
}

/** SCALE_UNSUPPORTED is the API error for kinds without a scale subresource (DaemonSet, Pod, Node). */
export const SCALE_UNSUPPORTED = 'Error from server (NotFound): the server could not find the requested resource';

function rolloutError(kind: ResourceKind, name: string, msg: string): { error: string } {
  return { error: `error: ${resourceString(kind)} "${name}" ${msg}` };
}

/**
 * rolloutPause sets spec.paused on a Deployment: `deployment.apps/nginx paused`; a paused one is
 * `error: deployments.apps "nginx" is already paused`; other kinds cannot be paused.
 */
export function rolloutPause(obj: Deployment | DaemonSet | ReplicaSet | StatefulSet): TransformResult<Deployment> {
  if (obj.kind !== 'Deployment') return rolloutError(obj.kind, obj.metadata.name, 'pausing is not supported');
  if (obj.spec.paused) return rolloutError('Deployment', obj.metadata.name, 'is already paused');
  return ok({ ...obj, spec: { ...obj.spec, paused: true } }, true, namePrinterLine('Deployment', obj.metadata.name, 'paused'));
}

/**
 * rolloutResume clears spec.paused (the field goes away: false is omitted in the patch):
 * `deployment.apps/nginx resumed`, or `error: deployments.apps "nginx" is not paused`.
 */
export function rolloutResume(obj: Deployment | DaemonSet | ReplicaSet | StatefulSet): TransformResult<Deployment> {
  if (obj.kind !== 'Deployment') return rolloutError(obj.kind, obj.metadata.name, 'resuming is not supported');
  if (!obj.spec.paused) return rolloutError('Deployment', obj.metadata.name, 'is not paused');
  const { paused: _paused, ...spec } = obj.spec;
  return ok({ ...obj, spec }, true, namePrinterLine('Deployment', obj.metadata.name, 'resumed'));
}

/**
 * rolloutRestart stamps the pod template with kubectl.kubernetes.io/restartedAt = now (RFC 3339,
 * seconds), which changes the template and so starts a rollout: `deployment.apps/nginx
 * restarted`. A paused Deployment refuses; a second restart within the same second changes
 * nothing and is refused too.
 */
export function rolloutRestart<T extends Deployment | DaemonSet | ReplicaSet | StatefulSet>(obj: T, nowRFC3339: string): TransformResult<T> {
  const name = obj.metadata.name;
  if (obj.kind === 'ReplicaSet') return rolloutError(obj.kind, name, 'restarting is not supported');
  if (obj.kind === 'Deployment' && obj.spec.paused) {
    return rolloutError(obj.kind, name, "can't restart paused deployment (run rollout resume first)");
  }
  const template: PodTemplateSpec = obj.spec.template;
  if (template.metadata?.annotations?.[RestartedAtAnnotation] === nowRFC3339) {
    return {
      error: `error: failed to create patch for ${name}: if restart has already been triggered within the past second, please wait before attempting to trigger another`,
    };
  }
  const meta = template.metadata ?? {};
  const nextTemplate: PodTemplateSpec = {
    ...template,
    metadata: { ...meta, annotations: { ...(meta.annotations ?? {}), [RestartedAtAnnotation]: nowRFC3339 } },
  };
  const next = { ...obj, spec: { ...obj.spec, template: nextTemplate } } as T;
  return ok(next, true, namePrinterLine(obj.kind, name, 'restarted'));
}
