import { describe, expect, it } from 'vitest';
import { controllerRevision, daemonSet, deployment, replicaSet, template } from '../testObjects.ts';
import { daemonSetRollback, deploymentReplicaSets, deploymentRollback, equalIgnoreHash } from './rollback.ts';

const REV = 'deployment.kubernetes.io/revision';
const rs1 = replicaSet('nginx-64f9d8d55d', 'nginx:1.8', 1, 0, 0, { 'deployment.kubernetes.io/desired-replicas': '10', note: 'from-rs1' });
const rs2 = replicaSet('nginx-58477c5d5d', 'nginx:1.9.3', 2, 79, 10);
const current = deployment({ template: template('nginx:1.9.3') }, { [REV]: '2', team: 'web' });

describe('equalIgnoreHash', () => {
  it('treats templates that differ only in pod-template-hash as equal', () => {
    expect(equalIgnoreHash(rs2.spec.template, current.spec.template)).toBe(true);
  });
  it('tells different images apart', () => {
    expect(equalIgnoreHash(rs1.spec.template, current.spec.template)).toBe(false);
  });
});

describe('deploymentReplicaSets', () => {
  it('finds the new RS by template and keeps the old ones oldest first', () => {
    const other = { ...rs1, metadata: { ...rs1.metadata, name: 'foreign', ownerReferences: [] } };
    const r = deploymentReplicaSets(current, [rs2, rs1, other]);
    expect(r.newRS?.metadata.name).toBe('nginx-58477c5d5d');
    expect(r.oldRSs.map((x) => x.metadata.name)).toEqual(['nginx-64f9d8d55d']);
  });
});

describe('deploymentRollback', () => {
  it('rolls back to the previous revision with its template minus the hash and its annotations', () => {
    const r = deploymentRollback(current, [rs1, rs2], 0);
    expect(r).toMatchObject({ changed: true, output: 'deployment.apps/nginx rolled back' });
    if (!('object' in r)) throw new Error('expected a rollback');
    expect(r.object.spec.template).toEqual(template('nginx:1.8'));
    // The skip-listed revision annotation keeps the Deployment's value; everything else comes from the RS.
    expect(r.object.metadata.annotations).toEqual({ [REV]: '2', note: 'from-rs1' });
  });

  it('rolls back to an explicit revision', () => {
    const rs3 = replicaSet('nginx-7c5ddbdf54', 'nginx:1.10', 3, 120, 10);
    const d = deployment({ template: template('nginx:1.10') }, { [REV]: '3' });
    const r = deploymentRollback(d, [rs1, { ...rs2, spec: { ...rs2.spec, replicas: 0 } }, rs3], 2);
    expect(r).toMatchObject({ output: 'deployment.apps/nginx rolled back' });
    expect('object' in r && r.object.spec.template.spec.containers[0]?.image).toBe('nginx:1.9.3');
  });

  it('prints the skipped line with the revision as typed when the template already matches', () => {
    expect(deploymentRollback(current, [rs1, rs2], 2)).toEqual({
      object: current,
      changed: false,
      output: 'deployment.apps/nginx skipped rollback (current template already matches revision 2)',
    });
  });

  it.each([
    ['the revision is negative', [rs1, rs2], -1, 'error: unable to find specified revision -1 in history'],
    ['the revision does not exist', [rs1, rs2], 7, 'error: unable to find specified revision 7 in history'],
    ['there is only one revision', [rs2], 0, 'error: no rollout history found for deployment "nginx"'],
  ] as const)('errors when %s', (_name, rss, to, error) => {
    expect(deploymentRollback(current, rss, to)).toEqual({ error });
  });

  it('refuses a paused Deployment', () => {
    expect(deploymentRollback({ ...current, spec: { ...current.spec, paused: true } }, [rs1, rs2], 0)).toEqual({
      error: "error: you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again",
    });
  });

  it('warns on stderr when the Deployment is managed by kubectl apply', () => {
    const applied = deployment({ template: template('nginx:1.9.3') }, { [REV]: '2', 'kubectl.kubernetes.io/last-applied-configuration': '{}\n' });
    const r = deploymentRollback(applied, [rs1, rs2], 0);
    expect(r).toMatchObject({
      output: 'deployment.apps/nginx rolled back',
      stderr:
        "Warning: resource deployments/nginx was previously managed with 'kubectl apply'. Rolling back will not update the kubectl.kubernetes.io/last-applied-configuration annotation, which may cause unexpected behavior on future 'kubectl apply' operations. Consider using 'kubectl apply' with your previous configuration file instead.",
    });
    // last-applied-configuration is skip-listed: it keeps the Deployment's value.
    expect('object' in r && r.object.metadata.annotations?.['kubectl.kubernetes.io/last-applied-configuration']).toBe('{}\n');
  });
});

describe('daemonSetRollback', () => {
  const cr1 = controllerRevision('agent:1', 1, '5d7b6c9f44');
  const cr2 = controllerRevision('agent:2', 2, '6c9f447b5d');
  const ds = daemonSet('agent:2');

  it('rolls back to the previous revision by replacing the template', () => {
    const r = daemonSetRollback(ds, [cr2, cr1], 0);
    expect(r).toMatchObject({ changed: true, output: 'daemonset.apps/agent rolled back' });
    expect('object' in r && r.object.spec.template).toEqual({ metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image: 'agent:1' }] } });
  });
  it('skips when the revision matches the current template', () => {
    expect(daemonSetRollback(ds, [cr1, cr2], 2)).toMatchObject({
      changed: false,
      output: 'daemonset.apps/agent skipped rollback (current template already matches revision 2)',
    });
  });
  it.each([
    ['there is no earlier revision', [cr2], 0, 'error: no last revision to roll back to'],
    ['the revision does not exist', [cr1, cr2], 9, 'error: unable to find specified revision 9 in history'],
  ] as const)('errors when %s', (_name, crs, to, error) => {
    expect(daemonSetRollback(ds, crs, to)).toEqual({ error });
  });
});
