import { describe, expect, it } from 'vitest';
import type { Event } from '../api/types.ts';
import { seedPrng } from '../lib/prng.ts';
import { updateEventRepeat } from './eventRepeat.ts';
import { createObject, newStoreState, type StoreState, updateObject, type WatchRecord } from './store.ts';

/** An Event as recordEvent creates it (named, no uid: the store draws one), with `extra` fields after. */
function event(extraMeta: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Event {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'web-1.abc', namespace: 'default', ...extraMeta },
    involvedObject: { kind: 'Pod', namespace: 'default', name: 'web-1', apiVersion: 'v1', uid: 'u1', fieldPath: 'spec.containers{web}' },
    reason: 'Unhealthy',
    message: 'Readiness probe failed: connection refused',
    type: 'Warning',
    source: { component: 'kubelet', host: 'node-1' },
    firstTimestamp: '2026-01-01T00:01:00Z',
    lastTimestamp: '2026-01-01T00:01:00Z',
    count: 1,
    ...extra,
  } as Event;
}

/** A store holding `e` (created at 60 s), its write log, and the stored Event. */
function storeWith(e: Event): { st: StoreState; writes: WatchRecord[]; cur: Event } {
  const st = newStoreState();
  const writes: WatchRecord[] = [];
  const res = createObject(st, { now: 60_000, prng: seedPrng(7), writes }, e, true);
  if (!res.ok) throw new Error('create failed');
  return { st, writes, cur: res.object };
}

describe('updateEventRepeat', () => {
  it.each([
    ['writes the recorder Event with a new count and time', event(), 2, 'Readiness probe failed: connection refused', '2026-01-01T00:01:01Z'],
    ['writes a new message (an aggregated Event)', event(), 5, '(combined from similar events): x', '2026-01-01T00:01:04Z'],
    ['writes nothing when count, message and time are those stored', event(), 1, 'Readiness probe failed: connection refused', '2026-01-01T00:01:00Z'],
    ['goes the long way for metadata of another shape (labels)', event({ labels: { a: 'b' } }), 2, 'm', '2026-01-01T00:01:01Z'],
    ['goes the long way for an Event with a field the recorder does not write', event({}, { action: 'Probe' }), 3, 'm', '2026-01-01T00:01:02Z'],
    ['writes a count to an Event stored without one', event({}, { count: undefined }), 2, 'm', '2026-01-01T00:01:02Z'],
  ])('%s as updateObject does', (_name, e, count, message, lastTimestamp) => {
    const a = storeWith(e);
    const b = storeWith(e);
    const key = 'default/web-1.abc';
    updateEventRepeat(a.st, { now: 61_000, prng: seedPrng(1), writes: a.writes }, a.cur, key, count, message, lastTimestamp);
    updateObject(b.st, { now: 61_000, prng: seedPrng(1), writes: b.writes }, { ...b.cur, count, message, lastTimestamp });
    expect(a.st.rv).toBe(b.st.rv);
    // JSON keeps the key order: the tick log and the hashes read the objects so.
    expect(JSON.stringify(a.writes)).toBe(JSON.stringify(b.writes));
    expect(JSON.stringify(a.st.objects.Event.get(key))).toBe(JSON.stringify(b.st.objects.Event.get(key)));
    expect(a.writes.length).toBe(message === e.message && count === e.count ? 1 : 2);
  });
});
