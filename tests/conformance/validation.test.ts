// Conformance: apps validation (Deployment, rolling-update parameters of Deployments and
// DaemonSets) against validation_test.go and the derived cases of validation.go.
import { describe, expect, it } from 'vitest';
import type { Deployment, IntOrString } from '../../src/engine/api/types.ts';
import { errorBody, type FieldError, fieldErrorString } from '../../src/engine/apimachinery/fieldErrors.ts';
import {
  validateDeployment,
  validateRollingUpdateDaemonSet,
  validateRollingUpdateDeployment,
} from '../../src/engine/apiserver/validation.ts';
import { type NamedCase, splitCases } from './caseTable.ts';

const FUNCTIONS = ['ValidateDeployment', 'ValidateRollingUpdateDeployment', 'ValidateRollingUpdateDaemonSet'] as const;
const NOT_APPLICABLE: Record<string, string> = {};

const { run, all, skipped } = splitCases('validation', FUNCTIONS, NOT_APPLICABLE);

/**
 * The transcribed detail of the percent case reads "(e.g. '1%' or '93%', regex ...)"; the
 * upstream test asserts only the prefix, and apimachinery's RegexError prints
 * "(e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')" (comma, two spaces). We keep
 * apimachinery's text and check the transcription up to the examples.
 */
const PERCENT_DETAIL =
  "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";

/** validDeployment of validation_test.go (internal object: no defaulting applied). */
function validDeployment(): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'abc', namespace: 'default' },
    spec: {
      replicas: 1,
      selector: { matchLabels: { name: 'abc' } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 1 } },
      template: {
        metadata: { name: 'abc', labels: { name: 'abc' } },
        spec: { restartPolicy: 'Always', containers: [{ name: 'nginx', image: 'image', imagePullPolicy: 'IfNotPresent' }] },
      },
      revisionHistoryLimit: 10,
    },
  };
}

type ExpectedError = { field: string; type: string; detail: string };

function expectDetail(e: FieldError, want: ExpectedError): void {
  expect(e.field).toBe(want.field);
  expect(e.type).toBe(want.type);
  if (want.detail.startsWith('a valid percent string must be')) expect(e.detail).toBe(PERCENT_DETAIL);
  else expect(e.detail).toBe(want.detail);
}

function runCase(c: NamedCase): void {
  if (c.function === 'ValidateDeployment') {
    const d = validDeployment();
    const overrides = (c.input as { specOverrides: Partial<Deployment['spec']> }).specOverrides;
    const errs = validateDeployment({ ...d, spec: { ...d.spec, ...overrides } });
    const want = c.expected as ExpectedError & { firstErrorContains: string };
    const first = errs[0];
    expect(first, 'at least one error').toBeDefined();
    if (!first) return;
    expect(fieldErrorString(first)).toContain(want.firstErrorContains);
    expectDetail(first, want);
    return;
  }
  const input = c.input as { maxUnavailable?: IntOrString; maxSurge?: IntOrString };
  const wantErrs = (c.expected as { errors: ExpectedError[] }).errors;
  const errs =
    c.function === 'ValidateRollingUpdateDeployment'
      ? validateRollingUpdateDeployment(input, 'spec.strategy.rollingUpdate')
      : validateRollingUpdateDaemonSet(input, 'spec.updateStrategy.rollingUpdate');
  expect(errs.map((e) => `${e.field}: ${errorBody(e)}`)).toHaveLength(wantErrs.length);
  wantErrs.forEach((w, i) => {
    const e = errs[i];
    expect(e).toBeDefined();
    if (e) expectDetail(e, w);
  });
}

describe('apps validation conformance', () => {
  it.each(run.map((c) => [c.name, c] as const))('%s', (_name, c) => runCase(c));

  it('runs or lists every case of its functions', () => {
    expect(run.length + skipped.length).toBe(all.length);
    expect(all.length).toBe(16);
  });
});
