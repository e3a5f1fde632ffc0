import { describe, expect, it } from 'vitest';
import { deletedLine, deleteWarning, FORCE_DELETE_WARNING } from './delete.ts';

describe('deletedLine', () => {
  it.each([
    ['Pod', 'nginx-x7k2p', -1, 'pod "nginx-x7k2p" deleted from default namespace'],
    ['Deployment', 'nginx', -1, 'deployment.apps "nginx" deleted from default namespace'],
    ['DaemonSet', 'agent', 30, 'daemonset.apps "agent" deleted from default namespace'],
    ['Pod', 'p', 0, 'pod "p" force deleted from default namespace'],
    ['Node', 'node-3', -1, 'node "node-3" deleted'],
  ] as const)('prints the line for a %s named %s', (kind, name, grace, line) => {
    expect(deletedLine(kind, name, 'default', grace)).toBe(line);
  });
});

describe('deleteWarning', () => {
  it('warns only when forcing with a zero grace period', () => {
    expect(deleteWarning(0, true)).toBe(FORCE_DELETE_WARNING);
    expect(deleteWarning(1, false)).toBeUndefined();
  });
});
