/**
 * Scenarios and helpers the timeline and worker tests share: presets parsed once, a fresh run
 * stopped at a tick (the reference a seek must equal), and a small seeded number stream.
 */
import { createEngine, type EngineState, step, type TickRecord } from '../engine/sim.ts';
import { parseScenarioText } from '../scenario/parse.ts';
import { PRESETS } from '../scenario/presets/index.ts';
import { toSimConfig } from '../scenario/toSimConfig.ts';
import type { Scenario } from '../scenario/types.ts';

/** preset parses a built-in scenario by id. */
export function preset(id: string): Scenario {
  const p = PRESETS.find((x) => x.id === id);
  if (!p) throw new Error(`no preset ${id}`);
  const r = parseScenarioText(p.text);
  if (!r.ok) throw new Error(`preset ${id}: ${r.errors[0]}`);
  return r.value;
}

/** freshRun runs a scenario from scratch to tick i and returns the state and the records. */
export function freshRun(s: Scenario, i: number): { st: EngineState; records: TickRecord[] } {
  const st = createEngine(toSimConfig(s));
  const records: TickRecord[] = [];
  while (st.tick < i) {
    const r = step(st);
    if (!r) break;
    records.push(r);
  }
  return { st, records };
}

/** numbers returns n integers in [lo, hi] from a fixed LCG (the same on every run). */
export function numbers(seed: number, n: number, lo: number, hi: number): number[] {
  let x = seed >>> 0;
  const out: number[] = [];
  for (let k = 0; k < n; k++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out.push(lo + (x % (hi - lo + 1)));
  }
  return out;
}

/** firstRecordDiff is the first tick where two record lists differ, with both sides, or null. */
export function firstRecordDiff(a: readonly TickRecord[], b: readonly TickRecord[]): string | null {
  const n = Math.max(a.length, b.length);
  for (let k = 0; k < n; k++) {
    const x = JSON.stringify(a[k] ?? null);
    const y = JSON.stringify(b[k] ?? null);
    if (x !== y) return `tick ${k + 1} of ${a.length}/${b.length}:\n  ${x.slice(0, 400)}\n  ${y.slice(0, 400)}`;
  }
  return null;
}
