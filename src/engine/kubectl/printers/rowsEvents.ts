// Port of kubernetes pkg/printers/internalversion/printers.go (v1.36): the Event columns and
// printEvent (formatEventSource).
import type { Event } from '../../api/types.ts';
import { formatAge } from '../../lib/duration.ts';
import type { Column } from './rows.ts';

const col = (name: string, wide = false): Column => ({ name, wide });

export const EVENT_COLUMNS = {
  Event: [
    col('Last Seen'),
    col('Type'),
    col('Reason'),
    col('Object'),
    col('Subobject', true),
    col('Source', true),
    col('Message'),
    col('First Seen', true),
    col('Count', true),
    col('Name', true),
  ],
} as const satisfies Record<string, readonly Column[]>;

/**
 * formatEventSource: `component, host`, or the component alone (the kubelet's Events name their
 * node); an events.k8s.io Event has no source and shows its reporting controller and instance.
 */
function formatEventSource(e: Event): string {
  const component = e.source?.component || e.reportingComponent || '';
  const host = e.source?.host || e.reportingInstance || '';
  return host ? `${component}, ${host}` : component;
}

/**
 * eventRow is printEvent: LAST SEEN, TYPE, REASON, OBJECT (`pod/web-x`), MESSAGE, and with -o wide
 * SUBOBJECT (the container's field path, `spec.containers{web}`), SOURCE, FIRST SEEN, COUNT and
 * NAME between and after them. A repeat shows its count only in COUNT; `(x2 over 10m)` is
 * describe's, not get's. An Event without lastTimestamp shows its firstTimestamp; one written
 * through events.k8s.io (the scheduler's) its eventTime, and once it repeated its series' last
 * time and count; a singleton of that API counts 1.
 */
export function eventRow(e: Event, nowMs: number, wide: boolean): string[] {
  const first = e.firstTimestamp ? formatAge(nowMs, e.firstTimestamp) : formatAge(nowMs, e.eventTime);
  let last = e.lastTimestamp ? formatAge(nowMs, e.lastTimestamp) : first;
  let count = e.count ?? 0;
  if (e.series) {
    last = formatAge(nowMs, e.series.lastObservedTime);
    count = e.series.count;
  } else if (count === 0) count = 1;
  const ref = e.involvedObject;
  const target = ref.name ? `${ref.kind.toLowerCase()}/${ref.name}` : ref.kind.toLowerCase();
  const message = e.message.trim();
  if (!wide) return [last, e.type, e.reason, target, message];
  return [last, e.type, e.reason, target, ref.fieldPath ?? '', formatEventSource(e), message, first, String(count), e.metadata.name];
}
