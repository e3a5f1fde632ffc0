import { describe, expect, it } from 'vitest';
import type { AppFacts } from '../kubelet/apps.ts';
import { connAlive, podOutcome, type Reason } from './outcome.ts';

const facts = (f: Partial<AppFacts>): AppFacts => ({
  uid: 'u',
  node: 'node-1',
  startedAt: 30_000,
  listenAt: 32_000,
  killAt: -1,
  sigtermAt: -1,
  preStop: '',
  preStopMs: 0,
  goneAt: -1,
  drain: false,
  requestMs: 20,
  maxRps: 0,
  ...f,
});

describe('podOutcome', () => {
  it.each<[string, AppFacts | undefined, number, number, Reason]>([
    ['the pod is unknown', undefined, 40_000, 0, 'gone'],
    ['the application does not listen yet', facts({}), 31_000, 0, 'notListening'],
    ['a crashing image never listens', facts({ listenAt: -1 }), 40_000, 0, 'notListening'],
    ['it listens', facts({}), 32_000, 0, 'ok'],
    ['SIGTERM came before the request', facts({ sigtermAt: 41_200, goneAt: 42_200 }), 41_300, 0, 'stopped'],
    ['exit at SIGTERM cuts the request in flight', facts({ sigtermAt: 41_200, goneAt: 42_200 }), 41_190, 0, 'resetExit'],
    ['drain lets the request in flight finish', facts({ sigtermAt: 41_200, goneAt: 42_200, drain: true }), 41_190, 0, 'ok'],
    ['drain is cut by the end of the grace period', facts({ sigtermAt: 41_200, goneAt: 41_205, drain: true, requestMs: 100 }), 41_190, 0, 'resetKilled'],
    ['the pod is gone', facts({ sigtermAt: 41_200, goneAt: 42_200 }), 42_200, 0, 'gone'],
    ['the pod answered maxRps requests this second', facts({ maxRps: 30 }), 40_000, 30, 'maxRps'],
    ['the pod is under maxRps', facts({ maxRps: 30 }), 40_000, 29, 'ok'],
  ])('says %s', (_why, f, t, served, want) => {
    expect(podOutcome(f, t, served)).toBe(want);
  });
});

describe('connAlive', () => {
  it.each<[string, AppFacts | undefined, number, boolean]>([
    ['a listening pod keeps its connection', facts({}), 40_000, true],
    ['a pod in its preStop sleep keeps it (conntrack, not the rules)', facts({ killAt: 40_000, sigtermAt: 45_000, goneAt: 46_000 }), 44_000, true],
    ['SIGTERM closes it', facts({ killAt: 40_000, sigtermAt: 45_000, goneAt: 46_000 }), 45_000, false],
    ['a gone pod has none', undefined, 40_000, false],
  ])('%s', (_why, f, t, want) => {
    expect(connAlive(f, t)).toBe(want);
  });
});
