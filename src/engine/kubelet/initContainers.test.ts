import { describe, expect, it } from 'vitest';
import type { Container, Deployment, Pod } from '../api/types.ts';
import { DEFAULT_IMAGE_BEHAVIOUR, type ImageBehaviour } from '../config.ts';
import { createEngine, runUntil } from '../sim.ts';
import { kubectl, objects, runTicks, testConfig, webDeployment } from '../sim/executeTestEngine.ts';
import { podColumns } from '../kubectl/printers/pod.ts';
import type { EngineState } from '../client/state.ts';
import { parseRFC3339 } from '../lib/time.ts';

/** One replica of web:1 (pull 1 s, start 1 s) behind the init containers `init`. */
function withInit(init: Container[]): Deployment {
  const d = webDeployment(1);
  d.spec.template.spec.initContainers = init;
  return d;
}

/** An engine of that Deployment, with fixed delays: pull 1 s, start 1 s, ready 2 s; `images` on top. */
function engine(init: Container[], images: Record<string, Partial<ImageBehaviour>> = {}): EngineState {
  const config = testConfig([withInit(init)], 1);
  const base: ImageBehaviour = { ...DEFAULT_IMAGE_BEHAVIOUR, readySeconds: 2 };
  config.images = { default: base, ...Object.fromEntries(Object.entries(images).map(([k, v]) => [k, { ...base, ...v }])) };
  return createEngine(config);
}

/** The pod's STATUS column (printPod) at each virtual second asked. */
function statusAt(st: EngineState, seconds: number[]): string[] {
  return seconds.map((s) => {
    runUntil(st, s * 1000);
    st.now = s * 1000;
    const pod = objects(st, 'Pod')[0] as Pod;
    return podColumns(pod, st.now).status;
  });
}

const MIGRATE: Container = { name: 'migrate', image: 'migrate:1' };
const SEED: Container = { name: 'seed', image: 'seed:1' };

describe('init containers on the kubelet', () => {
  // Bound at ~0.1 s. migrate: pull 1 s + start 1 s → runs from ~2.1 s for 3 s; seed: pulled from
  // ~5.1 s, runs ~7.1–8.1 s; nginx: pulled from ~8.1 s, starts ~10.1 s, Ready ~12.1 s.
  it('runs them one at a time before the app container: Init:0/2, Init:1/2, PodInitializing, Running', () => {
    const st = engine([MIGRATE, SEED], { 'migrate:1': { runSeconds: 3 } });
    expect(statusAt(st, [1, 4, 6, 9, 11, 13])).toEqual(['Init:0/2', 'Init:0/2', 'Init:1/2', 'PodInitializing', 'Running', 'Running']);
    const pod = objects(st, 'Pod')[0] as Pod;
    expect(pod.status?.initContainerStatuses?.map((s) => [s.name, s.state.terminated?.reason, s.state.terminated?.exitCode, s.ready, s.started])).toEqual([
      ['migrate', 'Completed', 0, true, false],
      ['seed', 'Completed', 0, true, false],
    ]);
    expect(kubectl(st, 'get pods').output).toMatch(/1\/1\s+Running\s+0/);
  });

  it('keeps Initialized False with the init containers not yet exited 0, then True', () => {
    const st = engine([MIGRATE, SEED], { 'migrate:1': { runSeconds: 3 } });
    const initialized = (s: number) => {
      runUntil(st, s * 1000);
      const c = (objects(st, 'Pod')[0] as Pod).status?.conditions?.find((x) => x.type === 'Initialized');
      return [c?.status, c?.reason, c?.message];
    };
    expect(initialized(1)).toEqual(['False', 'ContainersNotInitialized', 'containers with incomplete status: [migrate seed]']);
    expect(initialized(6)).toEqual(['False', 'ContainersNotInitialized', 'containers with incomplete status: [seed]']);
    expect(initialized(9)).toEqual(['True', undefined, undefined]);
  });

  it("records each init container's Events under spec.initContainers{name}, before the app container's", () => {
    const st = engine([MIGRATE]);
    runUntil(st, 20_000);
    const events = objects(st, 'Event')
      .filter((e) => e.involvedObject.kind === 'Pod' && e.source?.component === 'kubelet')
      .sort((a, b) => (a.firstTimestamp ?? '').localeCompare(b.firstTimestamp ?? ''))
      .map((e) => `${e.involvedObject.fieldPath} ${e.reason}`);
    expect(events).toEqual([
      'spec.initContainers{migrate} Pulling',
      'spec.initContainers{migrate} Pulled',
      'spec.initContainers{migrate} Created',
      'spec.initContainers{migrate} Started',
      'spec.containers{nginx} Pulling',
      'spec.containers{nginx} Pulled',
      'spec.containers{nginx} Created',
      'spec.containers{nginx} Started',
    ]);
  });

  it('restarts a crashing init container after the back-off and never starts the app container', () => {
    const st = engine([MIGRATE], { 'migrate:1': { crash: true } });
    // Started ~2.1 s, exits ~3.1 s → back-off 10 s; again ~13.1 → 14.1 s, back-off 20 s.
    expect(statusAt(st, [2.5, 5, 13.5, 20])).toEqual(['Init:0/1', 'Init:CrashLoopBackOff', 'Init:0/1', 'Init:CrashLoopBackOff']);
    const pod = objects(st, 'Pod')[0] as Pod;
    expect(pod.status?.initContainerStatuses?.[0]?.restartCount).toBe(2);
    expect(pod.status?.initContainerStatuses?.[0]?.lastState?.terminated).toMatchObject({ exitCode: 1, reason: 'Error' });
    expect(pod.status?.containerStatuses?.[0]?.state.waiting?.reason).toBe('PodInitializing');
    expect(podColumns(pod, st.now).restarts).toMatch(/^2 \(\d+s ago\)$/);
    const message = (objects(st, 'Event').find((e) => e.reason === 'BackOff')?.message ?? '').replace(/\(.*\)$/, '(uid)');
    expect(message).toBe(`Back-off restarting failed container migrate in pod ${pod.metadata.name}_default(uid)`);
  });

  it('starts a sidecar (restartPolicy Always) in its turn and keeps it running beside the app container', () => {
    const st = engine([{ name: 'proxy', image: 'proxy:1', restartPolicy: 'Always' }, MIGRATE], { 'migrate:1': { runSeconds: 3 } });
    // proxy runs from ~2.1 s; migrate is pulled at once, runs ~4.1–7.1 s; nginx starts ~9.1 s, Ready ~11.1 s.
    expect(statusAt(st, [1, 3, 8, 12])).toEqual(['Init:0/2', 'Init:1/2', 'PodInitializing', 'Running']);
    const pod = objects(st, 'Pod')[0] as Pod;
    expect(pod.status?.initContainerStatuses?.map((s) => [s.name, Object.keys(s.state)[0], s.started, s.ready])).toEqual([
      ['proxy', 'running', true, true],
      ['migrate', 'terminated', false, true],
    ]);
    expect(podColumns(pod, st.now).ready).toBe('2/2');
  });

  it('stops a running init container when its pod is deleted', () => {
    const st = engine([MIGRATE], { 'migrate:1': { runSeconds: 30 } });
    runUntil(st, 5000);
    st.now = 5000;
    const name = (objects(st, 'Pod')[0] as Pod).metadata.name;
    kubectl(st, `delete pod ${name} --wait=false`);
    runUntil(st, 6000);
    const killing = objects(st, 'Event').filter((e) => e.reason === 'Killing' && e.involvedObject.name === name);
    expect(killing.map((e) => [e.involvedObject.fieldPath, e.message])).toEqual([['spec.initContainers{migrate}', 'Stopping container migrate']]);
  });

  it('stops a sidecar only after the app container has exited, both Killing at once (terminationOrdering)', () => {
    const st = engine([{ name: 'proxy', image: 'proxy:1', restartPolicy: 'Always' }]);
    runUntil(st, 15_000);
    st.now = 15_000;
    const name = (objects(st, 'Pod')[0] as Pod).metadata.name;
    kubectl(st, `delete pod ${name} --wait=false`);
    // The app container exits 1 s after SIGTERM; the sidecar then gets SIGTERM with 29 s left and
    // takes 1 s too: the pod is gone at +2 s, where without the ordering it went at +1 s.
    const ticks = runTicks(st, 3);
    const killing = objects(st, 'Event').filter((e) => e.reason === 'Killing' && e.involvedObject.name === name);
    expect(killing.map((e) => [e.involvedObject.fieldPath, e.firstTimestamp])).toEqual([
      ['spec.containers{nginx}', killing[0]?.firstTimestamp],
      ['spec.initContainers{proxy}', killing[0]?.firstTimestamp],
    ]);
    const turn = ticks.flatMap((t) => t.decisions).find((d) => d.fn === 'killContainer' && d.key === 'sidecarTurn');
    expect(turn?.values).toMatchObject({ pod: name, container: 'proxy', waitFor: 'nginx', waited: 1, sigterm: 1, left: 29 });
    const removed = ticks.find((t) => t.writes.some((w) => w.type === 'DELETED' && w.object.kind === 'Pod'));
    expect(removed !== undefined ? removed.time - 15_000 : null).toBeGreaterThanOrEqual(2000);
    expect(removed !== undefined ? removed.time - 15_000 : null).toBeLessThan(2200);
  });

  it('waits in Init:ErrImagePull, then Init:ImagePullBackOff, when the image cannot be pulled', () => {
    const st = engine([MIGRATE], { 'migrate:1': { pull: 'fail' } });
    expect(statusAt(st, [0.5, 1.5, 3])).toEqual(['Init:0/1', 'Init:ErrImagePull', 'Init:ImagePullBackOff']);
  });
});

describe('podColumns with init containers', () => {
  const pod = (init: Pod['status'], initContainers = 2): Pod =>
    ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', creationTimestamp: '2026-01-01T00:00:00Z' },
      spec: { initContainers: Array.from({ length: initContainers }, (_, i) => ({ name: `i${i}`, image: 'x' })), containers: [{ name: 'web', image: 'x' }] },
      status: { phase: 'Pending', ...init },
    }) as Pod;
  const done = { name: 'i0', state: { terminated: { exitCode: 0, reason: 'Completed' } }, ready: true, restartCount: 0, image: 'x', imageID: '' };
  const waiting = (reason: string) => ({ name: 'i1', state: { waiting: { reason } }, ready: false, restartCount: 0, image: 'x', imageID: '' });
  it('passes over a started sidecar while the next init container runs', () => {
    const p = pod({ initContainerStatuses: [{ ...done, state: { running: {} }, started: true }, waiting('PodInitializing')] });
    p.spec.initContainers = [{ name: 'i0', image: 'x', restartPolicy: 'Always' }, { name: 'i1', image: 'x' }];
    expect(podColumns(p, parseRFC3339('2026-01-01T00:01:00Z'))).toMatchObject({ ready: '1/2', status: 'Init:1/2' });
  });

  it('counts a ready sidecar in READY and its restarts once the pod is initialized', () => {
    const p = pod({
      conditions: [{ type: 'Initialized', status: 'True' }],
      initContainerStatuses: [{ ...done, state: { running: {} }, started: true, restartCount: 2 }, { ...done, name: 'i1', restartCount: 5 }],
      containerStatuses: [{ name: 'web', state: { running: {} }, ready: true, restartCount: 1, image: 'x', imageID: '' }],
    });
    p.spec.initContainers = [{ name: 'i0', image: 'x', restartPolicy: 'Always' }, { name: 'i1', image: 'x' }];
    expect(podColumns(p, parseRFC3339('2026-01-01T00:01:00Z'))).toMatchObject({ ready: '2/2', restarts: '3' });
  });

  it.each<[string, Pod['status'], string]>([
    ['the first still waiting: Init:i/n', { initContainerStatuses: [waiting('PodInitializing'), waiting('PodInitializing')] }, 'Init:0/2'],
    ['one done', { initContainerStatuses: [done, waiting('PodInitializing')] }, 'Init:1/2'],
    ['a waiting reason', { initContainerStatuses: [done, waiting('CrashLoopBackOff')] }, 'Init:CrashLoopBackOff'],
    ['a terminated reason', { initContainerStatuses: [done, { ...done, name: 'i1', state: { terminated: { exitCode: 2, reason: 'Error' } } }] }, 'Init:Error'],
    ['no terminated reason: the exit code', { initContainerStatuses: [{ ...done, state: { terminated: { exitCode: 3 } } }] }, 'Init:ExitCode:3'],
    ['a signal', { initContainerStatuses: [{ ...done, state: { terminated: { exitCode: 137, signal: 9 } } }] }, 'Init:Signal:9'],
    [
      'all done: the app container',
      { initContainerStatuses: [done, { ...done, name: 'i1' }], containerStatuses: [{ name: 'web', state: { waiting: { reason: 'PodInitializing' } }, ready: false, restartCount: 0, image: 'x', imageID: '' }] },
      'PodInitializing',
    ],
  ])('prints %s', (_name, status, want) => {
    expect(podColumns(pod(status), parseRFC3339('2026-01-01T00:01:00Z')).status).toBe(want);
  });
});
