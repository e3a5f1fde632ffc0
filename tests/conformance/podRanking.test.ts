// Conformance: pod deletion order (ActivePods, ActivePodsWithRanks) against controller_utils_test.go.
import { describe, expect, it } from 'vitest';
import { PodDeletionCost } from '../../src/engine/api/constants.ts';
import type { Pod, PodPhase } from '../../src/engine/api/types.ts';
import { activePodsWithRanksLess, sortActivePods } from '../../src/engine/controller/podRanking.ts';
import { toRFC3339 } from '../../src/engine/lib/time.ts';
import { splitCases } from './caseTable.ts';

const FUNCTIONS = ['ActivePods.sort', 'ActivePodsWithRanks.Less'] as const;
const NOT_APPLICABLE: Record<string, string> = {};

const { run, all, skipped } = splitCases('podRanking', FUNCTIONS, NOT_APPLICABLE);

const HOUR = 3600_000;
const DAY = 24 * HOUR;
// Virtual "now" well after the epoch so that "a month ago" is a real instant too.
const now = 90 * DAY;
const then1Month = now - 31 * DAY;
const ts = (ms: number | null): string | undefined => (ms === null ? undefined : toRFC3339(ms));

/** The `pod(...)` helper of TestSortingActivePodsWithRanks. */
function pod(
  name: string,
  nodeName: string,
  phase: PodPhase,
  ready: boolean,
  restarts: number,
  readySince: number | null,
  created: number | null,
  annotations?: Record<string, string>,
): Pod {
  const readyTime = ts(readySince);
  const creationTimestamp = ts(created);
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      ...(creationTimestamp ? { creationTimestamp } : {}),
      ...(annotations ? { annotations } : {}),
    },
    spec: { containers: [], ...(nodeName ? { nodeName } : {}) },
    status: {
      phase,
      ...(ready
        ? {
            conditions: [{ type: 'Ready', status: 'True', ...(readyTime ? { lastTransitionTime: readyTime } : {}) }],
            containerStatuses: [{ name: 'c', image: 'i', imageID: '', ready: true, restartCount: restarts, state: {} }],
          }
        : {}),
    },
  };
}

const PODS: Record<string, Pod> = Object.fromEntries(
  [
    pod('unscheduled', '', 'Pending', false, 0, null, null),
    pod('pending', 'node', 'Pending', false, 0, null, null),
    pod('unknown-phase', 'node', 'Unknown', false, 0, null, null),
    pod('not-ready', 'node', 'Running', false, 0, null, null),
    pod('ready-no-last-transition-time', 'node', 'Running', true, 0, null, null),
    pod('ready-now', 'node', 'Running', true, 0, now, now),
    pod('ready-then', 'node', 'Running', true, 0, then1Month, then1Month),
    pod('ready-high-restarts', 'node', 'Running', true, 9001, now, now),
    pod('ready-now-created-then', 'node', 'Running', true, 0, now, then1Month),
    pod('low-deletion-cost', 'node', 'Running', true, 0, now, then1Month, { [PodDeletionCost]: '10' }),
    pod('high-deletion-cost', 'node', 'Running', true, 0, now, then1Month, { [PodDeletionCost]: '100' }),
    pod('unscheduled-5-hours', '', 'Pending', false, 0, now - 5 * HOUR, now - 5 * HOUR),
    pod('unscheduled-10-hours', '', 'Pending', false, 0, now - 8 * HOUR, now - 8 * HOUR),
    pod('ready-2-hours', '', 'Running', true, 0, now - 2 * HOUR, then1Month),
    pod('ready-5-hours', '', 'Running', true, 0, now - 5 * HOUR, then1Month),
    pod('ready-10-hours', '', 'Running', true, 0, now - 8 * HOUR, then1Month),
  ].map((p) => [p.metadata.name, p]),
);

function named(name: string): Pod {
  const p = PODS[name];
  if (!p) throw new Error(`no fixture pod ${name}`);
  return p;
}

/** The pods of TestSortingActivePods, in the order that test expects. */
function activePodsFixture(): Pod[] {
  const base = (name: string, nodeName: string, phase: PodPhase, extra: Partial<Pod['status']> = {}, created?: number): Pod => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, ...(created === undefined ? {} : { creationTimestamp: toRFC3339(created) }) },
    spec: { containers: [], ...(nodeName ? { nodeName } : {}) },
    status: { phase, ...extra },
  });
  const restarts = (a: number, b: number) => [
    { name: 'a', image: 'i', imageID: '', ready: true, restartCount: a, state: {} },
    { name: 'b', image: 'i', imageID: '', ready: true, restartCount: b, state: {} },
  ];
  const readySince = (ms?: number) => [
    { type: 'Ready' as const, status: 'True' as const, ...(ms === undefined ? {} : { lastTransitionTime: toRFC3339(ms) }) },
  ];
  return [
    base('unscheduled', '', 'Pending'),
    base('scheduledButPending', 'bar', 'Pending'),
    base('unknownPhase', 'foo', 'Unknown'),
    base('runningButNotReady', 'foo', 'Running'),
    base('runningNoLastTransitionTime', 'foo', 'Running', { conditions: readySince(), containerStatuses: restarts(3, 0) }),
    base('runningWithLastTransitionTime', 'foo', 'Running', { conditions: readySince(now), containerStatuses: restarts(3, 0) }),
    base('runningLongerTime', 'foo', 'Running', { conditions: readySince(then1Month), containerStatuses: restarts(3, 0) }),
    base('lowerContainerRestartCount', 'foo', 'Running', { conditions: readySince(then1Month), containerStatuses: restarts(2, 1) }, now),
    base('oldest', 'foo', 'Running', { conditions: readySince(then1Month), containerStatuses: restarts(2, 1) }, then1Month),
  ];
}

/** A deterministic shuffle (the upstream test uses 20 random permutations). */
function permute<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe('ActivePods ranking', () => {
  it.each(run.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    if (c.function === 'ActivePods.sort') {
      const want = (c.expected as { order: string[] }).order;
      const pods = activePodsFixture();
      expect(pods.map((p) => p.metadata.name)).toEqual(want);
      for (let seed = 1; seed <= 20; seed++) {
        expect(sortActivePods(permute(pods, seed)).map((p) => p.metadata.name)).toEqual(want);
      }
      return;
    }
    const input = c.input as {
      p1?: string;
      p2?: string;
      ranks?: [number, number];
      LogarithmicScaleDown?: boolean;
      lesser?: { pod: string; rank: number };
      greater?: { pod: string; rank: number };
      featureGates?: { PodDeletionCost: boolean; LogarithmicScaleDown: boolean };
    };
    if (input.lesser && input.greater && input.featureGates) {
      const { lesser, greater, featureGates: g } = input;
      const l = named(lesser.pod);
      const r = named(greater.pod);
      const less = (a: Pod, b: Pod, ra: number, rb: number) =>
        activePodsWithRanksLess(a, b, ra, rb, now, g.LogarithmicScaleDown, g.PodDeletionCost);
      expect(less(l, r, lesser.rank, greater.rank)).toBe(true);
      expect(less(r, l, greater.rank, lesser.rank)).toBe(false);
      return;
    }
    const p1 = named(input.p1 ?? '');
    const p2 = named(input.p2 ?? input.p1 ?? '');
    const [r1, r2] = input.ranks ?? [1, 1];
    const exp = c.expected as { p1LessThanP2: boolean; p2LessThanP1: boolean };
    const log = input.LogarithmicScaleDown ?? true;
    expect(activePodsWithRanksLess(p1, p2, r1, r2, now, log)).toBe(exp.p1LessThanP2);
    expect(activePodsWithRanksLess(p2, p1, r2, r1, now, log)).toBe(exp.p2LessThanP1);
  });

  it('runs or lists every case of its functions', () => {
    expect(run.length + skipped.length).toBe(all.length);
    expect(all.length).toBe(28);
  });
});
