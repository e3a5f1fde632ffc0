import { describe, expect, it } from 'vitest';
import type { StatefulPod } from '../../api/statefulTypes.ts';
import { available, identity, podFacts, quietReplica, unavailable } from './podFacts.ts';
import { processReplica, type StepContext } from './processReplica.ts';
import {
  getOrdinal,
  getParentName,
  getPodRevision,
  identityMatches,
  isCreated,
  isRunningAndAvailable,
  isRunningAndReady,
  isTerminating,
  isUnavailable,
} from './statefulSetUtils.ts';
import { type PodState, pod, revisions, stepContext, web } from './testObjects.ts';

const set = web(3, { volumeClaimTemplates: [] });
const { v1 } = revisions(set);
const states: PodState[] = ['Pending', 'Running', 'Ready', 'Failed', 'Succeeded', 'Terminating'];
const renamed = (p: StatefulPod, name: string): StatefulPod => ({ ...p, metadata: { ...p.metadata, name } });
const noTransition = (p: StatefulPod): StatefulPod => ({ ...p, status: { ...p.status, conditions: [{ type: 'Ready', status: 'True' }] } });
const cases: [string, StatefulPod][] = [
  ...states.map((s): [string, StatefulPod] => [s, pod(set, 1, v1, s, 10_000)]),
  ['not created (no status)', { ...pod(set, 1, v1, 'Ready'), status: undefined } as StatefulPod],
  ['web-01, not canonical', renamed(pod(set, 1, v1, 'Ready'), 'web-01')],
  ['db-1, another parent', renamed(pod(set, 1, v1, 'Ready'), 'db-1')],
  ['web-x, no ordinal', renamed(pod(set, 1, v1, 'Ready'), 'web-x')],
  ['Ready without a transition time', noTransition(pod(set, 1, v1, 'Ready'))],
  ['another namespace', { ...pod(set, 1, v1, 'Ready'), metadata: { ...pod(set, 1, v1, 'Ready').metadata, namespace: 'other' } }],
];

describe('podFacts', () => {
  it.each(cases)('answers as the predicates do for a %s pod', (_name, p) => {
    const f = podFacts(p);
    expect(f.ordinal).toBe(getOrdinal(p));
    expect(f.parent).toBe(getParentName(p));
    expect(f.created).toBe(isCreated(p));
    expect(f.runningAndReady).toBe(isRunningAndReady(p));
    expect(f.terminating).toBe(isTerminating(p));
    expect(f.revision).toBe(getPodRevision(p));
    expect(identity(f, set)).toBe(identityMatches(set, p));
    for (const [mrs, now] of [
      [0, 0],
      [5, 15_000],
      [5, 15_001],
      [30, 100_000],
    ] as const) {
      expect(available(f, mrs, now)).toBe(isRunningAndAvailable(p, mrs, now));
      expect(unavailable(f, mrs, now)).toBe(isUnavailable(p, mrs, now));
    }
  });

  it('reads the same facts from the same pod object', () => {
    const p = pod(set, 2, v1, 'Ready');
    expect(podFacts(p)).toEqual(podFacts(p));
  });
});

describe('quietReplica', () => {
  const ctx = (monotonic: boolean, mrs: number): StepContext =>
    stepContext({ ...set, spec: { ...set.spec, minReadySeconds: mrs } }, monotonic, { sets: { current: () => set, update: () => set } });

  // Replica index 1 is ordinal 1: the pods with another ordinal are not replicas.
  const runs = cases.filter(([, p]) => getOrdinal(p) === 1).flatMap(([name, p]) =>
    [true, false].flatMap((monotonic) => [0, 5, 30].map((mrs): [string, boolean, number, StatefulPod] => [name, monotonic, mrs, p])),
  );
  it.each(runs)('is true exactly when processReplica passes a %s pod silently (monotonic %s, minReadySeconds %s)', (_n, monotonic, mrs, p) => {
    const c = ctx(monotonic, mrs);
    const r = processReplica(c, [pod(set, 0, v1, 'Ready'), p], 1);
    const silent = !r.exit && r.error === null && c.actions.length === 0 && (c.log ?? []).length === 0;
    expect(quietReplica(podFacts(p), set, monotonic, mrs, 15_000)).toBe(silent);
  });
});
