import { describe, expect, it } from 'vitest';
import type { ConfigMap, Container, Deployment, EnvVar, KubeObject, Secret } from '../../api/types.ts';
import { deployment, pod } from '../testObjects.ts';
import { getEnvVarRefString, getEnvVarRefValue, type RefStore } from './envResolve.ts';
import { envFromObjects, type EnvOptions, keyToEnvName, setEnv, validateNoOverwrites } from './setEnv.ts';
import { selectString, updateEnv } from './setHelper.ts';

const OPTS: EnvOptions = { containers: '*', env: [], remove: [], overwrite: true, list: false, resolve: false };

const cfg: ConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', namespace: 'default' }, data: { PORT: '5432', 'db.host': 'h1' } };
const sec: Secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'sec', namespace: 'default' }, data: { pass: 'czNjcmV0' } };
const REFS: RefStore = { configMap: (n) => (n === 'cfg' ? cfg : undefined), secret: (n) => (n === 'sec' ? sec : undefined) };

/** web is the nginx Deployment with an init container and a sidecar, each with its own variables. */
function web(env: EnvVar[] = [{ name: 'A', value: '1' }]): Deployment {
  const d = deployment();
  d.spec.template.spec.containers = [{ name: 'nginx', image: 'nginx:1', env }, { name: 'sidecar', image: 'busybox' }];
  d.spec.template.spec.initContainers = [{ name: 'init', image: 'busybox', env: [{ name: 'A', value: 'init' }] }];
  return d;
}

const envOf = (obj: KubeObject, name: string): EnvVar[] | undefined => {
  const spec = (obj as Deployment).spec.template.spec;
  return [...spec.containers, ...(spec.initContainers ?? [])].find((c) => c.name === name)?.env;
};

describe('updateEnv', () => {
  it.each<[string, EnvVar[], EnvVar[], string[], EnvVar[]]>([
    ['adds a new variable at the end', [{ name: 'A', value: '1' }], [{ name: 'B', value: '2' }], [], [{ name: 'A', value: '1' }, { name: 'B', value: '2' }]],
    ['replaces a variable in its place', [{ name: 'A', value: '1' }, { name: 'B', value: '2' }], [{ name: 'A', value: '9' }], [], [{ name: 'A', value: '9' }, { name: 'B', value: '2' }]],
    ['replaces every duplicate of the name by one', [{ name: 'A', value: '1' }, { name: 'A', value: '2' }], [{ name: 'A', value: '3' }], [], [{ name: 'A', value: '3' }]],
    ['keeps duplicates of other names', [{ name: 'B', value: '1' }, { name: 'B', value: '2' }], [{ name: 'A', value: '3' }], [], [{ name: 'B', value: '1' }, { name: 'B', value: '2' }, { name: 'A', value: '3' }]],
    ['removes every variable of the name', [{ name: 'A', value: '1' }, { name: 'B' }, { name: 'A', value: '2' }], [], ['A'], [{ name: 'B' }]],
    ['lets the removal win over an addition', [{ name: 'A', value: '1' }], [{ name: 'A', value: '2' }], ['A'], []],
    ['takes the first of two additions of a name', [], [{ name: 'A', value: '1' }, { name: 'A', value: '2' }], [], [{ name: 'A', value: '1' }]],
  ])('%s', (_name, existing, env, remove, want) => {
    expect(updateEnv(existing, env, remove)).toEqual(want);
  });
});

describe('selectString', () => {
  it.each([
    ['matches everything with *', 'nginx', '*', true],
    ['matches an exact name', 'nginx', 'nginx', true],
    ['refuses another name', 'nginx', 'web', false],
    ['matches a prefix pattern', 'sidecar', 'side*', true],
    ['matches a suffix pattern', 'sidecar', '*car', true],
    ['refuses a pattern whose part is missing', 'nginx', 'side*', false],
    // kubectl's own algorithm does not anchor the first part: `x*` matches nginx, as `kubectl set resources -c 'x*'` does.
    ['matches a first part found inside, as kubectl does', 'nginx', 'x*', true],
    ['refuses when the last part does not end the name', 'sidecar', '*side', false],
  ])('%s', (_name, s, spec, want) => {
    expect(selectString(s, spec)).toBe(want);
  });
});

describe('setEnv', () => {
  it('adds a variable to every container, then every init container, when -c is *', () => {
    const r = setEnv(web(), { ...OPTS, env: [{ name: 'FOO', value: 'bar' }] }, REFS);
    expect(r).toMatchObject({ changed: true, printed: [] });
    expect(envOf(r.object, 'nginx')).toEqual([{ name: 'A', value: '1' }, { name: 'FOO', value: 'bar' }]);
    expect(envOf(r.object, 'sidecar')).toEqual([{ name: 'FOO', value: 'bar' }]);
    expect(envOf(r.object, 'init')).toEqual([{ name: 'A', value: 'init' }, { name: 'FOO', value: 'bar' }]);
  });

  it('changes nothing when every variable is already set so', () => {
    const d = web([{ name: 'FOO', value: 'bar' }]);
    expect(setEnv(d, { ...OPTS, containers: 'nginx', env: [{ name: 'FOO', value: 'bar' }] }, REFS)).toEqual({ object: d, changed: false, printed: [] });
  });

  it('takes an empty value as equal to no value, as kubectl encodes it', () => {
    const d = web([{ name: 'C' }]);
    expect(setEnv(d, { ...OPTS, containers: 'nginx', env: [{ name: 'C' }] }, REFS).changed).toBe(false);
  });

  it('removes a variable, dropping the list when it empties', () => {
    const r = setEnv(web(), { ...OPTS, containers: 'nginx', remove: ['A'] }, REFS);
    expect(r.changed).toBe(true);
    expect(envOf(r.object, 'nginx')).toBeUndefined();
    expect(envOf(r.object, 'init')).toEqual([{ name: 'A', value: 'init' }]);
  });

  it('changes only the containers -c selects, an init container by name too', () => {
    const r = setEnv(web(), { ...OPTS, containers: 'init', env: [{ name: 'B', value: '2' }] }, REFS);
    expect(envOf(r.object, 'nginx')).toEqual([{ name: 'A', value: '1' }]);
    expect(envOf(r.object, 'init')).toEqual([{ name: 'A', value: 'init' }, { name: 'B', value: '2' }]);
  });

  it('warns and changes nothing when -c selects no container', () => {
    expect(setEnv(web(), { ...OPTS, containers: 'nope', env: [{ name: 'B', value: '2' }] }, REFS)).toMatchObject({
      changed: false,
      printed: ['Warning: Deployment/nginx does not have any containers matching "nope"'],
    });
  });

  it('refuses, with --overwrite=false, a variable one selected container has with another value (init containers last)', () => {
    const r = setEnv(web([{ name: 'A', value: '2' }]), { ...OPTS, overwrite: false, env: [{ name: 'A', value: '2' }] }, REFS);
    expect(r).toMatchObject({ changed: false, err: "'A' already has a value (init), and --overwrite is false" });
    expect(validateNoOverwrites([{ name: 'A', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }], [{ name: 'A', value: 'x' }])).toBe("'A' already has a value (), and --overwrite is false");
  });

  it('lists each container after the change, and references by their source', () => {
    const d = web([{ name: 'A', value: '1' }, { name: 'CM', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'PORT' } } }]);
    const r = setEnv(d, { ...OPTS, list: true, env: [{ name: 'B', value: '2' }] }, REFS);
    expect(r.printed).toEqual([
      '# Deployment nginx, container nginx',
      'A=1',
      '# CM from configmap cfg, key PORT',
      'B=2',
      '# Deployment nginx, container sidecar',
      'B=2',
      '# Deployment nginx, container init',
      'A=init',
      'B=2',
    ]);
  });

  it('resolves references with --resolve and prints the failures sorted, after the container', () => {
    const refs: EnvVar[] = [
      { name: 'S', valueFrom: { secretKeyRef: { name: 'sec', key: 'pass' } } },
      { name: 'NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
      { name: 'MISS', valueFrom: { configMapKeyRef: { name: 'nope', key: 'x' } } },
      { name: 'MISS2', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'x' } } },
      { name: 'MISS3', valueFrom: { configMapKeyRef: { name: 'nope', key: 'y' } } },
    ];
    const r = setEnv(web(refs), { ...OPTS, containers: 'nginx', list: true, resolve: true }, REFS);
    expect(r.printed).toEqual([
      '# Deployment nginx, container nginx',
      'S=s3cret',
      'NAME=nginx',
      '# MISS from configmap nope, key x',
      '# MISS2 from configmap cfg, key x',
      '# MISS3 from configmap nope, key y',
      'error retrieving reference for MISS, MISS3: configmaps "nope" not found',
      'error retrieving reference for MISS2: key x not found in config map cfg',
    ]);
    expect(r.err).toBe('failed to retrieve valueFrom references');
  });

  it('answers kubectl error for a kind without a pod template', () => {
    expect(setEnv(cfg, OPTS, REFS)).toMatchObject({ changed: false, err: 'the object is not a pod or does not have a pod template: *v1.ConfigMap' });
  });

  it('changes a bare pod as it does a template (the API server judges the update)', () => {
    const r = setEnv(pod('p', 'node-1'), { ...OPTS, env: [{ name: 'X', value: '1' }] }, REFS);
    expect(r.changed).toBe(true);
  });
});

describe('envFromObjects', () => {
  it('makes a reference per key in sorted order, renaming keys that are no variable names', () => {
    expect(envFromObjects([cfg, sec], [])).toEqual({
      env: [
        { name: 'PORT', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'PORT' } } },
        { name: 'DB_HOST', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'db.host' } } },
        { name: 'PASS', valueFrom: { secretKeyRef: { name: 'sec', key: 'pass' } } },
      ],
      warnings: ['Warning: key db.host transferred to DB_HOST', 'Warning: key pass transferred to PASS'],
    });
  });

  it('keeps only the keys --keys names', () => {
    expect(envFromObjects([cfg], ['PORT', 'zzz']).env).toEqual([{ name: 'PORT', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'PORT' } } }]);
  });

  it('refuses another kind', () => {
    expect(envFromObjects([deployment()], []).error).toBe('error: unsupported resource specified in --from');
  });

  it.each([
    ['PORT', { name: 'PORT' }],
    ['db.host', { name: 'DB_HOST', warning: 'Warning: key db.host transferred to DB_HOST' }],
    ['my-key', { name: 'MY_KEY', warning: 'Warning: key my-key transferred to MY_KEY' }],
  ])('keyToEnvName(%s)', (key, want) => {
    expect(keyToEnvName(key)).toEqual(want);
  });
});

describe('the env_resolve.go port', () => {
  const c: Container = { name: 'nginx', image: 'nginx', resources: { limits: { cpu: '500m', memory: '1Gi' }, requests: { memory: '100Mi' } } };
  const d = deployment({}, { team: 'a' });
  it.each<[string, NonNullable<EnvVar['valueFrom']>, { value: string } | { error: string }]>([
    ['reads a label by subscript', { fieldRef: { fieldPath: "metadata.labels['app']" } }, { value: 'nginx' }],
    ['formats every annotation', { fieldRef: { fieldPath: 'metadata.annotations' } }, { value: 'team="a"' }],
    ['reads the namespace', { fieldRef: { fieldPath: 'metadata.namespace' } }, { value: 'default' }],
    ['refuses another subscripted path', { fieldRef: { fieldPath: "spec['x']" } }, { error: 'fieldPath "spec[\'x\']" does not support subscript' }],
    ['refuses an unsupported path', { fieldRef: { fieldPath: 'spec.nodeName' } }, { error: 'unsupported fieldPath: spec.nodeName' }],
    ['reads a cpu limit in cores, rounded up', { resourceFieldRef: { resource: 'limits.cpu' } }, { value: '1' }],
    ['reads a cpu limit by a divisor', { resourceFieldRef: { resource: 'limits.cpu', divisor: '1m' } }, { value: '500' }],
    ['reads a memory request by a divisor', { resourceFieldRef: { resource: 'requests.memory', divisor: '1Mi' } }, { value: '100' }],
    ['reads an absent request as 0', { resourceFieldRef: { resource: 'requests.cpu', divisor: '0' } }, { value: '0' }],
    ['refuses another resource', { resourceFieldRef: { resource: 'limits.gpu' } }, { error: 'Unsupported container resource : limits.gpu' }],
    ['refuses a missing secret', { secretKeyRef: { name: 'nope', key: 'x' } }, { error: 'secrets "nope" not found' }],
    ['refuses a missing secret key', { secretKeyRef: { name: 'sec', key: 'x' } }, { error: 'key x not found in secret sec' }],
    ['refuses an empty source', {}, { error: 'invalid valueFrom' }],
  ])('getEnvVarRefValue %s', (_name, from, want) => {
    expect(getEnvVarRefValue(REFS, from, d, c)).toEqual(want);
  });

  it('names a resource field with its container', () => {
    expect(getEnvVarRefString({ resourceFieldRef: { containerName: 'app', resource: 'limits.cpu' } })).toBe('resource field app/limits.cpu');
    expect(getEnvVarRefString({ secretKeyRef: { name: 's', key: 'k' } })).toBe('secret s, key k');
  });
});
