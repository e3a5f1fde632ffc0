// LimitRanges through the real kubectl (v1.32.4) against npm run serve, beside the page's console
// on the same state: get (the default Table's NAME and CREATED AT), describe, -o yaml with the
// API server's defaults, and the LimitRanger admission plugin's defaults and refusals.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageKubectl } from './kubectlHarness.ts';
import { expectAnswersAsPage, servedScenario } from './printsAsPage.ts';

const PRESET = readFileSync(new URL('../src/scenario/presets/limitrange-caps-container.yaml', import.meta.url), 'utf8');

/** The served run's dates are on the wall clock, the console's on the virtual one: blanked. */
const datesNormalised = (t: string) => t.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, '-').replace(/ {2,}/g, ' ');

const BOUNDS = `apiVersion: v1
kind: LimitRange
metadata: { name: bounds }
spec:
  limits:
  - type: Container
    min: { cpu: 50m, memory: 32Mi }
    max: { memory: 1Gi }
    maxLimitRequestRatio: { cpu: "4" }
  - type: Pod
    max: { cpu: "2" }
  - type: PersistentVolumeClaim
    max: { storage: 10Gi }
`;

const POD = (cpu: string, memory: string) => `apiVersion: v1
kind: Pod
metadata: { name: big }
spec:
  containers:
  - name: app
    image: nginx
    resources: { requests: { cpu: 100m }, limits: { cpu: "${cpu}", memory: ${memory} } }
`;

describe('LimitRanges against npm run serve', () => {
  const h = servedScenario(PRESET, ['deployment/web']);

  it('prints them as the page’s console does: get, describe, -o yaml with the defaults the API server filled in', async () => {
    await expectAnswersAsPage(h, ['get limits', 'get limitranges -o wide', 'describe limits', 'describe limitrange cpu-bounds', 'get limitrange cpu-bounds -o yaml', 'get limits nope'], datesNormalised);
  });

  it('refuses a pod over the bounds in the admission plugin’s words, every violation of the range at once', async () => {
    expect((await h.kubectl(['apply', '-f', '-'], BOUNDS)).code).toBe(0);
    // kubectl walks an item's resources in Go's map order, which changes from run to run: the
    // rows are compared as a set (the console prints them by name).
    const real = await h.kubectl(['describe', 'limits', 'bounds']);
    h.clock.pause();
    try {
      const page = pageKubectl(h, 'describe limits bounds', h.server.live.virtualNow());
      expect(page.split('\n').sort()).toEqual(real.stdout.split('\n').sort());
    } finally {
      h.clock.resume();
    }
    const r = await h.kubectl(['apply', '-f', '-'], POD('1', '2Gi'));
    expect(r.code).not.toBe(0);
    // bounds first (by name, as this port orders the ranges: the lister's order is a map's).
    expect(r.stderr).toBe(
      'Error from server (Forbidden): error when creating "STDIN": pods "big" is forbidden: [maximum memory usage per Container is 1Gi, but limit is 2Gi, cpu max limit to request ratio per Container is 4, but provided ratio is 10.000000]\n',
    );
    expect((await h.kubectl(['delete', 'limits', 'bounds'])).code).toBe(0);
    const again = await h.kubectl(['apply', '-f', '-'], POD('1', '2Gi'));
    expect(again.stderr).toBe('Error from server (Forbidden): error when creating "STDIN": pods "big" is forbidden: maximum cpu usage per Container is 500m, but limit is 1\n');
    expect((await h.kubectl(['apply', '-f', '-'], POD('400m', '256Mi'))).code).toBe(0);
  });

  it('makes a pod Invalid when a default limit falls under its request, validation running after the plugin', async () => {
    const defaults = 'apiVersion: v1\nkind: LimitRange\nmetadata: { name: low-default }\nspec: { limits: [{ type: Container, default: { memory: 64Mi } }] }\n';
    expect((await h.kubectl(['apply', '-f', '-'], defaults)).code).toBe(0);
    const asking = 'apiVersion: v1\nkind: Pod\nmetadata: { name: asking }\nspec: { containers: [{ name: app, image: nginx, resources: { requests: { memory: 128Mi } } }] }\n';
    const r = await h.kubectl(['apply', '-f', '-'], asking);
    expect(r.stderr).toBe('The Pod "asking" is invalid: spec.containers[0].resources.requests: Invalid value: "128Mi": must be less than or equal to memory limit of 64Mi\n');
    expect((await h.kubectl(['delete', 'limits', 'low-default'])).code).toBe(0);
  });

  it('refuses an invalid LimitRange with the field paths of ValidateLimitRange', async () => {
    const bad = BOUNDS.replace('name: bounds', 'name: bad').replace('max: { memory: 1Gi }', 'max: { memory: 16Mi }');
    const r = await h.kubectl(['apply', '-f', '-'], bad);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toBe(
      // The defaults came first (default ← max 16Mi, defaultRequest ← default), so both are under
      // the min too; upstream names the min as the default's bad value.
      'The LimitRange "bad" is invalid: \n* spec.limits[0].min[memory]: Invalid value: "32Mi": min value 32Mi is greater than max value 16Mi\n* spec.limits[0].defaultRequest[memory]: Invalid value: "16Mi": min value 32Mi is greater than default request value 16Mi\n* spec.limits[0].default[memory]: Invalid value: "32Mi": min value 32Mi is greater than default value 16Mi\n',
    );
  });
});
