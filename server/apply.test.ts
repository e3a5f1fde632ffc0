import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../src/engine/api/types.ts';
import { webDeployment } from '../src/engine/sim/executeTestEngine.ts';
import type { Scenario } from '../src/scenario/types.ts';
import { createEngine, runUntil } from '../src/engine/sim.ts';
import { parseScenarioText } from '../src/scenario/parse.ts';
import { toSimConfig } from '../src/scenario/toSimConfig.ts';
import { scenarioToYaml } from '../src/scenario/yamlIo.ts';
import { decodeApplyBody } from './apply.ts';
import { LiveCluster } from './live.ts';
import { actorWriters } from './managedFields.ts';

const D = '/apis/apps/v1/namespaces/default/deployments';
const APPLY = 'application/apply-patch+yaml';
const base: Scenario = { version: 1, name: 'apply', cluster: { nodes: 2 }, objects: [], actions: [] };

function live(): LiveCluster {
  let t = 0;
  const l = new LiveCluster(base, { speed: 1, clock: () => (t += 100) });
  return l;
}

const config = (replicas: number, image = 'nginx:1.26') => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: { replicas, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image }] } } },
});

describe('LiveCluster.write with an apply patch', () => {
  it.each([
    [{ fieldManager: '' }, config(1), 422, 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch'],
    [{ fieldManager: 'm' }, { ...config(1), kind: undefined }, 400, `Object 'Kind' is missing in`],
    [{ fieldManager: 'm' }, { ...config(1), metadata: { name: 'web', managedFields: [] } }, 400, 'metadata.managedFields must be nil'],
  ])('refuses %j with one clear Status', (q, body, code, message) => {
    const l = live();
    const out = l.write({ method: 'PATCH', path: `${D}/web?${new URLSearchParams(q as Record<string, string>)}`, contentType: APPLY, body });
    expect(out.code).toBe(code);
    expect((out.body as { message: string }).message).toContain(message);
  });

  it('refuses force on a patch that is not an apply', () => {
    const out = live().write({ method: 'PATCH', path: `${D}/web?force=true`, contentType: 'application/merge-patch+json', body: {} });
    expect([out.code, (out.body as { message: string }).message]).toEqual([422, 'PatchOptions.meta.k8s.io "" is invalid: force: Forbidden: may not be specified for non-apply patch']);
  });

  it('creates, then answers a conflict with kube-apiserver’s Status after another manager changed the field', () => {
    const l = live();
    expect(l.write({ method: 'PATCH', path: `${D}/web?fieldManager=ci`, contentType: APPLY, body: config(2) }).code).toBe(201);
    expect(l.write({ method: 'PATCH', path: `${D}/web/scale`, contentType: 'application/merge-patch+json', body: { spec: { replicas: 4 } } }, { userAgent: 'kubectl/v1.32.4 (linux/amd64)' }).code).toBe(200);
    const out = l.write({ method: 'PATCH', path: `${D}/web?fieldManager=ci`, contentType: APPLY, body: config(3) });
    expect(out).toEqual({
      code: 409,
      body: {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas',
        reason: 'Conflict',
        details: { causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "kubectl" with subresource "scale" using apps/v1', field: '.spec.replicas' }] },
        code: 409,
      },
    });
  });

  it('writes nothing under dryRun=All', () => {
    const l = live();
    const out = l.write({ method: 'PATCH', path: `${D}/web?fieldManager=ci&dryRun=All`, contentType: APPLY, body: config(2) });
    expect(out.code).toBe(201);
    expect(l.st.store.objects.Deployment.size).toBe(0);
  });

  it('serves the apply’s entry on the stored object', () => {
    const l = live();
    l.write({ method: 'PATCH', path: `${D}/web?fieldManager=ci`, contentType: APPLY, body: config(2) });
    const obj = l.st.store.objects.Deployment.get('default/web') as KubeObject;
    const served = l.withManagedFields(obj).metadata as { managedFields?: { manager: string; operation: string }[] };
    expect(served.managedFields?.[0]).toMatchObject({ manager: 'ci', operation: 'Apply', apiVersion: 'apps/v1', fieldsType: 'FieldsV1' });
  });
});

describe('a recorded session with applies', () => {
  it('replays, from its scenario text, to the same store', () => {
    let t = 0;
    const l = new LiveCluster(base, { speed: 1, clock: () => t });
    t = 5_000;
    l.write({ method: 'PATCH', path: `${D}/web?fieldManager=ci`, contentType: APPLY, body: config(2) });
    l.write({ method: 'PATCH', path: `${D}/web/scale`, contentType: 'application/merge-patch+json', body: { spec: { replicas: 4 } } }, { userAgent: 'kubectl/v1.32.4' });
    l.write({ method: 'PATCH', path: `${D}/web?fieldManager=ci&force=true`, contentType: APPLY, body: config(3, 'nginx:1.27') });
    l.write({ method: 'PATCH', path: `${D}/web?fieldManager=ci`, contentType: APPLY, body: { ...config(3, 'nginx:1.27'), metadata: { name: 'web', labels: { tier: 'front' } } } });
    t = 60_000;
    l.advance();
    const parsed = parseScenarioText(scenarioToYaml(l.scenario));
    if (!parsed.ok) throw new Error(parsed.errors[0]);
    const replay = createEngine(toSimConfig(parsed.value));
    runUntil(replay, 60_000);
    expect(replay.store.rv).toBe(l.st.store.rv);
    for (const kind of ['Deployment', 'ReplicaSet', 'Pod'] as const) {
      expect([...replay.store.objects[kind].entries()]).toEqual([...l.st.store.objects[kind].entries()]);
    }
    const d = l.st.store.objects.Deployment.get('default/web') as KubeObject & { spec: { replicas: number } };
    expect([d.spec.replicas, d.metadata.labels]).toEqual([3, { tier: 'front' }]);
  });
});

describe('LiveCluster.write with managedFields from the client', () => {
  it('refuses an entry of a wrong shape with ObjectMeta validation’s 422', () => {
    const l = live();
    l.write({ method: 'PATCH', path: `${D}/web?fieldManager=ci`, contentType: APPLY, body: config(2) });
    const out = l.write({
      method: 'PATCH',
      path: `${D}/web`,
      contentType: 'application/merge-patch+json',
      body: { metadata: { managedFields: [{ manager: 'x', operation: 'Patch', fieldsType: 'FieldsV2', fieldsV1: {} }] } },
    });
    expect(out.code).toBe(422);
    expect((out.body as { message: string }).message).toBe(
      'Deployment.apps "web" is invalid: [metadata.managedFields[0].operation: Invalid value: "Patch": must be `Apply` or `Update`, metadata.managedFields[0].fieldsType: Invalid value: "FieldsV2": must be `FieldsV1`]',
    );
  });

  it('takes entries a client sets, with no tick when nothing else changes', () => {
    const l = live();
    l.write({ method: 'PATCH', path: `${D}/web?fieldManager=ci`, contentType: APPLY, body: config(2) });
    const actions = l.scenario.actions?.length;
    const entry = { manager: 'mine', operation: 'Update', apiVersion: 'apps/v1', time: '2026-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:replicas': {} } } };
    const out = l.write({ method: 'PATCH', path: `${D}/web`, contentType: 'application/merge-patch+json', body: { metadata: { managedFields: [entry] } } });
    expect(out.code).toBe(200);
    expect(l.scenario.actions?.length).toBe(actions);
    expect((out.body as KubeObject).metadata).toMatchObject({ managedFields: [entry] });
  });
});

describe('decodeApplyBody', () => {
  it.each([
    ['- a\n- b\n', 'error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go value of type map[string]interface {}'],
    ['{a: [', 'error decoding YAML: '],
  ])('refuses %j', (raw, message) => {
    const d = decodeApplyBody(raw);
    expect('status' in d && d.status.message).toContain(message);
  });
});

describe('actorWriters', () => {
  const d = webDeployment(2) as unknown as KubeObject;
  const scaled = { ...d, spec: { ...(d as { spec: object }).spec, replicas: 5 } } as unknown as KubeObject;
  it.each([
    ['deployment-controller', d, { manager: 'kube-controller-manager', subresource: '' }, { manager: 'kube-controller-manager', subresource: 'status' }],
    ['kubelet/node-1', d, { manager: 'kubelet', subresource: '' }, { manager: 'kubelet', subresource: 'status' }],
    ['horizontal-pod-autoscaler', scaled, { manager: 'kube-controller-manager', subresource: 'scale' }, { manager: 'kube-controller-manager', subresource: 'status' }],
    ['user', scaled, { manager: 'kubectl', subresource: 'scale' }, { manager: 'kube-controller-manager', subresource: 'status' }],
  ])('names %s’s writes as a cluster records them', (actor, next, main, status) => {
    const w = actorWriters(actor, d, next);
    expect(w.main).toMatchObject({ ...main, operation: 'Update', apiVersion: 'apps/v1' });
    expect(w.status).toMatchObject(status);
  });
});
