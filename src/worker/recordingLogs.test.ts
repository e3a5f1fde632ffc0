import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Pod } from '../engine/api/types.ts';
import { createEngine, lastActionTime, runUntil, type TickRecord } from '../engine/sim.ts';
import { parseScenarioText } from '../scenario/parse.ts';
import { toSimConfig } from '../scenario/toSimConfig.ts';
import { TickLog } from '../timeline/tickLog.ts';
import { RecordingLogs } from './recordingLogs.ts';

function seedRun() {
  const parsed = parseScenarioText(
    readFileSync(new URL('../scenario/presets/seed.yaml', import.meta.url), 'utf8'),
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
});
