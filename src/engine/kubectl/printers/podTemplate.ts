// Port of kubernetes staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.36.3): the prefix
// writer, DescribePodTemplate, the multi-line label/annotation/toleration printers,
// describeTopologySpreadConstraints, describeSchedulingGroup and DescribeEvents (the containers:
// containers.ts). Output is tab-separated; describe aligns it with tabbedString.
import type { Event, PodSpec, PodTemplateSpec, Toleration, TopologySpreadConstraint } from '../../api/types.ts';
import { goSort } from '../../lib/goSort.ts';
import { formatSelector } from '../../lib/labels.ts';
import { parseRFC3339 } from '../../lib/time.ts';
import { LastAppliedConfigAnnotation } from '../../api/constants.ts';
import type { Volume } from '../../api/statefulTypes.ts';
import { describeContainers } from './containers.ts';
import { describeVolumes } from './volumes.ts';
import { eventFrom, eventInterval } from './eventsPrinter.ts';

/** A text buffer written in describe's indentation levels (two spaces per level). */
export class PrefixWriter {
  /** Flushed segments: each is aligned on its own (DescribeEvents flushes before its table). */
  readonly segments: string[] = [''];
  write(level: number, text: string): void {
    this.segments[this.segments.length - 1] += '  '.repeat(level) + text;
  }
  flush(): void {
    this.segments.push('');
  }
}

const maxAnnotationLen = 140;

/** printLabelsMultiline: `Labels:\tapp=nginx` then one `\tk=v` line per further label, sorted; `<none>` when empty. */
export function printLabelsMultiline(w: PrefixWriter, title: string, labels: Record<string, string> | undefined): void {
  w.write(0, `${title}:\t`);
  const keys = Object.keys(labels ?? {}).sort();
  if (keys.length === 0) {
    w.write(0, '<none>\n');
    return;
  }
  keys.forEach((k, i) => {
    w.write(0, `${i ? '\t' : ''}${k}=${labels?.[k] ?? ''}\n`);
  });
}

/** printAnnotationsMultiline: `key: value` per annotation (sorted, last-applied-configuration hidden); long ones on their own lines. */
export function printAnnotationsMultiline(w: PrefixWriter, title: string, annotations: Record<string, string> | undefined): void {
  w.write(0, `${title}:\t`);
  const keys = Object.keys(annotations ?? {})
    .filter((k) => k !== LastAppliedConfigAnnotation)
    .sort();
  if (keys.length === 0) {
    w.write(0, '<none>\n');
    return;
  }
  keys.forEach((key, i) => {
    if (i) w.write(0, '\t');
    const value = (annotations?.[key] ?? '').replace(/\n$/, '');
    if (value.length + key.length + 2 > maxAnnotationLen || value.includes('\n')) {
      w.write(0, `${key}:\n`);
      for (const s of value.split('\n')) {
        w.write(0, `\t  ${s.length > maxAnnotationLen - 2 ? `${s.slice(0, maxAnnotationLen - 2)}...` : s}\n`);
      }
    } else {
      w.write(0, `${key}: ${value}\n`);
    }
  });
}

export function printTolerationsMultiline(w: PrefixWriter, title: string, tolerations: readonly Toleration[] | undefined): void {
  w.write(0, `${title}:\t`);
  const list = [...(tolerations ?? [])].sort((a, b) => ((a.key ?? '') < (b.key ?? '') ? -1 : (a.key ?? '') > (b.key ?? '') ? 1 : 0));
  if (list.length === 0) {
    w.write(0, '<none>\n');
    return;
  }
  list.forEach((t, i) => {
    let s = (i ? '\t' : '') + (t.key ?? '');
    if (t.value) s += `=${t.value}`;
    if (t.effect) s += `:${t.effect}`;
    if (t.operator === 'Exists' && !t.value) s += t.key || t.effect ? ' op=Exists' : 'op=Exists';
    if (t.tolerationSeconds !== undefined) s += ` for ${t.tolerationSeconds}s`;
    w.write(0, `${s}\n`);
  });
}

/** A pod spec as describe reads it: the API's fields the simulator does not model, read when present. */
export type DescribedPodSpec = PodSpec & {
  volumes?: Volume[];
  serviceAccountName?: string;
  priorityClassName?: string;
  /** core/v1 PodSchedulingGroup (v1.36, the Workload API): the PodGroup the pod is scheduled with. */
  schedulingGroup?: { podGroupName?: string };
};

/**
 * describeTopologySpreadConstraints: `Topology Spread Constraints:` and one constraint a line,
 * by topology key: `zone:DoNotSchedule when max skew 1 is exceeded for selector app=web`.
 */
export function describeTopologySpreadConstraints(tscs: readonly TopologySpreadConstraint[] | undefined, w: PrefixWriter, space: string): void {
  if (!tscs?.length) return;
  const sorted = [...tscs].sort((a, b) => (a.topologyKey < b.topologyKey ? -1 : a.topologyKey > b.topologyKey ? 1 : 0));
  w.write(0, `${space}Topology Spread Constraints:\t`);
  sorted.forEach((tsc, i) => {
    if (i !== 0) w.write(0, `${space}\t`);
    const selector = tsc.labelSelector ? ` for selector ${formatSelector(tsc.labelSelector)}` : '';
    w.write(0, `${tsc.topologyKey}:${tsc.whenUnsatisfiable} when max skew ${tsc.maxSkew} is exceeded${selector}\n`);
  });
}

/** describeSchedulingGroup (kubectl 1.36): the PodGroup a pod (or a template's pods) is scheduled with. */
export function describeSchedulingGroup(group: { podGroupName?: string }, w: PrefixWriter, space: string): void {
  w.write(0, `${space}SchedulingGroup:\n`);
  w.write(1, `PodGroupName:\t${group.podGroupName ?? ''}\n`);
}

/**
 * describePodTemplate is DescribePodTemplate: labels, annotations, service account, containers,
 * volumes, topology spread constraints, priority class, node selectors, tolerations and the
 * scheduling group.
 */
export function describePodTemplate(t: PodTemplateSpec, w: PrefixWriter): void {
  const spec: DescribedPodSpec = t.spec;
  w.write(0, 'Pod Template:\n');
  printLabelsMultiline(w, '  Labels', t.metadata?.labels);
  if (Object.keys(t.metadata?.annotations ?? {}).length) printAnnotationsMultiline(w, '  Annotations', t.metadata?.annotations);
  if (spec.serviceAccountName) w.write(1, `Service Account:\t${spec.serviceAccountName}\n`);
  if (spec.initContainers?.length) describeContainers('Init Containers', spec.initContainers, undefined, undefined, w, '  ');
  describeContainers('Containers', spec.containers, undefined, undefined, w, '  ');
  describeVolumes(spec.volumes ?? [], w, '  ');
  describeTopologySpreadConstraints(spec.topologySpreadConstraints, w, '  ');
  if (spec.priorityClassName) w.write(1, `Priority Class Name:\t${spec.priorityClassName}\n`);
  printLabelsMultiline(w, '  Node-Selectors', spec.nodeSelector);
  printTolerationsMultiline(w, '  Tolerations', spec.tolerations);
  if (spec.schedulingGroup) describeSchedulingGroup(spec.schedulingGroup, w, '  ');
}

/**
 * describeEvents is DescribeEvents: `Events:\t<none>`, or a flush and the table Type, Reason,
 * Age (`5m`, or `2m (x3 over 5m)` for a repeated event: eventInterval), From (source component,
 * or reporting controller), Message, ordered by lastTimestamp. An Event about a container leads
 * its message with the reference's fieldPath (`spec.containers{web}: Container created`,
 * kubectl 1.35+). No events at all (undefined) is describe without them (--show-events=false, or
 * several objects described): the section is left out.
 */
export function describeEvents(events: readonly Event[] | undefined, nowMs: number, w: PrefixWriter): void {
  if (events === undefined) return;
  if (events.length === 0) {
    w.write(0, 'Events:\t<none>\n');
    return;
  }
  w.flush();
  // SortableEvents: by lastTimestamp, in Go's sort.Sort, so Events of one second come out in
  // kubectl's order (not stable past 12 Events).
  // An Event without lastTimestamp (written through events.k8s.io) sorts as the zero time: first.
  const ts = (e: Event) => {
    const t = parseRFC3339(e.lastTimestamp);
    return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
  };
  const sorted = [...events];
  goSort({ less: (i, j) => ts(sorted[i] as Event) < ts(sorted[j] as Event), swap: (i, j) => ([sorted[i], sorted[j]] = [sorted[j] as Event, sorted[i] as Event]) }, sorted.length);
  w.write(0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(1, '----\t------\t----\t----\t-------\n');
  for (const e of sorted) {
    const fieldPath = e.involvedObject.fieldPath;
    const message = fieldPath ? `${fieldPath}: ${e.message.trim()}` : e.message.trim();
    w.write(1, `${e.type}\t${e.reason}\t${eventInterval(e, nowMs)}\t${eventFrom(e)}\t${message}\n`);
  }
}
