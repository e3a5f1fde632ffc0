import { describe, expect, it } from 'vitest';
import type { StatefulPod } from '../../api/statefulTypes.ts';
import { PASS, processReplica, type StepContext } from './processReplica.ts';
import { type PodState, pod, revisions, stepContext, web } from './testObjects.ts';

const set = web(3, { volumeClaimTemplates: [] });
const { v1 } = revisions(set);

const ctx = (monotonic: boolean, phase: StepContext['phase'] = 'replicas', batch = 0): StepContext =>
  stepContext(set, monotonic, { phase, batch });

describe('processReplica', () => {
  const cases: [string, PodState, boolean, { exit: boolean; error: null }][] = [
    ['waits on a Running, not Ready pod under OrderedReady', 'Running', true, { exit: true, error: null }],
    ['waits on a terminating pod under OrderedReady', 'Terminating', true, { exit: true, error: null }],
    ['deletes a Failed pod and ends the loop', 'Failed', true, { exit: true, error: null }],
    ['passes a Ready pod', 'Ready', true, { exit: false, error: null }],
    ['passes a Running pod under Parallel', 'Running', false, { exit: false, error: null }],
  ];
  it.each(cases)('%s, with one shared frozen result', (_, state, monotonic, want) => {
    const replicas: StatefulPod[] = [pod(set, 0, v1, state)];
    const a = processReplica(ctx(monotonic), replicas, 0);
    const b = processReplica(ctx(monotonic), replicas, 0);
    expect(a).toEqual(want);
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
    if (!want.exit) expect(a).toBe(PASS);
  });

  it('tags a write with the step context phase and batch', () => {
    const c = ctx(false, 'replicas', 3);
    processReplica(c, [pod(set, 0, v1, 'Failed')], 0);
    expect(c.actions).toEqual([{ op: 'deletePod', phase: 'replicas', batch: 3, pod: 'web-0', why: 'failed' }]);
  });
});
