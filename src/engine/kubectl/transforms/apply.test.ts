import { describe, expect, it } from 'vitest';
import { applyManifest, modifiedConfiguration, type ObjectJson } from './apply.ts';

const manifest = (image: string, replicas = 3): ObjectJson => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', labels: { app: 'web' } },
  spec: {
    replicas,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image }] } },
  },
});

describe('modifiedConfiguration', () => {
  it('serialises the manifest with sorted keys, the namespace and empty annotations', () => {
    expect(modifiedConfiguration(manifest('nginx:1'), 'default').lastApplied).toBe(
      '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"labels":{"app":"web"},"name":"web","namespace":"default"},"spec":{"replicas":3,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx:1","name":"web"}]}}}}\n',
    );
  });
});

describe('applyManifest', () => {
  const created = applyManifest(undefined, manifest('nginx:1'), 'default');
  if (!('object' in created)) throw new Error('create failed');
  type Spec = { template: { spec: { containers: Record<string, unknown>[] } } };
  const live: ObjectJson = { ...created.object, status: { replicas: 3 } };
  (live.spec as Spec).template.spec.containers[0] = {
    name: 'web',
    image: 'nginx:1',
    imagePullPolicy: 'IfNotPresent',
  };

  it('creates a missing object with the last-applied annotation', () => {
    expect(created.output).toBe('deployment.apps/web created');
    expect(created.object.metadata?.annotations?.['kubectl.kubernetes.io/last-applied-configuration']).toMatch(/^\{"apiVersion":"apps\/v1"/);
    expect(created.object.metadata?.namespace).toBe('default');
  });
  it('prints "unchanged" when the same manifest is applied again', () => {
    expect(applyManifest(live, manifest('nginx:1'), 'default')).toMatchObject({ changed: false, output: 'deployment.apps/web unchanged' });
  });
  it('prints "configured" and merges the container by name when the image changes', () => {
    const r = applyManifest(live, manifest('nginx:2'), 'default');
    expect(r).toMatchObject({ changed: true, output: 'deployment.apps/web configured' });
    expect('object' in r && (r.object.spec as Spec).template.spec.containers).toEqual([
      { name: 'web', image: 'nginx:2', imagePullPolicy: 'IfNotPresent' },
    ]);
  });
  it('warns when the live object was not created by apply', () => {
    const bare = { ...live, metadata: { name: 'web', namespace: 'default' } };
    expect(applyManifest(bare, manifest('nginx:1'), 'default')).toMatchObject({
      output: 'deployment.apps/web configured',
      stderr:
        'Warning: resource deployments/web is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.',
    });
  });
  it('errors for a kind this cluster does not serve', () => {
    expect(applyManifest(undefined, { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 's' } }, 'default')).toEqual({
      error:
        'error: resource mapping not found for name: "s" namespace: "default" from "STDIN": no matches for kind "CronJob" in version "batch/v1"\nensure CRDs are installed first',
    });
  });
});
