import { describe, expect, it } from 'vitest';
import type { ConfigMap, Secret } from '../api/configTypes.ts';
import { fieldErrorString } from '../apimachinery/fieldErrors.ts';
import { utf8Length } from '../lib/utf8.ts';
import { isConfigMapKey, validateConfigMap, validateConfigMapUpdate, validateSecret, validateSecretUpdate } from './validationConfig.ts';
import { setDefaultsSecret } from './defaultsPolicy.ts';

const cm = (over: Partial<ConfigMap> = {}): ConfigMap => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'web' }, ...over });
const secret = (over: Partial<Secret> = {}): Secret => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db' }, type: 'Opaque', ...over });
const strings = (errs: ReturnType<typeof validateConfigMap>): string[] => errs.map(fieldErrorString);

const KEY_MSG = "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";

// The messages of apimachinery's IsConfigMapKey and of ValidateConfigMap / ValidateSecret (v1.36).
describe('isConfigMapKey', () => {
  it.each([
    ['config.yaml', []],
    ['KEY_NAME', []],
    ['a b', [KEY_MSG]],
    ['.', ["must not be '.'"]],
    ['..', ["must not be '..'"]],
    ['..data', ["must not start with '..'"]],
    ['x'.repeat(254), ['must be no more than 253 characters']],
    ['', [KEY_MSG]],
  ])('checks %j', (key, want) => {
    expect(isConfigMapKey(key)).toEqual(want);
  });
});

describe('utf8Length', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['中', 3],
    ['🙂', 4],
    ['\uD800', 3],
  ])('counts %j as %i bytes', (s, n) => {
    expect(utf8Length(s)).toBe(n);
  });
});

describe('validateConfigMap', () => {
  it.each<[string, Partial<ConfigMap>, string[]]>([
    ['accepts data and binaryData', { data: { MODE: 'blue' }, binaryData: { logo: 'iVBORw0KGgo=' } }, []],
    ['refuses a bad key', { data: { 'a b': 'x' } }, [`data[a b]: Invalid value: "a b": ${KEY_MSG}`]],
    ['refuses a key in both', { data: { k: 'x' }, binaryData: { k: 'eA==' } }, ['data[k]: Invalid value: "k": duplicate of key present in binaryData']],
    ['refuses more than 1 MiB in all', { data: { a: 'x'.repeat(1024 * 1024), b: 'y' } }, [': Too long: may not be more than 1048576 bytes']],
    ['counts UTF-8 bytes, not characters', { data: { a: '中'.repeat(349_526) } }, [': Too long: may not be more than 1048576 bytes']],
  ])('%s', (_name, over, want) => {
    expect(strings(validateConfigMap(cm(over)))).toEqual(want);
  });
});

describe('validateConfigMapUpdate', () => {
  it.each<[string, Partial<ConfigMap>, Partial<ConfigMap>, string[]]>([
    ['lets a mutable one change', { data: { a: '1' } }, { data: { a: '2' } }, []],
    ['keeps an immutable one', { immutable: true, data: { a: '1' } }, { immutable: true, data: { a: '2' } }, ['data: Forbidden: field is immutable when `immutable` is set']],
    [
      'refuses taking immutable back',
      { immutable: true, data: { a: '1' } },
      { immutable: false, data: { a: '1' } },
      ['immutable: Forbidden: field is immutable when `immutable` is set'],
    ],
    ['lets a mutable one become immutable', { data: { a: '1' } }, { immutable: true, data: { a: '1' } }, []],
  ])('%s', (_name, old, next, want) => {
    expect(strings(validateConfigMapUpdate(cm(next), cm(old)))).toEqual(want);
  });
});

describe('validateSecret', () => {
  it.each<[string, Partial<Secret>, string[]]>([
    ['accepts an Opaque one', { data: { password: 'czNjcjN0' } }, []],
    ['wants tls.crt and tls.key in a TLS one', { type: 'kubernetes.io/tls', data: { 'tls.crt': 'eA==' } }, ['data[tls.key]: Required value']],
    ['wants username or password in basic-auth', { type: 'kubernetes.io/basic-auth', data: {} }, ['data[username]: Required value', 'data[password]: Required value']],
    ['wants the account annotation in a token', { type: 'kubernetes.io/service-account-token' }, ['metadata.annotations[kubernetes.io/service-account.name]: Required value']],
    ['refuses a bad key', { data: { '..x': 'eA==' } }, [`data[..x]: Invalid value: "..x": must not start with '..'`]],
  ])('%s', (_name, over, want) => {
    expect(strings(validateSecret(secret(over)))).toEqual(want);
  });

  it('refuses a type change and an immutable one changed', () => {
    expect(strings(validateSecretUpdate(secret({ type: 'kubernetes.io/tls', data: { 'tls.crt': 'eA==', 'tls.key': 'eA==' } }), secret()))).toEqual([
      'type: Invalid value: "kubernetes.io/tls": field is immutable',
    ]);
    expect(strings(validateSecretUpdate(secret({ immutable: true, data: { a: 'eQ==' } }), secret({ immutable: true, data: { a: 'eA==' } })))).toEqual([
      'data: Forbidden: field is immutable when `immutable` is set',
    ]);
  });
});

describe('setDefaultsSecret', () => {
  it('folds stringData into data over the same key, never stores it, and defaults the type to Opaque', () => {
    const out = setDefaultsSecret({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db' }, data: { user: 'YWRtaW4=', password: 'b2xk' }, stringData: { password: 's3cr3t' } });
    expect(out).toEqual({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db' }, data: { user: 'YWRtaW4=', password: 'czNjcjN0' }, type: 'Opaque' });
  });
});
