import { describe, expect, it } from 'vitest';
import type { ConfigMap, Secret } from '../api/configTypes.ts';
import type { Container } from '../api/types.ts';
import { containerConfigError } from './containerConfig.ts';
import { advance, kubectl, settledCluster, webDeployment } from '../sim/executeTestEngine.ts';

const objects: Record<string, ConfigMap | Secret> = {
  'ConfigMap/web': { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'web' }, data: { MODE: 'blue' } },
  'Secret/db': { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db' }, data: { password: 'czNjcjN0' }, type: 'Opaque' },
};
const lookup = (kind: 'ConfigMap' | 'Secret', name: string) => objects[`${kind}/${name}`];
const c = (over: Partial<Container>): Container => ({ name: 'app', image: 'app:1', ...over });

// makeEnvironmentVariables' errors (kubelet_pods.go, v1.36): envFrom is read before env.
describe('containerConfigError', () => {
  it.each<[string, Partial<Container>, string | null]>([
    ['resolves what exists', { envFrom: [{ configMapRef: { name: 'web' } }], env: [{ name: 'P', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } }] }, null],
    ['names a missing ConfigMap in the singular', { env: [{ name: 'M', valueFrom: { configMapKeyRef: { name: 'nope', key: 'MODE' } } }] }, 'configmap "nope" not found'],
    ['names a missing Secret', { envFrom: [{ secretRef: { name: 'nope' } }] }, 'secret "nope" not found'],
    ['names a missing key with the namespace', { env: [{ name: 'M', valueFrom: { configMapKeyRef: { name: 'web', key: 'LEVEL' } } }] }, "couldn't find key LEVEL in ConfigMap default/web"],
    ['names a missing Secret key', { env: [{ name: 'U', valueFrom: { secretKeyRef: { name: 'db', key: 'user' } } }] }, "couldn't find key user in Secret default/db"],
    ['skips an optional reference', { envFrom: [{ configMapRef: { name: 'nope', optional: true } }], env: [{ name: 'M', valueFrom: { configMapKeyRef: { name: 'web', key: 'X', optional: true } } }] }, null],
    ['reads envFrom before env', { env: [{ name: 'M', valueFrom: { configMapKeyRef: { name: 'a', key: 'k' } } }], envFrom: [{ configMapRef: { name: 'b' } }] }, 'configmap "b" not found'],
    ['takes a literal value over valueFrom', { env: [{ name: 'M', value: 'x', valueFrom: { configMapKeyRef: { name: 'nope', key: 'k' } } }] }, null],
  ])('%s', (_name, over, want) => {
    expect(containerConfigError(c(over), 'default', lookup)?.message ?? null).toBe(want);
  });
});

describe('createContainerConfigError', () => {
  it('keeps the new pods waiting until the ConfigMap exists, then starts them at the next sync', () => {
    const st = settledCluster([webDeployment(2)]);
    const d = webDeployment(2);
    (d.spec.template.spec.containers[0] as Container).env = [{ name: 'MODE', valueFrom: { configMapKeyRef: { name: 'web-v2', key: 'MODE' } } }];
    kubectl(st, 'apply -f -', d);
    advance(st, 60);
    const waiting = kubectl(st, 'get pods').output;
    expect(waiting).toMatch(/0\/1 {5}CreateContainerConfigError {3}0 {10}60s/);
    const failed = kubectl(st, 'get events --field-selector reason=Failed').output;
    expect(failed).toContain('Error: configmap "web-v2" not found');
    kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'web-v2' }, data: { MODE: 'green' } });
    // The pod worker tries again within 10–15 s of its last try.
    advance(st, 16);
    expect(kubectl(st, 'get pods').output).not.toContain('CreateContainerConfigError');
  });
});
