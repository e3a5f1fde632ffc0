/**
 * A Traffic fixture for the page's tests, shaped like the engine's `--output traffic` lines
 * (DESIGN.md §15): 100 rps to default/web from t = 0 to 59 s; a rollout from revision 1 to 2
 * between 30 and 40 s moves the ok requests over one pod in ten a second, and while it does, with
 * no readinessProbe, a few requests a second are refused (new pods listed before they listen) and
 * one is reset (an old pod killed mid-request). A second Service, default/api, gets 10 rps with
 * no errors from 20 s.
 */
import type { TrafficSecond } from './trafficSeries.ts';

/** The seconds with errors in the fixture, and how many. */
export const FIXTURE_ERRORS: Readonly<Record<number, { refused: number; reset: number }>> = {
  31: { refused: 3, reset: 0 },
  32: { refused: 5, reset: 1 },
  33: { refused: 4, reset: 0 },
  35: { refused: 2, reset: 1 },
};

/** webSecond is default/web's line for one second of the fixture. */
function webSecond(second: number): TrafficSecond {
  const errors = FIXTURE_ERRORS[second] ?? { refused: 0, reset: 0 };
  const ok = 100 - errors.refused - errors.reset;
  // Revision 2's share grows by a tenth a second from 30 s: 0 % at 30, 100 % from 40.
  const share = Math.min(1, Math.max(0, (second - 30) / 10));
  const two = Math.round(ok * share);
  const byRevision: Record<string, number> = {};
  if (ok - two > 0) byRevision['1'] = ok - two;
  if (two > 0) byRevision['2'] = two;
  return {
    second,
    service: 'default/web',
    ok,
    refused: errors.refused,
    reset: errors.reset,
    timeout: 0,
    http503: 0,
    byRevision,
    endpoints: second >= 30 && second < 40 ? 11 : 10,
  };
}

/** trafficFixture is both Services' lines for seconds 0…59, in second order. */
export function trafficFixture(): TrafficSecond[] {
  const out: TrafficSecond[] = [];
  for (let s = 0; s < 60; s++) {
    out.push(webSecond(s));
    if (s >= 20)
      out.push({
        second: s,
        service: 'default/api',
        ok: 10,
        refused: 0,
        reset: 0,
        timeout: 0,
        http503: 0,
        byRevision: { '1': 10 },
        endpoints: 2,
      });
  }
  return out;
}
