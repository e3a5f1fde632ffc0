// Conformance: the kubelet's probe worker (src/engine/kubelet/prober/worker.ts doProbe) against the
// tables of kubernetes pkg/kubelet/prober/worker_test.go (v1.36): TestDoProbe, TestInitialDelay,
// TestFailureThreshold, TestSuccessThreshold, TestStartupProbeSuccessThreshold,
// TestStartupProbeFailureThreshold, TestOnHoldOnLivenessOrStartupCheckFailure,
// TestResultRunOnLivenessCheckFailure, TestResultRunOnStartupCheckFailure,
// TestLivenessProbeDisabledByStarted, TestStartupProbeDisabledByStarted. TestCleanUp and
// TestHandleCrash test goroutines and panics, which the port does not have.
//
// The upstream harness (common_test.go newTestWorker) probes with test defaults: periodSeconds,
// timeoutSeconds, successThreshold and failureThreshold 1 unless the case sets them, and a fake
// exec prober answering Success unless the case says otherwise. A status the status manager
// does not have ("No status") is, for the port, a container without an ID.
import { describe, expect, it } from 'vitest';
import { type ContainerView, doProbe, newWorker, type ProbeTiming, type ProbeType, type ProbeWorker, type Result } from '../../src/engine/kubelet/prober/worker.ts';

const NOW = 1_000_000;
const TEST_ID = 1;

function testWorker(probeType: ProbeType, probe: Partial<ProbeTiming> = {}): ProbeWorker {
  const timing: ProbeTiming = {
    initialDelaySeconds: probe.initialDelaySeconds ?? 0,
    periodSeconds: probe.periodSeconds || 1,
    timeoutSeconds: probe.timeoutSeconds || 1,
    successThreshold: probe.successThreshold || 1,
    failureThreshold: probe.failureThreshold || 1,
  };
  return newWorker(probeType, 0, 'testContainer', timing, NOW);
}

/** getTestRunningStatusWithStarted: running since now, with the test container ID. */
function running(started: boolean, startedAtMs = NOW): ContainerView {
  return { containerID: TEST_ID, running: true, startedAtMs, started };
}

/** The results manager's entry for the test container: [result, ok]. */
function get(w: ProbeWorker): [Result | null, boolean] {
  return w.containerID === TEST_ID && w.result !== null ? [w.result, true] : [null, false];
}

const success = (): Result => 'Success';
const failure = (): Result => 'Failure';

describe('TestDoProbe', () => {
  interface Case {
    name: string;
    view: (type: ProbeType) => ContainerView;
    initialDelaySeconds?: number;
    deleting?: boolean;
    expectContinue: ProbeType[];
    expectSet: boolean;
    expectedResult?: Result;
  }
  const started = (t: ProbeType) => t !== 'startup';
  const cases: Case[] = [
    { name: 'No status', view: () => ({ containerID: -1, running: false, startedAtMs: 0, started: false }), expectContinue: ['liveness', 'readiness', 'startup'], expectSet: false },
    { name: 'Pod failed', view: (t) => ({ ...running(started(t)), podFinished: true }), expectContinue: [], expectSet: false },
    { name: 'Pod deletion', view: (t) => running(started(t)), deleting: true, expectContinue: ['readiness'], expectSet: true, expectedResult: 'Success' },
    { name: 'No container status', view: () => ({ containerID: -1, running: false, startedAtMs: 0, started: false }), expectContinue: ['liveness', 'readiness', 'startup'], expectSet: false },
    { name: 'Container waiting', view: (t) => ({ ...running(started(t)), running: false }), expectContinue: ['liveness', 'readiness', 'startup'], expectSet: true, expectedResult: 'Failure' },
    { name: 'Probe successful', view: (t) => running(started(t)), expectContinue: ['liveness', 'readiness', 'startup'], expectSet: true, expectedResult: 'Success' },
    { name: 'Initial delay passed', view: (t) => running(started(t)), initialDelaySeconds: -100, expectContinue: ['liveness', 'readiness', 'startup'], expectSet: true, expectedResult: 'Success' },
  ];
  // "Container terminated": the test pod's restartPolicy is Never, so the worker stops.
  cases.splice(5, 0, {
    name: 'Container terminated',
    view: (t) => ({ ...running(t !== 'startup'), running: false, terminatedForGood: true }),
    expectContinue: [],
    expectSet: true,
    expectedResult: 'Failure',
  });
  it.each(cases.flatMap((c) => (['liveness', 'readiness', 'startup'] as const).map((t) => [`${t}: ${c.name}`, t, c] as const)))('%s', (_n, t, c) => {
    const w = testWorker(t, c.initialDelaySeconds === undefined ? {} : { initialDelaySeconds: c.initialDelaySeconds });
    const out = doProbe(w, c.view(t), NOW, success, c.deleting === true);
    expect(out.keepGoing).toBe(c.expectContinue.includes(t));
    const [result, ok] = get(w);
    expect(ok).toBe(c.expectSet);
    if (c.expectSet) expect(result).toBe(c.expectedResult);
  });
});

describe('TestInitialDelay', () => {
  it.each(['liveness', 'readiness', 'startup'] as const)('%s: the initial value during the delay, Success 100 s later', (t) => {
    const w = testWorker(t, { initialDelaySeconds: 10 });
    expect(doProbe(w, running(t !== 'startup'), NOW, success).keepGoing).toBe(true);
    expect(get(w)[0]).toBe({ liveness: 'Success', readiness: 'Failure', startup: 'Unknown' }[t]);
    expect(doProbe(w, running(t !== 'startup', NOW - 100_000), NOW, success).keepGoing).toBe(true);
    expect(get(w)[0]).toBe('Success');
  });
});

describe('TestFailureThreshold', () => {
  it('keeps Success through two failures and turns Failure at the third, twice over', () => {
    const w = testWorker('readiness', { successThreshold: 1, failureThreshold: 3 });
    for (let i = 0; i < 2; i++) {
      for (let j = 0; j < 3; j++) {
        expect(doProbe(w, running(true), NOW, success).keepGoing).toBe(true);
        expect(get(w)[0]).toBe('Success');
      }
      for (let j = 0; j < 2; j++) {
        doProbe(w, running(true), NOW, failure);
        expect(get(w)[0]).toBe('Success');
      }
      for (let j = 0; j < 3; j++) {
        doProbe(w, running(true), NOW, failure);
        expect(get(w)[0]).toBe('Failure');
      }
    }
  });
});

describe('TestSuccessThreshold', () => {
  it('turns Success at the third success and Failure at one failure, twice over', () => {
    const w = testWorker('readiness', { successThreshold: 3, failureThreshold: 1 });
    // Start out failure (the test sets it before the first probe).
    w.containerID = TEST_ID;
    w.result = 'Failure';
    for (let i = 0; i < 2; i++) {
      for (let j = 0; j < 2; j++) {
        doProbe(w, running(true), NOW, success);
        expect(get(w)[0]).toBe('Failure');
      }
      for (let j = 0; j < 3; j++) {
        doProbe(w, running(true), NOW, success);
        expect(get(w)[0]).toBe('Success');
      }
      doProbe(w, running(true), NOW, failure);
      expect(get(w)[0]).toBe('Failure');
    }
  });
});

describe('TestStartupProbeSuccessThreshold', () => {
  it('holds once the success threshold is met, with the run reset', () => {
    const w = testWorker('startup', { successThreshold: 1, failureThreshold: 3 });
    expect(w.onHold).toBe(false);
    expect(doProbe(w, running(false), NOW, success).keepGoing).toBe(true);
    expect(get(w)[0]).toBe('Success');
    expect(w.onHold).toBe(true);
    expect(w.resultRun).toBe(0);
  });
});

describe('TestStartupProbeFailureThreshold', () => {
  it('stays Unknown below the threshold, then Failure with the run reset and the worker on hold', () => {
    const w = testWorker('startup', { successThreshold: 1, failureThreshold: 3 });
    for (let i = 0; i < 3; i++) {
      expect(w.onHold).toBe(false);
      doProbe(w, running(false), NOW, failure);
      if (i < 2) {
        expect(get(w)[0]).toBe('Unknown');
        expect(w.resultRun).toBe(i + 1);
      } else {
        expect(get(w)[0]).toBe('Failure');
        expect(w.resultRun).toBe(0);
      }
    }
    expect(w.onHold).toBe(true);
    expect(w.resultRun).toBe(0);
  });
});

describe('TestOnHoldOnLivenessOrStartupCheckFailure', () => {
  it.each(['liveness', 'startup'] as const)('%s: holds after a failure until a new container, which it probes', (t) => {
    const w = testWorker(t, { successThreshold: 1, failureThreshold: 1 });
    const view = running(t !== 'startup');
    doProbe(w, view, NOW, failure);
    expect(get(w)[0]).toBe('Failure');
    expect(w.onHold).toBe(true);
    doProbe(w, view, NOW, success);
    expect(get(w)[0]).toBe('Failure');
    expect(w.onHold).toBe(true);
    doProbe(w, { ...view, containerID: 2 }, NOW, success);
    expect(w.result).toBe('Success');
    // A startup worker holds again after its success; a liveness worker goes on probing.
    expect(w.onHold).toBe(t === 'startup');
  });
});

describe('TestResultRunOnLivenessCheckFailure / TestResultRunOnStartupCheckFailure', () => {
  it('counts the run of failures and resets it at the failure threshold (liveness)', () => {
    const w = testWorker('liveness', { successThreshold: 1, failureThreshold: 3 });
    doProbe(w, running(true), NOW, success);
    expect([get(w)[0], w.resultRun]).toEqual(['Success', 1]);
    doProbe(w, running(true), NOW, failure);
    expect([get(w)[0], w.resultRun]).toEqual(['Success', 1]);
    doProbe(w, running(true), NOW, failure);
    expect([get(w)[0], w.resultRun]).toEqual(['Success', 2]);
    doProbe(w, running(true), NOW, failure);
    expect([get(w)[0], w.resultRun]).toEqual(['Failure', 0]);
  });

  it('counts the run of failures and resets it at the failure threshold (startup)', () => {
    const w = testWorker('startup', { successThreshold: 1, failureThreshold: 3 });
    doProbe(w, running(false), NOW, failure);
    expect([get(w)[0], w.resultRun]).toEqual(['Unknown', 1]);
    doProbe(w, running(false), NOW, failure);
    expect([get(w)[0], w.resultRun]).toEqual(['Unknown', 2]);
    doProbe(w, running(false), NOW, failure);
    expect([get(w)[0], w.resultRun]).toEqual(['Failure', 0]);
  });
});

describe('TestLivenessProbeDisabledByStarted / TestStartupProbeDisabledByStarted', () => {
  it('skips a liveness probe until the container has started', () => {
    const w = testWorker('liveness', { successThreshold: 1, failureThreshold: 1 });
    doProbe(w, running(false), NOW, failure);
    expect(get(w)[0]).toBe('Success');
    doProbe(w, running(true), NOW, failure);
    expect(get(w)[0]).toBe('Failure');
  });

  it('stops probing a startup probe once the container has started', () => {
    const w = testWorker('startup', { successThreshold: 1, failureThreshold: 2 });
    doProbe(w, running(false), NOW, failure);
    expect(get(w)[0]).toBe('Unknown');
    doProbe(w, running(false), NOW, success);
    expect(get(w)[0]).toBe('Success');
    doProbe(w, running(true), NOW, failure);
    expect(get(w)[0]).toBe('Success');
  });
});
