import { describe, expect, it } from 'vitest';
import type { Service } from '../api/policyTypes.ts';
import type { KubeObject, Namespace } from '../api/types.ts';
import { newTx } from '../client/tx.ts';
import { kubectl, settledCluster, web, webDeployment } from '../sim/executeTestEngine.ts';
import type { EngineState } from '../sim/state.ts';
import { apiUpdate, serverUpdate } from './executeStore.ts';

/** The `web` Deployment, the `svc` Service and the `q` quota. */
function cluster(): EngineState {
  const st = settledCluster([webDeployment(1)]);
  kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'svc' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } });
  kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q' }, spec: { hard: { pods: '10' } } });
  return st;
}

const stored = <T extends KubeObject>(st: EngineState, kind: T['kind'], key: string): T => st.store.objects[kind].get(key) as T;

describe('serverUpdate', () => {
  it.each<[string, (st: EngineState) => KubeObject, number, string]>([
    [
      'a kind a client may not patch',
      (st) => {
        const e = stored(st, 'Endpoints', 'default/kubernetes');
        return { ...e, metadata: { ...e.metadata, labels: { a: 'b' } } };
      },
      405,
      'patch is not supported on resources of kind "endpoints"',
    ],
    ['an object that is not there', (st) => ({ ...web(st), metadata: { ...web(st).metadata, name: 'nope' } }), 404, 'deployments.apps "nope" not found'],
    [
      'a quota whose quantity does not decode',
      (st) => {
        const q = stored<KubeObject & { spec: object }>(st, 'ResourceQuota', 'default/q');
        return { ...q, spec: { hard: { pods: 'lots' } } } as KubeObject;
      },
      400,
      'ResourceQuota in version "v1" cannot be handled as a ResourceQuota',
    ],
    [
      'a Deployment invalid as an object and as an update',
      (st) => ({ ...web(st), spec: { ...web(st).spec, replicas: -1, selector: { matchLabels: { app: 'x' } }, template: { ...web(st).spec.template, metadata: { labels: { app: 'x' } } } } }),
      422,
      'Deployment.apps "web" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.selector: Invalid value: {"matchLabels":{"app":"x"}}: field is immutable]',
    ],
    [
      'a Service asking for a node port out of the range',
      (st) => {
        const s = stored<Service>(st, 'Service', 'default/svc');
        return { ...s, spec: { ...s.spec, type: 'NodePort', ports: [{ port: 80, nodePort: 20000 }] } } as KubeObject;
      },
      422,
      'spec.ports[0].nodePort: Invalid value: 20000: provided port is not in the valid range. The range of valid ports is 30000-32767',
    ],
  ])('refuses %s as the served API does, writing nothing', (_what, next, code, message) => {
    const st = cluster();
    const rv = st.store.rv;
    const w = serverUpdate(newTx(st, 'user'), next(st));
    expect('status' in w && w.status.code).toBe(code);
    expect('status' in w && w.status.message).toContain(message);
    expect(st.store.rv).toBe(rv);
  });

  it('keeps the name label when an update of a namespace drops it, as the registry sets it', () => {
    const st = cluster();
    const ns = stored<Namespace>(st, 'Namespace', 'default');
    const w = serverUpdate(newTx(st, 'user'), { ...ns, metadata: { ...ns.metadata, labels: {} } });
    expect('status' in w).toBe(false);
    expect(stored<Namespace>(st, 'Namespace', 'default').metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'default' });
  });

  it('gives a Service switched to NodePort its node port, as executePlan does', () => {
    const st = cluster();
    const s = stored<Service>(st, 'Service', 'default/svc');
    const w = serverUpdate(newTx(st, 'user'), { ...s, spec: { ...s.spec, type: 'NodePort' } });
    expect(w).toMatchObject({ changed: true });
    expect(stored<Service>(st, 'Service', 'default/svc').spec.ports?.[0]?.nodePort).toBeGreaterThanOrEqual(30000);
  });

  it('answers changed false and keeps the resourceVersion when the update changes nothing', () => {
    const st = cluster();
    const rv = web(st).metadata.resourceVersion;
    expect(serverUpdate(newTx(st, 'user'), web(st))).toEqual({ object: web(st), changed: false });
    expect(web(st).metadata.resourceVersion).toBe(rv);
  });
});

describe('apiUpdate', () => {
  it('prints a refusal as kubectl’s CheckErr does when the served API refuses the update', () => {
    const st = cluster();
    expect(apiUpdate(newTx(st, 'user'), { ...web(st), spec: { ...web(st).spec, replicas: -2 } })).toEqual({
      error: 'The Deployment "web" is invalid: spec.replicas: Invalid value: -2: must be greater than or equal to 0',
    });
  });
});
