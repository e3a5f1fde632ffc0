// The API objects in the store are shared, never copied: the informer cache, the watch records and
// the timeline's snapshots hold the same objects, and pods share parts of their ReplicaSet's
// template (spec, default tolerations) and unchanged condition objects. So the engine must never
// mutate a stored object. Here every object is deep-frozen as soon as it is stored: a mutation
// anywhere in the engine then throws (ES modules run in strict mode), and a frozen run must end
// exactly where a plain run of the same preset ends.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine, type EngineState, lastActionTime, runUntil } from '../../src/engine/sim.ts';
import { parseScenarioText } from '../../src/scenario/parse.ts';
import { toSimConfig } from '../../src/scenario/toSimConfig.ts';

const presetDir = new URL('../../src/scenario/presets/', import.meta.url);
const PRESETS = readdirSync(presetDir)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.replace(/\.yaml$/, ''));

/** deepFreeze freezes `x` and everything reachable from it that is not frozen yet. */
function deepFreeze(x: unknown): void {
  if (typeof x !== 'object' || x === null || Object.isFrozen(x)) return;
  Object.freeze(x);
  for (const v of Object.values(x)) deepFreeze(v);
}

function freezeStore(st: EngineState): void {
  for (const objects of Object.values(st.store.objects)) for (const obj of objects.values()) deepFreeze(obj);
}

/** run plays a preset to 3 minutes past its last action, freezing stored objects at every tick when asked. */
function run(id: string, freeze: boolean): { ticks: number; store: string } {
  const parsed = parseScenarioText(readFileSync(new URL(`${id}.yaml`, presetDir), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const config = toSimConfig(parsed.value);
  const st = createEngine(config);
  if (freeze) freezeStore(st);
  const ticks = runUntil(st, lastActionTime(config) + 180_000, freeze ? () => freezeStore(st) : undefined);
  const store = JSON.stringify(Object.entries(st.store.objects).map(([kind, m]) => [kind, [...m.entries()]]));
  return { ticks, store };
}

describe('stored objects', () => {
  it('covers every preset', () => {
    expect(PRESETS.length).toBeGreaterThanOrEqual(13);
  });

  it.each(PRESETS)('are never mutated while the %s preset runs', (id) => {
    const plain = run(id, false);
    const frozen = run(id, true);
    expect(frozen.ticks).toBe(plain.ticks);
    expect(frozen.store).toBe(plain.store);
    // The empty cluster runs nothing until the reader acts: no tick to check.
    if (id !== 'empty-cluster') expect(plain.ticks).toBeGreaterThan(0);
  });
});
