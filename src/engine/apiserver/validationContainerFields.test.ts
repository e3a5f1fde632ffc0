import { describe, expect, it } from 'vitest';
import type { ContainerPort, EnvFromSource, EnvVar } from '../api/types.ts';
import { fieldErrorString } from '../apimachinery/fieldErrors.ts';
import {
  isRelaxedEnvVarName,
  type VolumeMount,
  validateContainerPorts,
  validateEnv,
  validateEnvFrom,
  validatePullPolicy,
  validateTerminationMessagePolicy,
  validateVolumeMounts,
} from './validationContainerFields.ts';

const PORT_CHARSET = 'must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)';
const RANGE = 'must be between 1 and 65535, inclusive';
const ENV_NAME = "a valid environment variable name must consist only of printable ASCII characters other than '='";

// Upstream's TestValidatePorts, with the whole message instead of a substring.
describe('validateContainerPorts', () => {
  it('accepts upstream’s success case', () => {
    const ok: ContainerPort[] = [
      { name: 'abc', containerPort: 80, hostPort: 80, protocol: 'TCP' },
      { name: 'easy', containerPort: 82, protocol: 'TCP' },
      { name: 'as', containerPort: 83, protocol: 'UDP' },
      { name: 'do-re-me', containerPort: 84, protocol: 'UDP' },
      { containerPort: 85, protocol: 'SCTP' },
    ];
    expect(validateContainerPorts(ok, 'field')).toEqual([]);
  });

  it.each<[string, ContainerPort[], string[]]>([
    ['a name over 15 characters', [{ name: 'a'.repeat(16), containerPort: 80, protocol: 'TCP' }], [`field[0].name: Invalid value: "${'a'.repeat(16)}": must be no more than 15 characters`]],
    ['a name with invalid characters', [{ name: 'a.b.c', containerPort: 80, protocol: 'TCP' }], [`field[0].name: Invalid value: "a.b.c": ${PORT_CHARSET}`]],
    ['a name that is a number', [{ name: '80', containerPort: 80, protocol: 'TCP' }], ['field[0].name: Invalid value: "80": must contain at least one letter (a-z)']],
    [
      'an upper-case name (two messages: charset and letter)',
      [{ name: 'HTTP', containerPort: 80, protocol: 'TCP' }],
      [`field[0].name: Invalid value: "HTTP": ${PORT_CHARSET}`, 'field[0].name: Invalid value: "HTTP": must contain at least one letter (a-z)'],
    ],
    ['a name with adjacent hyphens', [{ name: 'a--b', containerPort: 80, protocol: 'TCP' }], ['field[0].name: Invalid value: "a--b": must not contain consecutive hyphens']],
    ['a name with a leading hyphen', [{ name: '-ab', containerPort: 80, protocol: 'TCP' }], ['field[0].name: Invalid value: "-ab": must not begin or end with a hyphen']],
    [
      'a name twice',
      [
        { name: 'abc', containerPort: 80, protocol: 'TCP' },
        { name: 'abc', containerPort: 81, protocol: 'TCP' },
      ],
      ['field[1].name: Duplicate value: "abc"'],
    ],
    ['a zero container port', [{ containerPort: 0, protocol: 'TCP' }], ['field[0].containerPort: Required value']],
    ['an absent container port', [{ protocol: 'TCP' } as ContainerPort], ['field[0].containerPort: Required value']],
    ['a container port above the range', [{ containerPort: 65536, protocol: 'TCP' }], [`field[0].containerPort: Invalid value: 65536: ${RANGE}`]],
    ['a negative container port', [{ containerPort: -1, protocol: 'TCP' }], [`field[0].containerPort: Invalid value: -1: ${RANGE}`]],
    ['a host port above the range', [{ containerPort: 80, hostPort: 65536, protocol: 'TCP' }], [`field[0].hostPort: Invalid value: 65536: ${RANGE}`]],
    ['an empty protocol', [{ containerPort: 80, protocol: '' }], ['field[0].protocol: Required value']],
    ['an unknown protocol', [{ containerPort: 80, protocol: 'ICMP' }], ['field[0].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"']],
    ['a lower-case protocol', [{ containerPort: 80, protocol: 'tcp' }], ['field[0].protocol: Unsupported value: "tcp": supported values: "SCTP", "TCP", "UDP"']],
  ])('refuses %s', (_, ports, want) => {
    expect(validateContainerPorts(ports, 'field').map(fieldErrorString)).toEqual(want);
  });

  it('leaves an absent protocol to defaulting (TCP)', () => {
    expect(validateContainerPorts([{ containerPort: 80 }], 'field')).toEqual([]);
  });
});

describe('isRelaxedEnvVarName', () => {
  it.each(['A', 'my.env-name', '1st', 'has space', 'a:b', '~!@#$%^&*()'])('accepts %j (v1.36: relaxed names are GA)', (name) => {
    expect(isRelaxedEnvVarName(name)).toEqual([]);
  });
  it.each(['a=b', 'tab\there', 'naïve', 'line\n'])('refuses %j', (name) => {
    expect(isRelaxedEnvVarName(name)).toEqual([ENV_NAME]);
  });
});

// Upstream's TestValidateEnv error cases that the engine's EnvVar can express.
describe('validateEnv', () => {
  it.each<[string, EnvVar[], string[]]>([
    ['an empty name', [{ name: '' }], ['field[0].name: Required value']],
    ['a name with =', [{ name: 'a=b' }], [`field[0].name: Invalid value: "a=b": ${ENV_NAME}`]],
    [
      'a value beside valueFrom',
      [{ name: 'abc', value: 'foo', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } }],
      ['field[0].valueFrom: Invalid value: "": may not be specified when `value` is not empty'],
    ],
    [
      'valueFrom with two sources',
      [{ name: 'abc', valueFrom: { fieldRef: { fieldPath: 'metadata.name' }, secretKeyRef: { name: 'a-secret', key: 'a-key' } } }],
      ['field[0].valueFrom: Invalid value: "": may not have more than one field specified at a time'],
    ],
    [
      'valueFrom with no source',
      [{ name: 'abc', valueFrom: {} }],
      ['field[0].valueFrom: Invalid value: "": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'],
    ],
    [
      'a configMapKeyRef without a key',
      [{ name: 'abc', valueFrom: { configMapKeyRef: { name: 'some-config-map', key: '' } } }],
      ['field[0].valueFrom.configMapKeyRef.key: Required value'],
    ],
    [
      'a secretKeyRef with an invalid key',
      [{ name: 'abc', valueFrom: { secretKeyRef: { name: 's', key: 'a$b' } } }],
      [
        "field[0].valueFrom.secretKeyRef.key: Invalid value: \"a$b\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
      ],
    ],
  ])('refuses %s', (_, env, want) => {
    expect(validateEnv(env, 'field').map(fieldErrorString)).toEqual(want);
  });

  it('accepts a value, a fieldRef stored without its apiVersion, and a key reference', () => {
    const env: EnvVar[] = [
      { name: 'A', value: 'x' },
      { name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
      { name: 'K', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'app.conf' } } },
      { name: 'EMPTY', value: '', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } },
    ];
    expect(validateEnv(env, 'field')).toEqual([]);
  });
});

describe('validateEnvFrom', () => {
  it.each<[string, EnvFromSource[], string[]]>([
    ['no source (reported on the list)', [{ prefix: 'P_' }], ['field: Invalid value: "": must specify one of: `configMapRef` or `secretRef`']],
    ['two sources', [{ configMapRef: { name: 'a' }, secretRef: { name: 'b' } }], ['field: Invalid value: "": may not have more than one field specified at a time']],
    ['a prefix with =', [{ prefix: 'a=', configMapRef: { name: 'a' } }], [`field[0].prefix: Invalid value: "a=": ${ENV_NAME}`]],
    ['a source without a name', [{ secretRef: {} }], ['field[0].secretRef.name: Required value']],
  ])('refuses %s', (_, envFrom, want) => {
    expect(validateEnvFrom(envFrom, 'field').map(fieldErrorString)).toEqual(want);
  });
});

// Upstream's TestValidateVolumeMounts error cases for the fields the engine reads.
describe('validateVolumeMounts', () => {
  const vols = new Set(['abc', '123', 'abc-123']);
  it('accepts upstream’s success cases', () => {
    const ok: VolumeMount[] = [
      { name: 'abc', mountPath: '/foo' },
      { name: '123', mountPath: 'foo' },
      { name: 'abc-123', mountPath: '/bar' },
      { name: 'abc', mountPath: '/baz', subPath: 'baz' },
      { name: 'abc', mountPath: '/baz/', subPath: '.baz' },
      { name: 'abc', mountPath: '/ex', subPathExpr: '$(POD_NAME)' },
    ];
    expect(validateVolumeMounts(ok, vols, 'field')).toEqual([]);
  });

  it.each<[string, VolumeMount[], string[]]>([
    ['an empty name', [{ name: '', mountPath: '/foo' }], ['field[0].name: Required value', 'field[0].name: Not found: ""']],
    ['a name no volume has', [{ name: 'config', mountPath: '/etc/web' }], ['field[0].name: Not found: "config"']],
    ['an empty mountPath', [{ name: 'abc', mountPath: '' }], ['field[0].mountPath: Required value']],
    [
      'a mountPath twice',
      [
        { name: 'abc', mountPath: '/path' },
        { name: '123', mountPath: '/path' },
      ],
      ['field[1].mountPath: Invalid value: "/path": must be unique'],
    ],
    ['an absolute subPath (reported without the index, as upstream does)', [{ name: 'abc', mountPath: '/bar', subPath: '/baz' }], ['field.subPath: Invalid value: "/baz": must be a relative path']],
    ['a subPath with ..', [{ name: 'abc', mountPath: '/bar', subPath: '../baz' }], ['field.subPath: Invalid value: "../baz": must not contain \'..\'']],
    [
      'subPath and subPathExpr together',
      [{ name: 'abc', mountPath: '/bar', subPath: 'baz', subPathExpr: '$(POD_NAME)' }],
      ['field[0].subPathExpr: Invalid value: "$(POD_NAME)": subPathExpr and subPath are mutually exclusive'],
    ],
  ])('refuses %s', (_, mounts, want) => {
    expect(validateVolumeMounts(mounts, vols, 'field').map(fieldErrorString)).toEqual(want);
  });
});

describe('validatePullPolicy', () => {
  it.each(['Always', 'IfNotPresent', 'Never', undefined])('accepts %s', (p) => {
    expect(validatePullPolicy(p, 'field')).toEqual([]);
  });
  it.each<[string, string]>([
    ['always', 'field: Unsupported value: "always": supported values: "Always", "IfNotPresent", "Never"'],
    ['', 'field: Required value'],
  ])('refuses %j', (p, want) => {
    expect(validatePullPolicy(p, 'field').map(fieldErrorString)).toEqual([want]);
  });
});

describe('validateTerminationMessagePolicy', () => {
  it.each(['File', 'FallbackToLogsOnError', undefined, ''])('accepts %j (absent and "" are File after defaulting)', (p) => {
    expect(validateTerminationMessagePolicy(p, 'field')).toEqual([]);
  });
  it('refuses any other policy', () => {
    expect(validateTerminationMessagePolicy('Logs', 'field').map(fieldErrorString)).toEqual([
      'field: Unsupported value: "Logs": supported values: "File", "FallbackToLogsOnError"',
    ]);
  });
});
