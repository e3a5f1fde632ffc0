import { describe, expect, it } from 'vitest';
import type { Event, Pod } from '../api/types.ts';
import { cloneEngineState } from '../sim/state.ts';
import { createEngine } from '../sim/simulation.ts';
import { testConfig } from '../sim/executeTestEngine.ts';
import type { EngineState } from '../sim/state.ts';
import { eventf, eventSeriesPass, finishTimeMs } from './eventSeries.ts';
import { newTx, type Tx } from './tx.ts';

const engine = (): EngineState => createEngine(testConfig([], 1));

const pod = (rv = '7') => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'db-0', namespace: 'default', uid: 'u-db', resourceVersion: rv }, spec: { containers: [] } }) as unknown as Pod;
const events = (st: EngineState): Event[] => [...st.store.objects.Event.values()] as Event[];
const MSG = '0/1 nodes are available: 1 Insufficient memory.';

/** at is a tick of the scheduler at `ms`, its writes and decisions kept. */
function at(st: EngineState, ms: number): Tx {
  st.now = ms;
  return newTx(st, 'default-scheduler');
}

function failed(st: EngineState, ms: number, rv = '7', message = MSG): Tx {
  const tx = at(st, ms);
  eventf(tx, pod(rv), 'Warning', 'FailedScheduling', 'Scheduling', message);
  return tx;
}

describe('eventf', () => {
  it('writes an events.k8s.io Event: eventTime, action and reporter, no source, timestamps or count', () => {
    const st = engine();
    const tx = at(st, 5_250);
    eventf(tx, pod(), 'Normal', 'Scheduled', 'Binding', 'Successfully assigned default/db-0 to n1');
    expect(events(st)).toEqual([
      {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: expect.objectContaining({ name: expect.stringMatching(/^db-0\.[0-9a-f]{16}$/), namespace: 'default', resourceVersion: expect.any(String) }),
        involvedObject: { kind: 'Pod', namespace: 'default', name: 'db-0', uid: 'u-db', apiVersion: 'v1', resourceVersion: '7' },
        reason: 'Scheduled',
        message: 'Successfully assigned default/db-0 to n1',
        type: 'Normal',
        eventTime: '2026-01-01T00:00:05.250000Z',
        action: 'Binding',
        reportingComponent: 'default-scheduler',
        reportingInstance: 'default-scheduler-kind-control-plane',
      },
    ]);
    // A binding happens once per pod version: nothing is kept to find it again.
    expect(st.eventSeries.cache.size).toBe(0);
    expect(tx.writes).toHaveLength(1);
  });

  it('starts a series on the second isomorphic Event, then only counts (the message is not in the key)', () => {
    const st = engine();
    failed(st, 1_000);
    const second = failed(st, 60_000, '7', 'another message');
    expect(second.writes.map((w) => w.type)).toEqual(['MODIFIED']);
    expect(second.decisions.map((d) => [d.fn, d.key])).toEqual([['eventSeries', 'started']]);
    const third = failed(st, 120_000);
    expect(third.writes).toEqual([]);
    expect(third.decisions.map((d) => [d.key, d.values])).toEqual([['counted', { reason: 'FailedScheduling', pod: 'db-0', count: 3 }]]);
    expect(events(st).map((e) => [e.message, e.series])).toEqual([[MSG, { count: 2, lastObservedTime: '2026-01-01T00:01:00.000000Z' }]]);
  });

  it('starts a new Event for another version of the pod (the regarding reference carries its resourceVersion)', () => {
    const st = engine();
    failed(st, 1_000, '7');
    failed(st, 60_000, '9');
    expect(events(st).map((e) => [e.involvedObject.resourceVersion, e.series])).toEqual([
      ['7', undefined],
      ['9', undefined],
    ]);
  });

  it('forgets a singleton at the first 6-minute pass more than 6 minutes after it, without a tick', () => {
    const st = engine();
    failed(st, 1_000);
    // Passes at 6 and 12 minutes: at 6 min it is 5 min old and kept; at 12 min it is gone.
    failed(st, 2 * finishTimeMs - 1);
    expect(events(st)).toHaveLength(1);
    const st2 = engine();
    failed(st2, 1_000);
    failed(st2, 2 * finishTimeMs);
    expect(events(st2).map((e) => e.series)).toEqual([undefined, undefined]);
  });
});

describe('eventSeriesPass', () => {
  it('writes a quiet series’ final count at the pass 6 minutes on, and forgets it', () => {
    const st = engine();
    failed(st, 1_000);
    failed(st, 10_000);
    failed(st, 20_000);
    expect(st.eventSeries.passAt).toBe(finishTimeMs);
    // At 6 min the series (last seen at 20 s) is not yet 6 minutes quiet: nothing written, the next pass asked for.
    const six = at(st, finishTimeMs);
    eventSeriesPass(six);
    expect(six.writes).toEqual([]);
    expect(st.eventSeries.passAt).toBe(2 * finishTimeMs);
    const twelve = at(st, 2 * finishTimeMs);
    eventSeriesPass(twelve);
    expect(twelve.decisions.map((d) => [d.key, d.values])).toEqual([['finished', { name: events(st)[0]?.metadata.name, count: 3 }]]);
    expect(events(st)[0]?.series).toEqual({ count: 3, lastObservedTime: '2026-01-01T00:00:20.000000Z' });
    expect(st.eventSeries.cache.size).toBe(0);
    expect(st.eventSeries.passAt).toBe(-1);
  });

  it('writes a running series’ count every 30 minutes', () => {
    const st = engine();
    for (let ms = 1_000; ms < 1_800_000; ms += 330_000) failed(st, ms);
    for (let pass = finishTimeMs; pass < 1_800_000; pass += finishTimeMs) eventSeriesPass(at(st, pass));
    expect(events(st)[0]?.series?.count).toBe(2);
    const thirty = at(st, 1_800_000);
    eventSeriesPass(thirty);
    expect(thirty.decisions.map((d) => d.key)).toEqual(['refreshed']);
    expect(events(st)[0]?.series).toEqual({ count: 6, lastObservedTime: '2026-01-01T00:27:31.000000Z' });
  });

  it('creates the Event again with its series when it expired', () => {
    const st = engine();
    failed(st, 1_000);
    const [e] = events(st);
    st.store.objects.Event.clear();
    const tx = failed(st, 10_000);
    expect(tx.writes.map((w) => w.type)).toEqual(['ADDED']);
    expect(events(st)).toEqual([expect.objectContaining({ metadata: expect.objectContaining({ name: e?.metadata.name }), series: { count: 2, lastObservedTime: '2026-01-01T00:00:10.000000Z' } })]);
  });

  it('is copied with the engine state: a keyframe’s cache does not move with the run', () => {
    const st = engine();
    failed(st, 1_000);
    failed(st, 10_000);
    const copy = cloneEngineState(st);
    failed(st, 20_000);
    expect(copy.eventSeries.cache.values().next().value?.series?.count).toBe(2);
    expect(st.eventSeries.cache.values().next().value?.series?.count).toBe(3);
  });
});
