import { describe, expect, it } from 'vitest';
import type { Event, Pod } from '../api/types.ts';
import { advance, kubectl, runTicks, settledCluster } from '../sim/executeTestEngine.ts';
import { parseRFC3339 } from '../lib/time.ts';
import { deadlineMs } from './activeDeadline.ts';

const solo = (st: ReturnType<typeof settledCluster>) => st.store.objects.Pod.get('default/solo') as Pod;

const manifest = (extra: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'solo' },
  spec: { containers: [{ name: 'app', image: 'web:1' }], ...extra },
});

describe('deadlineMs', () => {
  it.each([
    [{ activeDeadlineSeconds: 30 }, '2026-01-01T00:00:10Z', 40_000],
    [{}, '2026-01-01T00:00:10Z', null],
    [{ activeDeadlineSeconds: 30 }, undefined, null],
  ])('spec %j started at %s → %s', (spec, startTime, want) => {
    const pod = { spec: { containers: [], ...spec }, status: startTime ? { startTime } : {} } as unknown as Pod;
    expect(deadlineMs(pod)).toBe(want);
  });
});

describe('activeDeadlineExceeded', () => {
  it('fails a pod active longer than its activeDeadlineSeconds and stops its containers: reason DeadlineExceeded', () => {
    const st = settledCluster();
    expect(kubectl(st, 'apply -f -', manifest({ activeDeadlineSeconds: 20 }))).toMatchObject({ ok: true });
    const ticks = runTicks(st, 60);
    const pod = solo(st);
    expect(pod.status).toMatchObject({ phase: 'Failed', reason: 'DeadlineExceeded', message: 'Pod was active on the node longer than the specified deadline' });
    expect(pod.status?.containerStatuses?.[0]?.state.terminated).toBeDefined();
    // kubectl's STATUS column then reads the stopped container's reason (printPod), as against a cluster.
    expect(kubectl(st, 'get pod solo').output).toMatch(/solo\s+0\/1\s+Completed\s+0\s/);
    const events = ([...st.store.objects.Event.values()] as Event[]).filter((e) => e.involvedObject.name === 'solo').map((e) => e.reason);
    expect(events).toContain('DeadlineExceeded');
    // Twenty seconds after the kubelet wrote its startTime, not before.
    const at = ticks.find((t) => t.decisions.some((d) => d.fn === 'activeDeadline'));
    expect(at?.time).toBe(parseRFC3339(pod.status?.startTime) + 20_000);
  });

  it('fails a running pod at once when a client sets a deadline that has already passed', () => {
    const st = settledCluster();
    kubectl(st, 'apply -f -', manifest());
    advance(st, 40);
    expect(solo(st).status?.phase).toBe('Running');
    expect(kubectl(st, `patch pod solo -p '{"spec":{"activeDeadlineSeconds":10}}'`)).toMatchObject({ ok: true });
    advance(st, 5);
    expect(solo(st).status).toMatchObject({ phase: 'Failed', reason: 'DeadlineExceeded' });
  });
});
