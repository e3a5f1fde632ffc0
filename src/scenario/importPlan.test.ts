import { describe, expect, it } from 'vitest';
import type { Deployment, Namespace } from '../engine/api/types.ts';
import { addToScenario, importActions, importName, type ImportedObjects, replaceScenario } from './importPlan.ts';
import type { Scenario, ScenarioObject } from './types.ts';
import { validateScenario } from './validate.ts';

function deployment(name: string, namespace?: string, replicas = 2): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, ...(namespace ? { namespace } : {}) },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx:1.9' }] } },
    },
  };
}

function namespace(name: string, labels?: Record<string, string>): Namespace {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name, ...(labels ? { labels } : {}) } };
}

const current: Scenario = {
  version: 1,
  name: 'Seed',
  seed: 7,
  cluster: { nodes: 2, images: { 'nginx:broken': { pull: 'fail' } } },
  controller: { watchDelaySeconds: 0.1 },
  objects: [deployment('nginx')],
  actions: [{ at: 30, kubectl: 'set image deployment/nginx c=nginx:2' }],
};

const imported: ImportedObjects = {
  type: 'objects',
  objects: [namespace('payments', { team: 'pay' }), deployment('checkout-api', 'payments', 30)],
  nodes: [{ name: 'pool-b-1', labels: { pool: 'b' }, allocatable: { cpu: '8', memory: '32Gi', pods: 110 } }],
  ignored: [],
  note: null,
};

describe('replaceScenario', () => {
  it('keeps only the nodes (plus the imported ones), the seed and the controller knobs', () => {
    const { scenario, lines } = replaceScenario(current, imported, 'checkout-api.yaml');
    expect(scenario).toEqual({
      version: 1,
      name: 'checkout-api',
      description: 'Imported from checkout-api.yaml: Namespace payments, Deployment payments/checkout-api, Node pool-b-1.',
      seed: 7,
      cluster: { nodes: [{ name: 'node-1' }, { name: 'node-2' }, imported.nodes[0]] },
      controller: { watchDelaySeconds: 0.1 },
      objects: imported.objects,
    });
    expect(lines).toEqual(['namespace/payments created', 'deployment.apps/checkout-api created', 'node/pool-b-1 created']);
    expect(validateScenario(scenario)).toEqual({ ok: true, value: scenario });
  });

  it('makes a Namespace document a Namespace object of the scenario; one the cluster has is configured', () => {
    const { scenario, lines } = replaceScenario(current, { ...imported, objects: [namespace('default', { a: 'b' }), ...imported.objects], nodes: [] }, null);
    expect(scenario.objects.filter((o) => o.kind === 'Namespace')).toEqual([namespace('default', { a: 'b' }), namespace('payments', { team: 'pay' })]);
    expect(lines).toEqual(['namespace/default configured', 'namespace/payments created', 'deployment.apps/checkout-api created']);
  });

  it('keeps a count of nodes as it is when no Node is imported', () => {
    const { scenario } = replaceScenario(current, { ...imported, nodes: [] }, null);
    expect(scenario.cluster).toEqual({ nodes: 2 });
    expect(scenario.name).toBe('checkout-api');
  });
});

describe('addToScenario', () => {
  it('adds the documents and keeps every scripted action, as apply would configure a same-named object', () => {
    const again = { ...imported, objects: [deployment('nginx', undefined, 5), ...imported.objects] };
    const { scenario, lines } = addToScenario(current, again);
    expect(scenario.actions).toEqual(current.actions);
    expect(scenario.objects.map((o) => [o.metadata.name, o.kind === 'Deployment' ? o.spec.replicas : o.kind])).toEqual([
      ['nginx', 5],
      ['payments', 'Namespace'],
      ['checkout-api', 30],
    ]);
    expect(scenario.cluster).toEqual({
      nodes: [{ name: 'node-1' }, { name: 'node-2' }, imported.nodes[0]],
      images: { 'nginx:broken': { pull: 'fail' } },
    });
    expect(lines).toEqual([
      'deployment.apps/nginx configured',
      'namespace/payments created',
      'deployment.apps/checkout-api created',
      'node/pool-b-1 created',
    ]);
    expect(validateScenario(scenario)).toEqual({ ok: true, value: scenario });
  });

  it('configures a Namespace the scenario already has, as an object or as the home of its workloads', () => {
    const withNs: Scenario = { ...current, objects: [namespace('payments'), deployment('api', 'payments'), deployment('web', 'shop')] };
    const imp = { ...imported, objects: [namespace('payments', { team: 'pay' }), namespace('shop', { team: 'shop' }), namespace('new')], nodes: [] };
    const { scenario, lines } = addToScenario(withNs, imp);
    expect(lines).toEqual(['namespace/payments configured', 'namespace/shop configured', 'namespace/new created']);
    expect(scenario.objects.filter((o) => o.kind === 'Namespace')).toEqual(imp.objects);
  });
});

describe('importActions', () => {
  it('adds the nodes first, then applies each object in the file’s order (the Namespace too)', () => {
    expect(importActions(imported)).toEqual([
      { at: 0, node: { name: 'pool-b-1', add: { labels: { pool: 'b' }, allocatable: { cpu: '8', memory: '32Gi', pods: 110 } } } },
      { at: 0, apply: imported.objects[0] },
      { at: 0, apply: imported.objects[1] },
    ]);
  });
});

describe('importName', () => {
  it.each<[string | null, string]>([
    ['checkout-api.yaml', 'checkout-api'],
    ['C:\\\\manifests\\\\web.yml', 'web'],
    ['', 'checkout-api'],
    [null, 'checkout-api'],
  ])('names the scenario after %j (the first workload, not the Namespace before it)', (file, name) => {
    expect(importName(imported, file)).toBe(name);
  });

  it('names a StatefulSet file after the StatefulSet, not the headless Service before it', () => {
    const service: ScenarioObject = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'nginx' }, spec: { clusterIP: 'None', selector: { app: 'web' }, ports: [{ port: 80 }] } };
    const sts: ScenarioObject = {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'web' },
      spec: { serviceName: 'nginx', replicas: 3, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } } },
    };
    expect(importName({ ...imported, objects: [service, sts] }, null)).toBe('web');
  });

  it('names a file of Namespaces alone after its first one', () => {
    expect(importName({ ...imported, objects: [namespace('payments')] }, null)).toBe('payments');
  });
});
