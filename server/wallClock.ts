/**
 * The served cluster's times on kubectl's wall clock. The engine's clock starts at
 * 2026-01-01T00:00:00Z (src/engine/lib/time.ts) whatever the date, so the runs are the same
 * every day; kubectl, though, works out `describe`'s ages from the machine's clock (a Table's AGE
 * comes from the server). The served API therefore moves the run's timestamps, as it sends them,
 * so that the virtual now is the wall-clock now: `describe` then shows the same ages as `get`, at
 * any --speed. Only the text sent is moved; the store, the recorded session and the page keep
 * the engine's times. Timestamps of the run's first 31 days are moved (a run is never longer);
 * a wall-clock date a client wrote (kubectl rollout restart's restartedAt) is left alone.
 */
import { EPOCH_UNIX_MS } from '../src/engine/lib/time.ts';

const RUN_SPAN_MS = 31 * 24 * 3600 * 1000;
/**
 * A timestamp in quotes, in escaped quotes inside a string (the autoscaling/v1 HPA's conditions
 * annotation), or in quotes escaped twice (the patched object a patch's 422 quotes in its message).
 */
const TIMESTAMP = /((?:\\\\)?\\?")(2026-01-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z\1/g;

/** wallShift is how far the run's times move: the wall-clock now minus the virtual now, whole seconds. */
export function wallShift(virtualNowMs: number, wallNowMs: number = Date.now()): number {
  return Math.round((wallNowMs - (EPOCH_UNIX_MS + virtualNowMs)) / 1000) * 1000;
}

/** wallTimes moves every RFC 3339 timestamp of the run in a JSON text by `shiftMs`, keeping its fraction digits. */
export function wallTimes(text: string, shiftMs: number): string {
  if (shiftMs === 0) return text;
  return text.replace(TIMESTAMP, (whole, quote: string, seconds: string, fraction: string | undefined) => {
    const ms = Date.parse(`${seconds}Z`);
    if (!(ms >= EPOCH_UNIX_MS && ms < EPOCH_UNIX_MS + RUN_SPAN_MS)) return whole;
    return `${quote}${new Date(ms + shiftMs).toISOString().slice(0, 19)}${fraction ?? ''}Z${quote}`;
  });
}
