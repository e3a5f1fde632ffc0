import { describe, expect, it } from 'vitest';
import { readSetup } from '../../state/sweepGrid.ts';
import { statefulSetSweepForm, sweepFieldsFor } from './sweepFields.ts';

describe('sweepFieldsFor', () => {
  it.each([
    ['StatefulSets only', ['StatefulSet'], ['replicas', 'minReadySeconds', 'partition', 'seed']],
    ['a Deployment', ['Deployment'], ['maxSurge', 'maxUnavailable', 'replicas', 'minReadySeconds', 'seed']],
    ['no workload yet', [], ['maxSurge', 'maxUnavailable', 'replicas', 'minReadySeconds', 'seed']],
    [
      'a Deployment and a StatefulSet',
      ['Deployment', 'StatefulSet'],
      ['maxSurge', 'maxUnavailable', 'replicas', 'minReadySeconds', 'seed', 'partition'],
    ],
  ])('offers the fields that change %s', (_name, kinds, want) => {
    expect(sweepFieldsFor(kinds)).toEqual(want);
  });
});

describe('statefulSetSweepForm', () => {
  it('sweeps partition 0 … replicas against minReadySeconds when the scenario is a StatefulSet', () => {
    const form = statefulSetSweepForm(5);
    expect(form).toMatchObject({
      xField: 'partition',
      xValues: '0, 1, 2, 3, 4, 5',
      yField: 'minReadySeconds',
    });
    expect(readSetup(form, 1).ok).toBe(true);
  });
});
