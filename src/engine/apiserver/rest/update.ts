/**
 * What the served API does with an update once its body is decoded, up to the store (write.ts
 * prepareUpdate; the generic registry's Update with its strategy and the validating admission): the
 * page's kubectl writes through the same functions (kubectl/executeStore.ts serverUpdate), so the
 * two cannot answer one request differently.
 */
import type { Service } from '../../api/policyTypes.ts';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { KubeObject } from '../../api/types.ts';
import { validatePersistentVolumeClaimResize } from '../admission/persistentVolumeClaimResize.ts';
import { heldNodePorts, requestedNodePortErrors } from '../createPolicy.ts';
import { newForbidden } from '../errors.ts';
import { prepareObject, UPDATABLE } from './kinds.ts';
import type { ResourceInfo } from './resources.ts';
import { newBadRequest, newInvalid, newMethodNotSupported, type Status, statusOf } from './status.ts';

/** updateRefused is the 405 of a resource a client may not `verb` (update, patch): its strategy has no such verb here. */
export function updateRefused(r: ResourceInfo, verb: string): Status | null {
  return UPDATABLE.has(r.kind) ? null : newMethodNotSupported(r, verb);
}

/**
 * prepareUpdated defaults and validates the updated object (prepareObject: a 400 or a 422), has the
 * node port allocator check the ports a Service asks for (out of the range, or held by another
 * Service: a 422), then runs the PersistentVolumeClaimResize admission (a grown claim: a 403). It
 * answers the object to store, or the Status; `services` are the stored Services.
 */
export function prepareUpdated(services: Iterable<KubeObject>, r: ResourceInfo, obj: KubeObject, cur: KubeObject): { object: KubeObject } | { status: Status } {
  const name = obj.metadata.name;
  const p = prepareObject(obj, cur);
  if ('badRequest' in p) return { status: newBadRequest(p.badRequest) };
  if ('invalid' in p) return { status: newInvalid(r.kind, r.group, name, p.invalid) };
  if (p.object.kind === 'Service') {
    const errs = requestedNodePortErrors(p.object, heldNodePorts(services, cur as Service));
    if (errs.length > 0) return { status: newInvalid(r.kind, r.group, name, errs) };
  }
  const resize = p.object.kind === 'PersistentVolumeClaim' ? validatePersistentVolumeClaimResize(p.object, cur as PersistentVolumeClaimObject) : null;
  if (resize !== null) return { status: statusOf(403, newForbidden(r.resource, name, resize)) };
  return { object: p.object };
}
