import { describe, expect, it } from 'vitest';
import type { Deployment, Pod } from '../../api/types.ts';
import { objects, settledCluster, web, webDeployment } from '../../sim/executeTestEngine.ts';
import { newTx } from '../../client/tx.ts';
import { type ApiRequest, dropNulls, prepareRequest } from './write.ts';
import { runRequest } from '../../client/request.ts';

const D = '/apis/apps/v1/namespaces/default/deployments';

function run(req: ApiRequest) {
  const st = settledCluster();
  const tx = newTx(st, 'user');
  return { st, res: runRequest(tx, req), writes: tx.writes };
}

function manifest(name: string, replicas = 2): Deployment {
  const d = webDeployment(replicas);
  return { ...d, metadata: { ...d.metadata, name } };
}

describe('prepareRequest', () => {
  it.each<[string, ApiRequest, number, string]>([
    ['creates a new Deployment', { method: 'POST', path: D, body: manifest('api') }, 201, ''],
    ['refuses a name that exists', { method: 'POST', path: D, body: webDeployment() }, 409, 'deployments.apps "web" already exists'],
    [
      'refuses an invalid spec with the field path',
      { method: 'POST', path: D, body: manifest('bad', -3) },
      422,
      'Deployment.apps "bad" is invalid: spec.replicas: Invalid value: -3: must be greater than or equal to 0',
    ],
    [
      'refuses a body from another namespace',
      { method: 'POST', path: D, body: { ...manifest('x'), metadata: { name: 'x', namespace: 'prod' } } },
      400,
      'the namespace of the provided object does not match the namespace sent on the request',
    ],
    ['says what is missing', { method: 'PATCH', path: `${D}/nope`, contentType: 'application/merge-patch+json', body: {} }, 404, 'deployments.apps "nope" not found'],
    [
      'refuses a stale resourceVersion',
      { method: 'PATCH', path: `${D}/web`, contentType: 'application/merge-patch+json', body: { metadata: { resourceVersion: '1' }, spec: { replicas: 3 } } },
      409,
      'Operation cannot be fulfilled on deployments.apps "web"',
    ],
    [
      'refuses a patch type it does not take',
      { method: 'PATCH', path: `${D}/web`, contentType: 'application/apply-patch+yaml', body: {} },
      415,
      'the body of the request was in an unknown format',
    ],
    ['refuses a URL without a resource', { method: 'POST', path: '/apis/apps/v1/namespaces/default/widgets', body: {} }, 404, 'the server could not find the requested resource'],
  ])('%s', (_, req, code, message) => {
    const { res } = run(req);
    expect(res.code).toBe(code);
    if (message) expect((res.body as { message: string }).message).toContain(message);
  });

  it('writes nothing when it refuses', () => {
    const st = settledCluster();
    const rv = st.store.rv;
    const p = prepareRequest(st, { method: 'POST', path: D, body: manifest('bad', -1) });
    expect(p.ok).toBe(false);
    expect(st.store.rv).toBe(rv);
  });

  it('asks the decode hook and passes its warnings on', () => {
    const st = settledCluster();
    const p = prepareRequest(st, { method: 'POST', path: `${D}?fieldValidation=Warn`, body: manifest('api') }, { decode: () => ({ warnings: ['unknown field "spec.replica"'] }) });
    expect(p.ok && p.warnings).toEqual(['unknown field "spec.replica"']);
    const q = prepareRequest(st, { method: 'POST', path: D, body: manifest('api') }, { decode: () => ({ error: 'strict decoding error' }) });
    expect(q.ok ? 0 : q.status.code).toBe(400);
  });
});

describe('runRequest', () => {
  it('sets the image with a strategic merge patch that keys containers by name', () => {
    const body = { spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'nginx' }], containers: [{ image: 'nginx:1.27', name: 'nginx' }] } } } };
    const { st, res } = run({ method: 'PATCH', path: `${D}/web?fieldManager=kubectl-set`, contentType: 'application/strategic-merge-patch+json', body });
    expect(res.code).toBe(200);
    expect(web(st).spec.template.spec.containers).toEqual([expect.objectContaining({ name: 'nginx', image: 'nginx:1.27' })]);
    expect(web(st).metadata.generation).toBe(2);
  });

  it('scales through the scale subresource and answers a Scale', () => {
    const { st, res } = run({ method: 'PATCH', path: `${D}/web/scale`, contentType: 'application/merge-patch+json', body: { spec: { replicas: 7 } } });
    expect(res).toMatchObject({ code: 200, body: { kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 7 }, status: { selector: 'app=web' } } });
    expect(web(st).spec.replicas).toBe(7);
  });

  it('replaces the template with a JSON patch (rollout undo)', () => {
    const template = { ...webDeployment().spec.template, spec: { containers: [{ name: 'nginx', image: 'nginx:1.7' }] } };
    const { st, res } = run({ method: 'PATCH', path: `${D}/web`, contentType: 'application/json-patch+json', body: [{ op: 'replace', path: '/spec/template', value: template }] });
    expect(res.code).toBe(200);
    expect(web(st).spec.template.spec.containers[0]?.image).toBe('nginx:1.7');
  });

  it('deletes a bound pod gracefully and evicts one with a 201 Status', () => {
    const st = settledCluster();
    const [a, b] = objects(st, 'Pod') as [Pod, Pod];
    const del = runRequest(newTx(st, 'user'), { method: 'DELETE', path: `/api/v1/namespaces/default/pods/${a.metadata.name}`, body: { gracePeriodSeconds: 5 } });
    expect(del.code).toBe(200);
    expect((del.body as Pod).metadata.deletionGracePeriodSeconds).toBe(5);
    const ev = runRequest(newTx(st, 'user'), {
      method: 'POST',
      path: `/api/v1/namespaces/default/pods/${b.metadata.name}/eviction`,
      body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: b.metadata.name, namespace: 'default' } },
    });
    expect(ev).toMatchObject({ code: 201, body: { kind: 'Status', status: 'Success' } });
    expect(st.store.objects.Pod.get(`default/${b.metadata.name}`)?.metadata.deletionTimestamp).toBeDefined();
  });

  it('refuses a PUT whose name differs from the URL', () => {
    const { res } = run({ method: 'PUT', path: `${D}/web`, body: manifest('other') });
    expect(res).toMatchObject({ code: 400, body: { message: 'the name of the object (other) does not match the name on the URL (web)' } });
  });
});

describe('dropNulls', () => {
  it('drops null members of mappings at any depth', () => {
    expect(dropNulls({ a: null, b: { c: null, d: 1 }, e: [{ f: null }] })).toEqual({ b: { d: 1 }, e: [{}] });
  });
});

describe('prepareRequest of an autoscaling/v1 HorizontalPodAutoscaler', () => {
  const H1 = '/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers';
  const body = { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web' }, spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 5, targetCPUUtilizationPercentage: 70 } };

  it('stores the v1 body as v2, with the v1 default of minReplicas', () => {
    const { res } = run({ method: 'POST', path: H1, body });
    expect(res.code).toBe(201);
    const stored = res.body as { apiVersion: string; spec: unknown };
    expect(stored.apiVersion).toBe('autoscaling/v2');
    expect(stored.spec).toEqual({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      minReplicas: 1,
      maxReplicas: 5,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
    });
  });

  it.each<[string, unknown, number, string]>([
    ['a v2 body on the v1 path', { ...body, apiVersion: 'autoscaling/v2' }, 400, 'the API version in the data (autoscaling/v2) does not match the expected API version (autoscaling/v1)'],
    [
      'a target of 0 %, named by the internal field path',
      { ...body, spec: { ...body.spec, targetCPUUtilizationPercentage: 0 } },
      422,
      'HorizontalPodAutoscaler.autoscaling "web" is invalid: spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0',
    ],
  ])('refuses %s', (_name, sent, code, message) => {
    const { res } = run({ method: 'POST', path: H1, body: sent });
    expect(res.code).toBe(code);
    expect((res.body as { message: string }).message).toBe(message);
  });
});
