// Port of kubernetes pkg/scheduler/framework/plugins/volumebinding (volume_binding.go's PreBind;
// binder.go's FindPodVolumes for the claims to provision, BindPodVolumes and checkBindings)
// (v1.36), for the claims of the default class, whose volumes kind's local-path provisioner makes.
/**
 * A pod whose claim waits for its first consumer (WaitForFirstConsumer, no volume yet) is not bound
 * by the scheduling cycle that picks its node. The cycle assumes it on that node and moves on to
 * the next pod; its binding cycle runs PreBind, which writes the node on each such claim
 * (volume.kubernetes.io/selected-node: the provisioner makes the volume there) and then polls the
 * claims once a second until the PV controller has bound each one to its new volume. Only then is
 * the pod bound (spec.nodeName, PodScheduled, the Scheduled Event); until then it is Pending with
 * no node. After the bind timeout (600 s) or when a claim's selected node is taken away (the
 * provisioner failed), the binding cycle fails and the pod is scheduled again.
 *
 * Worked example: web-0 mounts www-web-0 (class standard, unbound). At 10.0 s the cycle picks
 * node-2: PreBind writes selected-node node-2 on the claim. The PV controller and the provisioner
 * see it at 10.05 s and make the volume (controller/volume/binder.ts, 2 s); the claim is Bound at
 * 12.05 s, and the scheduler's informer has it at 12.1 s. The polls at 11 s and 12 s find the claim
 * unbound; the one at 13 s finds it bound → web-0 is bound to node-2 at 13 s.
 */
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { KubeObject, Node, Pod } from '../../api/types.ts';
import { getPersistentVolume, isPVCFullyBound, SelectedNodeAnnotation } from '../../lib/storageHelpers.ts';
import { LabelHostname } from '../framework/types.ts';
import { getPodVolumeClaims, podHasPVCs } from './volumebinding.ts';

/** PreBind polls the claims this often (wait.PollUntilContextTimeout's interval; the first poll comes one interval after the writes). */
export const BindPollIntervalMs = 1000;
/** --bind-timeout-seconds' default (KubeSchedulerConfiguration's VolumeBindingArgs.BindTimeoutSeconds): 600 s. */
export const BindTimeoutMs = 600_000;

/**
 * claimsToProvision is FindPodVolumes' DynamicProvisions for the node the cycle chose: the pod's
 * claims that wait for their first consumer. Every one is provisioned: the cluster's one class
 * that waits (`standard`) has a provisioner and no topology of its own, and its claims are not
 * matched to volumes made by hand (findMatchingVolumes finds none: such a volume is bound by the
 * PV controller to a claim that names it, claimSync.ts). `claims` is the informer's, by
 * `namespace/name`.
 */
export function claimsToProvision(pod: Pod, claims: ReadonlyMap<string, KubeObject>): PersistentVolumeClaimObject[] {
  const has = podHasPVCs(pod, claims);
  if ('error' in has) return [];
  return getPodVolumeClaims(has.claims).unboundClaimsDelayBinding;
}

/** withSelectedNode is the claim as bindAPIUpdate writes it: volume.kubernetes.io/selected-node names the node. */
export function withSelectedNode(claim: PersistentVolumeClaimObject, node: string): PersistentVolumeClaimObject {
  return { ...claim, metadata: { ...claim.metadata, annotations: { ...(claim.metadata.annotations ?? {}), [SelectedNodeAnnotation]: node } } };
}

/** What one poll of checkBindings found: all bound, keep waiting (and for which claim), or an error that fails the binding cycle. */
export type BindingsCheck = { readonly kind: 'bound' } | { readonly kind: 'wait'; readonly claim: string } | { readonly kind: 'error'; readonly message: string };

/** What checkBindings reads: the scheduler's informers (pods, nodes, claims by `namespace/name`, stored volumes by name). */
export interface BindingsView {
  readonly pods: ReadonlyMap<string, KubeObject>;
  readonly nodes: ReadonlyMap<string, KubeObject>;
  readonly claims: ReadonlyMap<string, KubeObject>;
  readonly volumes: ReadonlyMap<string, KubeObject>;
}

/** The resourceVersions are the store's counter: a smaller number is an older object. */
function olderThan(informer: string | undefined, written: string): boolean {
  return Number(informer ?? '0') < Number(written);
}

/**
 * checkBindings is one poll: the node and the pod must still exist; for each claim written, an
 * informer copy older than the write is waited for; a claim whose selected node changed or went
 * failed to provision; its volume (once it names one) must exist and sit on the node; and the
 * claim must be fully bound (spec.volumeName and the bind-completed annotation).
 */
export function checkBindings(view: BindingsView, podKey: string, nodeName: string, provisions: readonly { key: string; resourceVersion: string }[]): BindingsCheck {
  const node = view.nodes.get(nodeName) as Node | undefined;
  if (node === undefined) return { kind: 'error', message: `failed to get node ${JSON.stringify(nodeName)}: node ${JSON.stringify(nodeName)} not found` };
  if (!view.pods.has(podKey)) {
    return { kind: 'error', message: `pod does not exist any more: pod ${JSON.stringify(podKey.slice(podKey.indexOf('/') + 1))} not found` };
  }
  for (const p of provisions) {
    const claim = view.claims.get(p.key) as PersistentVolumeClaimObject | undefined;
    if (claim === undefined) return { kind: 'error', message: `failed to check provisioning pvc: could not find v1/PersistentVolumeClaim ${JSON.stringify(p.key)}` };
    const name = claim.metadata.name;
    if (olderThan(claim.metadata.resourceVersion, p.resourceVersion)) return { kind: 'wait', claim: name };
    if (claim.metadata.annotations?.[SelectedNodeAnnotation] !== nodeName) return { kind: 'error', message: `provisioning failed for PVC ${JSON.stringify(name)}` };
    const volumeName = claim.spec.volumeName;
    if (volumeName) {
      const pv = getPersistentVolume(view.claims, volumeName, claim, view.volumes);
      // Not in the informer yet (the API's delay): the next poll looks again.
      if (pv === undefined) return { kind: 'wait', claim: name };
      if (pv.node !== undefined && pv.node !== node.metadata.labels?.[LabelHostname]) {
        return { kind: 'error', message: `pv ${JSON.stringify(volumeName)} node affinity doesn't match node ${JSON.stringify(nodeName)}: no matching NodeSelectorTerms` };
      }
    }
    if (!isPVCFullyBound(claim)) return { kind: 'wait', claim: name };
  }
  return { kind: 'bound' };
}
