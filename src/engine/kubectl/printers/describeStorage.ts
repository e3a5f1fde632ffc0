// Port of kubernetes staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.36.3):
// PersistentVolumeDescriber (describePersistentVolume, printVolumeNodeAffinity,
// printNodeSelectorTermsMultilineWithIndent, printHostPathVolumeSource), StorageClassDescriber
// (describeStorageClass) and ServiceAccountDescriber (describeServiceAccount), for the objects the
// API server derives (derivedObjects.ts).
import type { Event } from '../../api/types.ts';
import { canonicalQuantity } from '../../lib/quantity.ts';
import { formatAge } from '../../lib/duration.ts';
import type { PersistentVolume, ServiceAccount, StorageClass } from '../derivedObjects.ts';
import { IsDefaultStorageClassAnnotation } from '../../controller/volume/persistentVolume.ts';
import { accessModesAsString } from './describeStateful.ts';
import { describeEvents, PrefixWriter, printAnnotationsMultiline, printLabelsMultiline } from './podTemplate.ts';
import { formatLabels } from './rows.ts';
import { tabbedString } from './tabwriter.ts';

/** v1.BetaStorageClassAnnotation, which GetPersistentVolumeClass reads before spec.storageClassName. */
const BetaStorageClassAnnotation = 'volume.beta.kubernetes.io/storage-class';
/** storageutil.BetaIsDefaultStorageClassAnnotation. */
const BetaIsDefaultStorageClassAnnotation = 'storageclass.beta.kubernetes.io/is-default-class';

type NodeSelectorRequirement = { key: string; operator: string; values?: readonly string[] };
type VolumeNodeAffinity = PersistentVolume['spec']['nodeAffinity'];

/**
 * printNodeSelectorTermsMultilineWithIndent: `Term 0:` then each requirement on its line as
 * `key operator [v1, v2]` (the operator in lower case), `<none>` without any.
 */
function printNodeSelectorTermsMultilineWithIndent(w: PrefixWriter, indentLevel: number, title: string, innerIndent: string, reqs: readonly NodeSelectorRequirement[]): void {
  w.write(indentLevel, `${title}:${innerIndent}`);
  if (reqs.length === 0) {
    w.write(0, '<none>\n');
    return;
  }
  reqs.forEach((req, i) => {
    if (i !== 0) w.write(indentLevel, innerIndent);
    const values = req.values ?? [];
    w.write(0, `${req.key} ${req.operator.toLowerCase()}${values.length > 0 ? ` [${values.join(', ')}]` : ''}\n`);
  });
}

/** printVolumeNodeAffinity: `Node Affinity:\t<none>`, or the required terms one by one. */
function printVolumeNodeAffinity(w: PrefixWriter, affinity: VolumeNodeAffinity): void {
  w.write(0, 'Node Affinity:\t');
  if (affinity?.required === undefined) {
    w.write(0, '<none>\n');
    return;
  }
  w.write(0, '\n');
  w.write(1, 'Required Terms:\t');
  const terms = affinity.required.nodeSelectorTerms;
  if (terms.length === 0) {
    w.write(0, '<none>\n');
    return;
  }
  w.write(0, '\n');
  terms.forEach((term, i) => {
    printNodeSelectorTermsMultilineWithIndent(w, 2, `Term ${i}`, '\t', term.matchExpressions ?? []);
  });
}

/** printHostPathVolumeSource: the HostPath source's type, path and HostPathType (`<none>` unset). */
function printHostPathVolumeSource(hostPath: { path: string; type?: string }, w: PrefixWriter): void {
  w.write(2, 'Type:\tHostPath (bare host directory volume)\n');
  w.write(2, `Path:\t${hostPath.path}\n`);
  w.write(2, `HostPathType:\t${hostPath.type ?? '<none>'}\n`);
}

/**
 * describePersistentVolume renders `kubectl describe pv NAME`: its class (the beta annotation
 * first), phase (Terminating once deleted), claim, reclaim policy, access modes, volume mode,
 * capacity, node affinity, message, its source (a local-path volume is a HostPath) and Events.
 */
export function describePersistentVolume(pv: PersistentVolume, events: readonly Event[] | undefined, nowMs: number): string {
  const w = new PrefixWriter();
  w.write(0, `Name:\t${pv.metadata.name}\n`);
  printLabelsMultiline(w, 'Labels', pv.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', pv.metadata.annotations);
  w.write(0, `Finalizers:\t[${(pv.metadata.finalizers ?? []).join(' ')}]\n`);
  w.write(0, `StorageClass:\t${pv.metadata.annotations?.[BetaStorageClassAnnotation] ?? pv.spec.storageClassName}\n`);
  if (pv.metadata.deletionTimestamp) w.write(0, `Status:\tTerminating (lasts ${formatAge(nowMs, pv.metadata.deletionTimestamp)})\n`);
  else w.write(0, `Status:\t${pv.status?.phase ?? ''}\n`);
  const ref = pv.spec.claimRef;
  w.write(0, `Claim:\t${ref ? `${ref.namespace ?? ''}/${ref.name ?? ''}` : ''}\n`);
  w.write(0, `Reclaim Policy:\t${pv.spec.persistentVolumeReclaimPolicy ?? ''}\n`);
  w.write(0, `Access Modes:\t${accessModesAsString(pv.spec.accessModes ?? [])}\n`);
  w.write(0, `VolumeMode:\t${pv.spec.volumeMode ?? ''}\n`);
  w.write(0, `Capacity:\t${canonicalQuantity(pv.spec.capacity?.storage ?? '0')}\n`);
  printVolumeNodeAffinity(w, pv.spec.nodeAffinity);
  w.write(0, `Message:\t${pv.status?.message ?? ''}\n`);
  w.write(0, 'Source:\n');
  if (pv.spec.hostPath) printHostPathVolumeSource(pv.spec.hostPath, w);
  describeEvents(events, nowMs, w);
  return w.segments.map(tabbedString).join('');
}

/** isDefaultAnnotationText: `Yes` when the class is marked default (GA or beta annotation), else `No`. */
function isDefaultAnnotationText(annotations: Record<string, string> | undefined): string {
  return annotations?.[IsDefaultStorageClassAnnotation] === 'true' || annotations?.[BetaIsDefaultStorageClassAnnotation] === 'true' ? 'Yes' : 'No';
}

/**
 * describeStorageClass renders `kubectl describe sc NAME`: whether it is the default, its
 * annotations and parameters as `k=v` lists, provisioner, volume expansion (`<unset>`), mount
 * options, reclaim policy and binding mode (each when set) and its Events.
 */
export function describeStorageClass(sc: StorageClass, events: readonly Event[] | undefined, nowMs: number): string {
  const w = new PrefixWriter();
  w.write(0, `Name:\t${sc.metadata.name}\n`);
  w.write(0, `IsDefaultClass:\t${isDefaultAnnotationText(sc.metadata.annotations)}\n`);
  w.write(0, `Annotations:\t${formatLabels(sc.metadata.annotations)}\n`);
  w.write(0, `Provisioner:\t${sc.provisioner}\n`);
  w.write(0, `Parameters:\t${formatLabels((sc as { parameters?: Record<string, string> }).parameters)}\n`);
  w.write(0, `AllowVolumeExpansion:\t${sc.allowVolumeExpansion === undefined ? '<unset>' : sc.allowVolumeExpansion ? 'True' : 'False'}\n`);
  const mountOptions = (sc as { mountOptions?: readonly string[] }).mountOptions ?? [];
  if (mountOptions.length === 0) w.write(0, 'MountOptions:\t<none>\n');
  else {
    w.write(0, 'MountOptions:\n');
    for (const option of mountOptions) w.write(1, `${option}\n`);
  }
  if (sc.reclaimPolicy !== undefined) w.write(0, `ReclaimPolicy:\t${sc.reclaimPolicy}\n`);
  if (sc.volumeBindingMode !== undefined) w.write(0, `VolumeBindingMode:\t${sc.volumeBindingMode}\n`);
  describeEvents(events, nowMs, w);
  return w.segments.map(tabbedString).join('');
}

/**
 * describeServiceAccount renders `kubectl describe sa NAME`: namespace, labels, annotations and
 * its image pull secrets (`<none>`), then its Events. kubectl 1.35 dropped the `Mountable secrets`
 * and `Tokens` lines (no token Secrets are made since 1.24).
 */
export function describeServiceAccount(sa: ServiceAccount, events: readonly Event[] | undefined, nowMs: number): string {
  const w = new PrefixWriter();
  w.write(0, `Name:\t${sa.metadata.name}\n`);
  w.write(0, `Namespace:\t${sa.metadata.namespace ?? 'default'}\n`);
  printLabelsMultiline(w, 'Labels', sa.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', sa.metadata.annotations);
  const emptyHeader = '                   ';
  const pullSecrets = ((sa as { imagePullSecrets?: readonly { name: string }[] }).imagePullSecrets ?? []).map((s) => s.name);
  if (pullSecrets.length === 0) w.write(0, 'Image pull secrets:\t<none>\n');
  else {
    for (const [i, name] of pullSecrets.entries()) w.write(0, `${i === 0 ? 'Image pull secrets:' : emptyHeader}\t${name}\n`);
  }
  describeEvents(events, nowMs, w);
  return w.segments.map(tabbedString).join('');
}
