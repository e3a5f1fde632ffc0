import { describe, expect, it } from 'vitest';
import type { DaemonSet, Deployment } from '../api/types.ts';
import { setDefaultsDaemonSet, setDefaultsDeployment } from './defaults.ts';
import { fieldErrorString } from '../apimachinery/fieldErrors.ts';
import { validateObject } from './validation.ts';

function deployment(spec: Record<string, unknown>, container: Record<string, unknown> = {}): Deployment {
  return setDefaultsDeployment({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'i', ...container }], ...spec } },
    },
  } as Deployment);
}

const errors = (d: Deployment) => validateObject(d).map(fieldErrorString);

describe('validatePodSpec', () => {
  it.each<[string, Deployment, string[]]>([
    [
      'a request above its limit',
      deployment({}, { resources: { requests: { cpu: '2' }, limits: { cpu: '1' } } }),
      ['spec.template.spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1'],
    ],
    [
      'a negative quantity',
      deployment({}, { resources: { limits: { memory: '-64Mi' } } }),
      ['spec.template.spec.containers[0].resources.limits[memory]: Invalid value: "-64Mi": must be greater than or equal to 0'],
    ],
    [
      'a resource name that is not a container resource',
      deployment({}, { resources: { requests: { gpu: '1' } } }),
      ['spec.template.spec.containers[0].resources.requests[gpu]: Invalid value: "gpu": must be a standard resource for containers'],
    ],
    [
      'a host port out of range',
      deployment({}, { ports: [{ containerPort: 80, hostPort: 70000 }] }),
      ['spec.template.spec.containers[0].ports[0].hostPort: Invalid value: 70000: must be between 1 and 65535, inclusive'],
    ],
    [
      'a host port unlike the container port with hostNetwork',
      deployment({ hostNetwork: true }, { ports: [{ containerPort: 80, hostPort: 8080 }] }),
      ['spec.template.spec.containers[0].ports[0].hostPort: Invalid value: 8080: must match `containerPort` when `hostNetwork` is true'],
    ],
    [
      'an affinity weight above 100',
      deployment({
        affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 200, podAffinityTerm: { labelSelector: {}, topologyKey: 'zone' } }] } },
      }),
      ['spec.template.spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 200: must be in the range 1-100'],
    ],
    [
      'a spread constraint with maxSkew 0 and minDomains on ScheduleAnyway',
      deployment({ topologySpreadConstraints: [{ maxSkew: 0, topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway', minDomains: 2, labelSelector: {} }] }),
      [
        'spec.template.spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero',
        'spec.template.spec.topologySpreadConstraints[0].minDomains: Invalid value: 2: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway',
      ],
    ],
    [
      'two spread constraints on the same key and action',
      deployment({
        topologySpreadConstraints: [
          { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: {} },
          { maxSkew: 2, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: {} },
        ],
      }),
      ['spec.template.spec.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}: Duplicate value: "{zone, DoNotSchedule}"'],
    ],
    [
      'two containers on one host port (protocol/hostIP/port, as AccumulateUniqueHostPorts keys it)',
      deployment({ containers: [
        { name: 'a', image: 'i', ports: [{ containerPort: 80, hostPort: 8080 }] },
        { name: 'b', image: 'i', ports: [{ containerPort: 81, hostPort: 8080 }, { containerPort: 53, hostPort: 53, protocol: 'UDP', hostIP: '10.0.0.1' }, { containerPort: 54, hostPort: 53, protocol: 'UDP', hostIP: '10.0.0.1' }] },
      ] }),
      [
        'spec.template.spec.containers[1].ports[0].hostPort: Duplicate value: "TCP//8080"',
        'spec.template.spec.containers[1].ports[2].hostPort: Duplicate value: "UDP/10.0.0.1/53"',
      ],
    ],
    [
      'an init container that takes one host port twice (named initContainers[0], as upstream names it)',
      deployment({ initContainers: [
        { name: 'setup', image: 'i', ports: [{ containerPort: 90, hostPort: 9090 }] },
        { name: 'migrate', image: 'i', ports: [{ containerPort: 80, hostPort: 8080 }, { containerPort: 81, hostPort: 8080 }] },
      ] }, { ports: [{ containerPort: 80, hostPort: 9090 }] }),
      ['spec.template.spec.initContainers[0].ports[1].hostPort: Duplicate value: "TCP//8080"'],
    ],
    [
      "each container's resources with its other fields, before the next container's",
      deployment({ containers: [
        { name: 'a', image: 'i', resources: { limits: { memory: '-1' } } },
        { name: 'b', image: 'i', imagePullPolicy: 'Sometimes' },
      ] }),
      [
        'spec.template.spec.containers[0].resources.limits[memory]: Invalid value: "-1": must be greater than or equal to 0',
        'spec.template.spec.containers[1].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"',
      ],
    ],
    [
      'the host-network ports after the init containers, the affinity after the restart policy',
      deployment({
        hostNetwork: true,
        initContainers: [{ name: 'setup', image: 'i', ports: [{ containerPort: 70, hostPort: 71 }], resources: { requests: { gpu: '1' } } }],
        affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 0, podAffinityTerm: { labelSelector: {}, topologyKey: 'zone' } }] } },
      }, { ports: [{ containerPort: 80, hostPort: 8080 }] }),
      [
        'spec.template.spec.initContainers[0].resources.requests[gpu]: Invalid value: "gpu": must be a standard resource for containers',
        'spec.template.spec.containers[0].ports[0].hostPort: Invalid value: 8080: must match `containerPort` when `hostNetwork` is true',
        'spec.template.spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100',
      ],
    ],
    [
      "a Job's activeDeadlineSeconds (ValidatePodTemplateSpecForReplicaSet)",
      deployment({ activeDeadlineSeconds: 600 }),
      ['spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported'],
    ],
    [
      'an activeDeadlineSeconds of 0, out of its range first',
      deployment({ activeDeadlineSeconds: 0 }),
      [
        'spec.template.spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive',
        'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported',
      ],
    ],
  ])('refuses %s with the API server message', (_what, d, want) => {
    expect(errors(d)).toEqual(want);
  });

  it('accepts requests within limits, and stores quantities in canonical form', () => {
    const d = deployment({}, { resources: { requests: { cpu: '0.5', memory: '1.5Gi' }, limits: { cpu: 1 } } });
    expect(errors(d)).toEqual([]);
    expect(d.spec.template.spec.containers[0]?.resources).toEqual({ limits: { cpu: '1' }, requests: { cpu: '500m', memory: '1536Mi' } });
  });
});

describe('validateDaemonSetSpec', () => {
  it("refuses a Job's activeDeadlineSeconds in the template, in the DaemonSet's words", () => {
    const ds = setDefaultsDaemonSet({
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'agent' },
      spec: {
        selector: { matchLabels: { app: 'agent' } },
        template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'c', image: 'i' }], activeDeadlineSeconds: 60 } },
      },
    } as DaemonSet);
    expect(validateObject(ds).map(fieldErrorString)).toEqual(['spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in DaemonSet is not Supported']);
  });
});
