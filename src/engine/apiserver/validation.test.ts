import { describe, expect, it } from 'vitest';
import type { DaemonSet, Deployment } from '../api/types.ts';
import { setDefaultsDaemonSet, setDefaultsDeployment } from './defaults.ts';
import { fieldErrorString } from '../apimachinery/fieldErrors.ts';
import { invalidMessage, validateObject } from './validation.ts';

function web(spec: Partial<Deployment['spec']> = {}, name = 'web'): Deployment {
  return setDefaultsDeployment({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }] } },
      ...spec,
    },
  });
}

function ds(spec: Partial<DaemonSet['spec']> = {}): DaemonSet {
  return setDefaultsDaemonSet({
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent' },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image: 'agent:1' }] } },
      ...spec,
    },
  });
}

const messageOf = (obj: Deployment | DaemonSet) => invalidMessage(obj.kind, obj.metadata.name, validateObject(obj));

describe('validateObject', () => {
  it('accepts a defaulted Deployment when nothing is wrong', () => {
    expect(validateObject(web())).toEqual([]);
  });

  it('accepts a defaulted DaemonSet when nothing is wrong', () => {
    expect(validateObject(ds())).toEqual([]);
  });

  it('prints the API server message when maxSurge and maxUnavailable are both 0', () => {
    const d = web({ strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } } });
    expect(messageOf(d)).toBe(
      'The Deployment "web" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0',
    );
  });

  it('quotes a percent bad value as JSON when the zero is a string', () => {
    const d = web({ strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '0%', maxUnavailable: '0%' } } });
    expect(messageOf(d)).toBe(
      'The Deployment "web" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: "0%": may not be 0 when `maxSurge` is 0',
    );
  });

  it('brackets several errors when more than one field is wrong', () => {
    const d = web({ replicas: -1, minReadySeconds: 700 });
    expect(messageOf(d)).toBe(
      'The Deployment "web" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.progressDeadlineSeconds: Invalid value: 600: must be greater than minReadySeconds]',
    );
  });

  it('reports the template labels as JSON when the selector does not match them', () => {
    const d = web({ selector: { matchLabels: { app: 'other' } } });
    expect(validateObject(d).map(fieldErrorString)).toEqual([
      'spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`',
    ]);
  });

  it('rejects an empty selector for a Deployment', () => {
    const d = web({ selector: {} });
    expect(validateObject(d).map(fieldErrorString)).toEqual(['spec.selector: Invalid value: {}: empty selector is invalid for deployment']);
  });

  it('rejects a name that is not a DNS-1123 subdomain', () => {
    expect(validateObject(web({}, 'Web_1')).map(fieldErrorString)).toEqual([
      "metadata.name: Invalid value: \"Web_1\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    ]);
  });

  it('requires container names and images when they are missing', () => {
    const d = web({ template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: '', image: '' }] } } });
    expect(validateObject(d).map(fieldErrorString)).toEqual([
      'spec.template.spec.containers[0].name: Required value',
      'spec.template.spec.containers[0].image: Required value',
    ]);
  });

  it('forbids rollingUpdate when the strategy is Recreate', () => {
    const d = web({ strategy: { type: 'Recreate', rollingUpdate: {} } });
    expect(validateObject(d).map(fieldErrorString)).toEqual([
      "spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'",
    ]);
  });

  it('lists the supported strategy types when the type is unknown', () => {
    const d = web({ strategy: { type: 'BlueGreen' } });
    expect(validateObject(d).map(fieldErrorString)).toEqual([
      'spec.strategy: Unsupported value: {"Type":"BlueGreen","RollingUpdate":null}: supported values: "Recreate", "RollingUpdate"',
    ]);
  });

  it('allows a Deployment maxSurge above 100% but not maxUnavailable', () => {
    const ok = web({ strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '200%', maxUnavailable: 1 } } });
    expect(validateObject(ok)).toEqual([]);
    const bad = web({ strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: '110%' } } });
    expect(validateObject(bad).map(fieldErrorString)).toEqual([
      'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: "110%": must not be greater than 100%',
    ]);
  });

  it('rejects a DaemonSet that sets both maxSurge and maxUnavailable', () => {
    const d = ds({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 1 } } });
    expect(messageOf(d)).toBe(
      'The DaemonSet "agent" is invalid: spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: 1: may not be set when maxUnavailable is non-zero',
    );
  });

  it('requires maxUnavailable when a DaemonSet sets both to 0', () => {
    const d = ds({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } } });
    expect(validateObject(d).map(fieldErrorString)).toEqual([
      'spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0',
    ]);
  });

  it('rejects a bad label value in the template', () => {
    const d = web({
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web', tier: '-x' } }, spec: { containers: [{ name: 'c', image: 'i' }] } },
    });
    expect(validateObject(d).map(fieldErrorString)).toEqual([
      "spec.template.labels: Invalid value: \"-x\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    ]);
  });
});

describe('invalidMessage', () => {
  it('drops duplicate messages when errors repeat', () => {
    const e = { type: 'Required value' as const, field: 'spec.x', badValue: null, detail: '' };
    expect(invalidMessage('Deployment', 'web', [e, e])).toBe('The Deployment "web" is invalid: spec.x: Required value');
  });
});
