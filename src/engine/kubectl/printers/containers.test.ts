// The container printers of describe. The port cases are kubectl's TestDescribeContainerPorts
// (v0.36.3, pkg/describe/describe_test.go, port names since kubectl 1.34); the resource and
// container cases are TestDescribeResources' and TestDescribeContainers', their expected texts
// written out in full here.
import { describe, expect, it } from 'vitest';
import type { Container, ContainerPort, ContainerStatus } from '../../api/types.ts';
import { describeContainerHostPorts, describeContainerPorts, describeContainers, describeResources, type EnvVarResolverFunc } from './containers.ts';
import { PrefixWriter } from './podTemplate.ts';
import { tabbedString } from './tabwriter.ts';

function render(write: (w: PrefixWriter) => void): string {
  const w = new PrefixWriter();
  write(w);
  return w.segments.map(tabbedString).join('');
}

describe('describeContainerPorts', () => {
  it.each<[string, ContainerPort[], string, string]>([
    ['no ports', [], '', ''],
    ['container and host port, with name', [{ name: 'web', containerPort: 8080, hostPort: 8080, protocol: 'TCP' }], '8080/TCP (web)', '8080/TCP (web)'],
    ['container and host port, no name', [{ containerPort: 8080, hostPort: 8080, protocol: 'TCP' }], '8080/TCP', '8080/TCP'],
    [
      'multiple ports with mixed configuration',
      [
        { name: 'controller', containerPort: 9093, hostPort: 9093, protocol: 'TCP' },
        { containerPort: 9092, protocol: 'TCP' },
        { name: 'interbroker', containerPort: 9094, hostPort: 9094, protocol: 'TCP' },
      ],
      '9093/TCP (controller), 9092/TCP, 9094/TCP (interbroker)',
      '9093/TCP (controller), 0/TCP, 9094/TCP (interbroker)',
    ],
    [
      'all ports with mixed configuration',
      [
        { name: 'controller', containerPort: 9093, hostPort: 9093, protocol: 'TCP' },
        { name: 'client', containerPort: 9092, hostPort: 9092, protocol: 'TCP' },
        { name: 'interbroker', containerPort: 9094, hostPort: 9094, protocol: 'TCP' },
      ],
      '9093/TCP (controller), 9092/TCP (client), 9094/TCP (interbroker)',
      '9093/TCP (controller), 9092/TCP (client), 9094/TCP (interbroker)',
    ],
  ])('lists the container and host ports of %s', (_, ports, container, host) => {
    expect(describeContainerPorts(ports)).toBe(container);
    expect(describeContainerHostPorts(ports)).toBe(host);
  });
});

describe('describeResources', () => {
  it.each([
    ['nothing when neither is set', {}, ''],
    [
      'Limits then Requests, each quantity canonical',
      { requests: { cpu: '1000', memory: '100Mi' }, limits: { cpu: '1000', memory: '100Mi' } },
      '  Limits:\n    cpu:     1k\n    memory:  100Mi\n  Requests:\n    cpu:     1k\n    memory:  100Mi\n',
    ],
    ['the limits alone', { limits: { cpu: '1000', memory: '100Mi' } }, '  Limits:\n    cpu:     1k\n    memory:  100Mi\n'],
    ['the requests alone', { requests: { cpu: '1000', memory: '100Mi' } }, '  Requests:\n    cpu:     1k\n    memory:  100Mi\n'],
  ])('writes %s', (_, resources, want) => {
    expect(render((w) => describeResources(resources, w, 1))).toBe(want);
  });
});

const waiting = (restartCount = 7): ContainerStatus => ({ name: 'test', state: {}, ready: true, restartCount, image: 'image', imageID: '' });

describe('describeContainers', () => {
  it.each<[string, Container, ContainerStatus | undefined, string]>([
    [
      'a container without a state as Waiting, with its status',
      { name: 'test', image: 'image' },
      waiting(),
      'Containers:\n  test:\n    Container ID:   \n    Image:          image\n    Image ID:       \n    Port:           <none>\n    Host Port:      <none>\n    State:          Waiting\n    Ready:          True\n    Restart Count:  7\n    Environment:    <none>\n    Mounts:         <none>\n',
    ],
    [
      'the envFrom sources before the variables',
      { name: 'test', image: 'image', env: [{ name: 'envname', value: 'xyz' }], envFrom: [{ prefix: 'p_', configMapRef: { name: 'a123' } }, { secretRef: { name: 'a123', optional: true } }] },
      undefined,
      "Containers:\n  test:\n    Image:      image\n    Port:       <none>\n    Host Port:  <none>\n    Environment Variables from:\n      a123  ConfigMap with prefix 'p_'  Optional: false\n      a123  Secret                      Optional: true\n    Environment:\n      envname:  xyz\n    Mounts:     <none>\n",
    ],
    [
      'a command with a newline, the rest of the line indented',
      { name: 'test', image: 'image', command: ['sleep', '1000\n2000'] },
      undefined,
      'Containers:\n  test:\n    Image:      image\n    Port:       <none>\n    Host Port:  <none>\n    Command:\n      sleep\n      1000\n      2000\n    Environment:  <none>\n    Mounts:       <none>\n',
    ],
    [
      'the block devices after the mounts',
      { name: 'test', image: 'image', volumeDevices: [{ name: 'volume-device', devicePath: '/dev/xvda' }] } as Container,
      undefined,
      'Containers:\n  test:\n    Image:        image\n    Port:         <none>\n    Host Port:    <none>\n    Environment:  <none>\n    Mounts:       <none>\n    Devices:      <none>\n      /dev/xvda from volume-device\n',
    ],
    [
      'the seccomp profile after the ports',
      { name: 'test', image: 'image', securityContext: { seccompProfile: { type: 'Localhost', localhostProfile: 'tikkamasalaconatiner' } } } as Container,
      undefined,
      'Containers:\n  test:\n    Image:               image\n    Port:                <none>\n    Host Port:           <none>\n    SeccompProfile:      Localhost\n      LocalhostProfile:  tikkamasalaconatiner\n    Environment:         <none>\n    Mounts:              <none>\n',
    ],
  ])('writes %s', (_, container, status, want) => {
    expect(render((w) => describeContainers('Containers', [container], status ? [status] : undefined, undefined, w, ''))).toBe(want);
  });

  it('reads a variable from a field of the pod through the resolver, and from a resource of the container itself', () => {
    const c: Container = {
      name: 'app',
      image: 'app:1',
      resources: { requests: { cpu: '250m', memory: '64Mi' }, limits: { memory: '128Mi' } },
      env: [
        { name: 'POD', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
        { name: 'IP', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'status.podIP' } } },
        { name: 'CPU_REQ', valueFrom: { resourceFieldRef: { resource: 'requests.cpu', divisor: '1m' } } },
        { name: 'MEM', valueFrom: { resourceFieldRef: { resource: 'limits.memory', divisor: '1Mi' } } },
        { name: 'CPU', valueFrom: { resourceFieldRef: { resource: 'limits.cpu' } } },
      ],
    };
    const resolve: EnvVarResolverFunc = (e) => (e.valueFrom?.fieldRef?.fieldPath === 'metadata.name' ? 'web-0' : '');
    const env = (space: string, r?: EnvVarResolverFunc) =>
      render((w) => describeContainers('Containers', [c], undefined, r, w, space))
        .split('\n')
        .filter((l) => /^\s+(POD|IP|CPU_REQ|MEM|CPU):/.test(l))
        .map((l) => l.trim().replace(/\s+/g, ' '));
    // An unset cpu limit reads 0, which describe shows as the node's allocatable.
    expect(env('', resolve)).toEqual(['POD: web-0 (v1:metadata.name)', 'IP: (v1:status.podIP)', 'CPU_REQ: 250 (requests.cpu)', 'MEM: 128 (limits.memory)', 'CPU: node allocatable (limits.cpu)']);
    // A Pod Template has no pod to read: its field variables are empty.
    expect(env('  ')[0]).toBe('POD: (v1:metadata.name)');
  });
});
