import { describe, expect, it } from 'vitest';
import { node, pod } from '../testObjects.ts';
import { type DrainOptions, drainPlan, nodeDrainedLine, podEvictedLine } from './drain.ts';

const base: DrainOptions = { ignoreDaemonsets: false, force: false, deleteEmptydirData: false, gracePeriod: -1, disableEviction: false };
const pods = [
  pod('nginx-64f9d8d55d-b2x9k', 'node-1', { kind: 'ReplicaSet', name: 'nginx-64f9d8d55d' }),
  pod('agent-x7k2p', 'node-1', { kind: 'DaemonSet', name: 'agent' }),
  pod('nginx-64f9d8d55d-a1b2c', 'node-1', { kind: 'ReplicaSet', name: 'nginx-64f9d8d55d' }),
  pod('nginx-64f9d8d55d-zzzzz', 'node-2', { kind: 'ReplicaSet', name: 'nginx-64f9d8d55d' }),
];
const exists = () => true;

describe('drainPlan', () => {
  it('cordons, warns about DaemonSet pods and evicts the rest when --ignore-daemonsets', () => {
    const p = drainPlan(node('node-1'), pods, { ...base, ignoreDaemonsets: true }, exists);
    expect(p.nodeChanged).toBe(true);
    expect(p.node.spec.unschedulable).toBe(true);
    expect(p.stdout).toEqual([
      'node/node-1 cordoned',
      'evicting pod default/nginx-64f9d8d55d-a1b2c',
      'evicting pod default/nginx-64f9d8d55d-b2x9k',
    ]);
    expect(p.stderr).toEqual(['Warning: ignoring DaemonSet-managed Pods: default/agent-x7k2p']);
    expect(p.evict.map((x) => x.metadata.name)).toEqual(['nginx-64f9d8d55d-a1b2c', 'nginx-64f9d8d55d-b2x9k']);
    expect(p.failed).toBe(false);
  });

  it('stops after cordoning when DaemonSet pods are there without --ignore-daemonsets', () => {
    const p = drainPlan(node('node-1'), pods, base, exists);
    expect(p).toMatchObject({ failed: true, evict: [], stdout: ['node/node-1 cordoned'] });
    expect(p.stderr).toEqual([
      'error: unable to drain node "node-1" due to error: cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/agent-x7k2p, continuing command...',
      'There are pending nodes to be drained:',
      ' node-1',
      'cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/agent-x7k2p',
    ]);
  });

  it('refuses bare pods without --force and deletes them with a warning with it', () => {
    const bare = [pod('bare', 'node-1')];
    expect(drainPlan(node('node-1'), bare, base, exists).stderr[3]).toBe(
      'cannot delete Pods that declare no controller (use --force to override): default/bare',
    );
    const forced = drainPlan(node('node-1'), bare, { ...base, force: true }, exists);
    expect(forced.stderr).toEqual(['Warning: deleting Pods that declare no controller: default/bare']);
    expect(forced.evict).toHaveLength(1);
  });

  it('prints "already cordoned" and carries the grace period when given', () => {
    const p = drainPlan(node('node-2', { unschedulable: true }), pods, { ...base, gracePeriod: 30 }, exists);
    expect(p).toMatchObject({ nodeChanged: false, gracePeriodSeconds: 30, stdout: ['node/node-2 already cordoned', 'evicting pod default/nginx-64f9d8d55d-zzzzz'] });
  });
});

describe('drain lines', () => {
  it('prints the evicted and drained lines', () => {
    expect(podEvictedLine(pods[0] ?? pod('x', 'n'))).toBe('pod/nginx-64f9d8d55d-b2x9k evicted');
    expect(podEvictedLine(pod('x', 'n'), false)).toBe('pod/x deleted');
    expect(nodeDrainedLine(node('node-1'))).toBe('node/node-1 drained');
  });
});
