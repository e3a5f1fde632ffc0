// Conformance: apimachinery duration (HumanDuration, ShortHumanDuration) against Kubernetes' own test tables.
import { describe, expect, it } from 'vitest';
import { humanDuration, shortHumanDuration } from '../../src/engine/lib/duration.ts';
import { splitCases } from './caseTable.ts';

const FUNCTIONS = ['HumanDuration', 'ShortHumanDuration'] as const;
const NOT_APPLICABLE: Record<string, string> = {};

const { run, all, skipped } = splitCases('duration', FUNCTIONS, NOT_APPLICABLE);

/**
 * The cases give Go nanoseconds; ours take milliseconds. Every value is a whole number of ms
 * except ±(2 s − 1 ns), whose fraction only matters for truncation, which both sides do.
 */
function toMs(c: (typeof run)[number]): number {
  return (c.input as { nanoseconds: number }).nanoseconds / 1e6;
}

describe('humanDuration / shortHumanDuration', () => {
  it.each(run.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const fn = c.function === 'HumanDuration' ? humanDuration : shortHumanDuration;
    expect(fn(toMs(c))).toBe((c.expected as { result: string }).result);
  });

  it('runs or lists every case of its functions', () => {
    expect(run.length + skipped.length).toBe(all.length);
    expect(all.length).toBe(66);
  });
});
