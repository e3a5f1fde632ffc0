/**
 * The API server's verdict on a decoded workload, exactly as the engine's `apply` gets it:
 * Kubernetes defaults first (so an omitted strategy is 25% / 25%, as in a cluster), then
 * validation, then the `The Deployment "web" is invalid: …` message.
 */
import { setDefaultsDaemonSet, setDefaultsDeployment } from '../engine/apiserver/defaults.ts';
import { invalidMessage, validateObject } from '../engine/apiserver/validation.ts';
import type { Workload } from './types.ts';
import { prepareStatefulSet, validateStatefulSet } from '../engine/apiserver/statefulSetStrategy.ts';

/** apiserverInvalidMessage returns the API server's message for an invalid object, or null when it is valid. */
export function apiserverInvalidMessage(obj: Workload): string | null {
  const errs =
    obj.kind === 'StatefulSet'
      ? validateStatefulSet(prepareStatefulSet(obj, null))
      : validateObject(obj.kind === 'Deployment' ? setDefaultsDeployment(obj) : setDefaultsDaemonSet(obj));
  if (errs.length === 0) return null;
  return invalidMessage(obj.kind, typeof obj.metadata?.name === 'string' ? obj.metadata.name : '', errs);
}
