import { describe, expect, it } from 'vitest';
import { RevisionAnnotation } from '../api/constants.ts';
import type { ReplicaSet } from '../api/types.ts';
import {
  filterActiveReplicaSets,
  parseRevisionAnnotation,
  replicaSetsByCreationTimestamp,
  replicaSetsByRevision,
  replicaSetsBySizeNewer,
  replicaSetsBySizeOlder,
} from './sort.ts';

function rs(name: string, replicas: number, created?: string, revision?: string): ReplicaSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name,
      ...(created ? { creationTimestamp: created } : {}),
      ...(revision === undefined ? {} : { annotations: { [RevisionAnnotation]: revision } }),
    },
    spec: { replicas, selector: {}, template: { spec: { containers: [] } } },
  };
}

const names = (rss: ReplicaSet[]) => rss.map((r) => r.metadata.name);
const T1 = '2026-01-01T00:00:01Z';
const T2 = '2026-01-01T00:00:02Z';

describe('replicaSetsByCreationTimestamp', () => {
  it('orders older first and breaks ties by name when timestamps match', () => {
    expect(names(replicaSetsByCreationTimestamp([rs('c', 1, T2), rs('b', 1, T1), rs('a', 1, T2)]))).toEqual(['b', 'a', 'c']);
  });

  it('puts a missing timestamp first because Go zero time is earliest', () => {
    expect(names(replicaSetsByCreationTimestamp([rs('a', 1, T1), rs('z', 1)]))).toEqual(['z', 'a']);
  });
});

describe('replicaSetsBySizeOlder', () => {
  it('orders larger first and the older of equal sizes first', () => {
    expect(names(replicaSetsBySizeOlder([rs('new', 2, T2), rs('old', 2, T1), rs('big', 5, T2)]))).toEqual(['big', 'old', 'new']);
  });
});

describe('replicaSetsBySizeNewer', () => {
  it('orders larger first and the newer of equal sizes first', () => {
    expect(names(replicaSetsBySizeNewer([rs('old', 2, T1), rs('new', 2, T2), rs('big', 5, T1)]))).toEqual(['big', 'new', 'old']);
  });
});

describe('replicaSetsByRevision', () => {
  it('orders by revision and falls back to creation time when a revision does not parse', () => {
    expect(names(replicaSetsByRevision([rs('r3', 0, T1, '3'), rs('r1', 0, T2, '1'), rs('none', 0, T2)]))).toEqual(['none', 'r1', 'r3']);
  });
});

describe('parseRevisionAnnotation', () => {
  it('reports Go ParseInt errors when the annotation is malformed', () => {
    expect(parseRevisionAnnotation(rs('x', 0, T1, 'abc'))).toEqual({ error: 'strconv.ParseInt: parsing "abc": invalid syntax' });
    expect(parseRevisionAnnotation(rs('x', 0, T1))).toEqual({ value: 0 });
  });
});

describe('filterActiveReplicaSets', () => {
  it('drops nil and zero-replica sets when filtering', () => {
    expect(names(filterActiveReplicaSets([rs('zero', 0), null, rs('foo', 1), rs('bar', 2)]))).toEqual(['foo', 'bar']);
  });
});
