import { describe, expect, it } from 'vitest';
import type { ContainerStatus, Pod } from '../api/types.ts';
import { LogBook } from '../kubelet/containerLog.ts';
import { toRFC3339 } from '../lib/time.ts';
import { DEFAULT_LOG_OPTIONS, limitText, logTarget, parseLogOptions, rfc3339Nano, selectLines } from './logs.ts';

const A = 'containerd://aaa';
const B = 'containerd://bbb';

function pod(cs: Partial<ContainerStatus> | null, containers = ['web'], nodeName = 'n1'): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-1', namespace: 'default', uid: 'u1' },
    spec: { ...(nodeName ? { nodeName } : {}), containers: containers.map((name) => ({ name, image: 'web:1' })) },
    status: cs ? { containerStatuses: [{ name: 'web', state: {}, ready: false, restartCount: 0, image: 'web:1', imageID: '', ...cs }] } : {},
  };
}

const ended = (id?: string) => ({ terminated: { exitCode: 1, reason: 'Error', startedAt: toRFC3339(0), finishedAt: toRFC3339(1000), ...(id ? { containerID: id } : {}) } });
const run = { state: { running: { startedAt: toRFC3339(5000) } } };

/** withInit gives the pod init container migrate, with a status when `cs` is given. */
function withInit(p: Pod, cs?: Partial<ContainerStatus>): Pod {
  const status = cs ? { initContainerStatuses: [{ name: 'migrate', state: {}, ready: false, restartCount: 0, image: 'm:1', imageID: '', ...cs }] } : {};
  return { ...p, spec: { ...p.spec, initContainers: [{ name: 'migrate', image: 'm:1' }] }, status: { ...p.status, ...status } };
}

describe('logTarget', () => {
  const book = new LogBook({ images: {}, terminationSeconds: 1 });
  book.observe('MODIFIED', pod({ ...run, containerID: A }), 5000);
  book.observe('MODIFIED', pod({ ...run, containerID: B }), 5000);
  it.each([
    ['the running run', pod({ ...run, containerID: A }), '', false, A],
    ['the running run of the named container', pod({ ...run, containerID: A }), 'web', false, A],
    ['the run before a restart with --previous', pod({ ...run, containerID: B, lastState: ended(A) }), '', true, A],
    ['the last run while it backs off', pod({ containerID: A, state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: ended(A) }), '', false, A],
    ['the last run with --previous while it backs off', pod({ containerID: A, state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: ended(A) }), '', true, A],
    ['nothing for a pod not on a node', pod(null, ['web'], ''), '', false, null],
    ["an init container's run, by its name", withInit(pod({ ...run }), { ...run, containerID: B }), 'migrate', false, B],
  ])('reads %s', (_what, p, container, previous, id) => {
    const t = logTarget(book, p, container, previous);
    expect(t.ok && (t.run?.id ?? null)).toBe(id);
  });
  it.each([
    ['two containers and none named', pod({ ...run }, ['web', 'side']), '', false, 'a container name must be specified for pod web-1, choose one of: [web side]'],
    ['an unknown container', pod({ ...run }), 'nope', false, 'container nope is not valid for pod web-1'],
    ['--previous without a restart', pod({ ...run, containerID: A }), '', true, 'previous terminated container "web" in pod "web-1" not found'],
    ['a container being created', pod({ state: { waiting: { reason: 'ContainerCreating' } } }), '', false, 'container "web" in pod "web-1" is waiting to start: ContainerCreating'],
    ['a failed pull', pod({ state: { waiting: { reason: 'ErrImagePull' } } }), '', false, `container "web" in pod "web-1" is waiting to start: image can't be pulled`],
    ['a pull backing off', pod({ state: { waiting: { reason: 'ImagePullBackOff' } } }), '', false, 'container "web" in pod "web-1" is waiting to start: trying and failing to pull image'],
    ['a container without a status', pod(null), '', false, 'container "web" in pod "web-1" is not available'],
    ['two containers and none named, naming the init containers too', withInit(pod({ ...run }, ['web', 'side'])), '', false, 'a container name must be specified for pod web-1, choose one of: [web side] or one of the init containers: [migrate]'],
    ['the app container while the init containers run', withInit(pod({ state: { waiting: { reason: 'PodInitializing' } } })), '', false, 'container "web" in pod "web-1" is waiting to start: PodInitializing'],
    ['an init container waiting for its pull', withInit(pod({ ...run }), { state: { waiting: { reason: 'ErrImagePull' } } }), 'migrate', false, `container "migrate" in pod "web-1" is waiting to start: image can't be pulled`],
  ])('refuses %s with BadRequest', (_what, p, container, previous, message) => {
    const t = logTarget(book, p, container, previous);
    expect(t.ok ? null : { code: t.status.code, reason: t.status.reason, message: t.status.message }).toEqual({ code: 400, reason: 'BadRequest', message });
  });
});

describe('rfc3339Nano', () => {
  it.each([
    [5000, 0, '2026-01-01T00:00:05Z'],
    [5123, 0, '2026-01-01T00:00:05.123Z'],
    [5123, 456_789, '2026-01-01T00:00:05.123456789Z'],
    [5000, 41_000, '2026-01-01T00:00:05.000041Z'],
  ])('writes %i ms + %i ns as %s', (ms, nanos, want) => {
    expect(rfc3339Nano(ms, nanos)).toBe(want);
  });
});

describe('selectLines', () => {
  const lines = [1000, 2000, 3000, 4000].map((ms) => ({ ms, nanos: 0, text: String(ms) }));
  it.each([
    [{}, ['1000', '2000', '3000', '4000']],
    [{ tailLines: 2 }, ['3000', '4000']],
    [{ tailLines: 0 }, []],
    [{ sinceSeconds: 2 }, ['3000', '4000']],
    [{ sinceMs: 2000 }, ['2000', '3000', '4000']],
    [{ sinceSeconds: 3, tailLines: 1 }, ['4000']],
  ])('with %o keeps %o', (o, want) => {
    expect(selectLines(lines, 5000, { ...DEFAULT_LOG_OPTIONS, ...o }).map((l) => l.text)).toEqual(want);
  });
});

describe('limitText', () => {
  it.each([
    ['abcdef', 3, 'abc'],
    ['abc', 10, 'abc'],
    ['aé', 2, 'a'],
    ['aé', 3, 'aé'],
  ])('cuts %s to %i bytes', (text, limit, want) => {
    expect(limitText(text, limit)).toBe(want);
  });
});

describe('parseLogOptions', () => {
  it('reads the flags kubectl sends', () => {
    const o = parseLogOptions(new URLSearchParams('container=web&follow=true&previous=true&timestamps=true&tailLines=5&limitBytes=100&sinceSeconds=60'));
    expect(o).toEqual({ container: 'web', previous: true, follow: true, timestamps: true, sinceSeconds: 60, sinceMs: null, tailLines: 5, limitBytes: 100 });
  });
  it('reads sinceTime on the client’s clock, moved back by the shift', () => {
    expect(parseLogOptions(new URLSearchParams('sinceTime=2026-01-01T01:00:10Z'), 3_600_000)).toMatchObject({ sinceMs: 10_000 });
  });
  it.each([
    ['tailLines=-1', 'PodLogOptions "" is invalid: tailLines: Invalid value: -1: must be greater than or equal to 0'],
    ['limitBytes=0', 'PodLogOptions "" is invalid: limitBytes: Invalid value: 0: must be greater than 0'],
    ['sinceSeconds=5&sinceTime=2026-01-01T00:00:00Z', 'PodLogOptions "" is invalid: sinceSeconds: Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified'],
  ])('refuses %s', (q, message) => {
    expect(parseLogOptions(new URLSearchParams(q))).toMatchObject({ code: 422, reason: 'Invalid', message });
  });
});
