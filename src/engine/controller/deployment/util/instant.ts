// Time inputs of the Deployment helpers: upstream reads metav1.Now(); here "now" is an argument.
import { parseRFC3339, toRFC3339 } from '../../../lib/time.ts';

/**
 * A point in time as the Deployment helpers accept it: virtual milliseconds (the engine clock,
 * lib/time.ts) or an RFC 3339 string. Strings keep sub-millisecond digits exact in
 * msBetween, so "18:49:59.000000001Z" is 1 ns after "18:49:59Z" as in Go.
 */
export type TimeInput = number | string;

/** timeToIso renders a TimeInput as the timestamp the API server would store (RFC 3339, seconds). */
export function timeToIso(t: TimeInput): string {
  return typeof t === 'string' ? t : toRFC3339(t);
}

/** splitTime returns [whole virtual ms, fraction of a ms] so that differences stay exact. */
function splitTime(t: TimeInput): [number, number] {
  if (typeof t === 'number') {
    const whole = Math.floor(t);
    return [whole, t - whole];
  }
  const m = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/.exec(t);
  if (!m) return [Number.NaN, 0];
  const wholeMs = parseRFC3339(`${m[1]}${m[3]}`);
  const frac = m[2] ? Number(`0.${m[2]}`) * 1000 : 0;
  const fracWhole = Math.floor(frac);
  return [wholeMs + fracWhole, frac - fracWhole];
}

/** msBetween returns later − earlier in milliseconds (fractional when the inputs carry ns). */
export function msBetween(later: TimeInput, earlier: TimeInput): number {
  const [lw, lf] = splitTime(later);
  const [ew, ef] = splitTime(earlier);
  return lw - ew + (lf - ef);
}

/** timeToMs reads a TimeInput as virtual ms (NaN when a string does not parse). */
export function timeToMs(t: TimeInput): number {
  return typeof t === 'number' ? t : parseRFC3339(t);
}
