import { describe, expect, it } from 'vitest';
import type { StatefulSet } from '../engine/api/statefulTypes.ts';
import type { Deployment } from '../engine/api/types.ts';
import type { Scenario } from '../scenario/types.ts';
import { preset } from '../timeline/testScenarios.ts';
import { Refusal } from './hostQueries.ts';
import {
  actionView,
  droppedActions,
  editManifest,
  imageViews,
  manifestIndex,
  manifestViews,
  withImages,
} from './scenarioEdits.ts';

const WEB = 'nginx-deployment-roll01';
const seed = preset('seed');
const spec = (s: Scenario, i = 0) => (s.objects[i] as Deployment).spec;

describe('editManifest', () => {
  it.each<[string, Parameters<typeof editManifest>[2], number | string, (s: Scenario) => unknown, unknown]>([
    ['replicas', 'replicas', 12, (s) => spec(s).replicas, 12],
    [
      'maxSurge',
      'maxSurge',
      '50%',
      (s) => spec(s).strategy?.rollingUpdate,
      { maxSurge: '50%', maxUnavailable: '25%' },
    ],
    ['minReadySeconds', 'minReadySeconds', 10, (s) => spec(s).minReadySeconds, 10],
    ['the strategy', 'strategy', 'Recreate', (s) => spec(s).strategy, { type: 'Recreate' }],
    [
      'the image',
      'image',
      'nginx=nginx:1.10',
      (s) => spec(s).template.spec.containers[0]?.image,
      'nginx:1.10',
    ],
  ])('sets %s in the manifest and keeps every scripted action', (_what, field, value, read, want) => {
    const s = editManifest(seed, WEB, field, value);
    expect(read(s)).toEqual(want);
    expect(s.actions).toEqual(seed.actions);
  });

  it('refuses an invalid value with the API server’s message and no `objects[0]` path', () => {
    const both0 = editManifest(seed, WEB, 'maxSurge', 0);
    expect(() => editManifest(both0, WEB, 'maxUnavailable', 0)).toThrow(
      new Refusal(
        `The Deployment "${WEB}" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when \`maxSurge\` is 0`,
      ),
    );
    expect(() => editManifest(seed, WEB, 'replicas', 6000)).toThrow(/^spec\.replicas: /);
  });

  it('refuses a workload or container that is not there', () => {
    expect(() => editManifest(seed, 'api', 'replicas', 2)).toThrow('deployments.apps "api" not found');
    expect(() => editManifest(seed, WEB, 'image', 'sidecar=x:1')).toThrow(
      'unable to find container named "sidecar"',
    );
  });
});

describe('editManifest on a StatefulSet', () => {
  const partition = preset('statefulset-partition');
  const stsSpec = (s: Scenario) => (s.objects[0] as StatefulSet).spec;
  it.each<[string, Parameters<typeof editManifest>[2], number | string, (s: Scenario) => unknown, unknown]>([
    ['replicas', 'replicas', 7, (s) => stsSpec(s).replicas, 7],
    [
      'the partition',
      'partition',
      1,
      (s) => stsSpec(s).updateStrategy,
      { type: 'RollingUpdate', rollingUpdate: { partition: 1 } },
    ],
    [
      'podManagementPolicy',
      'podManagementPolicy',
      'Parallel',
      (s) => stsSpec(s).podManagementPolicy,
      'Parallel',
    ],
    ['minReadySeconds', 'minReadySeconds', 5, (s) => stsSpec(s).minReadySeconds, 5],
  ])('sets %s in the manifest before the run', (_what, field, value, read, want) => {
    const s = editManifest(partition, 'web', field, value);
    expect(read(s)).toEqual(want);
    expect(s.actions).toEqual(partition.actions);
  });

  it('refuses a negative partition with the API server’s message', () => {
    expect(() => editManifest(partition, 'web', 'partition', -1)).toThrow(/partition: Invalid value: -1/);
  });

  it('shows the StatefulSet in the manifests with its partition and policy', () => {
    const [w] = manifestViews(partition);
    expect(w).toMatchObject({
      kind: 'StatefulSet',
      replicas: 5,
      statefulSet: { partition: 3, podManagementPolicy: 'OrderedReady' },
    });
  });
});

describe('manifestIndex', () => {
  it('finds a workload by name or by namespace/name', () => {
    const other: Scenario = {
      ...seed,
      objects: [
        ...seed.objects,
        { ...seed.objects[0], metadata: { name: WEB, namespace: 'payments' } } as Deployment,
      ],
    };
    expect(manifestIndex(other, WEB)).toBe(0);
    expect(manifestIndex(other, `payments/${WEB}`)).toBe(1);
  });
});

describe('manifestViews', () => {
  it('shows the manifests with Kubernetes defaults, as the Controls show a workload', () => {
    const [w] = manifestViews(seed);
    expect(w).toMatchObject({
      kind: 'Deployment',
      name: WEB,
      strategy: 'RollingUpdate',
      replicas: 10,
      maxSurge: '25%',
      maxUnavailable: '25%',
      resolvedSurge: 3,
      resolvedUnavailable: 2,
      progressDeadlineSeconds: 600,
      images: ['nginx=nginx:1.8'],
    });
  });
});

describe('imageViews', () => {
  it('lists the images the scenario runs and default, with what the kubelet does with each', () => {
    const rows = imageViews(preset('broken-image'));
    expect(rows.map((r) => [r.image, r.used])).toEqual([
      ['nginx:1.8', true],
      ['nginx:broken', true],
      ['default', false],
    ]);
    expect(rows[0]?.effective).toEqual({
      pullSeconds: 1,
      startSeconds: 1,
      readySeconds: [1, 4],
      pull: 'ok',
      crash: false,
      ready: 'ok',
      preStopSeconds: 0,
    });
    expect(rows[1]?.spec).toEqual({ pull: 'fail' });
    expect(rows[1]?.effective.pull).toBe('fail');
  });
});

describe('withImages', () => {
  it('replaces cluster.images, and an empty map removes it', () => {
    const s = withImages(seed, JSON.stringify({ 'nginx:1.9.3': { crash: true, pullSeconds: [2, 5] } }));
    expect(s.cluster?.images).toEqual({ 'nginx:1.9.3': { crash: true, pullSeconds: [2, 5] } });
    expect(withImages(s, '{}').cluster?.images).toBeUndefined();
  });

  it('refuses a bad value with its field path', () => {
    expect(() => withImages(seed, JSON.stringify({ 'nginx:1.8': { readySeconds: [4, 1] } }))).toThrow(
      'cluster.images["nginx:1.8"].readySeconds: [min, max] needs min ≤ max, got [4, 1]',
    );
  });
});

describe('droppedActions', () => {
  it('lists the actions due after the fork time, in time order', () => {
    const s: Scenario = {
      ...seed,
      actions: [
        { at: 60, node: { name: 'node-2', ready: false } },
        { at: 30, kubectl: 'set image deployment/web nginx=nginx:2' },
        { at: 10, kubectl: 'scale deployment/web --replicas=3' },
      ],
    };
    expect(droppedActions(s, 10_000)).toEqual([
      { at: 30, kubectl: 'set image deployment/web nginx=nginx:2', apply: null, request: null, node: null },
      { at: 60, kubectl: null, apply: null, request: null, node: { name: 'node-2', op: 'fault' } },
    ]);
    expect(droppedActions(s, 60_000)).toEqual([]);
  });

  it('names an applied object and a node that joins', () => {
    expect(actionView({ at: 5, apply: seed.objects[0] as Deployment })).toMatchObject({
      apply: `Deployment/${WEB}`,
    });
    expect(actionView({ at: 5, node: { name: 'node-4', add: {} } })).toMatchObject({
      node: { name: 'node-4', op: 'add' },
    });
  });
});
