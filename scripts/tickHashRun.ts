/**
 * The run both tick-hash scripts hash: one SHA-256 over every step() record (as JSON) and the final
 * store objects, printed as `<16 hex>  <name>  ticks=N  (ms)`. It imports only the engine's public
 * API (sim.ts), so the engine's files can move under it.
 */
import { createHash, type Hash } from 'node:crypto';
import { createEngine, type EngineState, runUntil, type SimConfig } from '../src/engine/sim.ts';

function hashStore(h: Hash, st: EngineState): void {
  h.update(`now=${st.now} tick=${st.tick} seq=${st.seq} rv=${st.store.rv}\n`);
  for (const kind of Object.keys(st.store.objects).sort()) {
    const objects = st.store.objects[kind as keyof typeof st.store.objects];
    for (const [key, obj] of objects) h.update(`${kind} ${key} ${JSON.stringify(obj)}\n`);
  }
}

/** hashRun steps `config` to `untilMs`, hashes each record and the final store, and prints the line. */
export function hashRun(name: string, config: SimConfig, untilMs: number): void {
  const t0 = process.hrtime.bigint();
  const h = createHash('sha256');
  const st = createEngine(config);
  const ticks = runUntil(st, untilMs, (rec) => h.update(`${JSON.stringify(rec)}\n`));
  hashStore(h, st);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  console.log(`${h.digest('hex').slice(0, 16)}  ${name}  ticks=${ticks}  (${Math.round(ms)} ms)`);
}
