import { describe, expect, it } from 'vitest';
import type { ContainerStatus, Pod } from '../api/types.ts';
import { DEFAULT_IMAGE_BEHAVIOUR } from '../config.ts';
import { toRFC3339 } from '../lib/time.ts';
import { runLines } from './appLog.ts';
import { LogBook } from './containerLog.ts';

const A = 'containerd://aaa';
const B = 'containerd://bbb';

function pod(cs: Partial<ContainerStatus>, extra: Partial<Pod['metadata']> = {}, image = 'web:1'): Pod {
  const status: ContainerStatus = { name: 'web', state: {}, ready: false, restartCount: 0, image, imageID: '', ...cs };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-1', namespace: 'default', uid: 'u1', ...extra },
    spec: { nodeName: 'n1', containers: [{ name: 'web', image, ports: [{ containerPort: 8080 }] }] },
    status: { containerStatuses: [status] },
  };
}

const running = (id: string, ms: number, restartCount = 0): Partial<ContainerStatus> => ({ containerID: id, state: { running: { startedAt: toRFC3339(ms) } }, restartCount });

function book(images: Record<string, Partial<typeof DEFAULT_IMAGE_BEHAVIOUR>> = {}) {
  const full = Object.fromEntries(Object.entries(images).map(([k, v]) => [k, { ...DEFAULT_IMAGE_BEHAVIOUR, ...v }]));
  return new LogBook({ images: full, terminationSeconds: 1 });
}

describe('LogBook', () => {
  it('starts a run at the write that shows it running, to the ms', () => {
    const b = book();
    b.observe('MODIFIED', pod(running(A, 2345)), 2345);
    expect(b.run(A)).toMatchObject({ startedMs: 2345, readyMs: null, endedMs: null, attempt: 0, port: 8080 });
  });
  it('marks a run ready at the first write that shows it ready', () => {
    const b = book();
    b.observe('MODIFIED', pod(running(A, 2000)), 2000);
    b.observe('MODIFIED', pod({ ...running(A, 2000), ready: true }), 4500);
    b.observe('MODIFIED', pod({ ...running(A, 2000), ready: true }), 9000);
    expect(b.run(A)?.readyMs).toBe(4500);
  });
  it('ends a run from lastState.terminated, with its exit code', () => {
    const b = book({ 'web:1': { crash: true } });
    b.observe('MODIFIED', pod(running(A, 2000)), 2000);
    const ended = { terminated: { exitCode: 1, reason: 'Error', startedAt: toRFC3339(2000), finishedAt: toRFC3339(3000), containerID: A } };
    b.observe('MODIFIED', pod({ containerID: A, state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: ended, restartCount: 1 }), 3000);
    expect(b.run(A)).toMatchObject({ endedMs: 3000, exitCode: 1, sigtermMs: null, crashes: true });
  });
  it('puts SIGTERM terminationSeconds before the exit a liveness kill caused (143)', () => {
    const b = book();
    b.observe('MODIFIED', pod(running(A, 2000)), 2000);
    const ended = { terminated: { exitCode: 143, reason: 'Error', startedAt: toRFC3339(2000), finishedAt: toRFC3339(20_000), containerID: A } };
    b.observe('MODIFIED', pod({ ...running(B, 20_000, 1), lastState: ended }), 20_000);
    expect(b.run(A)).toMatchObject({ sigtermMs: 19_000, endedMs: 20_000, exitCode: 143, graceful: false });
    expect(b.run(B)).toMatchObject({ startedMs: 20_000, attempt: 1 });
  });
  it('plans a deleted pod’s SIGTERM and exit as the kubelet kills it, and forgets it once gone', () => {
    const b = book();
    b.observe('MODIFIED', pod(running(A, 2000)), 2000);
    const deleting = pod(running(A, 2000), { deletionTimestamp: toRFC3339(60_000), deletionGracePeriodSeconds: 30 });
    b.observe('MODIFIED', deleting, 30_000);
    const run = b.run(A);
    expect(run).toMatchObject({ sigtermMs: 30_000, endedMs: 31_000, exitCode: 0, graceful: true });
    b.observe('DELETED', deleting, 31_000);
    expect(b.run(A)).toBeUndefined();
    expect(run?.endedMs).toBe(31_000);
  });
  it('keeps a served pod’s last three runs, and every run when it keeps all', () => {
    for (const keep of [false, true]) {
      const b = new LogBook({ images: {}, terminationSeconds: 1 }, keep);
      for (let i = 0; i < 5; i++) b.observe('MODIFIED', pod(running(`containerd://${i}`, i * 1000, i)), i * 1000);
      expect([0, 1, 2, 3, 4].map((i) => b.run(`containerd://${i}`) !== undefined)).toEqual(keep ? [true, true, true, true, true] : [false, false, true, true, true]);
    }
  });
  it('kills what still runs when a pod is removed without a graceful end (137)', () => {
    const b = book();
    b.observe('MODIFIED', pod(running(A, 2000)), 2000);
    const run = b.run(A);
    b.observe('DELETED', pod(running(A, 2000)), 7000);
    expect(run).toMatchObject({ endedMs: 7000, exitCode: 137 });
  });
});

describe('runLines', () => {
  const b = book({ 'crash:1': { crash: true } });
  b.observe('MODIFIED', pod(running(A, 2000)), 2000);
  b.observe('MODIFIED', pod({ ...running(A, 2000), ready: true }), 4000);
  it.each([
    [1999, 0],
    [2000, 2],
    [3999, 2],
    [4000, 3],
  ])('writes, by %i ms, %i lines of a web service', (now, count) => {
    expect(runLines(b.run(A) as NonNullable<ReturnType<typeof b.run>>, now)).toHaveLength(count);
  });
  it('writes slog text lines with the run’s dates, microseconds apart', () => {
    const lines = runLines(b.run(A) as NonNullable<ReturnType<typeof b.run>>, 5000);
    expect(lines.map((l) => l.text)).toEqual([
      'time=2026-01-01T00:00:02.000Z level=INFO msg=starting app=web version=1 pid=1',
      'time=2026-01-01T00:00:02.000Z level=INFO msg="loading configuration" path=/etc/web/config.yaml',
      'time=2026-01-01T00:00:04.000Z level=INFO msg=listening addr=:8080',
    ]);
    expect((lines[1]?.nanos ?? 0) - (lines[0]?.nanos ?? 0)).toBe(41_000);
  });
  it('moves the dates inside lines by shiftMs', () => {
    const lines = runLines(b.run(A) as NonNullable<ReturnType<typeof b.run>>, 5000, 3_600_000);
    expect(lines[0]?.text).toMatch(/^time=2026-01-01T01:00:02\.000Z /);
  });
});
