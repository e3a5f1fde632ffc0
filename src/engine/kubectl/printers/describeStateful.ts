// Port of kubernetes staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.36.3):
// StatefulSetDescriber (describeStatefulSet, describeVolumeClaimTemplates) and
// PersistentVolumeClaimDescriber (describePersistentVolumeClaim, printPersistentVolumeClaim, getPodsForPVC).
import { getControllerOf } from '../../api/ownerRefs.ts';
import type { PersistentVolumeClaim, StatefulSet } from '../../api/statefulTypes.ts';
import type { Event, Pod, PodTemplateSpec } from '../../api/types.ts';
import { formatAge } from '../../lib/duration.ts';
import { formatRFC1123Z } from './describe.ts';
import { describeEvents, describePodTemplate, PrefixWriter, printAnnotationsMultiline, printLabelsMultiline } from './podTemplate.ts';
import { selectorString } from './rows.ts';
import { tabbedString } from './tabwriter.ts';

/**
 * describeVolumeClaimTemplates: `Volume Claims:\t<none>`, or per template its name, class (the
 * template's own: the default class is given to the claims, not the template), labels,
 * annotations (printed as labels are, `key=value`), requested storage (`<default>` when none) and
 * access modes as Go prints a slice.
 */
function describeVolumeClaimTemplates(templates: readonly PersistentVolumeClaim[], w: PrefixWriter): void {
  if (templates.length === 0) {
    w.write(0, 'Volume Claims:\t<none>\n');
    return;
  }
  w.write(0, 'Volume Claims:\n');
  for (const t of templates) {
    w.write(1, `Name:\t${t.metadata.name}\n`);
    w.write(1, `StorageClass:\t${t.spec.storageClassName ?? ''}\n`);
    printLabelsMultiline(w, '  Labels', t.metadata.labels);
    printLabelsMultiline(w, '  Annotations', t.metadata.annotations);
    w.write(1, `Capacity:\t${t.spec.resources?.requests?.storage ?? '<default>'}\n`);
    w.write(1, `Access Modes:\t[${(t.spec.accessModes ?? []).join(' ')}]\n`);
  }
}

/**
 * describeStatefulSet renders `kubectl describe statefulset NAME`: replicas desired | total, the
 * strategy (Partition only with a rollingUpdate block), the phases of the pods it controls, the
 * template, the claim templates and its Events.
 */
export function describeStatefulSet(set: StatefulSet, pods: readonly Pod[], events: readonly Event[] | undefined, nowMs: number): string {
  const w = new PrefixWriter();
  const mine = pods.filter((p) => {
    const ref = getControllerOf(p);
    return ref?.kind === 'StatefulSet' && ref.name === set.metadata.name && (set.metadata.uid === undefined || ref.uid === set.metadata.uid);
  });
  const count = (phase: string) => mine.filter((p) => p.status?.phase === phase).length;
  w.write(0, `Name:\t${set.metadata.name}\n`);
  w.write(0, `Namespace:\t${set.metadata.namespace ?? 'default'}\n`);
  w.write(0, `CreationTimestamp:\t${formatRFC1123Z(set.metadata.creationTimestamp)}\n`);
  w.write(0, `Selector:\t${selectorString(set.spec.selector)}\n`);
  printLabelsMultiline(w, 'Labels', set.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', set.metadata.annotations);
  w.write(0, `Replicas:\t${set.spec.replicas ?? 1} desired | ${set.status?.replicas ?? 0} total\n`);
  w.write(0, `Update Strategy:\t${set.spec.updateStrategy?.type ?? ''}\n`);
  const ru = set.spec.updateStrategy?.rollingUpdate;
  if (ru?.partition !== undefined) {
    w.write(1, `Partition:\t${ru.partition}\n`);
    if (ru.maxUnavailable !== undefined) w.write(1, `MaxUnavailable:\t${String(ru.maxUnavailable)}\n`);
  }
  w.write(0, `Pods Status:\t${count('Running')} Running / ${count('Pending')} Waiting / ${count('Succeeded')} Succeeded / ${count('Failed')} Failed\n`);
  describePodTemplate(set.spec.template as PodTemplateSpec, w);
  describeVolumeClaimTemplates(set.spec.volumeClaimTemplates ?? [], w);
  describeEvents(
    events?.filter((e) => e.involvedObject.kind === 'StatefulSet' && e.involvedObject.name === set.metadata.name),
    nowMs,
    w,
  );
  return w.segments.map(tabbedString).join('');
}

/** GetAccessModesAsString: the modes' short names in a fixed order (RWO, ROX, RWX, RWOP), comma-joined. */
export function accessModesAsString(modes: readonly string[] | undefined): string {
  const short: [string, string][] = [
    ['ReadWriteOnce', 'RWO'],
    ['ReadOnlyMany', 'ROX'],
    ['ReadWriteMany', 'RWX'],
    ['ReadWriteOncePod', 'RWOP'],
  ];
  return short
    .filter(([m]) => (modes ?? []).includes(m))
    .map(([, s]) => s)
    .join(',');
}

/** printPodsMultiline: the pods by name, one a line; `<none>` without any. */
function printPodsMultiline(w: PrefixWriter, title: string, pods: readonly Pod[]): void {
  w.write(0, `${title}:\t`);
  if (pods.length === 0) {
    w.write(0, '<none>\n');
    return;
  }
  const names = pods.map((p) => p.metadata.name).sort();
  for (const [i, name] of names.entries()) w.write(0, `${i ? '\t' : ''}${name}\n`);
}

/**
 * describePersistentVolumeClaim renders `kubectl describe pvc NAME`: printPersistentVolumeClaim
 * (class, phase, volume, labels, annotations, finalizers; capacity and access modes from the status
 * once bound), the pods that mount it or own it (getPodsForPVC, from `pods` of its namespace), its
 * conditions and its Events.
 */
export function describePersistentVolumeClaim(pvc: PersistentVolumeClaim, pods: readonly Pod[], events: readonly Event[] | undefined, nowMs: number): string {
  const w = new PrefixWriter();
  const name = pvc.metadata.name;
  w.write(0, `Name:\t${name}\n`);
  w.write(0, `Namespace:\t${pvc.metadata.namespace ?? 'default'}\n`);
  w.write(0, `StorageClass:\t${pvc.spec.storageClassName ?? pvc.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? ''}\n`);
  if (pvc.metadata.deletionTimestamp) w.write(0, `Status:\tTerminating (lasts ${formatAge(nowMs, pvc.metadata.deletionTimestamp)})\n`);
  else w.write(0, `Status:\t${pvc.status?.phase ?? ''}\n`);
  w.write(0, `Volume:\t${pvc.spec.volumeName ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', pvc.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', pvc.metadata.annotations);
  w.write(0, `Finalizers:\t[${(pvc.metadata.finalizers ?? []).join(' ')}]\n`);
  const bound = (pvc.spec.volumeName ?? '') !== '';
  w.write(0, `Capacity:\t${bound ? (pvc.status?.capacity?.storage ?? '0') : ''}\n`);
  w.write(0, `Access Modes:\t${bound ? accessModesAsString(pvc.status?.accessModes) : ''}\n`);
  if (pvc.spec.volumeMode) w.write(0, `VolumeMode:\t${pvc.spec.volumeMode}\n`);
  if (pvc.spec.dataSource) {
    w.write(0, 'DataSource:\n');
    if (pvc.spec.dataSource.apiGroup !== undefined) w.write(1, `APIGroup:\t${pvc.spec.dataSource.apiGroup}\n`);
    w.write(1, `Kind:\t${pvc.spec.dataSource.kind}\n`);
    w.write(1, `Name:\t${pvc.spec.dataSource.name}\n`);
  }
  // getPodsForPVC: the pods with a volume of this claim, then any owner pod not among them.
  const using: Pod[] = [];
  for (const p of pods) {
    const volumes = (p.spec as { volumes?: { persistentVolumeClaim?: { claimName: string } }[] }).volumes ?? [];
    for (const v of volumes) if (v.persistentVolumeClaim?.claimName === name) using.push(p);
  }
  for (const ref of pvc.metadata.ownerReferences ?? []) {
    if (ref.kind !== 'Pod') continue;
    const owner = pods.find((p) => p.metadata.uid === ref.uid);
    if (owner && !using.includes(owner)) using.push(owner);
  }
  printPodsMultiline(w, 'Used By', using);
  const conditions = pvc.status?.conditions ?? [];
  if (conditions.length > 0) {
    w.write(0, 'Conditions:\n');
    w.write(1, 'Type\tStatus\tLastProbeTime\tLastTransitionTime\tReason\tMessage\n');
    w.write(1, '----\t------\t-----------------\t------------------\t------\t-------\n');
    for (const c of conditions) {
      w.write(1, `${c.type} \t${c.status} \t${formatRFC1123Z(c.lastProbeTime)} \t${formatRFC1123Z(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`);
    }
  }
  describeEvents(events, nowMs, w);
  return w.segments.map(tabbedString).join('');
}
