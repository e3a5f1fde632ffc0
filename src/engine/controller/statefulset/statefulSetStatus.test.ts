import { describe, expect, it } from 'vitest';
import type { StatefulSetStatus } from '../../api/statefulTypes.ts';
import { statusOfTally } from './statefulSetStatus.ts';

// The status is written as JSON: its keys and their order are what a spread of the old status
// followed by the five counts gives, whatever path withCounts takes.
const spread = (s: StatefulSetStatus, c: Omit<StatefulSetStatus, 'observedGeneration'>) => ({
  ...s,
  replicas: c.replicas,
  readyReplicas: c.readyReplicas,
  availableReplicas: c.availableReplicas,
  currentReplicas: c.currentReplicas,
  updatedReplicas: c.updatedReplicas,
});

describe('statusOfTally', () => {
  const tally = { created: 3, runningAndReady: 2, byRevision: new Map([['web-a', 1], ['web-b', 2]]) };
  const counts = { replicas: 3, readyReplicas: 2, availableReplicas: 2, currentReplicas: 1, updatedReplicas: 2 };
  it.each<[string, StatefulSetStatus]>([
    ['the plan’s own five keys', { observedGeneration: 2, replicas: 0, currentRevision: 'web-a', updateRevision: 'web-b', collisionCount: 0 }],
    ['the five keys with an undefined revision', { observedGeneration: 2, replicas: 0, currentRevision: undefined as never, updateRevision: 'web-b', collisionCount: 1 }],
    ['keys in another order', { replicas: 0, observedGeneration: 2, currentRevision: 'web-a', updateRevision: 'web-b', collisionCount: 0 }],
    ['counts already present', { observedGeneration: 2, replicas: 5, readyReplicas: 4, currentRevision: 'web-a', updateRevision: 'web-b', collisionCount: 0 }],
  ])('gives the keys and order of a spread for %s', (_, status) => {
    const got = statusOfTally(status, tally, 'web-a', 'web-b');
    expect(Object.keys(got)).toEqual(Object.keys(spread(status, counts)));
    expect(got).toEqual(spread(status, counts));
  });
});
