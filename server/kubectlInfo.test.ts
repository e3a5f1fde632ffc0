// The commands that ask the cluster what it is, through the real kubectl (v1.32.4) and through the
// page's console on one served cluster: api-resources (filters, sorts, -o wide and name) and
// api-versions byte for byte; version and cluster-info line by line where the two kubectls can
// agree (the console is kubectl v1.36.3 on the simulated control plane's address, the real one
// v1.32.4 on the test server's).
import { describe, expect, it } from 'vitest';
import { versionInfo } from '../src/engine/version.ts';
import { startHarness } from './kubectlHarness.ts';
import { answersOf, expectAnswersAsPage, servedScenario } from './printsAsPage.ts';

const h = servedScenario('version: 1\nname: three empty nodes\ncluster: { nodes: 3 }\nobjects: []\n');

describe('kubectl api-resources and api-versions', () => {
  it('lists what the served API serves, as the console lists it', async () => {
    await expectAnswersAsPage(h, [
      'api-resources',
      'api-resources -o wide',
      'api-resources -o name',
      'api-resources --namespaced=false',
      'api-resources --namespaced=true --api-group=apps',
      'api-resources --api-group=',
      'api-resources --verbs=list,watch --sort-by=kind',
      'api-resources --categories=all --sort-by=name --no-headers',
      'api-resources --api-group=batch',
      'api-resources --sort-by=group',
      'api-resources extra',
      'api-versions',
      'api-versions extra',
    ]);
  }, 60_000);
});

describe('kubectl version and cluster-info', () => {
  it('reports the served version as kubectl decodes it', async () => {
    const r = await h.kubectl(['version', '-o', 'json']);
    expect(r.code).toBe(0);
    const served = JSON.parse(r.stdout) as { serverVersion: Record<string, string> };
    // kubectl 1.32's version.Info has no effective-version fields (1.33 added them): it drops them on decoding.
    const { emulationMajor: _a, emulationMinor: _b, minCompatibilityMajor: _c, minCompatibilityMinor: _d, ...decoded } = versionInfo('v1.36.3');
    expect(served.serverVersion).toEqual(decoded);
    const line = await answersOf(h, 'version', h.server.live.virtualNow());
    expect(line.page.split('\n')).toEqual(['Client Version: v1.36.3', 'Kustomize Version: v5.8.1', 'Server Version: v1.36.3']);
    expect(line.real.split('\n')[2]).toBe('Server Version: v1.36.3');
  }, 30_000);

  it('refuses what kubectl version refuses in its words', async () => {
    await expectAnswersAsPage(h, ['version extra', 'version -o wide']);
  }, 30_000);

  it('names the control plane as kubectl does, at the console\'s own address', async () => {
    const a = await answersOf(h, 'cluster-info', h.server.live.virtualNow());
    const url = /https?:\/\/\S+/g;
    expect(a.page.replace(url, 'URL')).toBe(a.real.split('\nWARNING')[0]?.replace(url, 'URL'));
    expect(a.page).toContain('https://172.18.0.2:6443');
  }, 30_000);
});

describe('the served /version', () => {
  it('carries the effective version that kubectl 1.33 decodes (emulating itself, compatible with the minor before)', async () => {
    const h33 = await startHarness({ text: null, gitVersion: 'v1.33.0' });
    try {
      const r = await h33.kubectl(['version', '-o', 'json']);
      expect(r.code).toBe(0);
      const v = JSON.parse(r.stdout) as { clientVersion: { minor: string }; serverVersion: Record<string, string> };
      expect(v.clientVersion.minor).toBe('33');
      expect(v.serverVersion).toEqual(versionInfo('v1.33.0'));
      expect(v.serverVersion).toMatchObject({ emulationMinor: '33', minCompatibilityMajor: '1', minCompatibilityMinor: '32' });
    } finally {
      await h33.stop();
    }
  }, 30_000);
});
