import { describe, expect, it } from 'vitest';
import type { Container, Deployment, KubeObject } from '../../api/types.ts';
import { ChangeCauseAnnotation } from '../printers/history.ts';
import { daemonSet, deployment } from '../testObjects.ts';
import { setResources } from './setResources.ts';

/** web is the nginx Deployment with limits on nginx, an init container and a sidecar. */
function web(): Deployment {
  const d = deployment();
  d.spec.template.spec.containers = [
    { name: 'nginx', image: 'nginx:1', resources: { limits: { cpu: '0.2', memory: '512Mi' } } },
    { name: 'sidecar', image: 'busybox' },
  ];
  d.spec.template.spec.initContainers = [{ name: 'init', image: 'busybox' }];
  return d;
}

const container = (obj: KubeObject, name: string): Container | undefined => {
  const spec = (obj as Deployment).spec.template.spec;
  return [...spec.containers, ...(spec.initContainers ?? [])].find((c) => c.name === name);
};

describe('setResources', () => {
  it('merges the quantities into each container, init containers too, keeping the others', () => {
    const r = setResources(web(), { containers: '*', limits: { cpu: '1' }, requests: { cpu: '100m' } });
    expect(r.changed).toBe(true);
    expect(container(r.object, 'nginx')?.resources).toEqual({ limits: { cpu: '1', memory: '512Mi' }, requests: { cpu: '100m' } });
    expect(container(r.object, 'sidecar')?.resources).toEqual({ limits: { cpu: '1' }, requests: { cpu: '100m' } });
    expect(container(r.object, 'init')?.resources).toEqual({ limits: { cpu: '1' }, requests: { cpu: '100m' } });
  });

  it('changes only the containers -c selects', () => {
    const r = setResources(web(), { containers: 'side*', requests: { memory: '64Mi' } });
    expect(container(r.object, 'sidecar')?.resources).toEqual({ requests: { memory: '64Mi' } });
    expect(container(r.object, 'nginx')?.resources).toEqual({ limits: { cpu: '0.2', memory: '512Mi' } });
    expect(container(r.object, 'init')?.resources).toBeUndefined();
  });

  it('is no change when every quantity is equal, written another way (0.2 and 200m)', () => {
    expect(setResources(web(), { containers: 'nginx', limits: { cpu: '200m', memory: '512Mi' } })).toMatchObject({ changed: false });
  });

  it('reports the pattern when -c selects no container, and changes nothing', () => {
    expect(setResources(web(), { containers: 'nope', limits: { cpu: '1' } })).toMatchObject({ changed: false, unmatched: 'error: unable to find container named nope' });
  });

  it('records the command with --record, which alone is a change', () => {
    const r = setResources(web(), { containers: 'nginx', limits: { cpu: '200m' }, changeCause: 'kubectl set resources deploy/nginx --limits=cpu=200m --record=true' });
    expect(r.changed).toBe(true);
    expect(r.object.metadata.annotations?.[ChangeCauseAnnotation]).toBe('kubectl set resources deploy/nginx --limits=cpu=200m --record=true');
  });

  it('changes a DaemonSet template alike', () => {
    const r = setResources(daemonSet('agent:1'), { containers: '*', limits: { memory: '1Gi' } });
    expect(r.changed).toBe(true);
  });

  it("answers kubectl's error for a kind without a pod template", () => {
    const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: {} } as unknown as KubeObject;
    expect(setResources(svc, { containers: '*', limits: { cpu: '1' } })).toMatchObject({ changed: false, err: 'the object is not a pod or does not have a pod template: *v1.Service' });
  });
});
