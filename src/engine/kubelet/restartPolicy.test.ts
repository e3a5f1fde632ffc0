import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types.ts';
import { DEFAULT_IMAGE_BEHAVIOUR } from '../config.ts';
import { createEngine, runUntil } from '../sim/simulation.ts';
import { advance, kubectl, runTicks, testConfig, webDeployment } from '../sim/executeTestEngine.ts';
import { shouldContainerBeRestarted } from './restartPolicy.ts';

describe('shouldContainerBeRestarted', () => {
  it.each([
    [undefined, 1, true],
    ['Always', 0, true],
    ['OnFailure', 1, true],
    ['OnFailure', 0, false],
    ['Never', 1, false],
    ['Never', 0, false],
  ])('restartPolicy %s, exit %d → %s', (policy, exitCode, want) => {
    const pod = { spec: { containers: [], ...(policy ? { restartPolicy: policy } : {}) } } as unknown as Pod;
    expect(shouldContainerBeRestarted(pod, exitCode)).toBe(want);
  });
});

/** A settled cluster whose `crash:1` image exits 1 a second after each start. */
function crashCluster() {
  const cfg = testConfig([webDeployment(1)]);
  const st = createEngine({ ...cfg, images: { ...cfg.images, 'crash:1': { ...DEFAULT_IMAGE_BEHAVIOUR, crash: true } } });
  runUntil(st, 30_000);
  st.now = 30_000;
  return st;
}

const solo = (st: ReturnType<typeof crashCluster>) => st.store.objects.Pod.get('default/solo') as Pod;

describe('podFinished', () => {
  it('leaves a crashed container of a restartPolicy Never pod stopped: the pod is Failed, 0/1 Error, until deleted', () => {
    const st = crashCluster();
    expect(kubectl(st, 'run solo --image=crash:1 --restart=Never')).toMatchObject({ ok: true });
    const ticks = runTicks(st, 60);
    const pod = solo(st);
    expect(pod.status?.phase).toBe('Failed');
    expect(pod.status?.containerStatuses?.[0]).toMatchObject({ restartCount: 0, ready: false, state: { terminated: { exitCode: 1, reason: 'Error' } } });
    expect(pod.status?.conditions?.find((c) => c.type === 'Ready')).toMatchObject({ status: 'False', reason: 'PodFailed' });
    expect(kubectl(st, 'get pod solo').output).toMatch(/solo\s+0\/1\s+Error\s+0\s/);
    const decisions = ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'computePodActions');
    expect(decisions).toEqual([expect.objectContaining({ key: 'noRestart', values: expect.objectContaining({ pod: 'solo', exitCode: 1, policy: 'Never', phase: 'Failed' }) })]);
    // No back-off: nothing is scheduled for it any more, and a delete takes it away.
    expect(kubectl(st, 'delete pod solo')).toMatchObject({ ok: true });
    advance(st, 40);
    expect(st.store.objects.Pod.has('default/solo')).toBe(false);
  });

  it('restarts a crashed container of a restartPolicy OnFailure pod, as Always does', () => {
    const st = crashCluster();
    kubectl(st, 'run solo --image=crash:1 --restart=OnFailure');
    advance(st, 60);
    const pod = solo(st);
    expect(pod.status?.phase).toBe('Running');
    expect(pod.status?.containerStatuses?.[0]?.restartCount).toBeGreaterThan(0);
  });

  it('finishes a restartPolicy Never pod whose init container failed: Failed, Init:Error, its app container never started', () => {
    const st = crashCluster();
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'solo' },
      spec: { restartPolicy: 'Never', initContainers: [{ name: 'setup', image: 'crash:1' }], containers: [{ name: 'app', image: 'web:1' }] },
    };
    expect(kubectl(st, 'apply -f -', pod)).toMatchObject({ ok: true });
    advance(st, 60);
    const after = solo(st);
    expect(after.status?.phase).toBe('Failed');
    expect(after.status?.initContainerStatuses?.[0]).toMatchObject({ restartCount: 0, state: { terminated: { exitCode: 1, reason: 'Error' } } });
    expect(after.status?.containerStatuses?.[0]?.state.running).toBeUndefined();
    expect(kubectl(st, 'get pod solo').output).toMatch(/solo\s+0\/1\s+Init:Error\s+0\s/);
  });
});
