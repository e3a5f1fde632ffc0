// describeService against the expected texts of kubectl's TestDescribeService (v0.36.3,
// pkg/describe/describe_test.go): test1, test2, test-ready-field-empty, test-TrafficDistribution
// and test-AppProtocol, the Services and EndpointSlices as upstream builds them.
import { describe, expect, it } from 'vitest';
import type { EndpointSlice } from '../../api/discoveryTypes.ts';
import type { Service, ServiceSpec } from '../../api/policyTypes.ts';
import { describeService, formatEndpointSlices } from './describeService.ts';

type SpecExtra = { loadBalancerIP?: string; healthCheckNodePort?: number; trafficDistribution?: string; loadBalancerSourceRanges?: string[] };

function service(spec: Partial<ServiceSpec> & SpecExtra, ingress?: { ip: string; ipMode?: string }[]): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'bar', namespace: 'foo' },
    spec: {
      type: 'LoadBalancer',
      ports: [{ name: 'port-tcp', port: 8080, protocol: 'TCP', targetPort: 9527, nodePort: 31111 }],
      selector: { blah: 'heh' },
      clusterIP: '1.2.3.4',
      ipFamilies: ['IPv4'],
      loadBalancerIP: '5.6.7.8',
      sessionAffinity: 'None',
      externalTrafficPolicy: 'Local',
      internalTrafficPolicy: 'Cluster',
      healthCheckNodePort: 32222,
      ...spec,
    } as ServiceSpec,
    ...(ingress ? { status: { loadBalancer: { ingress } } } : {}),
  };
}

function slice(name: string, endpoints: [string, boolean | undefined][], protocol = 'TCP'): EndpointSlice {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name, namespace: 'foo', labels: { 'kubernetes.io/service-name': 'bar' } },
    addressType: 'IPv4',
    endpoints: endpoints.map(([ip, ready]) => ({ addresses: [ip], conditions: ready === undefined ? {} : { ready } })),
    ports: [{ name: 'port-tcp', port: 9527, protocol }],
  };
}

const head = (ingress: string | null) =>
  [
    'Name:                     bar',
    'Namespace:                foo',
    'Labels:                   <none>',
    'Annotations:              <none>',
    'Selector:                 blah=heh',
    'Type:                     LoadBalancer',
    'IP Families:              IPv4',
    'IP:                       1.2.3.4',
    'IPs:                      <none>',
    'Desired LoadBalancer IP:  5.6.7.8',
    ...(ingress === null ? [] : [`LoadBalancer Ingress:     ${ingress}`]),
    'Port:                     port-tcp  8080/TCP',
  ].join('\n');

describe('describeService', () => {
  it.each([
    {
      name: 'test1: the ingress IP with its ipMode, three ready endpoints',
      svc: service({}, [{ ip: '5.6.7.8', ipMode: 'VIP' }]),
      slices: [slice('bar-abcde', [['10.244.0.1', true], ['10.244.0.2', true], ['10.244.0.3', true]])],
      body: [
        'TargetPort:               9527/TCP',
        'NodePort:                 port-tcp  31111/TCP',
        'Endpoints:                10.244.0.1:9527,10.244.0.2:9527,10.244.0.3:9527',
        'Session Affinity:         None',
        'External Traffic Policy:  Local',
        'Internal Traffic Policy:  Cluster',
        'HealthCheck NodePort:     32222',
      ],
      ingress: '5.6.7.8 (VIP)',
    },
    {
      name: 'test2: a named target port, two slices, an unready endpoint skipped and one more counted',
      svc: service({ ports: [{ name: 'port-tcp', port: 8080, protocol: 'TCP', targetPort: 'targetPort', nodePort: 31111 }], internalTrafficPolicy: 'Local' }, [{ ip: '5.6.7.8' }]),
      slices: [
        slice('bar-12345', [['10.244.0.1', true], ['10.244.0.2', true]], 'UDP'),
        slice('bar-54321', [['10.244.0.3', false], ['10.244.0.4', true], ['10.244.0.5', true]], 'UDP'),
      ],
      body: [
        'TargetPort:               targetPort/TCP',
        'NodePort:                 port-tcp  31111/TCP',
        'Endpoints:                10.244.0.1:9527,10.244.0.2:9527,10.244.0.4:9527 + 1 more...',
        'Session Affinity:         None',
        'External Traffic Policy:  Local',
        'Internal Traffic Policy:  Local',
        'HealthCheck NodePort:     32222',
      ],
      ingress: '5.6.7.8',
    },
    {
      name: 'test-ready-field-empty: an endpoint without a ready condition counts as ready',
      svc: service({}),
      slices: [slice('bar-abcdef', [['10.244.0.1', undefined]])],
      body: [
        'TargetPort:               9527/TCP',
        'NodePort:                 port-tcp  31111/TCP',
        'Endpoints:                10.244.0.1:9527',
        'Session Affinity:         None',
        'External Traffic Policy:  Local',
        'Internal Traffic Policy:  Cluster',
        'HealthCheck NodePort:     32222',
      ],
      ingress: null,
    },
    {
      name: 'test-TrafficDistribution: the Service’s trafficDistribution (kubectl 1.34+)',
      svc: service({
        ports: [{ name: 'port-tcp', port: 8080, protocol: 'TCP', targetPort: 'targetPort', nodePort: 31111 }],
        trafficDistribution: 'PreferClose',
        internalTrafficPolicy: undefined,
      }),
      slices: [],
      body: [
        'TargetPort:               targetPort/TCP',
        'NodePort:                 port-tcp  31111/TCP',
        'Endpoints:                <none>',
        'Session Affinity:         None',
        'External Traffic Policy:  Local',
        'HealthCheck NodePort:     32222',
        'Traffic Distribution:     PreferClose',
      ],
      ingress: null,
    },
    {
      name: 'test-AppProtocol: a port’s appProtocol (kubectl 1.36)',
      svc: service({ ports: [{ name: 'port-tcp', port: 8080, protocol: 'TCP', appProtocol: 'example.com/custom-protocol', targetPort: 9527, nodePort: 31111 }] }, [
        { ip: '5.6.7.8', ipMode: 'VIP' },
      ]),
      slices: [slice('bar-abcde', [['10.244.0.1', true], ['10.244.0.2', true], ['10.244.0.3', true]])],
      body: [
        'TargetPort:               9527/TCP',
        'AppProtocol:              example.com/custom-protocol',
        'NodePort:                 port-tcp  31111/TCP',
        'Endpoints:                10.244.0.1:9527,10.244.0.2:9527,10.244.0.3:9527',
        'Session Affinity:         None',
        'External Traffic Policy:  Local',
        'Internal Traffic Policy:  Cluster',
        'HealthCheck NodePort:     32222',
      ],
      ingress: '5.6.7.8 (VIP)',
    },
  ])('prints $name', ({ svc, slices, body, ingress }) => {
    expect(describeService(svc, slices, [], 0)).toBe(`${head(ingress)}\n${body.join('\n')}\nEvents:                   <none>\n`);
  });

  it('prints the load balancer source ranges, and no Events line when none are given', () => {
    const out = describeService(service({ loadBalancerSourceRanges: ['10.0.0.0/8', '192.168.0.0/16'] }), [], undefined, 0);
    expect(out).toContain('\nHealthCheck NodePort:        32222\nLoadBalancer Source Ranges:  10.0.0.0/8,192.168.0.0/16\n');
    expect(out).not.toContain('Events:');
  });
});

describe('formatEndpointSlices', () => {
  it.each([
    ['no slices', [], '<none>'],
    ['only unready endpoints', [slice('a', [['10.0.0.1', false]])], ''],
    ['four ready', [slice('a', [['10.0.0.1', true], ['10.0.0.2', true], ['10.0.0.3', true], ['10.0.0.4', true]])], '10.0.0.1:9527,10.0.0.2:9527,10.0.0.3:9527 + 1 more...'],
    // The list is full when the fourth is looked at: "more" is marked before its readiness is.
    ['three ready then an unready one', [slice('a', [['10.0.0.1', true], ['10.0.0.2', true], ['10.0.0.3', true], ['10.0.0.4', false]])], '10.0.0.1:9527,10.0.0.2:9527,10.0.0.3:9527 + 0 more...'],
  ] as const)('lists %s', (_, slices, want) => {
    expect(formatEndpointSlices(slices, 'port-tcp')).toBe(want);
  });
});
