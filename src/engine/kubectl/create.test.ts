import { describe, expect, it } from 'vitest';
import type { Deployment } from '../api/types.ts';
import { kubectl, settledCluster } from '../sim/executeTestEngine.ts';

// The messages are those the real kubectl 1.32 printed for the same lines against `npm run serve`.
describe('kubectl create deployment', () => {
  it('creates the Deployment kubectl builds, defaulted by the API server, and runs it', () => {
    const st = settledCluster([]);
    expect(kubectl(st, 'create deployment web --image=nginx:1.27 --replicas=2')).toEqual({ ok: true, output: 'deployment.apps/web created' });
    const d = st.store.objects.Deployment.get('default/web') as Deployment;
    expect(d.metadata.labels).toEqual({ app: 'web' });
    expect(d.spec.replicas).toBe(2);
    expect(d.spec.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } });
    expect(d.spec.template.spec.containers[0]?.name).toBe('nginx');
  });

  it.each([
    ['a second time', 'create deployment web --image=nginx', 'error: failed to create deployment: deployments.apps "web" already exists'],
    [
      'with a negative replica count',
      'create deployment bad --image=nginx --replicas=-1',
      'error: failed to create deployment: Deployment.apps "bad" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    ],
  ])('is refused in kubectl’s words %s', (_why, line, output) => {
    const st = settledCluster([]);
    kubectl(st, 'create deployment web --image=nginx');
    expect(kubectl(st, line)).toEqual({ ok: false, output });
  });

  it('stores nothing on a server dry run', () => {
    const st = settledCluster([]);
    expect(kubectl(st, 'create deployment web3 --image=nginx --dry-run=server')).toEqual({ ok: true, output: 'deployment.apps/web3 created (server dry run)' });
    expect(st.store.objects.Deployment.size).toBe(0);
  });

  it('names a container after an image with dots by the image and a random suffix', () => {
    const st = settledCluster([]);
    const out = kubectl(st, 'create deployment app --image=my_app.v1:2 --dry-run=client -o yaml').output;
    expect(out).toMatch(/\n {6}- image: my_app\.v1:2\n {8}name: my-app-v1-[bcdfghjklmnpqrstvwxz2456789]{5}\n/);
  });
});

describe('kubectl create namespace', () => {
  it.each([
    ['creates it', 'create namespace team-a', true, 'namespace/team-a created'],
    ['refuses it twice', 'create ns default', false, 'Error from server (AlreadyExists): namespaces "default" already exists'],
    [
      'refuses a bad name',
      'create ns Bad_NS',
      false,
      'The Namespace "Bad_NS" is invalid: metadata.name: Invalid value: "Bad_NS": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character (e.g. \'my-name\',  or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\')',
    ],
  ])('%s', (_why, line, ok, output) => {
    expect(kubectl(settledCluster([]), line)).toEqual({ ok, output });
  });

  it('validates a server dry run and stores nothing', () => {
    const st = settledCluster([]);
    expect(kubectl(st, 'create ns team-b --dry-run=server')).toEqual({ ok: true, output: 'namespace/team-b created (server dry run)' });
    expect(kubectl(st, 'create ns Bad_NS --dry-run=server').output).toMatch(/^The Namespace "Bad_NS" is invalid: metadata\.name: Invalid value: "Bad_NS"/);
    expect(st.store.objects.Namespace.has('team-b')).toBe(false);
  });
});
