import { describe, expect, it } from 'vitest';
import { advance, kubectl, settledCluster, webDeployment } from '../sim/executeTestEngine.ts';

// The console's `apply -f -` of ConfigMaps and Secrets answers as the served API does to the real
// kubectl 1.32.4 (server/configMaps.test.ts pins those answers; these were compared by hand).
describe('apply -f - of ConfigMaps and Secrets', () => {
  it.each<[string, Record<string, unknown>, string]>([
    [
      'refuses data that is not base64',
      { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'raw' }, data: { p: 'abc' } },
      'Error from server (BadRequest): error when creating "STDIN": Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 0',
    ],
    [
      'refuses a number as a ConfigMap value',
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'n' }, data: { p: 1 } },
      'Error from server (BadRequest): error when creating "STDIN": ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string',
    ],
    [
      'refuses an unknown field',
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'n2' }, datax: { p: '1' } },
      'Error from server (BadRequest): error when creating "STDIN": ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "datax"',
    ],
    [
      'refuses a bad key in the API server’s words',
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'k' }, data: { 'a b': '1' } },
      `The ConfigMap "k" is invalid: data[a b]: Invalid value: "a b": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')`,
    ],
  ])('%s', (_name, manifest, want) => {
    const st = settledCluster([webDeployment(1)]);
    expect(kubectl(st, 'apply -f -', manifest)).toEqual({ ok: false, output: want });
  });

  it('converts an update as a strategic merge patch: a number is the converter’s 422', () => {
    const st = settledCluster([webDeployment(1)]);
    expect(kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'n3' }, data: { p: '1' } })).toEqual({ ok: true, output: 'configmap/n3 created' });
    const out = kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'n3' }, data: { p: 2 } });
    expect(out.ok).toBe(false);
    expect(out.output).toMatch(/^The request is invalid: patch: Invalid value: "map\[data:map\[p:2\] metadata:map\[annotations:map\[kubectl\.kubernetes\.io\/last-applied-configuration:.*\]\]\]": cannot convert int64 to string$/s);
  });

  it('stores a Secret with stringData folded into data and its type defaulted', () => {
    const st = settledCluster([webDeployment(1)]);
    expect(kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db' }, stringData: { password: 's3cr3t' } }).output).toBe('secret/db created');
    expect(kubectl(st, 'get secret db -o jsonpath={.type}:{.data.password}:{.stringData}').output).toBe('Opaque:czNjcjN0:');
  });
});

describe('create configmap|secret generic', () => {
  it('creates what the pods read, and frees a pod waiting for it at the kubelet’s next try', () => {
    const st = settledCluster([webDeployment(1)]);
    const d = webDeployment(1);
    (d.spec.template.spec.containers[0] as { envFrom?: unknown }).envFrom = [{ configMapRef: { name: 'web-v2' } }];
    kubectl(st, 'apply -f -', d);
    advance(st, 30);
    expect(kubectl(st, 'get pods').output).toContain('CreateContainerConfigError');
    expect(kubectl(st, 'create configmap web-v2 --from-literal=MODE=green')).toEqual({ ok: true, output: 'configmap/web-v2 created' });
    expect(kubectl(st, 'create configmap web-v2 --from-literal=MODE=green')).toEqual({ ok: false, output: 'error: failed to create configmap: configmaps "web-v2" already exists' });
    expect(kubectl(st, 'create secret generic db --from-literal=password=s3cr3t')).toEqual({ ok: true, output: 'secret/db created' });
    advance(st, 16);
    expect(kubectl(st, 'get pods').output).not.toContain('CreateContainerConfigError');
  });

  it('says the console has no files', () => {
    const st = settledCluster([webDeployment(1)]);
    expect(kubectl(st, 'create configmap x --from-file=web.conf')).toEqual({
      ok: false,
      output: 'error: error reading web.conf: no such file or directory (the console has no files: use --from-literal)',
    });
  });
});

describe('patch of a ConfigMap', () => {
  it('warns of an unknown field and stores nothing of it', () => {
    const st = settledCluster([webDeployment(1)]);
    kubectl(st, 'create configmap c2 --from-literal=x=1');
    expect(kubectl(st, `patch cm c2 -p '{"datax":{"x":"2"}}'`)).toEqual({ ok: true, output: 'Warning: unknown field "datax"\nconfigmap/c2 patched (no change)' });
    expect(kubectl(st, 'get cm c2 -o jsonpath={.datax}{.data.x}').output).toBe('1');
  });
});
