import { describe, expect, it } from 'vitest';
import type { Event } from '../api/types.ts';
import type { TickRecord } from '../client/tick.ts';
import { parseScenarioText } from '../../scenario/parse.ts';
import { toSimConfig } from '../../scenario/toSimConfig.ts';
import { parseRFC3339 } from '../lib/time.ts';
import { createEngine, runUntil } from '../sim.ts';
import type { EngineState } from './state.ts';

/**
 * Three pods that run, and one (of a second Deployment) that never schedules (no node is `disk: ssd`): the scheduler retries
 * it every 5.5 minutes. Its first FailedScheduling Event is about the pod before its PodScheduled
 * condition was written, and is never written again; the second one's series is written again
 * every 30 minutes (eventSeries.ts), so that Event is written long after the others.
 */
const SCENARIO = `
version: 1
name: events expire
seed: 3
cluster: { nodes: 3 }
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web }
    spec:
      replicas: 3
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec: { containers: [{ name: web, image: "web:1" }] }
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: stuck }
    spec:
      replicas: 1
      selector: { matchLabels: { app: stuck } }
      template:
        metadata: { labels: { app: stuck } }
        spec:
          nodeSelector: { disk: ssd }
          containers: [{ name: app, image: "app:1" }]
`;

function engine(): EngineState {
  const parsed = parseScenarioText(SCENARIO);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return createEngine(toSimConfig(parsed.value));
}

function events(st: EngineState): Event[] {
  return [...st.store.objects.Event.values()].filter((e): e is Event => e.kind === 'Event');
}

/** onLiveLease: some lease not yet revoked holds the Event at its stored resourceVersion. */
function onLiveLease(st: EngineState, e: Event): boolean {
  const key = `${e.metadata.namespace}/${e.metadata.name}`;
  const rv = Number(e.metadata.resourceVersion);
  return [...st.store.leases.leases.values()].some((l) => l.keys.slice(0, l.n).includes(key) && rv >= l.firstRv && rv <= l.lastRv);
}

describe('revokeExpiredLeases', () => {
  it('keeps every Event for the first hour, then deletes each 3,600 to 3,660.5 s after its last write', () => {
    const st = engine();
    runUntil(st, 120_000);
    const early = events(st);
    expect(early.length).toBeGreaterThan(10);
    runUntil(st, 3_599_000);
    expect(events(st).length).toBeGreaterThanOrEqual(early.length);
    for (const e of events(st)) expect(onLiveLease(st, e)).toBe(true);
    const ticks: TickRecord[] = [];
    runUntil(st, 3_780_000, (t) => ticks.push(t));
    const left = events(st);
    // Only the second FailedScheduling Event, its series written again at 30 and 60 minutes, is still there,
    // on the lease of its last write: every stored Event is on a lease not yet revoked.
    expect(left.map((e) => e.reason)).toEqual(['FailedScheduling']);
    for (const e of left) expect(onLiveLease(st, e)).toBe(true);
    const expired = ticks.filter((t) => t.actor === 'etcd');
    expect(expired.length).toBeGreaterThan(0);
    for (const t of expired) {
      // One transaction: every DELETED of the tick at one new resourceVersion, keys in etcd's order.
      const rvs = new Set(t.writes.map((w) => w.object.metadata.resourceVersion));
      expect(rvs.size).toBeLessThanOrEqual(1);
      expect(t.writes.every((w) => w.type === 'DELETED' && w.object.kind === 'Event')).toBe(true);
      const names = t.writes.map((w) => `${w.object.metadata.namespace}/${w.object.metadata.name}`);
      expect(names).toEqual([...names].sort());
      expect(t.summary).toMatch(/^etcd: lease \d+ \(granted [0-9TZ:-]+\) expired: \d+ Events? deleted \(--event-ttl 1h\)$/);
      expect(t.decisions[0]?.fn).toBe('revokeExpiredLeases');
      // Deleted between 3,600 and 3,660.5 s after its last write (the lessor looks every 500 ms;
      // lastTimestamp is in whole seconds: +1 s).
      expect(t.time % 500).toBe(0);
      for (const w of t.writes) {
        const e = w.object as Event;
        // An events.k8s.io Event (the scheduler's first FailedScheduling) has its eventTime instead.
        const last = parseRFC3339(e.lastTimestamp ?? e.eventTime);
        expect(t.time - last).toBeGreaterThanOrEqual(3_600_000);
        expect(t.time - last).toBeLessThan(3_661_500);
      }
    }
    const deleted = expired.reduce((n, t) => n + t.writes.length, 0);
    // Every Event of the first two minutes, the first FailedScheduling one too, none twice.
    expect(deleted).toBe(early.length);
  });

  it('gives a keyframe copy the same expiries as the run it was copied from', async () => {
    const { cloneEngineState } = await import('./state.ts');
    const a = engine();
    runUntil(a, 1_800_000);
    const b = cloneEngineState(a);
    runUntil(a, 3_780_000);
    runUntil(b, 3_780_000);
    expect(events(b).map((e) => e.metadata.name)).toEqual(events(a).map((e) => e.metadata.name));
    expect(b.store.rv).toBe(a.store.rv);
  });
});
