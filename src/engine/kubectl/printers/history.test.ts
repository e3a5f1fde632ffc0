import { describe, expect, it } from 'vitest';
import { controllerRevision, daemonSet, deployment, replicaSet, template } from '../testObjects.ts';
import { daemonSetHistoryOutput, deploymentHistory } from './history.ts';

const d = deployment({ template: template('nginx:1.9.3') });
const rss = [
  replicaSet('nginx-58477c5d5d', 'nginx:1.9.3', 2, 79, 10, { 'kubernetes.io/change-cause': 'kubectl set image deployment/nginx nginx=nginx:1.9.3 --record=true' }),
  replicaSet('nginx-64f9d8d55d', 'nginx:1.8', 1, 0, 0),
];

describe('deploymentHistory', () => {
  it('lists revisions with their change-cause, after the name and a trailing space', () => {
    expect(deploymentHistory(d, rss)).toEqual({
      output:
        'deployment.apps/nginx \nREVISION  CHANGE-CAUSE\n1         <none>\n2         kubectl set image deployment/nginx nginx=nginx:1.9.3 --record=true\n\n',
    });
  });
  it('prints the pod template of one revision with its tabs unaligned, as kubectl does', () => {
    expect(deploymentHistory(d, rss, 1)).toEqual({
      output:
        'deployment.apps/nginx with revision #1\nPod Template:\n  Labels:\tapp=nginx\n\tpod-template-hash=64f9d8d55d\n  Containers:\n   nginx:\n    Image:\tnginx:1.8\n    Port:\t80/TCP\n    Host Port:\t0/TCP\n    Environment:\t<none>\n    Mounts:\t<none>\n  Volumes:\t<none>\n  Node-Selectors:\t<none>\n  Tolerations:\t<none>\n\n',
    });
  });
  it('shows the change-cause among the template annotations of that revision', () => {
    const r = deploymentHistory(d, rss, 2);
    expect('output' in r && r.output).toContain('  Annotations:\tkubernetes.io/change-cause: kubectl set image deployment/nginx nginx=nginx:1.9.3 --record=true\n');
  });
  it('says there is no history when there are no ReplicaSets', () => {
    expect(deploymentHistory(d, [])).toEqual({ output: 'deployment.apps/nginx \nNo rollout history found.\n' });
  });
  it('errors when the revision does not exist', () => {
    expect(deploymentHistory(d, rss, 5)).toEqual({ error: 'error: unable to find the specified revision' });
  });
});

describe('daemonSetHistoryOutput', () => {
  const crs = [controllerRevision('agent:2', 2, '6c9f447b5d'), controllerRevision('agent:1', 1, '5d7b6c9f44')];
  it('lists the ControllerRevisions', () => {
    expect(daemonSetHistoryOutput(daemonSet('agent:2'), crs)).toEqual({
      output: 'daemonset.apps/agent \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n',
    });
  });
  it('prints the template of one revision', () => {
    const r = daemonSetHistoryOutput(daemonSet('agent:2'), crs, 1);
    expect('output' in r && r.output.split('\n').slice(0, 6)).toEqual([
      'daemonset.apps/agent with revision #1',
      'Pod Template:',
      '  Labels:\tapp=agent',
      '  Containers:',
      '   agent:',
      '    Image:\tagent:1',
    ]);
  });
});
