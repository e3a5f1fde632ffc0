// describePod, with kubectl's describe_test.go (v0.36.3) cases where they apply: a pod's
// description in full (a named port, a field variable resolved, the projected token volume, an
// Event about a container), then what TestDescribePodSchedulingGroup, TestDescribePodRuntimeClass,
// TestDescribeTopologySpreadConstraints, TestDescribeSeccompProfile, TestDescribePodEphemeralContainers
// and TestDescribeProjectedVolumesOptionalSecret look for.
import { describe, expect, it } from 'vitest';
import type { StatefulPod } from '../../api/statefulTypes.ts';
import type { Container, Event, Pod } from '../../api/types.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { describePod, envValueRetriever } from './describePod.ts';

function event(reason: string, message: string, atSec: number, component: string, fieldPath?: string): Event {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `web-0.${atSec}` },
    involvedObject: { kind: 'Pod', name: 'web-0', ...(fieldPath ? { fieldPath } : {}) },
    reason,
    message,
    type: 'Normal',
    source: { component },
    firstTimestamp: toRFC3339(atSec * 1000),
    lastTimestamp: toRFC3339(atSec * 1000),
    count: 1,
  };
}

const WEB: Container & { volumeMounts: { name: string; mountPath: string; readOnly: boolean }[] } = {
  name: 'web',
  image: 'web:1',
  ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }],
  env: [{ name: 'POD', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } }],
  volumeMounts: [{ name: 'kube-api-access-abcde', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true }],
};

const RUNNING: StatefulPod & { spec: { serviceAccountName: string } } = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-0', namespace: 'default', creationTimestamp: toRFC3339(0), labels: { app: 'web' } },
  spec: {
    nodeName: 'node-1',
    priority: 0,
    serviceAccountName: 'default',
    containers: [WEB],
    volumes: [
      {
        name: 'kube-api-access-abcde',
        projected: { sources: [{ serviceAccountToken: { expirationSeconds: 3607, path: 'token' } }, { configMap: { name: 'kube-root-ca.crt' } }, { downwardAPI: { items: [] } }] },
      },
    ],
  },
  status: {
    phase: 'Running',
    hostIP: '172.18.0.3',
    podIP: '10.244.1.2',
    podIPs: [{ ip: '10.244.1.2' }],
    startTime: toRFC3339(1000),
    qosClass: 'BestEffort',
    conditions: [{ type: 'Ready', status: 'True' }],
    containerStatuses: [
      { name: 'web', image: 'web:1', imageID: 'docker.io/library/web@sha256:1', containerID: 'containerd://abc', ready: true, restartCount: 0, state: { running: { startedAt: toRFC3339(3000) } } },
    ],
  },
};

const DESCRIBED = [
  'Name:             web-0',
  'Namespace:        default',
  'Priority:         0',
  'Service Account:  default',
  'Node:             node-1/172.18.0.3',
  'Start Time:       Thu, 01 Jan 2026 00:00:01 +0000',
  'Labels:           app=web',
  'Annotations:      <none>',
  'Status:           Running',
  'IP:               10.244.1.2',
  'IPs:',
  '  IP:  10.244.1.2',
  'Containers:',
  '  web:',
  '    Container ID:   containerd://abc',
  '    Image:          web:1',
  '    Image ID:       docker.io/library/web@sha256:1',
  '    Port:           8080/TCP (http)',
  '    Host Port:      0/TCP (http)',
  '    State:          Running',
  '      Started:      Thu, 01 Jan 2026 00:00:03 +0000',
  '    Ready:          True',
  '    Restart Count:  0',
  '    Environment:',
  '      POD:  web-0 (v1:metadata.name)',
  '    Mounts:',
  '      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-abcde (ro)',
  'Conditions:',
  '  Type    Status',
  '  Ready   True ',
  'Volumes:',
  '  kube-api-access-abcde:',
  '    Type:                    Projected (a volume that contains injected data from multiple sources)',
  '    TokenExpirationSeconds:  3607',
  '    ConfigMapName:           kube-root-ca.crt',
  '    Optional:                false',
  '    DownwardAPI:             true',
  'QoS Class:                   BestEffort',
  'Node-Selectors:              <none>',
  'Tolerations:                 <none>',
  'Events:',
  '  Type    Reason     Age   From               Message',
  '  ----    ------     ----  ----               -------',
  '  Normal  Scheduled  62s   default-scheduler  Successfully assigned default/web-0 to node-1',
  '  Normal  Started    60s   kubelet            spec.containers{web}: Container started',
].join('\n');

/** bar is the bare pod of upstream's cases, with spec fields the simulator does not model. */
function bar(spec: Record<string, unknown>, status: Record<string, unknown> = {}): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'bar', namespace: 'foo' }, spec: { containers: [], ...spec }, status } as unknown as Pod;
}

describe('describePod', () => {
  const events = [event('Scheduled', 'Successfully assigned default/web-0 to node-1', 1, 'default-scheduler'), event('Started', 'Container started', 3, 'kubelet', 'spec.containers{web}')];

  it('prints a running pod: named ports, a field variable, the projected volume’s Optional, an Event’s container field path', () => {
    expect(describePod(RUNNING, events, 63_000)).toBe(`${DESCRIBED}\n`);
  });

  it('leaves the Events out when none are given (several pods described, or --show-events=false)', () => {
    expect(describePod(RUNNING, undefined, 63_000)).toBe(`${DESCRIBED.slice(0, DESCRIBED.indexOf('\nEvents:'))}\n`);
  });

  it.each<[string, Pod, string[], string[]]>([
    ['a pod with a scheduling group (kubectl 1.36)', bar({ schedulingGroup: { podGroupName: 'pg' } }), ['SchedulingGroup:\n  PodGroupName:  pg'], []],
    ['a pod without a scheduling group', bar({}), [], ['SchedulingGroup:']],
    ['a runtime class', bar({ runtimeClassName: 'test1' }), ['Runtime Class Name:  test1'], []],
    ['an empty runtime class', bar({ runtimeClassName: '' }), [], ['Runtime Class Name']],
    [
      'topology spread constraints, by topology key',
      bar({
        topologySpreadConstraints: [
          { maxSkew: 3, topologyKey: 'topology.kubernetes.io/test1', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { key1: 'val1', key2: 'val2' } } },
          { maxSkew: 1, topologyKey: 'topology.kubernetes.io/test2', whenUnsatisfiable: 'ScheduleAnyway' },
        ],
      }),
      ['topology.kubernetes.io/test1:DoNotSchedule when max skew 3 is exceeded for selector key1=val1,key2=val2\n', 'topology.kubernetes.io/test2:ScheduleAnyway when max skew 1 is exceeded\n'],
      [],
    ],
    ['a localhost seccomp profile of the pod', bar({ securityContext: { seccompProfile: { type: 'Localhost', localhostProfile: 'lauseafoodpod' } } }), ['SeccompProfile:    Localhost\nLocalhostProfile:  lauseafoodpod\n'], []],
    ['a RuntimeDefault seccomp profile of the pod', bar({ securityContext: { seccompProfile: { type: 'RuntimeDefault' } } }), ['SeccompProfile:  RuntimeDefault'], ['LocalhostProfile']],
    [
      'an ephemeral container with its status',
      bar({ ephemeralContainers: [{ name: 'debugger', image: 'busybox' }] }, { ephemeralContainerStatuses: [{ name: 'debugger', image: 'busybox', imageID: '', ready: false, restartCount: 0, state: { running: { startedAt: toRFC3339(0) } } }] }),
      ['Ephemeral Containers:\n  debugger:\n', 'Image:          busybox\n'],
      [],
    ],
    [
      'an optional Secret of a projected volume',
      bar({ volumes: [{ name: 'optional-secret', projected: { sources: [{ secret: { name: 'optional-secret', optional: true } }] } }] }),
      ['SecretName:  optional-secret\n    Optional:    true'],
      ['SecretOptionalName'],
    ],
    [
      'the pod-level resources before the containers',
      bar({ resources: { requests: { cpu: '2', memory: '4Gi' }, limits: { cpu: '4', memory: '8Gi' } } }),
      ['Resources:\n  Limits:\n    cpu:     4\n    memory:  8Gi\n  Requests:\n    cpu:     2\n    memory:  4Gi\nContainers: <none>\n'],
      [],
    ],
    [
      'readiness gates with the status of their condition, or <none>',
      bar({ readinessGates: [{ conditionType: 'example.com/lb' }, { conditionType: 'example.com/other' }] }, { conditions: [{ type: 'example.com/lb', status: 'True' }] }),
      ['Readiness Gates:\n  Type                Status\n  example.com/lb      True \n  example.com/other   <none> \n'],
      [],
    ],
  ])('prints %s', (_, p, want, unwanted) => {
    const out = describePod(p, [], 0);
    for (const s of want) expect(out).toContain(s);
    for (const s of unwanted) expect(out).not.toContain(s);
  });
});

describe('envValueRetriever', () => {
  // kubectl's scheme has no field label conversions: only metadata.name and metadata.namespace get through.
  it.each([
    ['metadata.name', 'web-0'],
    ['metadata.namespace', 'default'],
    ['metadata.uid', ''],
    ["metadata.labels['app']", ''],
    ['status.podIP', ''],
    ['spec.nodeName', ''],
  ])('reads %s as %j', (fieldPath, want) => {
    expect(envValueRetriever(RUNNING)({ name: 'X', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath } } })).toBe(want);
  });
});
