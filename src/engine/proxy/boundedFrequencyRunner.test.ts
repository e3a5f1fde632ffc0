import { describe, expect, it } from 'vitest';
import { KubeProxySyncRunner, newRunnerState, nextRun, ran, run, runDue } from './boundedFrequencyRunner.ts';

describe('boundedFrequencyRunner', () => {
  it('retries a failed sync after the retry interval (kube-proxy: syncPeriod 30 s)', () => {
    let s = run(newRunnerState(KubeProxySyncRunner, 0), 0);
    s = ran(s, KubeProxySyncRunner, 0, 0, true);
    expect(nextRun(s)).toEqual({ at: 30_000, reason: 'retry' });
  });
  it('counts the cooldown from the end of a slow sync', () => {
    let s = run(newRunnerState(KubeProxySyncRunner, 0), 0);
    s = ran(s, KubeProxySyncRunner, 0, 250, false);
    s = run(s, 100);
    // Run() during the 250 ms sync stays queued and starts 1 s after the sync ended.
    expect(nextRun(s)).toEqual({ at: 1250, reason: 'run' });
  });
  it('runs a full sync an hour after the last one when nothing asks', () => {
    const r = runDue(newRunnerState(KubeProxySyncRunner, 0), KubeProxySyncRunner, 7_200_000);
    expect(r.runs).toEqual([
      { at: 3_600_000, reason: 'maxInterval' },
      { at: 7_200_000, reason: 'maxInterval' },
    ]);
  });
  it('runs at once when the cooldown has passed', () => {
    const s = runDue(run(newRunnerState(KubeProxySyncRunner, 0), 0), KubeProxySyncRunner, 5000).state;
    expect(nextRun(run(s, 5000)).at).toBe(5000);
  });
});
