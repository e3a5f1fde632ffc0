import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../../scenario/parse.ts';
import { PRESETS } from '../../scenario/presets/index.ts';
import { toSimConfig } from '../../scenario/toSimConfig.ts';
import type { Event } from '../api/types.ts';
import { EPOCH_UNIX_MS, parseRFC3339 } from '../lib/time.ts';
import { createEngine, runUntil } from '../sim.ts';

/**
 * The Events of a run as a list returns them: in key order (namespace/name), as etcd keeps them,
 * each with the resourceVersion it was created at.
 */
function listedEvents(presetId: string, untilMs: number): { event: Event; createdRv: number }[] {
  const text = PRESETS.find((p) => p.id === presetId)?.text;
  if (text === undefined) throw new Error(`no preset ${presetId}`);
  const parsed = parseScenarioText(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed));
  const st = createEngine(toSimConfig(parsed.value));
  const createdRv = new Map<string, number>();
  runUntil(st, untilMs, (t) => {
    for (const w of t.writes)
      if (w.type === 'ADDED' && w.object.kind === 'Event')
        createdRv.set(w.object.metadata.name, Number(w.object.metadata.resourceVersion));
  });
  const keys = [...st.store.objects.Event.keys()].sort();
  return keys.map((k) => {
    const event = st.store.objects.Event.get(k) as Event;
    return { event, createdRv: createdRv.get(event.metadata.name) ?? Number.NaN };
  });
}

describe('recordEvent names', () => {
  it.each([
    ['seed', 300_000],
    ['rollback', 300_000],
    ['broken-image', 300_000],
    ['daemonset-rolling', 300_000],
    ['statefulset-rolling', 300_000],
    ['statefulset-stuck', 300_000],
  ])(
    'list the Events of each object of %s in the order they were written, as a cluster lists them (kubectl get events)',
    (presetId, untilMs) => {
      const listed = listedEvents(presetId, untilMs);
      expect(listed.length).toBeGreaterThan(10);
      const lastRv = new Map<string, number>();
      let objectsWithSeveral = 0;
      for (const { event, createdRv } of listed) {
        expect(createdRv, event.metadata.name).not.toBeNaN();
        const about = `${event.involvedObject.kind}/${event.involvedObject.name}`;
        const before = lastRv.get(about);
        if (before !== undefined) {
          objectsWithSeveral++;
          expect(createdRv, `${event.metadata.name} (${event.reason}) listed after a later Event of ${about}`).toBeGreaterThan(before);
        }
        lastRv.set(about, createdRv);
      }
      // Not a vacuous order: many objects have more than one Event.
      expect(objectsWithSeveral).toBeGreaterThan(3);
    },
  );

  it('names an Event `<object>.<UnixNano in hex>` of the time it was first written', () => {
    for (const { event } of listedEvents('seed', 120_000)) {
      const { name } = event.metadata;
      const dot = name.lastIndexOf('.');
      const [object, hex] = [name.slice(0, dot), name.slice(dot + 1)];
      expect(object).toBe(event.involvedObject.name);
      expect(hex).toMatch(/^[0-9a-f]{16}$/);
      // The name holds the first write's time to the ns; firstTimestamp, as metav1.Time writes it, to the s
      // (an events.k8s.io Event's eventTime to the µs).
      const seconds = Number(BigInt(`0x${hex}`) / 1_000_000_000n);
      const first = parseRFC3339(event.firstTimestamp ?? event.eventTime);
      expect(seconds * 1000 - EPOCH_UNIX_MS).toBe(Math.floor(first / 1000) * 1000);
    }
  });
});
