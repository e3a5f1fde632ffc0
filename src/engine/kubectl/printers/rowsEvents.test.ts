import { describe, expect, it } from 'vitest';
import type { Event } from '../../api/types.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { eventRow } from './rowsEvents.ts';

const at = (s: number) => toRFC3339(s * 1000);

function event(over: Partial<Event>): Event {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'web-x.1886', namespace: 'default' },
    involvedObject: { kind: 'Pod', name: 'web-x', namespace: 'default' },
    reason: 'Pulling',
    message: 'Pulling image "web:1"',
    type: 'Normal',
    source: { component: 'kubelet', host: 'node-2' },
    firstTimestamp: at(0),
    lastTimestamp: at(0),
    count: 1,
    ...over,
  } as Event;
}

describe('eventRow', () => {
  it.each([
    {
      why: 'a kubelet Event: its container in SUBOBJECT, `kubelet, node` in SOURCE',
      e: event({ involvedObject: { kind: 'Pod', name: 'web-x', namespace: 'default', fieldPath: 'spec.containers{web}' } }),
      plain: ['10m', 'Normal', 'Pulling', 'pod/web-x', 'Pulling image "web:1"'],
      wide: ['10m', 'Normal', 'Pulling', 'pod/web-x', 'spec.containers{web}', 'kubelet, node-2', 'Pulling image "web:1"', '10m', '1', 'web-x.1886'],
    },
    {
      why: 'a repeat: LAST SEEN from lastTimestamp, FIRST SEEN and COUNT only with -o wide',
      e: event({ reason: 'FailedScheduling', type: 'Warning', message: '0/2 nodes are available.  ', source: { component: 'default-scheduler' }, lastTimestamp: at(330), count: 2 }),
      plain: ['4m30s', 'Warning', 'FailedScheduling', 'pod/web-x', '0/2 nodes are available.'],
      wide: ['4m30s', 'Warning', 'FailedScheduling', 'pod/web-x', '', 'default-scheduler', '0/2 nodes are available.', '10m', '2', 'web-x.1886'],
    },
    {
      why: 'no lastTimestamp: LAST SEEN is the first; an object without a name is its kind alone',
      e: event({ lastTimestamp: undefined, involvedObject: { kind: 'Node', name: '' }, count: undefined }),
      plain: ['10m', 'Normal', 'Pulling', 'node', 'Pulling image "web:1"'],
      wide: ['10m', 'Normal', 'Pulling', 'node', '', 'kubelet, node-2', 'Pulling image "web:1"', '10m', '1', 'web-x.1886'],
    },
  ])('prints $why', ({ e, plain, wide }) => {
    expect(eventRow(e, 600_000, false)).toEqual(plain);
    expect(eventRow(e, 600_000, true)).toEqual(wide);
  });
});
