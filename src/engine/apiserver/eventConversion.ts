// Port of kubernetes pkg/apis/events/v1/conversion.go (v1.36): the events.k8s.io/v1 Event as the
// stored core Event, and the field labels that group's selectors take.
/**
 * kube-apiserver stores every Event once, as a core/v1 Event, and serves the same objects as
 * events.k8s.io/v1 too (both REST paths share the core registry). The v1 form renames five fields:
 * involvedObject → regarding, message → note, source → deprecatedSource, firstTimestamp and
 * lastTimestamp → deprecatedFirstTimestamp and deprecatedLastTimestamp, count → deprecatedCount;
 * reportingComponent is reportingController. So a kubelet's Pulled Event, written through the core
 * API, reads `note: Successfully pulled image …` with `deprecatedCount: 1` and no eventTime, and the
 * scheduler's, written through events.k8s.io, reads the same object with `reportingComponent`.
 */
import type { Event, ObjectReference } from '../api/types.ts';

/** The events.k8s.io/v1 Event as it is encoded (k8s.io/api/events/v1 types.go, its fields' order). */
export interface EventV1 {
  kind: 'Event';
  apiVersion: 'events.k8s.io/v1';
  metadata: Event['metadata'];
  /** No omitempty: null for an Event a core recorder wrote. */
  eventTime: string | null;
  series?: { count: number; lastObservedTime: string };
  reportingController?: string;
  reportingInstance?: string;
  action?: string;
  reason?: string;
  /** A struct, never left out (`{}` at worst). */
  regarding: ObjectReference | Record<string, never>;
  note?: string;
  type?: string;
  deprecatedSource: { component?: string; host?: string };
  deprecatedFirstTimestamp: string | null;
  deprecatedLastTimestamp: string | null;
  deprecatedCount?: number;
}

/**
 * convertCoreEventToV1Event is Convert_core_Event_To_v1_Event: the generated copy of the shared
 * fields, then the five renamed ones. Empty strings and a zero count are left out as their
 * `omitempty` tags say; eventTime and the two timestamps stay, as null.
 */
export function convertCoreEventToV1Event(e: Event): EventV1 {
  const out: EventV1 = { kind: 'Event', apiVersion: 'events.k8s.io/v1', metadata: e.metadata, eventTime: e.eventTime ?? null } as EventV1;
  if (e.series) out.series = e.series;
  if (e.reportingComponent) out.reportingController = e.reportingComponent;
  if (e.reportingInstance) out.reportingInstance = e.reportingInstance;
  if (e.action) out.action = e.action;
  if (e.reason) out.reason = e.reason;
  out.regarding = e.involvedObject;
  if (e.message) out.note = e.message;
  if (e.type) out.type = e.type;
  out.deprecatedSource = e.source ?? {};
  out.deprecatedFirstTimestamp = e.firstTimestamp ?? null;
  out.deprecatedLastTimestamp = e.lastTimestamp ?? null;
  if (e.count) out.deprecatedCount = e.count;
  return out;
}

/**
 * The events.k8s.io/v1 field labels (AddFieldLabelConversionsForEvent), each mapped to the core
 * label the shared registry's ToSelectableFields answers: `regarding.name=web-1` selects as
 * `involvedObject.name=web-1`, `reportingController` as `reportingComponent`.
 */
const EVENTS_V1_FIELD_LABELS: ReadonlyMap<string, string> = new Map([
  ['reason', 'reason'],
  ['regarding.kind', 'involvedObject.kind'],
  ['regarding.namespace', 'involvedObject.namespace'],
  ['regarding.name', 'involvedObject.name'],
  ['regarding.uid', 'involvedObject.uid'],
  ['regarding.apiVersion', 'involvedObject.apiVersion'],
  ['regarding.resourceVersion', 'involvedObject.resourceVersion'],
  ['regarding.fieldPath', 'involvedObject.fieldPath'],
  ['reportingController', 'reportingComponent'],
  ['source', 'source'],
  ['type', 'type'],
  ['metadata.namespace', 'metadata.namespace'],
  ['metadata.name', 'metadata.name'],
]);

/**
 * convertEventsV1FieldLabel is the conversion func AddFieldLabelConversionsForEvent registers: the
 * core label, or the same error as the core group's (`field label not supported: involvedObject.name`:
 * the v1 names only).
 */
export function convertEventsV1FieldLabel(label: string): string | { error: string } {
  return EVENTS_V1_FIELD_LABELS.get(label) ?? { error: `field label not supported: ${label}` };
}
