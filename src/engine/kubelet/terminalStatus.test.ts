import { describe, expect, it } from 'vitest';
import type { Container, ContainerStatus, Pod, PodCondition } from '../api/types.ts';
import { podColumns } from '../kubectl/printers/pod.ts';
import { createEngine, runUntil } from '../sim.ts';
import { kubectl, objects, runTicks, testConfig, webDeployment } from '../sim/executeTestEngine.ts';
import { ContainerStatusUnknown, containerNotLocatedMessage, hasPodInitialized, terminalPodStatus } from './terminalStatus.ts';

const NOW = '2026-01-01T00:01:06Z';
const BEFORE = '2026-01-01T00:00:02Z';

const running = (name: string, extra: Partial<ContainerStatus> = {}): ContainerStatus => ({
  name,
  state: { running: { startedAt: BEFORE } },
  lastState: {},
  ready: true,
  restartCount: 0,
  image: 'docker.io/library/web:1',
  imageID: 'docker.io/library/web@sha256:0b38',
  containerID: `containerd://${name}`,
  started: true,
  ...extra,
});
const waiting = (name: string, reason: string): ContainerStatus => ({ name, state: { waiting: { reason } }, lastState: {}, ready: false, restartCount: 0, image: 'web:1', imageID: '', started: false });
const exited = (name: string, exitCode: number): ContainerStatus => ({
  name,
  state: { terminated: { exitCode, reason: exitCode === 0 ? 'Completed' : 'Error', startedAt: BEFORE, finishedAt: BEFORE } },
  lastState: {},
  ready: false,
  restartCount: 0,
  image: 'web:1',
  imageID: '',
  started: false,
});

const conditions = (): PodCondition[] => [
  { type: 'PodReadyToStartContainers', status: 'True', lastProbeTime: null, lastTransitionTime: BEFORE },
  { type: 'Initialized', status: 'True', lastProbeTime: null, lastTransitionTime: BEFORE },
  { type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: BEFORE },
  { type: 'ContainersReady', status: 'True', lastProbeTime: null, lastTransitionTime: BEFORE },
  { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: BEFORE },
];

function pod(containers: ContainerStatus[], inits: { spec: Container[]; statuses: ContainerStatus[] } | null = null): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-1', namespace: 'default', deletionTimestamp: NOW, deletionGracePeriodSeconds: 30 },
    spec: {
      containers: containers.map((c) => ({ name: c.name, image: 'web:1' })),
      ...(inits === null ? {} : { initContainers: inits.spec }),
    },
    status: {
      phase: 'Running',
      conditions: conditions(),
      ...(inits === null ? {} : { initContainerStatuses: inits.statuses }),
      containerStatuses: containers,
    },
  } as Pod;
}

describe('terminalPodStatus', () => {
  it.each([
    { name: 'exit 0 within the grace period: Succeeded, Completed', sigkilled: [], phase: 'Succeeded', reason: 'PodCompleted', code: 0, term: 'Completed' },
    { name: 'SIGKILLed at the grace period: Failed, Error 137', sigkilled: ['web'], phase: 'Failed', reason: 'PodFailed', code: 137, term: 'Error' },
  ])('gives a running container its exit when $name', ({ sigkilled, phase, reason, code, term }) => {
    const s = terminalPodStatus(pod([running('web')]), NOW, sigkilled);
    expect(s.phase).toBe(phase);
    const c = s.containerStatuses?.[0];
    // The run it ended keeps its start and its container; the status says it is neither ready nor started.
    expect(c?.state).toEqual({ terminated: { exitCode: code, reason: term, startedAt: BEFORE, finishedAt: NOW, containerID: 'containerd://web' } });
    expect(Object.keys(c?.state.terminated ?? {})).toEqual(['exitCode', 'reason', 'startedAt', 'finishedAt', 'containerID']);
    expect([c?.ready, c?.started]).toEqual([false, false]);
    const byType = new Map(s.conditions?.map((x) => [x.type, x]));
    expect(byType.get('Ready')).toMatchObject({ status: 'False', reason, lastTransitionTime: NOW });
    expect(byType.get('ContainersReady')).toMatchObject({ status: 'False', reason, lastTransitionTime: NOW });
    expect(byType.get('PodReadyToStartContainers')).toMatchObject({ status: 'False', lastTransitionTime: NOW });
    expect(byType.get('PodReadyToStartContainers')?.reason).toBeUndefined();
    // Initialized and PodScheduled are the very objects they were.
    const before = pod([running('web')]).status?.conditions ?? [];
    expect(byType.get('Initialized')).toEqual(before[1]);
    expect(s.conditions?.map((x) => x.type)).toEqual(before.map((x) => x.type));
  });

  it('is Failed when one of two containers is SIGKILLed', () => {
    const s = terminalPodStatus(pod([running('web'), running('log')]), NOW, ['log']);
    expect(s.phase).toBe('Failed');
    expect(s.containerStatuses?.map((c) => c.state.terminated?.exitCode)).toEqual([0, 137]);
  });

  it('marks a container that never started ContainerStatusUnknown when the pod had initialized', () => {
    const s = terminalPodStatus(pod([waiting('web', 'ContainerCreating')]), NOW);
    expect(s.phase).toBe('Failed');
    expect(s.containerStatuses?.[0]?.state).toEqual({ terminated: { exitCode: 137, reason: ContainerStatusUnknown, message: containerNotLocatedMessage } });
  });

  it('leaves an app container waiting when the pod never initialized, and a waiting init container as it was', () => {
    const init = waiting('migrate', 'PodInitializing');
    const s = terminalPodStatus(pod([waiting('web', 'PodInitializing')], { spec: [{ name: 'migrate', image: 'm:1' }], statuses: [init] }), NOW);
    expect(s.phase).toBe('Failed');
    expect(s.containerStatuses?.[0]?.state).toEqual({ waiting: { reason: 'PodInitializing' } });
    expect(s.initContainerStatuses?.[0]).toBe(init);
  });

  it('stops a running sidecar with its exit and judges the phase by the app containers', () => {
    const sidecar: Container = { name: 'proxy', image: 'p:1', restartPolicy: 'Always' };
    const s = terminalPodStatus(pod([running('web')], { spec: [sidecar], statuses: [running('proxy')] }), NOW, ['proxy']);
    expect(s.phase).toBe('Succeeded');
    expect(s.initContainerStatuses?.[0]?.state.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
    expect(s.containerStatuses?.[0]?.state.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
  });

  it('keeps a container that had already ended as it was', () => {
    const done = exited('web', 1);
    const s = terminalPodStatus(pod([done]), NOW);
    expect(s.containerStatuses?.[0]).toBe(done);
    expect(s.phase).toBe('Failed');
  });

  it('gives two pods stopped in one instant the same condition objects', () => {
    const a = terminalPodStatus(pod([running('web')]), NOW);
    const b = terminalPodStatus(pod([running('web')]), NOW);
    expect(a.conditions?.[2]).toBe(b.conditions?.[2]);
  });
});

describe('hasPodInitialized', () => {
  const init: Container = { name: 'migrate', image: 'm:1' };
  const sidecar: Container = { name: 'proxy', image: 'p:1', restartPolicy: 'Always' };
  it.each([
    { name: 'no init containers', p: pod([waiting('web', 'ContainerCreating')]), want: true },
    { name: 'an app container left waiting', p: pod([running('web')], { spec: [init], statuses: [exited('migrate', 0)] }), want: true },
    { name: 'the last init container exited 0', p: pod([waiting('web', 'PodInitializing')], { spec: [init], statuses: [exited('migrate', 0)] }), want: true },
    { name: 'the last init container failed', p: pod([waiting('web', 'PodInitializing')], { spec: [init], statuses: [exited('migrate', 1)] }), want: false },
    { name: 'the init container still waiting', p: pod([waiting('web', 'PodInitializing')], { spec: [init], statuses: [waiting('migrate', 'PodInitializing')] }), want: false },
    {
      name: 'the last init container exited 0 the run before',
      p: pod([waiting('web', 'PodInitializing')], { spec: [init], statuses: [{ ...waiting('migrate', 'CrashLoopBackOff'), lastState: exited('migrate', 0).state }] }),
      want: true,
    },
    { name: 'a sidecar last, running and started', p: pod([waiting('web', 'PodInitializing')], { spec: [sidecar], statuses: [running('proxy')] }), want: true },
    {
      name: 'a sidecar last, running but not started',
      p: pod([waiting('web', 'PodInitializing')], { spec: [sidecar], statuses: [running('proxy', { started: false })] }),
      want: false,
    },
    { name: "a status that is not the spec's init container", p: pod([waiting('web', 'PodInitializing')], { spec: [init], statuses: [exited('other', 0)] }), want: false },
  ])('is $want when $name', ({ p, want }) => {
    expect(hasPodInitialized(p)).toBe(want);
  });
});

describe('a deleted pod on the kubelet', () => {
  /**
   * The pod's writes from `kubectl delete pod` to its removal as `get pods -w` prints them (READY,
   * STATUS), and the tick of each. One replica of web:1, Ready by 15 s; the container takes
   * `exitSeconds` to stop on SIGTERM, with the pod's grace period `grace`.
   */
  function watchDelete(exitSeconds: number, grace: number) {
    const config = testConfig([webDeployment(1)], 1);
    config.terminationSeconds = exitSeconds;
    const st = createEngine(config);
    runUntil(st, 15_000);
    st.now = 15_000;
    const name = (objects(st, 'Pod')[0] as Pod).metadata.name;
    kubectl(st, `delete pod ${name} --grace-period=${grace} --wait=false`);
    const deleting = objects(st, 'Pod')[0] as Pod;
    const c0 = podColumns(deleting, st.now);
    const lines: { type: string; columns: string; tick: number }[] = [{ type: 'MODIFIED', columns: `${c0.ready} ${c0.status}`, tick: 0 }];
    for (const t of runTicks(st, grace + 2)) {
      for (const w of t.writes) {
        if (w.object.kind !== 'Pod' || w.object.metadata.name !== name) continue;
        const c = podColumns(w.object, t.time);
        lines.push({ type: w.type, columns: `${c.ready} ${c.status}`, tick: t.tick });
      }
    }
    return { lines, name };
  }

  it('writes its terminal status, 0/1 Completed, in the tick that removes it when its container exits 0', () => {
    const { lines } = watchDelete(1, 30);
    // The delete's own write (kubectl's), then the kubelet's two at the container's exit.
    expect(lines.map((l) => `${l.type} ${l.columns}`)).toEqual(['MODIFIED 1/1 Terminating', 'MODIFIED 0/1 Completed', 'DELETED 0/1 Completed']);
    expect(lines[1]?.tick).toBe(lines[2]?.tick);
  });

  it('writes 0/1 Error when the grace period ends before the container does (SIGKILL: 137)', () => {
    const { lines } = watchDelete(5, 2);
    expect(lines.map((l) => `${l.type} ${l.columns}`)).toEqual(['MODIFIED 1/1 Terminating', 'MODIFIED 0/1 Error', 'DELETED 0/1 Error']);
  });
});
