import { describe, expect, it } from 'vitest';
import { chartModel } from '../timeline/chartModel.ts';
import { MARGINS } from '../timeline/chartSeries.ts';
import { FIXTURE_ERRORS, trafficFixture } from './fixtures.ts';
import { type Bucket, buckets, errorNoteSide, OK_SHARE, trafficModel } from './trafficModel.ts';
import { serviceSeries, type TrafficSecond } from './trafficSeries.ts';

const web = serviceSeries(trafficFixture(), 'default/web');
const api = serviceSeries(trafficFixture(), 'default/api');

/** The points of a path: `M30,170L60,170…` → [[30, 170], [60, 170], …]. */
const xy = (d: string) => [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
const layer = (model: ReturnType<typeof trafficModel>, id: string) =>
  model.layers.find((l) => (l.key.kind === 'ok' ? `ok:${l.key.revision}` : l.key.outcome) === id);

describe('buckets', () => {
  it('keeps one bucket a second while a pixel column holds at most two seconds', () => {
    const b = buckets(web, ['ok:1', 'ok:2', 'refused'], 400);
    expect(b).toHaveLength(60);
    expect(b[32]).toMatchObject({ second: 32, span: 1, values: { refused: 5 } });
  });

  it('averages seconds into buckets on a narrow chart, keeping the requests', () => {
    const b = buckets(web, ['ok:1', 'ok:2', 'refused', 'reset'], 10);
    // 60 s on 10 px at 2 s a pixel → 3-second buckets
    expect(b).toHaveLength(20);
    expect(b.every((x) => x.span === 3)).toBe(true);
    const refused = b.reduce((n, x) => n + (x.values.refused ?? 0) * x.span, 0);
    expect(refused).toBeCloseTo(3 + 5 + 4 + 2);
  });

  it('counts a second the Service sent nothing in as 0 requests', () => {
    const gap = web.filter((s) => s.second < 10 || s.second > 19);
    const b = buckets(gap, ['ok:1'], 400);
    expect(b).toHaveLength(60);
    expect(b[15]?.values['ok:1']).toBe(0);
  });

  it('has no buckets without seconds', () => {
    expect(buckets([], ['ok:1'], 400)).toEqual([]);
  });
});

describe('trafficModel', () => {
  const model = trafficModel(web, 60, 400, 160);

  it('puts a second at the same x as the timeline chart of the same width and end', () => {
    const timeline = chartModel([], 60, 400, 200, ['desired'], []);
    for (const t of [0, 17.5, 31, 60]) expect(model.x(t)).toBe(timeline.x(t));
    expect(model.xTicks).toEqual(timeline.xTicks);
    expect(model.invertX(model.x(31))).toBeCloseTo(31);
  });

  it('stacks ok by revision above the line and errors below it, in the contract’s order', () => {
    expect(model.layers.map((l) => (l.key.kind === 'ok' ? `ok:${l.key.revision}` : l.key.outcome))).toEqual([
      'ok:1',
      'ok:2',
      'refused',
      'reset',
      'timeout',
      'http503',
    ]);
    const top = MARGINS.top;
    const bottom = 160 - MARGINS.bottom;
    expect(model.zeroY).toBeCloseTo(top + (bottom - top) * OK_SHARE);
    for (const [, y] of xy(layer(model, 'ok:1')?.d ?? '')) expect(y).toBeLessThanOrEqual(model.zeroY + 0.05);
    for (const [, y] of xy(layer(model, 'refused')?.d ?? '')) expect(y).toBeGreaterThan(model.zeroY);
  });

  it('leaves the outcomes that never happened without a path', () => {
    expect(layer(model, 'timeout')?.d).toBe('');
    expect(layer(model, 'http503')?.d).toBe('');
    expect(layer(model, 'refused')?.d).not.toBe('');
  });

  it('scales the errors on their own: the worst second fills the error band', () => {
    const worst = Math.max(...Object.values(FIXTURE_ERRORS).map((e) => e.refused + e.reset));
    expect(model.errorPeak).toBe(worst);
    const deepest = Math.max(...xy(layer(model, 'reset')?.d ?? '').map(([, y]) => y as number));
    expect(deepest).toBeCloseTo(model.errorBand.bottom, 0);
    // Labelled at round counts inside the band (6 at most: 2, 4 and 6 at its foot).
    expect(model.errorTicks.map((t) => t.label)).toEqual(['2', '4', '6']);
    expect(model.errorTicks.at(-1)?.y).toBeCloseTo(model.errorBand.bottom);
  });

  it.each([
    [69, ['50']],
    [6, ['2', '4', '6']],
    [250, ['100', '200']],
    [1, ['1']],
  ])('labels an error peak of %s at %j', (peak, labels) => {
    const line = {
      service: 'default/web',
      ok: 10,
      reset: 0,
      timeout: 0,
      http503: 0,
      byRevision: { '1': 10 },
      endpoints: 3,
    };
    const series: TrafficSecond[] = [
      { ...line, second: 30, refused: peak },
      { ...line, second: 31, refused: 0 },
    ];
    expect(trafficModel(series, 60, 400, 160).errorTicks.map((t) => t.label)).toEqual(labels);
  });

  it('draws the refused layer only over the seconds that had refusals', () => {
    const xs = xy(layer(model, 'refused')?.d ?? '')
      .filter(([, y]) => (y as number) > model.errorBand.top + 0.5)
      .map(([x]) => Math.round(model.invertX(x as number)));
    expect(Math.min(...xs)).toBe(31);
    expect(Math.max(...xs)).toBe(36);
  });

  it('has no error ticks and a zero error peak for a clean Service', () => {
    const clean = trafficModel(api, 60, 400, 160);
    expect(clean.errorPeak).toBe(0);
    expect(clean.errorTicks).toEqual([]);
    expect(clean.layers.filter((l) => l.key.kind === 'error').every((l) => l.d === '')).toBe(true);
  });

  it.each([
    [100, ['50', '100']],
    [2500, ['1k', '2k']],
  ])('labels the ok axis of a %d rps Service so it fits the margin', (rps, labels) => {
    const series: TrafficSecond[] = web.map((s) => ({
      ...s,
      ok: rps,
      byRevision: { '1': rps },
      refused: 0,
      reset: 0,
    }));
    const ticks = trafficModel(series, 60, 400, 160).okTicks.map((t) => t.label);
    for (const l of labels) expect(ticks).toContain(l);
  });

  it('draws nothing from an empty series', () => {
    const empty = trafficModel([], 60, 400, 160);
    expect(empty.layers).toEqual([
      { key: { kind: 'error', outcome: 'refused' }, d: '' },
      { key: { kind: 'error', outcome: 'reset' }, d: '' },
      { key: { kind: 'error', outcome: 'timeout' }, d: '' },
      { key: { kind: 'error', outcome: 'http503' }, d: '' },
    ]);
  });
});

describe('trafficModel on a short axis', () => {
  it('draws nothing past the timeline’s end, though the callers go on', () => {
    // the timeline ends at 40.5 s: the last step is cut there, and later errors do not set the scale
    const series = web.map((s) => (s.second === 50 ? { ...s, refused: 40 } : s));
    const model = trafficModel(series, 40.5, 400, 160);
    const xs = model.layers.flatMap((l) => xy(l.d).map(([x]) => x as number));
    expect(Math.max(...xs)).toBeCloseTo(model.x(40.5), 0);
    expect(model.errorPeak).toBe(6);
  });
});

describe('errorNoteSide', () => {
  const bucket = (second: number, refused: number): Bucket => ({ second, span: 1, values: { refused } });
  const xOf = (b: Bucket) => b.second * 10;
  it.each([
    ['errors late in the run (a rollout at 30–35 s of 40 s)', [bucket(5, 0), bucket(33, 40)], 'start'],
    ['errors early in the run', [bucket(2, 40), bucket(38, 0)], 'end'],
    ['no errors at all', [bucket(2, 0), bucket(38, 0)], 'end'],
    ['errors in the middle only', [bucket(20, 40)], 'end'],
    ['fewer errors at the end than at the start', [bucket(1, 9), bucket(39, 3)], 'end'],
  ])('puts the note where the errors are fewer: %s', (_, data, side) => {
    expect(errorNoteSide(data as Bucket[], ['refused'], xOf, 0, 400)).toBe(side);
  });

  it('is chosen by trafficModel from the seconds it draws', () => {
    // the fixture's refusals are at 31–36 s of a 40 s axis: in its right 30%
    expect(trafficModel(web, 40, 400, 160).errorNote).toBe('start');
    expect(trafficModel(api, 60, 400, 160).errorNote).toBe('end');
  });
});
