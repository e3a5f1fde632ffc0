import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Pod } from '../engine/api/types.ts';
import { createEngine, lastActionTime, runUntil, type TickRecord } from '../engine/sim.ts';
import { parseScenarioText } from '../scenario/parse.ts';
import { toSimConfig } from '../scenario/toSimConfig.ts';
import { TickLog } from '../timeline/tickLog.ts';
import { RecordingLogs } from './recordingLogs.ts';

function seedRun(preset = 'seed') {
  const parsed = parseScenarioText(
    readFileSync(new URL(`../scenario/presets/${preset}.yaml`, import.meta.url), 'utf8'),
  );
  if (!parsed.ok) throw new Error(parsed.errors[0]);
  const config = toSimConfig(parsed.value);
  const st = createEngine(config);
  const records: TickRecord[] = [];
  runUntil(st, lastActionTime(config) + 600_000, (t) => records.push(t));
  const ids = new Set<string>();
  for (const r of records)
    for (const w of r.writes)
      if (w.object.kind === 'Pod')
        for (const cs of (w.object as Pod).status?.containerStatuses ?? [])
          if (cs.containerID) ids.add(cs.containerID);
  return { config, records, ids: [...ids] };
}

describe('RecordingLogs', () => {
  const { config, records, ids } = seedRun();
  it('learns the same runs from a TickLog’s writes as from the records themselves', () => {
    const log = new TickLog();
    for (const r of records) log.push(r);
    const fromLog = new RecordingLogs().bookFor(log, config);
    const fromArray = new RecordingLogs().bookFor(records, config);
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids) expect(fromLog.run(id)).toEqual(fromArray.run(id));
  });
  it('keeps the runs of pods deleted later, so an earlier tick still reads them', () => {
    const book = new RecordingLogs().bookFor(records, config);
    // The seed's rollout replaces every first pod: each of their runs ended, and is still known.
    const ended = ids.map((id) => book.run(id)).filter((r) => r?.endedMs !== null);
    expect(ended.length).toBeGreaterThanOrEqual(10);
  });
  it('feeds only the new ticks of a growing recording, and starts again for another one', () => {
    const logs = new RecordingLogs();
    const first = logs.bookFor(records.slice(0, 50), config);
    const grown = records.slice(0, 50);
    expect(logs.bookFor(grown, config)).not.toBe(first);
    grown.push(...records.slice(50));
    const again = logs.bookFor(grown, config);
    expect(logs.bookFor(grown, config)).toBe(again);
    for (const id of ids) expect(again.run(id)).toEqual(new RecordingLogs().bookFor(records, config).run(id));
  });
  it('gives a traffic run’s pods the requests they served, from a TickLog as from the records', () => {
    const t = seedRun('traffic-probe');
    const log = new TickLog();
    for (const r of t.records) log.push(r);
    const book = new RecordingLogs().bookFor(log, t.config);
    const served = (id: string) =>
      (book.run(id)?.served ?? []).filter((_, i) => i % 3 === 1).reduce((a, n) => a + n, 0);
    // Every ok request of every counted second went to a pod that served it.
    const ok = t.records
      .flatMap((r) => r.decisions)
      .reduce((a, d) => a + (d.fn === 'trafficSecond' && d.key === 'counts' ? Number(d.values.ok) : 0), 0);
    expect(ok).toBeGreaterThan(50_000);
    expect(t.ids.reduce((a, id) => a + served(id), 0)).toBe(ok);
    for (const id of t.ids)
      expect(book.run(id)?.served).toEqual(new RecordingLogs().bookFor(t.records, t.config).run(id)?.served);
  });
});
