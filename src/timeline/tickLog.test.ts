import { describe, expect, it } from 'vitest';
import type { TickRecord } from '../engine/sim.ts';
import { firstRecordDiff, freshRun, numbers, preset } from './testScenarios.ts';
import { summaryOfNotes, TickLog } from './tickLog.ts';

function logOf(records: readonly TickRecord[]): TickLog {
  const log = new TickLog();
  for (const r of records) log.push(r);
  return log;
}

describe('TickLog', () => {
  it.each(['seed', 'daemonset-rolling', 'broken-image', 'nodes-coming-and-going'])(
    'reads back every record field for field, in the engine order (%s)',
    (id) => {
      const { records } = freshRun(preset(id), 5000);
      const log = logOf(records);
      expect(log.length).toBe(records.length);
      expect(firstRecordDiff(log.slice(), records)).toBeNull();
      for (const k of numbers(id.length, 20, 0, records.length - 1)) {
        expect(JSON.stringify(log.at(k))).toBe(JSON.stringify(records[k]));
        // The very objects the engine wrote, not copies; an Event (kept as text) equal key for key.
        for (const [i, w] of (log.at(k)?.writes ?? []).entries()) {
          const want = records[k]?.writes[i]?.object;
          if (w.object.kind === 'Event') expect(Object.entries(w.object)).toStrictEqual(Object.entries(want ?? {}));
          else expect(w.object).toBe(want);
        }
      }
    },
  );

  it.each(['seed', 'broken-image'])(
    'labels every write and keeps the non-Event ones for the Explain list, Events unbuilt (%s)',
    (id) => {
      const { records } = freshRun(preset(id), 3000);
      const log = logOf(records);
      let events = 0;
      for (let k = 0; k < records.length; k++) {
        const writes = records[k]?.writes ?? [];
        const view = log.viewAt(k);
        expect(view?.labels).toEqual(writes.map((w) => `${w.type} ${w.object.kind} ${w.object.metadata.name}`));
        expect(view?.rec.writes).toEqual(writes.filter((w) => w.object.kind !== 'Event'));
        expect(JSON.stringify({ ...view?.rec, writes: [] })).toBe(JSON.stringify({ ...records[k], writes: [] }));
        writes.forEach((w, j) => {
          expect(log.kindAt(k, j)).toBe(w.object.kind);
        });
        expect(log.kindAt(k, writes.length)).toBeUndefined();
        events += writes.filter((w) => w.object.kind === 'Event').length;
      }
      expect(events).toBeGreaterThan(10);
    },
  );

  it('answers like an array past either end, from the end, by slice and by iteration', () => {
    const { records } = freshRun(preset('seed'), 120);
    const log = logOf(records);
    expect(log.at(-1)).toEqual(records.at(-1));
    expect(log.at(records.length)).toBeUndefined();
    expect(log.at(-records.length - 1)).toBeUndefined();
    expect(log.slice(10, 13)).toEqual(records.slice(10, 13));
    expect(log.slice(115, 500)).toEqual(records.slice(115, 500));
    expect([...log].map((r) => r.tick)).toEqual(records.map((r) => r.tick));
    expect(log.timeOf(50)).toBe(records[50]?.time);
    records.forEach((r, k) => {
      expect(log.actorAt(k)).toBe(r.actor);
      expect(log.keyAt(k)).toBe(r.key);
    });
  });

  it('keeps the first records after truncate, and appends after them as before', () => {
    const { records } = freshRun(preset('daemonset-rolling'), 400);
    const log = logOf(records);
    log.truncate(150);
    expect(log.length).toBe(150);
    expect(log.at(150)).toBeUndefined();
    for (const r of records.slice(150)) log.push(r);
    log.trim();
    expect(firstRecordDiff(log.slice(), records)).toBeNull();
    log.truncate(0);
    expect(log.length).toBe(0);
    log.push(records[0] as TickRecord);
    expect(log.slice()).toEqual(records.slice(0, 1));
  });

  it('keeps aside a summary that is not its notes rendered', () => {
    const { records } = freshRun(preset('seed'), 30);
    const odd = { ...(records[3] as TickRecord), summary: 'said otherwise' };
    const log = logOf([...records.slice(0, 3), odd, ...records.slice(4)]);
    expect(log.at(3)?.summary).toBe('said otherwise');
    expect(log.at(4)?.summary).toBe(records[4]?.summary);
    log.truncate(3);
    log.push(records[3] as TickRecord);
    expect(log.at(3)?.summary).toBe(records[3]?.summary);
  });
});

describe('summaryOfNotes', () => {
  it('renders the notes joined as the engine joins them', () => {
    const { records } = freshRun(preset('broken-image'), 3000);
    const many = records.filter((r) => r.notes.length > 0);
    expect(many.some((r) => r.summary.includes('; '))).toBe(true);
    for (const r of many) expect(summaryOfNotes(r.notes)).toBe(r.summary);
  });
});
