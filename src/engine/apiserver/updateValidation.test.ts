import { describe, expect, it } from 'vitest';
import type { Deployment } from '../api/types.ts';
import { fieldErrorString } from '../apimachinery/fieldErrors.ts';
import { validateUpdate } from './updateValidation.ts';

function dep(labels: Record<string, string>): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
  };
}

describe('validateUpdate', () => {
  it('rejects a changed Deployment selector as immutable', () => {
    const errs = validateUpdate(dep({ app: 'v1' }), dep({ app: 'v2', b: 'x' }));
    expect(errs.map(fieldErrorString)).toEqual(['spec.selector: Invalid value: {"matchLabels":{"app":"v2","b":"x"}}: field is immutable']);
  });
  it('accepts an update that keeps the selector when other fields change', () => {
    const next = dep({ app: 'v1' });
    next.spec.replicas = 4;
    expect(validateUpdate(dep({ app: 'v1' }), next)).toEqual([]);
  });
});
