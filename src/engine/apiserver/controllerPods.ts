// Port of the part of kubernetes pkg/registry/core/pod/strategy.go (v1.36) that validates a pod on
// create (podStrategy.Validate → ValidatePodCreate), for the pods the controllers make.
import type { Pod } from '../api/types.ts';
import { type ApiError, newInvalidObject } from './errors.ts';
import { validateContainersOnlyForPod } from './validationContainer.ts';
import { validatePod } from './validationPod.ts';

/**
 * controllerPodErrors is ValidatePodCreate on a pod a controller makes, run after its name is
 * generated (BeforeCreate), before validating admission: the API server validates every pod. A
 * ReplicaSet's or a DaemonSet's come from a template it validated with the same rules when the
 * workload was written, so only the pod-only checks are left (an image with surrounding
 * whitespace, `"nginx "`, passes in a template and fails here); a StatefulSet's template is not
 * validated (ValidatePodTemplateSpecForStatefulSet leaves its spec out), so its pods are checked
 * whole. A client's own pods were validated by their registry (rest/kinds.ts). Invalid: the
 * controller's FailedCreate Event quotes the message.
 */
export function controllerPodErrors(pod: Pod, name: string): ApiError | null {
  const owner = pod.metadata.ownerReferences?.[0]?.kind;
  if (owner === undefined) return null;
  const errs = owner === 'StatefulSet' ? validatePod({ metadata: { ...pod.metadata, name }, spec: pod.spec }) : validateContainersOnlyForPod(pod.spec, 'spec');
  return errs.length === 0 ? null : newInvalidObject('Pod', name, errs);
}
