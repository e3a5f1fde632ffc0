import { describe, expect, it } from 'vitest';
import { REASONS } from './statefulPodControl.ts';

describe('REASONS', () => {
  it.each(['create', 'update', 'delete'] as const)('names the %s Events as stateful_pod_control.go does: Successful or Failed, then the verb titled', (verb) => {
    const title = verb.charAt(0).toUpperCase() + verb.slice(1);
    expect(REASONS[verb]).toEqual({ ok: `Successful${title}`, failed: `Failed${title}` });
  });
});
