import { describe, expect, it } from 'vitest';
import type { Deployment } from '../api/types.ts';
import { advance, kubectl, settledCluster, webDeployment } from '../sim/executeTestEngine.ts';

/** payments is the web Deployment in namespace payments. */
function payments(): Deployment {
  const d = webDeployment(2);
  return { ...d, metadata: { ...d.metadata, namespace: 'payments' } };
}

describe('executeKubectl in namespaces', () => {
  it('lists the system namespaces and the one a workload brought, as kubectl get ns prints them', () => {
    const st = settledCluster([webDeployment(1), payments()]);
    const out = kubectl(st, 'get ns');
    expect(out.ok).toBe(true);
    expect(out.output.split('\n').map((l) => l.split(/\s+/).slice(0, 2).join(' '))).toEqual([
      'NAME STATUS',
      'default Active',
      'kube-node-lease Active',
      'kube-public Active',
      'kube-system Active',
      'payments Active',
    ]);
    expect(kubectl(st, 'get namespace nope')).toEqual({ ok: false, output: 'Error from server (NotFound): namespaces "nope" not found' });
  });

  it('reads and writes in the namespace -n names, and says what is missing in kubectl words', () => {
    const st = settledCluster([payments()]);
    expect(kubectl(st, 'get deploy')).toEqual({ ok: true, output: 'No resources found in default namespace.' });
    expect(kubectl(st, 'get deploy -n payments').output).toMatch(/^NAME\s+READY/);
    expect(kubectl(st, 'scale deployment/web --replicas=3')).toEqual({
      ok: false,
      output: 'Error from server (NotFound): deployments.apps "web" not found',
    });
    expect(kubectl(st, 'scale deployment/web --replicas=3 -n payments')).toEqual({ ok: true, output: 'deployment.apps/web scaled' });
    expect(kubectl(st, 'get deploy -n nope')).toEqual({ ok: true, output: 'No resources found in nope namespace.' });
    expect(kubectl(st, '--namespace payments rollout status deployment/web')).toEqual({
      ok: true,
      output: 'Waiting for deployment spec update to be observed...',
    });
    expect(kubectl(st, 'describe deployment web -n payments').output).toMatch(/Namespace:\s+payments/);
  });

  it('lists every namespace with -A, with kubectl NAMESPACE column, and refuses a name with it', () => {
    const st = settledCluster([webDeployment(1), payments()]);
    const out = kubectl(st, 'get deploy -A');
    expect(out.output.split('\n').map((l) => l.split(/\s+/).slice(0, 2).join(' '))).toEqual(['NAMESPACE NAME', 'default web', 'payments web']);
    expect(kubectl(st, 'get deploy web -A')).toEqual({ ok: false, output: 'error: a resource cannot be retrieved by name across all namespaces' });
    expect(kubectl(st, 'get ds -A')).toEqual({ ok: true, output: 'No resources found' });
    expect(kubectl(st, 'delete namespace payments')).toEqual({ ok: true, output: 'namespace "payments" deleted' });
  });

  it('lists -A in etcd key order, namespace/name byte by byte: team-a before team', () => {
    const inNs = (ns: string): Deployment => {
      const d = webDeployment(1);
      return { ...d, metadata: { ...d.metadata, namespace: ns } };
    };
    const st = settledCluster([inNs('team'), inNs('team-a')]);
    const out = kubectl(st, 'get deploy -A');
    // '/registry/deployments/team-a/web' sorts before '/registry/deployments/team/web': '-' is 0x2d, '/' 0x2f.
    expect(out.output.split('\n').map((l) => l.split(/\s+/).slice(0, 2).join(' '))).toEqual(['NAMESPACE NAME', 'team-a web', 'team web']);
  });

  it('creates a missing namespace on first use when apply -f - writes into it (NamespaceAutoProvision)', () => {
    const st = settledCluster([]);
    const d = webDeployment(1);
    expect(kubectl(st, 'apply -f -', { ...d, metadata: { ...d.metadata, namespace: 'shop' } })).toEqual({ ok: true, output: 'deployment.apps/web created' });
    expect(st.store.objects.Namespace.get('shop')?.metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'shop' });
    advance(st, 20);
    expect(kubectl(st, 'get pods -n shop').output).toMatch(/web-\S+\s+1\/1\s+Running/);
  });

  it('refuses a namespace that is not a DNS label with the API server message when apply -f - runs', () => {
    const st = settledCluster([]);
    const d = webDeployment(1);
    const out = kubectl(st, 'apply -f -', { ...d, metadata: { ...d.metadata, namespace: 'Pay_ments' } });
    expect(out.ok).toBe(false);
    expect(out.output).toMatch(/^The Deployment "web" is invalid: metadata\.namespace: Invalid value: "Pay_ments": a lowercase RFC 1123 label/);
    expect(st.store.objects.Namespace.has('Pay_ments')).toBe(false);
  });

  it('refuses a probe without a handler when apply -f - runs', () => {
    const st = settledCluster([]);
    const d = webDeployment(1);
    const containers = [{ name: 'nginx', image: 'nginx:1.8', readinessProbe: { periodSeconds: 5 } }];
    const bad = { ...d, spec: { ...d.spec, template: { ...d.spec.template, spec: { containers } } } };
    expect(kubectl(st, 'apply -f -', bad)).toEqual({
      ok: false,
      output: 'The Deployment "web" is invalid: spec.template.spec.containers[0].readinessProbe: Required value: must specify a handler type',
    });
  });

  it('applies a v1 Namespace: created, then configured when its labels change', () => {
    const st = settledCluster([]);
    const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team', labels: { owner: 'a' } } };
    expect(kubectl(st, 'apply -f -', ns)).toEqual({ ok: true, output: 'namespace/team created' });
    expect(kubectl(st, 'apply -f -', ns)).toEqual({ ok: true, output: 'namespace/team unchanged' });
    expect(kubectl(st, 'apply -f -', { ...ns, metadata: { name: 'team', labels: { owner: 'b' } } })).toEqual({ ok: true, output: 'namespace/team configured' });
  });
});
