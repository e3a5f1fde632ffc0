import { describe, expect, it } from 'vitest';
import type { Action } from '../scenario/types.ts';
import type { SeriesPoint } from './derived.ts';
import { Recording } from './recording.ts';
import { preset } from './testScenarios.ts';

/** The strategy of the last point at or before `tick`. */
function strategyAt(points: readonly SeriesPoint[], tick: number): SeriesPoint['strategy'] | undefined {
  return points.filter((p) => p.tick <= tick).at(-1)?.strategy;
}

const WEB = 'Deployment/nginx-deployment-roll01';

describe('SeriesTrack strategy', () => {
  it('resolves the band from the first tick and steps at a scale and at a maxSurge edit', () => {
    const s = preset('seed');
    const actions: Action[] = [
      { at: 60, kubectl: 'scale deployment/nginx-deployment-roll01 --replicas=15' },
      { at: 90, kubectl: `patch deployment/nginx-deployment-roll01 -p '{"spec":{"strategy":{"rollingUpdate":{"maxSurge":"50%"}}}}'` },
    ];
    const r = new Recording({ ...s, actions: [...(s.actions ?? []), ...actions] }, { keyframeEvery: 100 });
    r.timeline.record();
    const points = r.series.slice();
    const tickAt = (sec: number) => r.timeline.tickAtTime(sec * 1000);
    // 25% / 25% of 10: surge rounds 2.5 up to 3, unavailable rounds it down to 2
    expect(points[0]?.strategy).toEqual({ [WEB]: { replicas: 10, surge: 3, unavailable: 2 } });
    expect(strategyAt(points, tickAt(59))).toEqual({ [WEB]: { replicas: 10, surge: 3, unavailable: 2 } });
    // 25% of 15 = 3.75: surge 4, unavailable 3
    expect(strategyAt(points, tickAt(61))).toEqual({ [WEB]: { replicas: 15, surge: 4, unavailable: 3 } });
    // 50% of 15 = 7.5: surge 8
    expect(strategyAt(points, tickAt(91))).toEqual({ [WEB]: { replicas: 15, surge: 8, unavailable: 3 } });
    const bands = new Set(points.map((p) => JSON.stringify(p.strategy)));
    expect(bands.size).toBe(3);
  });

  it('resolves a DaemonSet against the nodes that should run it, rounding both up', () => {
    const r = new Recording(preset('daemonset-surge'), { keyframeEvery: 100 });
    r.timeline.record();
    const last = r.series.slice().at(-1);
    expect(Object.values(last?.strategy ?? {})).toEqual([{ replicas: 6, surge: 1, unavailable: 0 }]);
  });

  it('plots a StatefulSet’s counters with a band of one pod down at a time', () => {
    const r = new Recording(preset('statefulset-rolling'), { keyframeEvery: 100 });
    r.timeline.record();
    const last = r.series.slice().at(-1);
    expect(last?.values.web).toMatchObject({ desired: 3, ready: 3, available: 3 });
    expect(Object.values(last?.strategy ?? {})).toEqual([{ replicas: 3, surge: 0, unavailable: 1 }]);
  });

  it('has no band for a Recreate Deployment', () => {
    const r = new Recording(preset('recreate'), { keyframeEvery: 100 });
    r.timeline.record();
    expect(r.series.slice().every((p) => Object.keys(p.strategy).length === 0)).toBe(true);
  });

  it('restores the band of the cut when a fork drops the future', () => {
    const s = preset('seed');
    const r = new Recording(
      { ...s, actions: [...(s.actions ?? []), { at: 60, kubectl: 'scale deployment/nginx-deployment-roll01 --replicas=15' }] },
      { keyframeEvery: 100 },
    );
    r.timeline.record();
    const before = r.timeline.tickAtTime(59_000);
    const res = r.timeline.fork(before, [{ at: 0, kubectl: 'scale deployment/nginx-deployment-roll01 --replicas=4' }]);
    expect(res.ok).toBe(true);
    r.timeline.record();
    // 25% of 4 = 1 either way
    expect(r.series.slice().at(-1)?.strategy).toEqual({ [WEB]: { replicas: 4, surge: 1, unavailable: 1 } });
    expect(r.series.slice().some((p) => p.strategy[WEB]?.replicas === 15)).toBe(false);
  });
});

describe('WatchTrack', () => {
  it('prints STATUS Pending in the first `get pods -w` row of a pod, as kubectl does for an unscheduled pod', () => {
    const rec = new Recording(preset('seed'));
    rec.timeline.record({ untilTick: 200 });
    const [header, first] = rec.watch.kinds.pods.lines.slice();
    expect(header?.text).toMatch(/^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
    expect(first?.text.split(/\s+/)[2]).toBe('Pending');
  });

  it('prints `get sts -w` rows, READY counting up one ordinal at a time, when the run has a StatefulSet', () => {
    const rec = new Recording(preset('statefulset-ordered'));
    rec.timeline.record({ untilTick: 2000 });
    const lines = rec.watch.kinds.sts.lines.slice().map((l) => l.text);
    expect(lines[0]).toMatch(/^NAME\s+READY\s+AGE$/);
    const ready = lines.slice(1).map((l) => l.split(/\s+/)[1]);
    // OrderedReady: web-0, then web-1, then web-2 — READY never jumps by two
    const distinct = ready.filter((r, i) => r !== ready[i - 1]);
    expect(distinct.slice(0, 4)).toEqual(['0/3', '1/3', '2/3', '3/3']);
  });
});

describe('SeriesTrack revisions', () => {
  it('carries each ReplicaSet’s revision with its counters, so the chart colours a line the same at every tick', () => {
    const rec = new Recording(preset('seed'));
    rec.timeline.record({});
    const revisions = new Map<string, Set<number>>();
    for (const p of rec.series.slice())
      for (const [rs, c] of Object.entries(p.values)) revisions.set(rs, (revisions.get(rs) ?? new Set()).add(c.revision ?? 0));
    expect([...revisions.values()].map((s) => [...s])).toEqual([[1], [2]]);
  });
});
