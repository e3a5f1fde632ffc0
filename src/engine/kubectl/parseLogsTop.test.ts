import { describe, expect, it } from 'vitest';
import { parseKubectl } from './parse.ts';

describe('parseLogs', () => {
  it.each([
    ['logs web-1', { target: { kind: 'Pod', name: 'web-1' }, container: '', previous: false, tail: -1 }],
    ['logs deploy/web -c nginx -p', { target: { kind: 'Deployment', name: 'web' }, container: 'nginx', previous: true }],
    ['logs web-1 nginx', { target: { kind: 'Pod', name: 'web-1' }, container: 'nginx' }],
    ['logs -l app=web', { selector: expect.any(Object), tail: 10 }],
    ['logs -l app=web --tail=2', { tail: 2 }],
    ['logs web-1 --since=1500ms --timestamps', { sinceSeconds: 2, timestamps: true }],
    ['logs web-1 --limit-bytes=10 -n payments', { limitBytes: 10, namespace: 'payments' }],
    ['logs -f rs/web-abc', { target: { kind: 'ReplicaSet', name: 'web-abc' } }],
  ])('reads %s', (line, want) => {
    expect(parseKubectl(line)).toMatchObject({ verb: 'logs', ...want });
  });
  it.each([
    ['logs', /^error: expected POD or TYPE\/NAME is a required argument for the logs command\n/],
    ['logs web-1 -l app=web', /^error: only a selector \(-l\) or a POD name is allowed$/],
    ['logs node/n1', /^error: cannot get the logs from Node: selector for Node not implemented$/],
    ['logs web-1 --since=1s --since-time=2026-01-01T00:00:00Z', /at most one of `sinceTime` or `sinceSeconds` may be specified/],
  ])('refuses %s', (line, message) => {
    const r = parseKubectl(line);
    expect('error' in r && r.error).toMatch(message);
  });
});

describe('parseTop', () => {
  it.each([
    ['top pods', { kind: 'Pod', containers: false, allNamespaces: false, namespace: 'default' }],
    ['top po web-1 --containers', { kind: 'Pod', name: 'web-1', containers: true }],
    ['top pod -A', { kind: 'Pod', allNamespaces: true }],
    ['top nodes', { kind: 'Node' }],
    ['top node node-1 -l zone=a', { kind: 'Node', name: 'node-1', selector: expect.any(Object) }],
  ])('reads %s', (line, want) => {
    expect(parseKubectl(line)).toMatchObject({ verb: 'top', ...want });
  });
  it('lists its subcommands when none is given', () => {
    const r = parseKubectl('top');
    expect('error' in r && r.error).toMatch(/^Display resource \(CPU\/memory\) usage\./);
  });
  it('refuses --containers for nodes as an unknown flag', () => {
    const r = parseKubectl('top nodes --containers');
    expect('error' in r && r.error).toMatch(/^error: unknown flag: --containers/);
  });
});
