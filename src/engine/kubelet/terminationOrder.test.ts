import { describe, expect, it } from 'vitest';
import type { Container } from '../api/types.ts';
import { killPlan } from './termination.ts';
import { hasRestartableInitContainer, newTerminationOrdering, waitForTurnMs } from './terminationOrder.ts';

const sidecar = (name: string): Container => ({ name, image: 'busybox', restartPolicy: 'Always' });
const plain = (name: string): Container => ({ name, image: 'busybox' });

/**
 * The upstream tests (kuberuntime_termination_order_test.go) with the goroutines' sleeps as
 * numbers: every container waits for its turn with `grace` seconds, then takes `exitMs` to stop;
 * the whole seconds each waited (int64 of waitForTurn's float), by name. Sidecars are timed from the
 * last in the spec to the first, as their turns depend on the ones after them.
 */
function delays(inits: Container[], containers: Container[], grace: number, exitMs: number): Record<string, number> {
  const running = new Set([...inits, ...containers].map((c) => c.name));
  const prereqs = newTerminationOrdering(inits, containers, running);
  const exits = new Map<string, number>();
  const out: Record<string, number> = {};
  for (const c of containers) {
    out[c.name] = 0;
    exits.set(c.name, exitMs);
  }
  for (const c of [...inits].reverse()) {
    const turn = Math.max(0, ...(prereqs.get(c.name) ?? []).map((n) => exits.get(n) ?? 0));
    const waited = waitForTurnMs(turn, 0, grace);
    out[c.name] = Math.trunc(waited / 1000);
    exits.set(c.name, waited + exitMs);
  }
  return out;
}

describe('newTerminationOrdering', () => {
  // Upstream's three tests, each as a row: their expected delays in whole seconds.
  it.each([
    { test: 'TestTerminationOrderingSidecarStopAfterMain', inits: [sidecar('init')], grace: 30, exitMs: 1000, want: { init: 1, main: 0 } },
    {
      test: 'TestTerminationOrderingSidecarsInReverseOrder',
      inits: [sidecar('sc1'), sidecar('sc2'), sidecar('sc3')],
      grace: 30,
      exitMs: 1250,
      want: { sc1: 3, sc2: 2, sc3: 1, main: 0 },
    },
    {
      test: 'TestTerminationOrderingObeysGrace',
      inits: [sidecar('sc1'), sidecar('sc2'), sidecar('sc3')],
      grace: 2,
      exitMs: 1000,
      want: { sc1: 2, sc2: 2, sc3: 1, main: 0 },
    },
  ])('$test', ({ inits, grace, exitMs, want }) => {
    expect(delays(inits, [plain('main')], grace, exitMs)).toEqual(want);
  });

  it('lets only sidecars wait: on the running app containers and the next running sidecar', () => {
    const inits = [sidecar('a'), plain('setup'), sidecar('b'), sidecar('c')];
    const prereqs = newTerminationOrdering(inits, [plain('web'), plain('stopped')], new Set(['a', 'b', 'c', 'web']));
    expect(Object.fromEntries(prereqs)).toEqual({ c: ['web'], b: ['web', 'c'], a: ['web', 'b'] });
  });

  it('does not pass a wait through a sidecar that is not running (its channel is closed)', () => {
    const prereqs = newTerminationOrdering([sidecar('a'), sidecar('b'), sidecar('c')], [plain('web')], new Set(['a', 'c', 'web']));
    expect(prereqs.get('a')).toEqual(['web']);
    expect(prereqs.get('c')).toEqual(['web']);
  });
});

describe('hasRestartableInitContainer', () => {
  it.each([
    { inits: undefined, want: false },
    { inits: [plain('setup')], want: false },
    { inits: [plain('setup'), sidecar('proxy')], want: true },
  ])('is $want for $inits', ({ inits, want }) => {
    expect(hasRestartableInitContainer(inits)).toBe(want);
  });
});

describe('waitForTurnMs', () => {
  it.each([
    { turn: 1000, from: 0, grace: 30, want: 1000, why: 'the app container gone at 1 s' },
    { turn: 2500, from: 1000, grace: 29, want: 1500, why: 'from the end of its hook' },
    { turn: 2500, from: 0, grace: 2, want: 2000, why: "the grace period's timer fires first" },
    { turn: 3000, from: 5000, grace: 25, want: 0, why: 'gone before the hook was over' },
    { turn: 9000, from: 0, grace: 0, want: 0, why: 'no grace period: no wait' },
    { turn: 0, from: 0, grace: 30, want: 0, why: 'nothing to wait for' },
  ])('waits $want ms: $why', ({ turn, from, grace, want }) => {
    expect(waitForTurnMs(turn, from, grace)).toBe(want);
  });
});

describe('killPlan', () => {
  const hook = (ms: number) => ({ kind: 'sleep' as const, ms });
  it.each([
    // [grace, hook ms, app exit ms, turn ms] → SIGTERM, waited, seconds left, gone, SIGKILL
    { grace: 30, hookMs: null, exit: 1000, turn: 0, want: [0, 0, 30, 1000, false], why: 'an app container: no wait' },
    { grace: 30, hookMs: null, exit: 1000, turn: 1000, want: [1000, 1000, 29, 2000, false], why: 'a sidecar after its app container' },
    { grace: 30, hookMs: 10_000, exit: 1000, turn: 4000, want: [10_000, 0, 20, 11_000, false], why: 'its turn came during its own hook' },
    { grace: 30, hookMs: 10_000, exit: 1000, turn: 12_500, want: [12_500, 2500, 18, 13_500, false], why: 'waits on after its hook: 2.5 s counts as 2' },
    { grace: 2, hookMs: null, exit: 1000, turn: 3000, want: [2000, 2000, 2, 3000, false], why: 'the timer cuts the wait; the minimum 2 s remain' },
    { grace: 30, hookMs: null, exit: 45_000, turn: 1000, want: [1000, 1000, 29, 30_000, true], why: 'SIGKILL at the seconds left after the wait' },
  ])('$why', ({ grace, hookMs, exit, turn, want }) => {
    const p = killPlan('proxy', grace, hookMs === null ? null : hook(hookMs), exit, turn);
    expect([p.sigtermMs, p.waitedMs, p.stopSeconds, p.exitMs, p.sigkill]).toEqual(want);
  });
});
