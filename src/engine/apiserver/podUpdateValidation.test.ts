import { describe, expect, it } from 'vitest';
import type { PodSpec } from '../api/types.ts';
import { fieldErrorString } from '../apimachinery/fieldErrors.ts';
import { specDiff, updatablePodSpecFields, validatePodUpdate } from './podUpdateValidation.ts';

const spec = (over: Record<string, unknown> = {}): PodSpec =>
  ({
    containers: [{ name: 'web', image: 'web:1' }],
    restartPolicy: 'Always',
    terminationGracePeriodSeconds: 30,
    tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }],
    ...over,
  }) as unknown as PodSpec;

const HEAD = `spec: Forbidden: pod updates may not change fields other than ${updatablePodSpecFields.join(',')}`;

describe('validatePodUpdate', () => {
  it.each([
    ['an image changed', { containers: [{ name: 'web', image: 'web:2' }] }],
    ['a toleration added', { tolerations: [...(spec().tolerations ?? []), { key: 'gpu', operator: 'Exists' }] }],
    ['a toleration kept with other seconds', { tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }] }],
    ['an activeDeadlineSeconds set', { activeDeadlineSeconds: 100 }],
    ['nothing changed', {}],
  ])('allows %s', (_what, over) => {
    expect(validatePodUpdate(spec(over), spec())).toEqual([]);
  });

  it.each([
    ['a container added', { containers: [{ name: 'web', image: 'web:1' }, { name: 'b', image: 'b' }] }, ['spec.containers: Forbidden: pod updates may not add or remove containers']],
    ['an image emptied', { containers: [{ name: 'web', image: '' }] }, ['spec.containers[0].image: Required value']],
    ['an image with a space', { containers: [{ name: 'web', image: 'web:2 ' }] }, ['spec.containers[0].image: Invalid value: "web:2 ": must not have leading or trailing whitespace']],
    ['a toleration taken away', { tolerations: [] }, ['spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds']],
  ])('refuses %s', (_what, over, want) => {
    expect(validatePodUpdate(spec(over), spec()).map(fieldErrorString)).toEqual(want);
  });

  it('refuses a longer activeDeadlineSeconds, and going back to none', () => {
    expect(validatePodUpdate(spec({ activeDeadlineSeconds: 200 }), spec({ activeDeadlineSeconds: 100 })).map(fieldErrorString)).toEqual([
      'spec.activeDeadlineSeconds: Invalid value: 200: must be less than or equal to previous value',
    ]);
    expect(validatePodUpdate(spec(), spec({ activeDeadlineSeconds: 100 })).map(fieldErrorString)).toEqual([
      'spec.activeDeadlineSeconds: Invalid value: null: must not update from a positive integer to nil value',
    ]);
  });

  it('refuses any other change whole, the changed field shown before and after', () => {
    const errs = validatePodUpdate(spec({ restartPolicy: 'Never', containers: [{ name: 'web', image: 'web:2' }] }), spec()).map(fieldErrorString);
    expect(errs).toHaveLength(1);
    expect(errs[0]).toBe(`${HEAD}\n  core.PodSpec{\n  \t... // 1 identical field\n- \tRestartPolicy: "Always",\n+ \tRestartPolicy: "Never",\n  \t... // 2 identical fields\n  }\n`);
  });

  it('lets a negative grace period be set to 1', () => {
    expect(validatePodUpdate(spec({ terminationGracePeriodSeconds: 1 }), spec({ terminationGracePeriodSeconds: -1 }))).toEqual([]);
    expect(validatePodUpdate(spec({ terminationGracePeriodSeconds: 2 }), spec({ terminationGracePeriodSeconds: -1 }))).toHaveLength(1);
  });
});

describe('specDiff', () => {
  it('names the Go fields whose JSON names do not capitalise to them', () => {
    expect(specDiff(spec(), spec({ dnsPolicy: 'Default' }))).toContain('+ \tDNSPolicy: "Default",');
  });
});
