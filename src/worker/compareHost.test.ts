import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../scenario/parse.ts';
import { runVariant } from '../timeline/sweep.ts';
import { CompareHost, type CompareEnv } from './compareHost.ts';
import type { CompareFrame, CompareMessage, CompareVariantSpec } from './compareProtocol.ts';

const SEED = readFileSync(new URL('../scenario/presets/seed.yaml', import.meta.url), 'utf8');
const REF = { kind: 'Deployment', name: 'nginx-deployment-roll01' } as const;

/** A manual clock with timers, and every posted message. */
class Env implements CompareEnv {
  time = 0;
  posted: CompareMessage[] = [];
  private timers: { id: number; at: number; fn: () => void }[] = [];
  private next = 1;
  post(m: CompareMessage): void {
    this.posted.push(m);
  }
  now(): number {
    return this.time;
  }
  setTimer(fn: () => void, ms: number): unknown {
    const t = { id: this.next++, at: this.time + ms, fn };
    this.timers.push(t);
    return t.id;
  }
  clearTimer(h: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== h);
  }
  /** advance runs the due timers in order for `ms` of fake time. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (let guard = 0; guard < 100_000; guard++) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = Math.max(this.time, due.at);
      due.fn();
    }
    this.time = end;
  }
  frames(): CompareFrame[] {
    return this.posted.filter((m): m is CompareFrame => m.type === 'frame');
  }
}

const variants = (...surges: (number | string)[]): CompareVariantSpec[] =>
  surges.map((maxSurge) => ({ scenario: null, overrides: { maxSurge } }));

describe('CompareHost', () => {
  it('records every variant in the background and reports the same figures as a sweep cell', () => {
    const env = new Env();
    const host = new CompareHost(env);
    host.handle({ type: 'load', id: 1, base: SEED, variants: variants(0, '25%', '100%'), workload: null });
    expect(env.posted[0]).toEqual({ type: 'reply', id: 1, ok: true, protocolVersion: 2 });
    env.advance(60_000);
    const last = env.frames().at(-1) as CompareFrame;
    expect(last.workload).toBe('deployment/default/nginx-deployment-roll01');
    const base = parseScenarioText(SEED);
    if (!base.ok) throw new Error('seed');
    const expected = [0, '25%', '100%'].map((maxSurge) => runVariant(base.value, REF, { maxSurge }));
    expect(last.variants.map((v) => v.recording)).toEqual([false, false, false]);
    last.variants.forEach((v, i) => {
      expect(v.error).toBeNull();
      const { variant: _v, ...figures } = expected[i] as Record<string, unknown>;
      expect(v.rollout).toMatchObject(figures);
    });
    host.dispose();
  });

  it('compares a namespaced workload behind a quota, a budget, an autoscaler and a Service', () => {
    const text = readFileSync(
      new URL('../../tests/fixtures/namespaced-policies.yaml', import.meta.url),
      'utf8',
    );
    const env = new Env();
    const host = new CompareHost(env);
    host.handle({ type: 'load', id: 1, base: text, variants: variants(0, 2), workload: null });
    env.advance(60_000);
    const last = env.frames().at(-1) as CompareFrame;
    expect(last.workload).toBe('deployment/shop/web');
    const base = parseScenarioText(text);
    if (!base.ok) throw new Error('fixture');
    const ref = { kind: 'Deployment', name: 'web', namespace: 'shop' } as const;
    last.variants.forEach((v, i) => {
      const { variant: _v, ...figures } = runVariant(base.value, ref, {
        maxSurge: [0, 2][i] as number,
      }) as Record<string, unknown>;
      expect(figures).toMatchObject({ workload: 'deployment/shop/web', revision: '2', complete: true });
      expect(v.rollout).toMatchObject(figures);
    });
    host.dispose();
  });

  it('shows an invalid variant as the API server refusal and runs the others', () => {
    const env = new Env();
    const host = new CompareHost(env);
    const specs: CompareVariantSpec[] = [
      { scenario: null, overrides: { maxSurge: 0, maxUnavailable: 0 } },
      { scenario: null, overrides: {} },
    ];
    host.handle({ type: 'load', id: 1, base: SEED, variants: specs, workload: null });
    env.advance(30_000);
    const v = (env.frames().at(-1) as CompareFrame).variants;
    expect(v[0]?.error).toBe(
      'The Deployment "nginx-deployment-roll01" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0',
    );
    expect(v[0]?.packed).toBeNull();
    expect(v[1]?.rollout?.revision).toBe('2');
    host.dispose();
  });

  it("moves every variant to the time a seek asks for, packing each one's pods there", () => {
    const env = new Env();
    const host = new CompareHost(env);
    host.handle({ type: 'load', id: 1, base: SEED, variants: variants('25%', '100%'), workload: null });
    host.handle({ type: 'seekTime', id: 2, seconds: 33 });
    const f = env.frames().at(-1) as CompareFrame;
    expect(f.time).toBe(33);
    // Mid-rollout: the 100% variant runs all 10 new pods beside the old ones, 25% at most 13.
    expect(f.variants[0]?.podCount).toBeLessThanOrEqual(16);
    expect(f.variants[1]?.podCount).toBeGreaterThan(16);
    expect(f.variants[1]?.packed?.count).toBe(f.variants[1]?.podCount);
    host.dispose();
  });

  it('plays on one clock that stops at the end of the runs', () => {
    const env = new Env();
    const host = new CompareHost(env);
    host.handle({ type: 'load', id: 1, base: SEED, variants: variants(0, '100%'), workload: null });
    // Let the paused host record both runs first: a recording slice has a real-time budget, and
    // on a busy machine the clock (which waits for the slowest recording) fell behind 5 s.
    env.advance(0);
    host.handle({ type: 'setSpeed', id: 2, speed: 10 });
    host.handle({ type: 'play', id: 3 });
    env.advance(1000);
    const mid = env.frames().at(-1) as CompareFrame;
    expect(mid.playing).toBe(true);
    expect(mid.time).toBeGreaterThan(5);
    expect(mid.time).toBeLessThanOrEqual(10.1);
    env.advance(60_000);
    const end = env.frames().at(-1) as CompareFrame;
    expect(end.playing).toBe(false);
    expect(end.time).toBe(end.endTime);
    // Each variant's chart series arrived whole: the last available count is the replicas.
    const series = env.frames().flatMap((fr) => (fr.variants[1]?.series ? [fr.variants[1].series] : []));
    expect(series.flatMap((s) => s.available).at(-1)).toBe(10);
    host.dispose();
  });

  it('answers a malformed request with an error and keeps going', () => {
    const env = new Env();
    const host = new CompareHost(env);
    host.handle({ type: 'load', id: 1, base: SEED, variants: [], workload: null });
    host.handle({
      type: 'load',
      id: 2,
      base: 'version: 1\nname: x\nobjects: []\n',
      variants: variants(1, 2),
      workload: null,
    });
    expect(env.posted).toEqual([
      { type: 'reply', id: 1, ok: false, error: 'malformed request' },
      { type: 'reply', id: 2, ok: false, error: 'the scenario has no workload to vary' },
    ]);
  });
});
