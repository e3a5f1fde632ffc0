import { describe, expect, it } from 'vitest';
import type { Event } from '../api/types.ts';
import { convertCoreEventToV1Event, convertEventsV1FieldLabel } from './eventConversion.ts';

const meta = { name: 'foo', namespace: 'default' };

describe('convertCoreEventToV1Event', () => {
  // Test_convert_core_Event_To_v1_Event (pkg/apis/events/v1/conversion_test.go), then Events as
  // this engine's recorders write them.
  const cases: { name: string; in: Event; want: Record<string, unknown> }[] = [
    {
      name: 'renames involvedObject, source and message as the upstream test expects',
      in: {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: meta,
        involvedObject: { namespace: 'default', name: 'foo', kind: 'Pod' },
        source: { component: 'controller-manager', host: 'master1' },
        message: 'convert core event to v1 event',
      } as unknown as Event,
      want: {
        kind: 'Event',
        apiVersion: 'events.k8s.io/v1',
        metadata: meta,
        eventTime: null,
        regarding: { namespace: 'default', name: 'foo', kind: 'Pod' },
        note: 'convert core event to v1 event',
        deprecatedSource: { component: 'controller-manager', host: 'master1' },
        deprecatedFirstTimestamp: null,
        deprecatedLastTimestamp: null,
      },
    },
    {
      name: 'keeps a kubelet Event’s count and timestamps as the deprecated fields, with its reporter',
      in: {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: meta,
        involvedObject: { kind: 'Pod', namespace: 'default', name: 'web-1', fieldPath: 'spec.containers{web}' },
        reason: 'BackOff',
        message: 'Back-off pulling image "web:bad"',
        type: 'Warning',
        source: { component: 'kubelet', host: 'node-1' },
        firstTimestamp: '2026-12-01T00:00:00Z',
        lastTimestamp: '2026-12-01T00:05:00Z',
        count: 7,
        reportingComponent: 'kubelet',
        reportingInstance: 'node-1',
      },
      want: {
        kind: 'Event',
        apiVersion: 'events.k8s.io/v1',
        metadata: meta,
        eventTime: null,
        reportingController: 'kubelet',
        reportingInstance: 'node-1',
        reason: 'BackOff',
        regarding: { kind: 'Pod', namespace: 'default', name: 'web-1', fieldPath: 'spec.containers{web}' },
        note: 'Back-off pulling image "web:bad"',
        type: 'Warning',
        deprecatedSource: { component: 'kubelet', host: 'node-1' },
        deprecatedFirstTimestamp: '2026-12-01T00:00:00Z',
        deprecatedLastTimestamp: '2026-12-01T00:05:00Z',
        deprecatedCount: 7,
      },
    },
    {
      name: 'gives the scheduler’s Event its eventTime, series and action, and an empty deprecated source',
      in: {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: meta,
        involvedObject: { kind: 'Pod', namespace: 'default', name: 'db-1' },
        reason: 'FailedScheduling',
        message: '0/3 nodes are available',
        type: 'Warning',
        eventTime: '2026-12-01T00:00:00.150000Z',
        series: { count: 2, lastObservedTime: '2026-12-01T00:05:30.150000Z' },
        action: 'Scheduling',
        reportingComponent: 'default-scheduler',
        reportingInstance: 'default-scheduler-kind-control-plane',
      },
      want: {
        kind: 'Event',
        apiVersion: 'events.k8s.io/v1',
        metadata: meta,
        eventTime: '2026-12-01T00:00:00.150000Z',
        series: { count: 2, lastObservedTime: '2026-12-01T00:05:30.150000Z' },
        reportingController: 'default-scheduler',
        reportingInstance: 'default-scheduler-kind-control-plane',
        action: 'Scheduling',
        reason: 'FailedScheduling',
        regarding: { kind: 'Pod', namespace: 'default', name: 'db-1' },
        note: '0/3 nodes are available',
        type: 'Warning',
        deprecatedSource: {},
        deprecatedFirstTimestamp: null,
        deprecatedLastTimestamp: null,
      },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(convertCoreEventToV1Event(c.in)).toStrictEqual(c.want);
    });
  }

  it('writes the fields in the order encoding/json writes the Go struct', () => {
    const third = cases[2] as (typeof cases)[number];
    expect(Object.keys(convertCoreEventToV1Event(third.in))).toEqual([
      'kind',
      'apiVersion',
      'metadata',
      'eventTime',
      'series',
      'reportingController',
      'reportingInstance',
      'action',
      'reason',
      'regarding',
      'note',
      'type',
      'deprecatedSource',
      'deprecatedFirstTimestamp',
      'deprecatedLastTimestamp',
    ]);
  });
});

describe('convertEventsV1FieldLabel', () => {
  const cases: [string, string | { error: string }][] = [
    ['regarding.name', 'involvedObject.name'],
    ['regarding.kind', 'involvedObject.kind'],
    ['regarding.resourceVersion', 'involvedObject.resourceVersion'],
    ['reportingController', 'reportingComponent'],
    ['reason', 'reason'],
    ['source', 'source'],
    ['type', 'type'],
    ['metadata.name', 'metadata.name'],
    // The core group's names are not this group's.
    ['involvedObject.name', { error: 'field label not supported: involvedObject.name' }],
    ['reportingComponent', { error: 'field label not supported: reportingComponent' }],
    ['note', { error: 'field label not supported: note' }],
  ];
  for (const [label, want] of cases) {
    it(`maps ${label} as AddFieldLabelConversionsForEvent does`, () => {
      expect(convertEventsV1FieldLabel(label)).toEqual(want);
    });
  }
});
