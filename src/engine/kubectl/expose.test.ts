import { describe, expect, it } from 'vitest';
import type { Service } from '../api/policyTypes.ts';
import type { KubeObject } from '../api/types.ts';
import { kubectl, objects, runTicks, settledCluster } from '../sim/executeTestEngine.ts';
import type { EngineState } from '../sim/state.ts';
import { parseLabels } from './executeExpose.ts';

/** web (no container port, no labels of its own) and api (two ports, one UDP; labels app and tier), as in a kubectl 1.32.4 session against a cluster. */
function cluster(): EngineState {
  const st = settledCluster([]);
  const web = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'web:1' }] } } } };
  const api = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'api', labels: { app: 'api', tier: 'back' } },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'api' } },
      template: { metadata: { labels: { app: 'api' } }, spec: { containers: [{ name: 'api', image: 'api:1', ports: [{ containerPort: 8080, name: 'http' }, { containerPort: 9090, protocol: 'UDP' }] }] } },
    },
  };
  const ds = { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent' }, spec: { selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image: 'agent:1' }] } } } };
  for (const o of [web, api, ds]) kubectl(st, 'apply -f -', o);
  return st;
}

describe('parseLabels', () => {
  it.each([
    ['a=b,c=d', { map: { a: 'b', c: 'd' } }],
    ['a=', { map: { a: '' } }],
    ['bad', { error: 'unexpected label spec: bad' }],
    ['a=b=c', { error: 'unexpected label spec: a=b=c' }],
    ['=x', { error: 'unexpected empty label key' }],
  ])('reads %j as generate.ParseLabels does', (spec, want) => {
    expect(parseLabels(spec)).toEqual(want);
  });
});

describe('kubectl expose', () => {
  // Each line's answer is kubectl 1.32.4's against a cluster holding the same objects.
  it.each([
    ['expose deployment web', "error: couldn't find port via --port flag or introspection"],
    ['expose deploy', 'error: resource(s) were provided, but no name was specified'],
    ['expose ds agent --port=80', 'error: cannot expose a DaemonSet.apps'],
    ['expose deployment nope --port=80', 'Error from server (NotFound): deployments.apps "nope" not found'],
    ['expose deployment web --port=abc', 'error: strconv.Atoi: parsing "abc": invalid syntax'],
    ['expose deploy api --port=80 -l bad --dry-run=client', 'error: unexpected label spec: bad'],
    ['expose deployment web --port=80 --type=Foo', 'The Service "web" is invalid: spec.type: Unsupported value: "Foo": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"'],
    ['expose deploy api --port=-1 --name=api5', 'The Service "api5" is invalid: spec.ports[0].port: Invalid value: -1: must be between 1 and 65535, inclusive'],
    ['expose svc kubernetes --name=k2', "error: couldn't retrieve selectors via --selector flag or introspection: the service has no pod selector set"],
  ])('refuses `%s` in kubectl’s words', (line, output) => {
    expect(kubectl(cluster(), line)).toEqual({ ok: false, output });
  });

  it('builds the Service from the container ports, their protocols and the Deployment’s labels (--dry-run=client)', () => {
    expect(kubectl(cluster(), 'expose deployment api --dry-run=client -o yaml').output).toBe(
      [
        'apiVersion: v1',
        'kind: Service',
        'metadata:',
        '  creationTimestamp: null',
        '  labels:',
        '    app: api',
        '    tier: back',
        '  name: api',
        'spec:',
        '  ports:',
        '  - name: port-1',
        '    port: 8080',
        '    protocol: TCP',
        '    targetPort: 8080',
        '  - name: port-2',
        '    port: 9090',
        '    protocol: UDP',
        '    targetPort: 9090',
        '  selector:',
        '    app: api',
        'status:',
        '  loadBalancer: {}',
      ].join('\n'),
    );
  });

  it.each<[string, Record<string, unknown>]>([
    ['--port=80 --target-port=http --name=api-svc --type=NodePort', { metadata: { name: 'api-svc' }, spec: { ports: [{ port: 80, protocol: 'TCP', targetPort: 'http' }], type: 'NodePort', selector: { app: 'api' } } }],
    [
      '--port=80 --protocol=UDP --selector=app=api,tier=x --labels=a=b',
      { metadata: { name: 'api', labels: { a: 'b' } }, spec: { ports: [{ port: 80, protocol: 'UDP', targetPort: 80 }], selector: { app: 'api', tier: 'x' } } },
    ],
    ['--port=80 --cluster-ip=None --external-ip=1.2.3.4', { metadata: { name: 'api' }, spec: { ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }], clusterIP: 'None', externalIPs: ['1.2.3.4'] } }],
  ])('takes %s', (flags, want) => {
    const out = kubectl(cluster(), `expose deploy api ${flags} --dry-run=client -o json`);
    expect(JSON.parse(out.output) as Service).toMatchObject(want);
  });

  it('creates the Service, whose endpoints follow the pods, and refuses it a second time', () => {
    const st = cluster();
    expect(kubectl(st, 'expose deployment web --port=80 --type=NodePort')).toEqual({ ok: true, output: 'service/web exposed' });
    expect(kubectl(st, 'expose deployment web --port=80')).toEqual({ ok: false, output: 'Error from server (AlreadyExists): services "web" already exists' });
    expect(kubectl(st, 'expose deployment web --port=80 --name=web2 --dry-run=server')).toEqual({ ok: true, output: 'service/web2 exposed (server dry run)' });
    runTicks(st, 30);
    const svc = objects(st, 'Service').find((s) => s.metadata.name === 'web') as Service | undefined;
    expect(svc?.spec.ports?.[0]?.nodePort).toBeGreaterThanOrEqual(30000);
    expect(objects(st, 'Service').some((s) => s.metadata.name === 'web2')).toBe(false);
    const slice = objects(st, 'EndpointSlice').find((s: KubeObject) => s.metadata.labels?.['kubernetes.io/service-name'] === 'web') as { endpoints?: unknown[] } | undefined;
    expect(slice?.endpoints?.length).toBe(2);
  });
});

describe('a Service switched between ClusterIP and NodePort', () => {
  it('gets a node port as NodePort and loses it as ClusterIP, as the registry treats the update', () => {
    const st = cluster();
    kubectl(st, 'expose deployment web --port=80');
    const ports = () => (objects(st, 'Service').find((s) => s.metadata.name === 'web') as Service | undefined)?.spec.ports?.[0];
    expect(ports()?.nodePort).toBeUndefined();
    expect(kubectl(st, `patch svc web -p '{"spec":{"type":"NodePort"}}'`)).toEqual({ ok: true, output: 'service/web patched' });
    expect(ports()?.nodePort).toBeGreaterThanOrEqual(30000);
    expect(kubectl(st, `patch svc web -p '{"spec":{"type":"ClusterIP"}}'`)).toEqual({ ok: true, output: 'service/web patched' });
    expect(ports()?.nodePort).toBeUndefined();
  });
});
