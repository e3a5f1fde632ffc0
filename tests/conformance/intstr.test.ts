// Conformance: apimachinery intstr (GetScaledValueFromIntOrPercent) against Kubernetes' own test table.
import { describe, expect, it } from 'vitest';
import type { IntOrString } from '../../src/engine/api/types.ts';
import { getScaledValueFromIntOrPercent } from '../../src/engine/lib/intstr.ts';
import { splitCases } from './caseTable.ts';

const FUNCTIONS = ['GetScaledValueFromIntOrPercent'] as const;
const NOT_APPLICABLE: Record<string, string> = {};

const { run, all, skipped } = splitCases('intstr', FUNCTIONS, NOT_APPLICABLE);

describe('GetScaledValueFromIntOrPercent', () => {
  it.each(run.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const input = c.input as { value: IntOrString; total: number; roundUp: boolean };
    const expected = c.expected as { error: boolean; result?: number };
    if (expected.error) {
      expect(() => getScaledValueFromIntOrPercent(input.value, input.total, input.roundUp)).toThrow(
        /^invalid value for IntOrString: /,
      );
    } else {
      expect(getScaledValueFromIntOrPercent(input.value, input.total, input.roundUp)).toBe(expected.result);
    }
  });

  it('runs or lists every case of its functions', () => {
    expect(run.length + skipped.length).toBe(all.length);
    expect(all.length).toBeGreaterThan(0);
  });
});
