/**
 * The Traffic chart as plain data (d3 for scales, stacks and paths; React draws the SVG).
 * Requests per second of one Service on the timeline's time axis (timeScale): ok requests stacked
 * above the line by the revision that served them, failed ones stacked below it by outcome, each
 * half on its own scale — 2 refused a second among 1,000 ok would be a hairline on one scale, and
 * they are the point of the chart. Each second is a step [second, second + 1).
 */
import { area, curveStepAfter, format, max, scaleLinear, stack } from 'd3';
import { type Margins, MARGINS } from '../timeline/chartSeries.ts';
import { timeScale } from '../timeline/chartModel.ts';
import { ERROR_OUTCOMES, type ErrorOutcome, type TrafficSecond, trafficRevisions } from './trafficSeries.ts';

/** One stacked layer: the ok requests of a revision, or one error outcome. */
export type TrafficLayerKey = { kind: 'ok'; revision: string } | { kind: 'error'; outcome: ErrorOutcome };

export interface TrafficLayer {
  key: TrafficLayerKey;
  /** The area's path, '' when the layer is empty throughout. */
  d: string;
}

export interface TrafficTick {
  value: number;
  y: number;
  label: string;
}

export interface TrafficModel {
  x: (t: number) => number;
  invertX: (px: number) => number;
  xTicks: { value: number; x: number; label: string }[];
  /** The y of 0 requests: ok grows up from it, errors down. */
  zeroY: number;
  okTicks: TrafficTick[];
  errorTicks: TrafficTick[];
  layers: TrafficLayer[];
  /** The most errors in one second over the series (0: a clean run, said in words under the line). */
  errorPeak: number;
  /** The error band's top and bottom, where the "no errors" note goes. */
  errorBand: { top: number; bottom: number };
  /** The bottom corner of the error band the "errors/s, own scale" note takes (errorNoteSide). */
  errorNote: 'start' | 'end';
}

/** Share of the plot above the line (ok); the rest is the error band. */
export const OK_SHARE = 0.62;
/** Seconds per pixel column above which seconds are averaged into buckets (a long run's paths stay short). */
const MAX_SECONDS_PER_PX = 2;

/** One bucket: its start second, its width in seconds and the mean requests per second of each layer. */
export interface Bucket {
  second: number;
  span: number;
  values: Record<string, number>;
}

const layerId = (k: TrafficLayerKey) => (k.kind === 'ok' ? `ok:${k.revision}` : k.outcome);

/**
 * buckets densifies the series (a missing second is 0 requests) and, when a pixel column would
 * hold more than MAX_SECONDS_PER_PX seconds, averages runs of seconds into one step: 3,600 s on
 * 600 px → 6-second buckets, each at its mean rate, so the area (requests) is kept.
 */
export function buckets(
  series: readonly TrafficSecond[],
  ids: readonly string[],
  plotWidth: number,
): Bucket[] {
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last) return [];
  const seconds = last.second - first.second + 1;
  const span = Math.max(1, Math.ceil(seconds / Math.max(1, plotWidth * MAX_SECONDS_PER_PX)));
  const out: Bucket[] = [];
  for (let s = first.second; s <= last.second; s += span)
    out.push({
      second: s,
      span: Math.min(span, last.second + 1 - s),
      values: Object.fromEntries(ids.map((id) => [id, 0])),
    });
  for (const line of series) {
    const b = out[Math.floor((line.second - first.second) / span)];
    if (!b) continue;
    const add = (id: string, n: number) => {
      b.values[id] = (b.values[id] ?? 0) + n / b.span;
    };
    for (const [rev, n] of Object.entries(line.byRevision)) add(`ok:${rev}`, n);
    for (const o of ERROR_OUTCOMES) add(o, line[o]);
  }
  return out;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** countFormat labels a tick: 1,000 and up with SI prefixes (1k, 2.5k) so the label fits the left margin. */
const countFormat = (v: number) => (v >= 1000 ? format('~s')(v) : String(v));

/**
 * trafficModel computes the scales, ticks and stacked step areas of one Service's seconds for a
 * chart of width×height; `end` is the timeline's end (its activityEnd), so both charts put a second
 * at the same x.
 */
export function trafficModel(
  series: readonly TrafficSecond[],
  end: number,
  width: number,
  height: number,
  m: Margins = MARGINS,
): TrafficModel {
  const { x, invertX, xTicks, maxTime } = timeScale(end, width, m);
  // The timeline's axis ends a little after the rollout's last change; the callers go on, unseen.
  const shown = (series.at(-1)?.second ?? 0) < maxTime ? series : series.filter((s) => s.second < maxTime);
  const revisions = trafficRevisions(shown);
  const okKeys: TrafficLayerKey[] = revisions.map((revision) => ({ kind: 'ok', revision }));
  const errKeys: TrafficLayerKey[] = ERROR_OUTCOMES.map((outcome) => ({ kind: 'error', outcome }));
  const ids = [...okKeys, ...errKeys].map(layerId);
  const data = buckets(shown, ids, width - m.left - m.right);
  // A step line stops at its last point: one more at the end of the last bucket shows its width.
  const tail = data.at(-1);
  const points = tail ? [...data, { ...tail, second: Math.min(maxTime, tail.second + tail.span) }] : [];

  const top = m.top;
  const bottom = Math.max(top + 2, height - m.bottom);
  const zeroY = top + (bottom - top) * OK_SHARE;
  const okPeak = max(data, (b) => okKeys.reduce((n, k) => n + (b.values[layerId(k)] ?? 0), 0)) ?? 0;
  const errorPeak = max(data, (b) => errKeys.reduce((n, k) => n + (b.values[layerId(k)] ?? 0), 0)) ?? 0;
  const yOk = scaleLinear()
    .domain([0, Math.max(1, okPeak)])
    .nice(3)
    .range([zeroY, top]);
  // Errors hang from a line 2 px under the ok one, so a thin error layer never touches an ok layer.
  // Not niced: the worst second reaches the bottom. Its labels are round counts inside the domain
  // (ticks), as on the ok half: the worst second's own count (69 at the band's foot) read as a
  // stray number; 69 errors a second gets a gridline at 50.
  const yErr = scaleLinear()
    .domain([0, errorPeak > 0 ? errorPeak : 1])
    .range([zeroY + 2, bottom]);

  const half = (keys: TrafficLayerKey[], y: (v: number) => number) => {
    const stacked = stack<Bucket>()
      .keys(keys.map(layerId))
      .value((b, id) => b.values[id] ?? 0)(points);
    return stacked.map((layer, i) => {
      const empty = layer.every(([lo, hi]) => hi - lo === 0);
      const path = area<(typeof layer)[number]>()
        .curve(curveStepAfter)
        .x((p) => x(p.data.second))
        .y0((p) => y(p[0]))
        .y1((p) => y(p[1]))
        .digits(1);
      return { key: keys[i] as TrafficLayerKey, d: empty ? '' : (path(layer) ?? '') };
    });
  };

  const ticks = (y: ReturnType<typeof scaleLinear<number, number>>, count: number): TrafficTick[] =>
    y
      .ticks(count)
      .filter((v) => Number.isInteger(v) && v > 0)
      .map((value) => ({ value, y: y(value), label: countFormat(value) }));

  return {
    x,
    invertX,
    xTicks,
    zeroY,
    okTicks: ticks(yOk, 3),
    errorTicks: errorPeak > 0 ? errorTicks(ticks(yErr, 2), errorPeak, yErr) : [],
    layers: [...half(okKeys, yOk), ...half(errKeys, yErr)],
    errorPeak,
    errorBand: { top: zeroY + 2, bottom },
    errorNote: errorNoteSide(data, errKeys.map(layerId), (b) => x(b.second), m.left, width - m.right),
  };
}

/** Share of the plot's width at each end that the error note may cover (the note is ~9em of ~40em). */
const NOTE_SHARE = 0.3;

/**
 * errorNoteSide picks the bottom corner of the error band for its note: the end whose last 30% of
 * the plot holds the smaller worst second, so the note is not written over the tallest error bars
 * (errors hang from the line: only a second near the band's peak reaches its bottom). A rollout
 * at 30–35 s of a 40 s axis has its errors in the right 30%: the note goes left. Ties go right.
 */
export function errorNoteSide(
  data: readonly Bucket[],
  errorIds: readonly string[],
  xOf: (b: Bucket) => number,
  left: number,
  right: number,
): 'start' | 'end' {
  const reach = (right - left) * NOTE_SHARE;
  let atStart = 0;
  let atEnd = 0;
  for (const b of data) {
    const errors = errorIds.reduce((n, id) => n + (b.values[id] ?? 0), 0);
    const bx = xOf(b);
    if (bx <= left + reach) atStart = Math.max(atStart, errors);
    if (bx >= right - reach) atEnd = Math.max(atEnd, errors);
  }
  return atEnd <= atStart ? 'end' : 'start';
}

/**
 * errorTicks are the error band's labelled counts: its round ticks, or under 1 error a second
 * (bucketed seconds average to 0.3) the peak itself, so a band with errors always has a number.
 */
function errorTicks(round: TrafficTick[], peak: number, y: (v: number) => number): TrafficTick[] {
  return round.length > 0 ? round : [{ value: peak, y: y(peak), label: countFormat(round1(peak)) }];
}
