import { describe, expect, it } from 'vitest';
import { kubectl, settledCluster } from '../sim/executeTestEngine.ts';
import { parseKubectl } from './parse.ts';

const st = settledCluster();
const run = (line: string) => kubectl(st, line);

describe('parseVersion', () => {
  it.each([
    ['version', { verb: 'version', client: false, output: '' }],
    ['version --client -o yaml', { verb: 'version', client: true, output: 'yaml' }],
    ['version -o json', { verb: 'version', client: false, output: 'json' }],
    ['version one two', { error: 'error: extra arguments: [one two]' }],
    ['version -o wide', { error: "error: --output must be 'yaml' or 'json'" }],
  ])('reads %s', (line, want) => {
    expect(parseKubectl(line)).toEqual(want);
  });
});

describe('parseApiResources', () => {
  it.each([
    ['api-resources', { verb: 'api-resources', verbs: [], categories: [], sortBy: '', output: '', noHeaders: false }],
    [
      'api-resources --namespaced=false --api-group=apps --verbs=list --verbs=watch -o wide',
      { verb: 'api-resources', apiGroup: 'apps', namespaced: false, verbs: ['list', 'watch'], categories: [], sortBy: '', output: 'wide', noHeaders: false },
    ],
    ['api-resources pods', { error: "error: unexpected arguments: [pods]\nSee 'kubectl api-resources -h' for help and examples" }],
    ['api-resources --sort-by=group', { error: 'error: --sort-by accepts only name or kind' }],
    ['api-resources -o table', { error: 'error: unable to match a printer suitable for the output format "table", allowed formats are: json,name,wide,yaml' }],
    ['api-resources -o json', { error: `error: "kubectl api-resources -o json" is not part of Rollout Lab's kubectl subset (try: -o wide, -o name)` }],
  ])('reads %s', (line, want) => {
    expect(parseKubectl(line)).toEqual(want);
  });
});

describe('runVersion', () => {
  it('prints the client, kustomize and server versions when asked plainly', () => {
    expect(run('version')).toEqual({ ok: true, output: 'Client Version: v1.36.3\nKustomize Version: v5.8.1\nServer Version: v1.36.3' });
  });

  it('leaves the server out with --client', () => {
    expect(run('version --client').output).toBe('Client Version: v1.36.3\nKustomize Version: v5.8.1');
  });

  it('prints the Version struct as yaml with sorted keys and the server effective version', () => {
    const out = run('version -o yaml').output;
    expect(out).toContain('clientVersion:\n  buildDate: "2026-01-01T00:00:00Z"\n  compiler: gc\n');
    expect(out).toContain('kustomizeVersion: v5.8.1\nserverVersion:\n');
    expect(out).toContain('  minCompatibilityMinor: "35"\n  minor: "36"\n  platform: linux/amd64\n');
    // The client's own version.Get() carries no effective version.
    expect(out.split('serverVersion:')[0]).not.toContain('emulation');
  });

  it('prints json in the Go struct order', () => {
    const v = JSON.parse(run('version -o json').output) as Record<string, Record<string, string>>;
    expect(Object.keys(v)).toEqual(['clientVersion', 'kustomizeVersion', 'serverVersion']);
    expect(Object.keys(v.serverVersion ?? {}).slice(0, 7)).toEqual(['major', 'minor', 'emulationMajor', 'emulationMinor', 'minCompatibilityMajor', 'minCompatibilityMinor', 'gitVersion']);
  });
});

describe('runClusterInfo', () => {
  it('names the control plane at the API server address the kubernetes Service points to', () => {
    expect(run('cluster-info')).toEqual({
      ok: true,
      output: "Kubernetes control plane is running at https://172.18.0.2:6443\n\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.",
    });
  });

  it('refuses dump as outside the subset', () => {
    expect(run('cluster-info dump').ok).toBe(false);
  });
});

describe('runApiResources', () => {
  it('sorts by group with the core group first, then by name', () => {
    const lines = run('api-resources --no-headers').output.split('\n');
    const names = lines.map((l) => l.split(/\s+/)[0]);
    expect(names.slice(0, 3)).toEqual(['configmaps', 'endpoints', 'events']);
    expect(lines.at(-1)).toMatch(/^storageclasses\s+sc\s+storage\.k8s\.io\/v1\s+false\s+StorageClass$/);
  });

  it('lists the preferred version of a group served in two (autoscaling/v2)', () => {
    expect(run('api-resources --api-group=autoscaling -o name').output).toBe('horizontalpodautoscalers.autoscaling');
    expect(run('api-resources --api-group=autoscaling').output).toContain('autoscaling/v2');
  });

  it('filters by scope, verbs and categories, and sorts by kind', () => {
    expect(run('api-resources --categories=all --sort-by=kind -o name').output.split('\n')).toEqual([
      'daemonsets.apps',
      'deployments.apps',
      'horizontalpodautoscalers.autoscaling',
      'pods',
      'replicasets.apps',
      'services',
      'statefulsets.apps',
    ]);
    expect(run('api-resources --verbs=create --namespaced=false -o name').output).toContain('selfsubjectaccessreviews.authorization.k8s.io');
  });

  it('prints only the header when no resource is left', () => {
    expect(run('api-resources --api-group=batch').output).toBe('NAME   SHORTNAMES   APIVERSION   NAMESPACED   KIND');
  });
});

describe('runApiVersions', () => {
  it('prints every group/version sorted as strings, v1 last', () => {
    const lines = run('api-versions').output.split('\n');
    expect(lines[0]).toBe('apiextensions.k8s.io/v1');
    expect(lines).toContain('autoscaling/v1');
    expect(lines.at(-1)).toBe('v1');
  });
});
