// Port of kubectl pkg/cmd/events/event_printer.go and the ordering of events.go (v1.36.3, unchanged since v1.32):
// `kubectl events`' table, its sort, and the typed Events its -o yaml|json print.
import type { Event, ObjectMeta, ObjectReference } from '../../api/types.ts';
import { formatAge } from '../../lib/duration.ts';
import { goSort } from '../../lib/goSort.ts';
import { parseRFC3339 } from '../../lib/time.ts';

/**
 * eventInterval is getInterval (and describe's Age): the first time seen, the eventTime of an
 * events.k8s.io Event or else the firstTimestamp; for a repeat `LAST (xCOUNT over FIRST)`, from
 * the series of an events.k8s.io Event (`2m (x2 over 10m)`) or else the count and lastTimestamp.
 * Unlike `get events`, whose LAST SEEN column is the last time alone, a single Event shows its first.
 */
export function eventInterval(e: Event, nowMs: number): string {
  const first = e.eventTime ? formatAge(nowMs, e.eventTime) : formatAge(nowMs, e.firstTimestamp);
  if (e.series) return `${formatAge(nowMs, e.series.lastObservedTime)} (x${e.series.count} over ${first})`;
  const count = e.count ?? 0;
  return count > 1 ? `${formatAge(nowMs, e.lastTimestamp)} (x${count} over ${first})` : first;
}

/** eventFrom is describe's From: the source component, or an events.k8s.io Event's reporting controller. */
export function eventFrom(e: Event): string {
  return e.source?.component || e.reportingComponent || '';
}

/** eventHeader is printHeadings: NAMESPACE first with -A. */
export function eventHeader(allNamespaces: boolean): string {
  return `${allNamespaces ? 'NAMESPACE\t' : ''}LAST SEEN\tTYPE\tREASON\tOBJECT\tMESSAGE\n`;
}

/** eventLine is printOneEvent: the object as `Kind/name` (its kind, not get's resource), the message trimmed. */
export function eventLine(e: Event, nowMs: number, allNamespaces: boolean): string {
  const ns = allNamespaces ? `${e.metadata.namespace ?? ''}\t` : '';
  const ref = e.involvedObject;
  return `${ns}${eventInterval(e, nowMs)}\t${e.type}\t${e.reason}\t${ref.kind}/${ref.name}\t${e.message.trim()}\n`;
}

/**
 * eventTimeMs is eventTime() of events.go: what the list is sorted by, a series' last time, else
 * the lastTimestamp, else the eventTime (an Event with none: the zero time, before every other).
 */
function eventTimeMs(e: Event): number {
  const t = parseRFC3339(e.series?.lastObservedTime ?? (e.lastTimestamp || e.eventTime));
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

/**
 * sortableEvents is sort.Sort(SortableEvents(list)): by the last time seen, in Go's unstable
 * sort, so Events of the same second keep the order real kubectl prints them in (the list's
 * order, the names', shuffled as pdqsort shuffles it past 12 rows).
 */
export function sortableEvents(list: readonly Event[]): Event[] {
  const out = [...list];
  const times = out.map(eventTimeMs);
  goSort(
    {
      less: (i, j) => (times[i] as number) < (times[j] as number),
      swap: (i, j) => {
        [out[i], out[j]] = [out[j] as Event, out[i] as Event];
        [times[i], times[j]] = [times[j] as number, times[i] as number];
      },
    },
    out.length,
  );
  return out;
}

/** typedMeta is an ObjectMeta as Go encodes it: struct order, creationTimestamp null when unset. */
function typedMeta(m: ObjectMeta): Record<string, unknown> {
  return {
    name: m.name,
    generateName: m.generateName,
    namespace: m.namespace,
    uid: m.uid,
    resourceVersion: m.resourceVersion,
    generation: m.generation,
    creationTimestamp: m.creationTimestamp ?? null,
    deletionTimestamp: m.deletionTimestamp,
    deletionGracePeriodSeconds: m.deletionGracePeriodSeconds,
    labels: m.labels,
    annotations: m.annotations,
    ownerReferences: m.ownerReferences,
    finalizers: m.finalizers,
  };
}

function typedReference(r: ObjectReference): Record<string, unknown> {
  return { kind: r.kind, namespace: r.namespace, name: r.name, uid: r.uid, apiVersion: r.apiVersion, resourceVersion: r.resourceVersion, fieldPath: r.fieldPath };
}

/**
 * typedEvent is a served Event decoded into corev1.Event and encoded again, as the events
 * command prints it: struct order, and the fields without omitempty present at their zero value
 * (a core recorder's `eventTime: null`, `reportingComponent: ""`, `reportingInstance: ""`; an
 * events.k8s.io Event's `source: {}`, `firstTimestamp: null`, `lastTimestamp: null`).
 * Undefined keys are left out by both printers.
 */
export function typedEvent(e: Event): Record<string, unknown> {
  return {
    kind: 'Event',
    apiVersion: 'v1',
    metadata: typedMeta(e.metadata),
    involvedObject: typedReference(e.involvedObject),
    reason: e.reason || undefined,
    message: e.message || undefined,
    source: e.source ? { component: e.source.component || undefined, host: e.source.host || undefined } : {},
    firstTimestamp: e.firstTimestamp ?? null,
    lastTimestamp: e.lastTimestamp ?? null,
    count: e.count || undefined,
    type: e.type || undefined,
    eventTime: e.eventTime ?? null,
    series: e.series,
    action: e.action || undefined,
    reportingComponent: e.reportingComponent ?? '',
    reportingInstance: e.reportingInstance ?? '',
  };
}

/** typedEventList is the EventList the command prints: its own, with an empty ListMeta. */
export function typedEventList(events: readonly Event[]): Record<string, unknown> {
  return { kind: 'EventList', apiVersion: 'v1', metadata: {}, items: events.map(typedEvent) };
}
