import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../api/types.ts';
import { daemonSet, deployment, pod, replicaSet } from '../testObjects.ts';
import { rolloutPause, rolloutRestart, rolloutResume, scale, setImage } from './workloads.ts';

const T = '2026-01-01T00:01:30Z';

describe('setImage', () => {
  it('updates the container and prints "image updated" when the image changes', () => {
    const r = setImage(deployment(), [{ container: 'nginx', image: 'nginx:1.9.3' }]);
    expect(r).toMatchObject({ changed: true, output: 'deployment.apps/nginx image updated' });
    expect('object' in r && r.object.kind === 'Deployment' && r.object.spec.template.spec.containers[0]?.image).toBe('nginx:1.9.3');
  });
  it('prints nothing and changes nothing when the image is already set', () => {
    expect(setImage(deployment(), [{ container: 'nginx', image: 'nginx:1.8' }])).toMatchObject({ changed: false, output: '' });
  });
  it('sets every container when the name is *', () => {
    const r = setImage(daemonSet('agent:1'), [{ container: '*', image: 'agent:2' }]);
    expect(r).toMatchObject({ changed: true, output: 'daemonset.apps/agent image updated' });
  });
  it('errors when the container is unknown', () => {
    expect(setImage(deployment(), [{ container: 'web', image: 'x' }])).toEqual({ error: 'error: unable to find container named "web"' });
  });
  it('still updates the known container and reports the unknown one when both are given', () => {
    const r = setImage(pod('p', 'node-1'), [
      { container: 'c', image: 'nginx:2' },
      { container: 'web', image: 'x' },
    ]);
    expect(r).toMatchObject({ changed: true, output: 'pod/p image updated', stderr: 'error: unable to find container named "web"' });
  });
  it('sets an init container by name, and every init container with *', () => {
    const d = deployment();
    d.spec.template.spec.initContainers = [{ name: 'migrate', image: 'migrate:1' }];
    const images = (r: ReturnType<typeof setImage>) =>
      'object' in r && r.object.kind === 'Deployment' ? [...(r.object.spec.template.spec.initContainers ?? []), ...r.object.spec.template.spec.containers].map((c) => c.image) : [];
    const byName = setImage(d, [{ container: 'migrate', image: 'migrate:2' }]);
    expect(byName).toMatchObject({ changed: true, output: 'deployment.apps/nginx image updated' });
    expect(images(byName)).toEqual(['migrate:2', 'nginx:1.8']);
    expect(images(setImage(d, [{ container: '*', image: 'x:1' }]))).toEqual(['x:1', 'x:1']);
  });
  it('does not modify its input when it updates', () => {
    const d = deployment();
    setImage(d, [{ container: 'nginx', image: 'nginx:2' }]);
    expect(d.spec.template.spec.containers[0]?.image).toBe('nginx:1.8');
  });
});

describe('scale', () => {
  it.each([
    ['a Deployment', deployment(), 'deployment.apps/nginx scaled'],
    ['a ReplicaSet', replicaSet('nginx-64f9d8d55d', 'nginx:1.8', 1, 0, 10), 'replicaset.apps/nginx-64f9d8d55d scaled'],
  ])('prints "scaled" when scaling %s', (_name, obj, line) => {
    const r = scale(obj, 15);
    expect(r).toMatchObject({ changed: true, output: line });
    expect('object' in r && r.object.spec.replicas).toBe(15);
  });
  it('prints "scaled" without a change when the size is the same', () => {
    expect(scale(deployment(), 10)).toMatchObject({ changed: false, output: 'deployment.apps/nginx scaled' });
  });
  it('errors when the --current-replicas precondition fails', () => {
    expect(scale(deployment(), 3, 5)).toEqual({ error: 'error: Expected replicas to be 5, was 10' });
  });
});

describe('rolloutPause / rolloutResume', () => {
  it('pauses a running Deployment', () => {
    const r = rolloutPause(deployment());
    expect(r).toMatchObject({ changed: true, output: 'deployment.apps/nginx paused', object: { spec: { paused: true } } });
  });
  it.each([
    ['pausing a paused Deployment', () => rolloutPause(deployment({ paused: true })), 'error: deployments.apps "nginx" is already paused'],
    ['resuming a running Deployment', () => rolloutResume(deployment()), 'error: deployments.apps "nginx" is not paused'],
    ['pausing a DaemonSet', () => rolloutPause(daemonSet('a:1')), 'error: daemonsets.apps "agent" pausing is not supported'],
    ['resuming a DaemonSet', () => rolloutResume(daemonSet('a:1')), 'error: daemonsets.apps "agent" resuming is not supported'],
  ])('errors when %s', (_name, run, error) => {
    expect(run()).toEqual({ error });
  });
  it('resumes and removes spec.paused', () => {
    const r = rolloutResume(deployment({ paused: true }));
    expect(r).toMatchObject({ changed: true, output: 'deployment.apps/nginx resumed' });
    expect('object' in r && 'paused' in (r.object as Deployment).spec).toBe(false);
  });
});

describe('rolloutRestart', () => {
  it('stamps restartedAt on the template and prints "restarted"', () => {
    const r = rolloutRestart(deployment(), T);
    expect(r).toMatchObject({ changed: true, output: 'deployment.apps/nginx restarted' });
    expect('object' in r && r.object.spec.template.metadata?.annotations).toEqual({ 'kubectl.kubernetes.io/restartedAt': T });
  });
  it('restarts a DaemonSet', () => {
    expect(rolloutRestart(daemonSet('a:1'), T)).toMatchObject({ output: 'daemonset.apps/agent restarted' });
  });
  it.each([
    ['the Deployment is paused', () => rolloutRestart(deployment({ paused: true }), T), 'error: deployments.apps "nginx" can\'t restart paused deployment (run rollout resume first)'],
    [
      'it was restarted in the same second',
      () => {
        const first = rolloutRestart(deployment(), T);
        if (!('object' in first)) throw new Error('restart failed');
        return rolloutRestart(first.object, T);
      },
      'error: failed to create patch for nginx: if restart has already been triggered within the past second, please wait before attempting to trigger another',
    ],
    ['the kind is a ReplicaSet', () => rolloutRestart(replicaSet('nginx-1', 'x', 1, 0), T), 'error: replicasets.apps "nginx-1" restarting is not supported'],
  ])('errors when %s', (_name, run, error) => {
    expect(run()).toEqual({ error });
  });
});
