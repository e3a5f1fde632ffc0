import { describe, expect, it } from 'vitest';
import type { Decision } from '../api/decision.ts';
import type { Pod } from '../api/types.ts';
import { toRFC3339 } from '../lib/time.ts';
import { accessLines, attributeSecond, type ServedSecond, servedSecondOf, servingMs, share } from './accessLog.ts';
import { runLines } from './appLog.ts';
import { type ContainerRun, LogBook } from './containerLog.ts';

function run(id: string, over: Partial<ContainerRun> = {}): ContainerRun {
  return {
    id,
    pod: `web-${id}`,
    namespace: 'default',
    container: 'web',
    image: 'web:1',
    port: 8080,
    attempt: 0,
    startedMs: 0,
    readyMs: 2000,
    sigtermMs: null,
    endedMs: null,
    exitCode: null,
    graceful: false,
    crashes: false,
    neverReady: false,
    labels: { app: 'web' },
    revisionKey: '',
    served: [],
    ...over,
  };
}

describe('share', () => {
  it.each([
    [98, [1000, 1000, 1000], [33, 33, 32]],
    [10, [500, 1000], [3, 7]],
    [1, [1000, 1000], [1, 0]],
    [5, [0, 0], [0, 0]],
    [0, [1000], [0]],
  ])('splits %d over %j by largest remainders, ties to the earlier: %j', (n, w, want) => {
    expect(share(n, w)).toEqual(want);
  });
});

describe('servedSecondOf', () => {
  it('reads a counted second and passes over any other record', () => {
    const values = { second: 31, service: 'default/web', ok: 98, refused: 2, reset: 0, timeout: 0, http503: 1, byRevision: '{"1":40,"2":58}', endpoints: 9 };
    expect(servedSecondOf({ fn: 'trafficSecond', key: 'counts', values })).toEqual({ second: 31, service: 'default/web', http503: 1, byRevision: { '1': 40, '2': 58 } });
    expect(servedSecondOf({ fn: 'trafficFailure', key: 'stopped', values })).toBeNull();
  });
});

describe('servingMs', () => {
  it.each([
    ['a run listening all the second', run('a'), 5000, 1000],
    ['a run that starts listening in the second', run('a', { readyMs: 5250 }), 5000, 750],
    ['a run stopped by SIGTERM in the second', run('a', { sigtermMs: 5400 }), 5000, 400],
    ['a run not ready yet', run('a', { readyMs: null }), 5000, 0],
    ['a crashing run', run('a', { crashes: true }), 5000, 0],
    ['a run never ready', run('a', { neverReady: true }), 5000, 0],
  ])('counts %s', (_name, r, from, want) => {
    expect(servingMs(r, from)).toBe(want);
  });
});

describe('attributeSecond', () => {
  it('shares each revision’s ok requests among its serving runs and the 503s among all, keeping [second, ok, 503]', () => {
    const a = run('a', { revisionKey: '1' });
    const b = run('b', { revisionKey: '2' });
    const c = run('c', { revisionKey: '2', readyMs: 30_500 });
    const s: ServedSecond = { second: 30, service: 'default/web', http503: 4, byRevision: { '1': 40, '2': 58 } };
    attributeSecond(s, [a, b, c], (r) => r.revisionKey);
    // b served 1000 ms, c 500 ms of the second: 58 → 39 and 19; the 503s over 1000/1000/500 ms.
    expect([a.served, b.served, c.served]).toEqual([
      [30, 40, 2],
      [30, 39, 1],
      [30, 19, 1],
    ]);
    // A second Service selecting the same pods adds to the same second.
    attributeSecond({ ...s, http503: 0, byRevision: { '1': 5 } }, [a], (r) => r.revisionKey);
    expect(a.served).toEqual([30, 45, 2]);
  });
});

describe('accessLines', () => {
  it('writes any other image one slog line per second and status with the count', () => {
    const r = run('a', { served: [30, 12, 3] });
    expect(accessLines(r, 0, 60_000, { nginx: false, version: '' }, 0, 0).map((l) => l.text)).toEqual([
      `time=${toRFC3339(30_000).slice(0, 19)}.000Z level=INFO msg=access method=GET path=/ status=200 count=12 period=1s`,
      `time=${toRFC3339(30_000).slice(0, 19)}.000Z level=WARN msg=access method=GET path=/ status=503 count=3 period=1s`,
    ]);
  });

  it('writes nginx one line in its main format for each 10 requests, spread over the second', () => {
    const r = run('a', { image: 'nginx:1.27.3', served: [30, 25, 1] });
    const lines = accessLines(r, 0, 60_000, { nginx: true, version: '1.27.3' }, 0, 0);
    expect(lines.map((l) => l.ms)).toEqual([30_000, 30_333, 30_500, 30_666]);
    expect(lines[0]?.text).toBe('10.244.0.1 - - [01/Jan/2026:00:00:30 +0000] "GET / HTTP/1.1" 200 615 "-" "Go-http-client/1.1" "-"');
    expect(lines[2]?.text).toBe('10.244.0.1 - - [01/Jan/2026:00:00:30 +0000] "GET / HTTP/1.1" 503 197 "-" "Go-http-client/1.1" "-"');
  });

  it('keeps to the instants asked for and moves the dates inside lines by shiftMs', () => {
    const r = run('a', { served: [30, 1, 0, 31, 1, 0, 32, 1, 0] });
    expect(accessLines(r, 31_000, 31_999, { nginx: false, version: '' }, 0, 0).map((l) => l.ms)).toEqual([31_000]);
    expect(accessLines(r, 31_000, 31_000, { nginx: false, version: '' }, 3_600_000, 0)[0]?.text).toMatch(/^time=2026-01-01T01:00:31\.000Z /);
  });
});

describe('a LogBook with clients', () => {
  const pod = (name: string, rs: string, id: string, ready: boolean): Pod =>
    ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'default', uid: `u-${name}`, labels: { app: 'web' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: rs, uid: rs, controller: true }] },
      spec: { containers: [{ name: 'web', image: 'web:1', ports: [{ containerPort: 8080 }] }], nodeName: 'node-1' },
      status: { containerStatuses: [{ name: 'web', state: { running: { startedAt: toRFC3339(1000) } }, ready, restartCount: 0, image: 'web:1', imageID: '', containerID: id }] },
    }) as unknown as Pod;
  const counts = (second: number, byRevision: Record<string, number>): Decision => ({
    fn: 'trafficSecond',
    key: 'counts',
    values: { second, service: 'default/web', ok: 0, refused: 0, reset: 0, timeout: 0, http503: 0, byRevision: JSON.stringify(byRevision), endpoints: 2 },
  });

  it('writes each pod the requests its revision served, after its listening line, and nothing for another Service', () => {
    const book = new LogBook({ images: {}, terminationSeconds: 1 });
    book.observeObject('ADDED', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { app: 'web' } } } as never, 0);
    book.observeObject('ADDED', { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web-1', namespace: 'default', annotations: { 'deployment.kubernetes.io/revision': '1' } } } as never, 0);
    book.observeObject('ADDED', { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web-2', namespace: 'default', annotations: { 'deployment.kubernetes.io/revision': '2' } } } as never, 0);
    book.observeObject('MODIFIED', pod('a', 'web-1', 'c-a', true), 1000);
    book.observeObject('MODIFIED', pod('b', 'web-2', 'c-b', true), 1000);
    book.observeDecision(counts(5, { '1': 30, '2': 70 }));
    book.observeDecision({ ...counts(6, { '1': 9 }), values: { ...counts(6, { '1': 9 }).values, service: 'default/other' } });
    const text = (id: string) => runLines(book.run(id) as ContainerRun, 10_000).map((l) => l.text);
    expect(text('c-a').slice(-2)).toEqual([expect.stringMatching(/msg=listening addr=:8080$/), expect.stringMatching(/^time=2026-01-01T00:00:05\.000Z level=INFO msg=access .* status=200 count=30 period=1s$/)]);
    expect(text('c-b').at(-1)).toMatch(/status=200 count=70 /);
  });
});
