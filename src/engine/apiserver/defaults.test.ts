import { describe, expect, it } from 'vitest';
import type { DaemonSet, Deployment } from '../api/types.ts';
import { imagePullPolicyFor, setDefaultsDaemonSet, setDefaultsDeployment, setDefaultsPod, setDefaultsReplicaSet } from './defaults.ts';

const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }] } };

describe('setDefaultsDeployment', () => {
  it('fills replicas, 25%/25% rolling update, history and deadline when they are omitted', () => {
    const d: Deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { selector: {}, template } };
    const out = setDefaultsDeployment(d);
    expect(out.spec.replicas).toBe(1);
    expect(out.spec.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } });
    expect(out.spec.revisionHistoryLimit).toBe(10);
    expect(out.spec.progressDeadlineSeconds).toBe(600);
    expect(out.metadata.namespace).toBe('default');
    expect(out.spec.template.spec.restartPolicy).toBe('Always');
    expect(out.spec.template.spec.terminationGracePeriodSeconds).toBe(30);
    expect(out.spec.template.spec.containers[0]?.imagePullPolicy).toBe('IfNotPresent');
    expect(d.spec.replicas).toBeUndefined();
  });

  it('defaults only the missing field when one of maxSurge and maxUnavailable is set', () => {
    const d: Deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: { selector: {}, template, strategy: { rollingUpdate: { maxSurge: 0 } } },
    };
    expect(setDefaultsDeployment(d).spec.strategy?.rollingUpdate).toEqual({ maxSurge: 0, maxUnavailable: '25%' });
  });

  it('leaves Recreate without a rollingUpdate block', () => {
    const d: Deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: { selector: {}, template, strategy: { type: 'Recreate' } },
    };
    expect(setDefaultsDeployment(d).spec.strategy).toEqual({ type: 'Recreate' });
  });
});

describe('setDefaultsDaemonSet', () => {
  it('fills maxUnavailable 1 and maxSurge 0 as ints when they are omitted', () => {
    const ds: DaemonSet = { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'a' }, spec: { selector: {}, template } };
    const out = setDefaultsDaemonSet(ds);
    expect(out.spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } });
    expect(out.spec.revisionHistoryLimit).toBe(10);
  });
});

describe('setDefaultsReplicaSet', () => {
  it('sets replicas to 1 when omitted', () => {
    const out = setDefaultsReplicaSet({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'r' }, spec: { selector: {}, template } });
    expect(out.spec.replicas).toBe(1);
  });
});

describe('setDefaultsPod', () => {
  it('sets the namespace, restart policy and grace period when omitted', () => {
    const out = setDefaultsPod({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });
    expect(out.metadata.namespace).toBe('default');
    expect(out.spec.restartPolicy).toBe('Always');
    expect(out.spec.terminationGracePeriodSeconds).toBe(30);
    expect(out.spec.containers[0]?.imagePullPolicy).toBe('Always');
  });
});

describe('imagePullPolicyFor', () => {
  it.each([
    ['nginx', 'Always'],
    ['nginx:latest', 'Always'],
    ['nginx:1.9.3', 'IfNotPresent'],
    ['registry:5000/app', 'Always'],
    ['registry:5000/app:v2', 'IfNotPresent'],
    ['app@sha256:abc', 'IfNotPresent'],
  ])('picks %s → %s', (image, want) => {
    expect(imagePullPolicyFor(image)).toBe(want);
  });
});
