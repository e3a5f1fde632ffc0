// Port of kubernetes staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.36.3):
// StatefulSetDescriber (describeStatefulSet, describeVolumeClaimTemplates).
import { getControllerOf } from '../../api/ownerRefs.ts';
import type { PersistentVolumeClaim, StatefulSet } from '../../api/statefulTypes.ts';
import type { Event, Pod, PodTemplateSpec } from '../../api/types.ts';
import { formatRFC1123Z } from './describe.ts';
import { describeEvents, describePodTemplate, PrefixWriter, printAnnotationsMultiline, printLabelsMultiline } from './podTemplate.ts';
import { selectorString } from './rows.ts';
import { tabbedString } from './tabwriter.ts';

/**
 * describeVolumeClaimTemplates: `Volume Claims:\t<none>`, or per template its name, class (the
 * template's own: the default class is given to the claims, not the template), labels,
 * annotations, requested storage (`<default>` when none) and access modes as Go prints a slice.
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
    printAnnotationsMultiline(w, '  Annotations', t.metadata.annotations);
    w.write(1, `Capacity:\t${t.spec.resources?.requests?.storage ?? '<default>'}\n`);
    w.write(1, `Access Modes:\t[${(t.spec.accessModes ?? []).join(' ')}]\n`);
  }
}

/**
 * describeStatefulSet renders `kubectl describe statefulset NAME`: replicas desired | total, the
 * strategy (Partition only with a rollingUpdate block), the phases of the pods it controls, the
 * template, the claim templates and its Events.
 */
export function describeStatefulSet(set: StatefulSet, pods: readonly Pod[], events: readonly Event[], nowMs: number): string {
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
    events.filter((e) => e.involvedObject.kind === 'StatefulSet' && e.involvedObject.name === set.metadata.name),
    nowMs,
    w,
  );
  return w.segments.map(tabbedString).join('');
}
