// DescribePodTemplate and DescribeEvents as kubectl v1.36.3 prints them: a template's service
// account, topology spread constraints, priority class and scheduling group (the PodGroupName line
// at the template's own indentation, as upstream writes it); an Event's container field path
// before its message (kubectl 1.35+, 60fa575b8), and no section at all without events.
import { describe, expect, it } from 'vitest';
import type { Event, PodTemplateSpec } from '../../api/types.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { describeEvents, describePodTemplate, PrefixWriter } from './podTemplate.ts';
import { tabbedString } from './tabwriter.ts';

function render(write: (w: PrefixWriter) => void): string {
  const w = new PrefixWriter();
  write(w);
  return w.segments.map(tabbedString).join('');
}

describe('describePodTemplate', () => {
  it('prints the service account, a named port, the constraints by topology key, the priority class and the scheduling group', () => {
    const t = {
      metadata: { labels: { app: 'web' } },
      spec: {
        serviceAccountName: 'builder',
        priorityClassName: 'high',
        schedulingGroup: { podGroupName: 'pg' },
        topologySpreadConstraints: [
          { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } },
          { maxSkew: 2, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'ScheduleAnyway' },
        ],
        containers: [{ name: 'web', image: 'web:1', ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }] }],
      },
    } as PodTemplateSpec;
    expect(render((w) => describePodTemplate(t, w))).toBe(
      [
        'Pod Template:',
        '  Labels:           app=web',
        '  Service Account:  builder',
        '  Containers:',
        '   web:',
        '    Image:                      web:1',
        '    Port:                       8080/TCP (http)',
        '    Host Port:                  0/TCP (http)',
        '    Environment:                <none>',
        '    Mounts:                     <none>',
        '  Volumes:                      <none>',
        '  Topology Spread Constraints:  kubernetes.io/hostname:ScheduleAnyway when max skew 2 is exceeded',
        '                                zone:DoNotSchedule when max skew 1 is exceeded for selector app=web',
        '  Priority Class Name:          high',
        '  Node-Selectors:               <none>',
        '  Tolerations:                  <none>',
        '  SchedulingGroup:',
        '  PodGroupName:  pg',
        '',
      ].join('\n'),
    );
  });
});

function event(reason: string, message: string, atSec: number, fieldPath?: string): Event {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `web.${atSec}` },
    involvedObject: { kind: 'Pod', name: 'web', ...(fieldPath ? { fieldPath } : {}) },
    reason,
    message,
    type: 'Normal',
    source: { component: 'kubelet' },
    firstTimestamp: toRFC3339(atSec * 1000),
    lastTimestamp: toRFC3339(atSec * 1000),
    count: 1,
  };
}

describe('describeEvents', () => {
  it.each<[string, Event[] | undefined, string]>([
    ['nothing without events (describe without them)', undefined, ''],
    ['<none> for no events', [], 'Events:  <none>\n'],
    [
      'the container field path before the message, the message trimmed',
      [event('Pulled', ' Container image "web:1" already present on machine \n', 10, 'spec.containers{web}'), event('Started', 'Started', 20, 'spec.initContainers{init}'), event('Killing', 'Stopping', 30)],
      [
        'Events:',
        '  Type    Reason   Age   From     Message',
        '  ----    ------   ----  ----     -------',
        '  Normal  Pulled   50s   kubelet  spec.containers{web}: Container image "web:1" already present on machine',
        '  Normal  Started  40s   kubelet  spec.initContainers{init}: Started',
        '  Normal  Killing  30s   kubelet  Stopping',
        '',
      ].join('\n'),
    ],
  ])('writes %s', (_, events, want) => {
    expect(render((w) => describeEvents(events, 60_000, w))).toBe(want);
  });
});
