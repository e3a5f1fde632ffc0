import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_BEHAVIOUR } from '../engine/config.ts';
import { toSimConfig } from './toSimConfig.ts';
import type { Scenario, Workload } from './types.ts';

const web = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: {
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }] } },
  },
} as Workload;

const minimal: Scenario = { version: 1, name: 'm', objects: [web] };

describe('toSimConfig', () => {
  it('applies the §4 defaults when the scenario gives only objects', () => {
    expect(toSimConfig(minimal)).toEqual({
      seed: 1,
      nodes: ['node-1', 'node-2', 'node-3'].map((name) => ({ name, labels: {}, taints: [], unschedulable: false, maxPods: 110, allocatable: { cpu: '4', memory: '16Gi', pods: 110 } })),
      images: { default: DEFAULT_IMAGE_BEHAVIOUR },
      terminationSeconds: 1,
      watchDelaySeconds: 0.05,
      objects: [web],
      actions: [],
    });
  });

  it('keeps the manifests as written when they omit Kubernetes defaults', () => {
    expect(toSimConfig(minimal).objects[0]).toBe(web);
  });

  it('names counted nodes node-1 to node-N when nodes is a number', () => {
    expect(toSimConfig({ ...minimal, cluster: { nodes: 5 } }).nodes.map((n) => n.name)).toEqual([
      'node-1',
      'node-2',
      'node-3',
      'node-4',
      'node-5',
    ]);
  });

  it('fills node defaults when a listed node gives only some fields', () => {
    const c = toSimConfig({
      ...minimal,
      cluster: { nodes: [{ name: 'a', labels: { pool: 'x' } }, { name: 'b', taints: [{ key: 'k', effect: 'NoSchedule' }], unschedulable: true, maxPods: 4 }] },
    });
    expect(c.nodes).toEqual([
      { name: 'a', labels: { pool: 'x' }, taints: [], unschedulable: false, maxPods: 110, allocatable: { cpu: '4', memory: '16Gi', pods: 110 } },
      { name: 'b', labels: {}, taints: [{ key: 'k', effect: 'NoSchedule' }], unschedulable: true, maxPods: 4, allocatable: { cpu: '4', memory: '16Gi', pods: 4 } },
    ]);
  });

  it('takes a node’s pods from allocatable.pods, else maxPods', () => {
    const c = toSimConfig({
      ...minimal,
      cluster: { nodes: [{ name: 'a', allocatable: { cpu: '8', memory: '32Gi', pods: 30 } }, { name: 'b', maxPods: 5, allocatable: { pods: 30 } }] },
    });
    expect(c.nodes.map((n) => n.maxPods)).toEqual([30, 30]);
  });

  it('takes allocatable from the node, else from nodeDefaults, else cpu 4, memory 16Gi, 110 pods', () => {
    const c = toSimConfig({
      ...minimal,
      cluster: {
        nodes: [{ name: 'a', allocatable: { memory: '8Gi' } }, { name: 'b', maxPods: 20 }, { name: 'c', labels: { own: 'y' } }],
        nodeDefaults: { labels: { pool: 'x' }, allocatable: { cpu: '2', pods: 30 } },
      },
    });
    expect(c.nodes.map((n) => [n.name, n.labels, n.allocatable])).toEqual([
      ['a', { pool: 'x' }, { cpu: '2', memory: '8Gi', pods: 30 }],
      ['b', { pool: 'x' }, { cpu: '2', memory: '16Gi', pods: 20 }],
      ['c', { pool: 'x', own: 'y' }, { cpu: '2', memory: '16Gi', pods: 30 }],
    ]);
  });

  it('applies nodeDefaults to counted nodes and to nodes an action adds', () => {
    const c = toSimConfig({
      ...minimal,
      cluster: { nodes: 1, nodeDefaults: { allocatable: { cpu: 1, memory: '2Gi' } } },
      actions: [{ at: 1, node: { name: 'late', add: { allocatable: { pods: 5 } } } }],
    });
    expect(c.nodes[0]?.allocatable).toEqual({ cpu: '1', memory: '2Gi', pods: 110 });
    expect(c.actions[0]).toMatchObject({ node: { add: { allocatable: { cpu: '1', memory: '2Gi', pods: 5 } } } });
  });

  it('layers a listed image over images.default over the built-in default', () => {
    const c = toSimConfig({
      ...minimal,
      cluster: { images: { default: { pullSeconds: 5 }, 'nginx:broken': { pull: 'fail' }, 'app:slow': { readySeconds: [10, 20], crash: true } } },
    });
    expect(c.images).toEqual({
      default: { ...DEFAULT_IMAGE_BEHAVIOUR, pullSeconds: 5 },
      'nginx:broken': { ...DEFAULT_IMAGE_BEHAVIOUR, pullSeconds: 5, pull: 'fail' },
      'app:slow': { ...DEFAULT_IMAGE_BEHAVIOUR, pullSeconds: 5, readySeconds: [10, 20], crash: true },
    });
  });

  it('keeps an image named like an Object property as plain data', () => {
    const ref: string = 'constructor';
    const c = toSimConfig({ ...minimal, cluster: { images: Object.fromEntries([[ref, { ready: 'never' as const }]]) } });
    expect(Object.hasOwn(c.images, ref)).toBe(true);
    expect(c.images[ref]?.ready).toBe('never');
  });

  it('orders actions by time and keeps file order for equal times', () => {
    const c = toSimConfig({
      ...minimal,
      actions: [
        { at: 20, kubectl: 'b' },
        { at: 10, kubectl: 'a' },
        { at: 20, kubectl: 'c' },
      ],
    });
    expect(c.actions.map((a) => ('kubectl' in a ? a.kubectl : ''))).toEqual(['a', 'b', 'c']);
  });

  it('gives an added node its full defaults when the action names only some', () => {
    const c = toSimConfig({
      ...minimal,
      actions: [
        { at: 1, node: { name: 'node-4', add: { labels: { disk: 'ssd' } } } },
        { at: 2, node: { name: 'node-1', ready: false } },
        { at: 3, node: { name: 'node-2', remove: true } },
      ],
    });
    expect(c.actions).toEqual([
      { at: 1, node: { name: 'node-4', add: { name: 'node-4', labels: { disk: 'ssd' }, taints: [], unschedulable: false, maxPods: 110, allocatable: { cpu: '4', memory: '16Gi', pods: 110 } } } },
      { at: 2, node: { name: 'node-1', ready: false } },
      { at: 3, node: { name: 'node-2', remove: true } },
    ]);
  });

  it('takes seed, termination and watch delay when the scenario sets them', () => {
    const c = toSimConfig({ ...minimal, seed: 0, cluster: { terminationSeconds: 0 }, controller: { watchDelaySeconds: 0 } });
    expect([c.seed, c.terminationSeconds, c.watchDelaySeconds]).toEqual([0, 0, 0]);
  });
});
