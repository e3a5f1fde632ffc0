import { describe, expect, it } from 'vitest';
import type { Deployment } from '../engine/api/types.ts';
import { addToScenario, importActions, importName, type ImportedObjects, replaceScenario } from './importPlan.ts';
import type { Scenario } from './types.ts';
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
  objects: [deployment('checkout-api', 'payments', 30)],
  nodes: [{ name: 'pool-b-1', labels: { pool: 'b' }, allocatable: { cpu: '8', memory: '32Gi', pods: 110 } }],
  namespaces: ['payments'],
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
    expect(lines).toEqual(['deployment.apps/checkout-api created', 'node/pool-b-1 created']);
    expect(validateScenario(scenario)).toEqual({ ok: true, value: scenario });
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
    expect(scenario.objects.map((o) => [o.metadata.name, (o as Deployment).spec.replicas])).toEqual([
      ['nginx', 5],
      ['checkout-api', 30],
    ]);
    expect(scenario.cluster).toEqual({
      nodes: [{ name: 'node-1' }, { name: 'node-2' }, imported.nodes[0]],
      images: { 'nginx:broken': { pull: 'fail' } },
    });
    expect(lines).toEqual(['deployment.apps/nginx configured', 'deployment.apps/checkout-api created', 'node/pool-b-1 created']);
  });
});

describe('importActions', () => {
  it('adds the nodes first, then applies each workload', () => {
    expect(importActions(imported)).toEqual([
      { at: 0, node: { name: 'pool-b-1', add: { labels: { pool: 'b' }, allocatable: { cpu: '8', memory: '32Gi', pods: 110 } } } },
      { at: 0, apply: imported.objects[0] },
    ]);
  });
});

describe('importName', () => {
  it.each<[string | null, string]>([
    ['checkout-api.yaml', 'checkout-api'],
    ['C:\\\\manifests\\\\web.yml', 'web'],
    ['', 'checkout-api'],
    [null, 'checkout-api'],
  ])('names the scenario after %j', (file, name) => {
    expect(importName(imported, file)).toBe(name);
  });
});
