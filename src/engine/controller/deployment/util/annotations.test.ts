import { describe, expect, it } from 'vitest';
import {
  copyDeploymentAnnotationsToReplicaSet,
  setDeploymentAnnotationsTo,
  setDeploymentRevision,
  setNewReplicaSetAnnotations,
} from './annotations.ts';
import { dep, rs } from './fixtures.ts';
import { setReplicasAnnotations } from './replicasAnnotations.ts';

const REV = 'deployment.kubernetes.io/revision';

describe('copyDeploymentAnnotationsToReplicaSet', () => {
  it('copies user annotations but skips the revision and kubectl keys', () => {
    const d = dep({ annotations: { team: 'a', [REV]: '7', 'kubectl.kubernetes.io/last-applied-configuration': '{}' } });
    const { rs: out, changed } = copyDeploymentAnnotationsToReplicaSet(d, rs('r', 1));
    expect(changed).toBe(true);
    expect(out.metadata.annotations).toEqual({ team: 'a' });
  });

  it('returns the same RS when nothing needs copying', () => {
    const r = rs('r', 1, { annotations: { team: 'a' } });
    expect(copyDeploymentAnnotationsToReplicaSet(dep({ annotations: { team: 'a' } }), r)).toEqual({ rs: r, changed: false });
  });
});

describe('setNewReplicaSetAnnotations', () => {
  it('sets revision, desired-replicas and max-replicas for an RS about to be created', () => {
    const { rs: out } = setNewReplicaSetAnnotations(dep(), rs('r', 3), '2', false);
    expect(out.metadata.annotations).toEqual({
      [REV]: '2',
      'deployment.kubernetes.io/desired-replicas': '10',
      'deployment.kubernetes.io/max-replicas': '13',
    });
  });

  it('records the old revision in revision-history when an existing RS is raised', () => {
    const r = rs('r', 0, { annotations: { [REV]: '2' } });
    const { rs: out, changed } = setNewReplicaSetAnnotations(dep(), r, '4', true);
    expect(changed).toBe(true);
    expect(out.metadata.annotations?.[REV]).toBe('4');
    expect(out.metadata.annotations?.['deployment.kubernetes.io/revision-history']).toBe('2');
  });

  it('never lowers a revision', () => {
    const r = rs('r', 0, { annotations: { [REV]: '5' } });
    expect(setNewReplicaSetAnnotations(dep(), r, '3', true)).toEqual({ rs: r, changed: false });
  });
});

describe('setReplicasAnnotations', () => {
  it('returns the same object when the annotations already match', () => {
    const r = rs('r', 1, { annotations: { 'deployment.kubernetes.io/desired-replicas': '10', 'deployment.kubernetes.io/max-replicas': '13' } });
    expect(setReplicasAnnotations(r, 10, 13)).toBe(r);
    expect(setReplicasAnnotations(r, 12, 15).metadata.annotations?.['deployment.kubernetes.io/max-replicas']).toBe('15');
    expect(r.metadata.annotations?.['deployment.kubernetes.io/max-replicas']).toBe('13');
  });
});

describe('setDeploymentRevision', () => {
  it('reports no change when the revision is already set', () => {
    const d = dep({ annotations: { [REV]: '3' } });
    expect(setDeploymentRevision(d, '3')).toEqual({ deployment: d, changed: false });
    expect(setDeploymentRevision(d, '4').deployment.metadata.annotations?.[REV]).toBe('4');
  });
});

describe('setDeploymentAnnotationsTo', () => {
  it('takes the RS annotations but keeps the skip-listed ones of the deployment', () => {
    const d = dep({ annotations: { [REV]: '3', team: 'old' } });
    const r = rs('r', 0, { annotations: { [REV]: '1', team: 'new', note: 'x' } });
    expect(setDeploymentAnnotationsTo(d, r).metadata.annotations).toEqual({ [REV]: '3', team: 'new', note: 'x' });
  });
});
