// JSON patches and merge patches (kubectl patch --type=json|merge) through the real kubectl (v1.32.4):
// the API server applies them to the object's JSON as evanphx/json-patch v4 does and decodes the
// result (engine/apiserver/rest/jsonPatcher.ts). A result that does not decode is a 422 on `patch`
// quoting the whole patched JSON; a patch body the strict decoder refuses a 400; an operation that
// does not apply a 422 whose message kubectl prints alone. The page's console answers alike.
import { describe, expect, it } from 'vitest';
import { servedObjects } from './kubectlHarness.ts';
import { expectAnswersAsPage, servedScenario } from './printsAsPage.ts';
import { deploymentDoc } from './scenarioDocs.ts';

const SCENARIO = `version: 1
name: json patches
cluster: { nodes: 2 }
objects:
${deploymentDoc('web', 1, '{ name: nginx, image: "nginx:1.8" }')}`;

/** The 422 of a patched Deployment whose spec.replicas is the string "3", as kubectl prints it. */
const REPLICAS_422 = new RegExp(
  [
    '^The request is invalid: patch: Invalid value: "\\{',
    '\\\\"apiVersion\\\\":\\\\"apps/v1\\\\",\\\\"kind\\\\":\\\\"Deployment\\\\",\\\\"metadata\\\\":\\{\\\\"name\\\\":\\\\"web\\\\",.*\\},',
    '\\\\"spec\\\\":\\{\\\\"progressDeadlineSeconds\\\\":600,\\\\"replicas\\\\":\\\\"3\\\\",\\\\"revisionHistoryLimit\\\\":10,\\\\"selector\\\\":.*\\},',
    '\\\\"status\\\\":\\{.*\\}\\}": json: cannot unmarshal string into Go struct field DeploymentSpec\\.spec\\.replicas of type int32\\n$',
  ].join(''),
);

describe('JSON and merge patches the API server refuses, against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deploy/web']);

  it.each([
    ['a merge patch', ['--type=merge', '-p', '{"spec":{"replicas":"3"}}']],
    ['a JSON patch', ['--type=json', '-p', '[{"op":"replace","path":"/spec/replicas","value":"3"}]']],
  ])('answers %s of a string replicas with the 422 quoting the patched object', async (_, args) => {
    const r = await h.kubectl(['patch', 'deploy/web', ...args]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(REPLICAS_422);
    // The quoted object carries the times kubectl reads, moved to the wall clock as every answer's.
    expect(r.stderr).not.toMatch(/2026-01-/);
  });

  it('answers what the real kubectl printed for the other refusals, as the console does', async () => {
    await expectAnswersAsPage(h, [
      `patch deploy/web --type=json -p '[{"op":"test","path":"/spec/replicas","value":7}]'`,
      `patch deploy/web --type=json -p '[{"op":"remove","path":"/spec/nope"}]'`,
      `patch deploy/web --type=json -p '{"op":"add"}'`,
      `patch deploy/web --type=json -p '[{"op":1}]'`,
      `patch deploy/web --type=merge -p '[1]'`,
      `patch deploy/web --type=merge -p 'null'`,
    ]);
  });

  it('pins those answers', async () => {
    h.clock.pause();
    h.server.live.advance();
    try {
      const run = async (args: string[]) => {
        const r = await h.kubectl(['patch', 'deploy/web', ...args]);
        return `${r.code} ${r.stdout}${r.stderr}`;
      };
      expect(await run(['--type=json', '-p', '[{"op":"test","path":"/spec/replicas","value":7}]'])).toBe(
        '1 The request is invalid: the server rejected our request due to an error in our request\n',
      );
      expect(await run(['--type=json', '-p', '{"op":"add"}'])).toBe(
        '1 Error from server (BadRequest): error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp\n',
      );
      expect(await run(['--type=merge', '-p', '[1]'])).toBe(
        '1 Error from server (BadRequest): error decoding patch: json: cannot unmarshal array into Go value of type map[string]interface {}\n',
      );
      expect(await run(['--type=merge', '-p', 'null'])).toBe('1 Error from server (BadRequest): Invalid JSON Patch\n');
      // kubectl says "(no change)" when its answer equals what it read just before; the times of
      // both are moved to the wall clock as each is sent (wallClock.ts), so a second boundary
      // crossed between the two makes it "patched". What is pinned is the warning and that
      // nothing is stored (the console's "(no change)" is pinned in transforms/patchJson.test).
      for (const args of [
        ['--type=merge', '-p', '{"spec":{"replica":3}}'],
        ['--type=json', '-p', '[{"op":"add","path":"/spec/replica","value":3}]'],
      ]) {
        expect(await run(args)).toMatch(/^0 deployment\.apps\/web patched( \(no change\))?\nWarning: unknown field "spec\.replica"\n$/);
      }
      expect(servedObjects(h, 'Deployment').find((d) => d.metadata.name === 'web')?.spec).not.toHaveProperty('replica');
    } finally {
      h.clock.resume();
    }
  });

  it('decodes a patched Scale alike (the scale subresource): the 422 quoting it, a warning for an unknown field', async () => {
    const bad = await h.kubectl(['patch', 'deploy/web', '--subresource=scale', '--type=merge', '-p', '{"spec":{"replicas":3.5}}']);
    expect(bad.stderr).toMatch(
      /^The request is invalid: patch: Invalid value: "\{\\"apiVersion\\":\\"autoscaling\/v1\\",\\"kind\\":\\"Scale\\",\\"metadata\\":\{\\"name\\":\\"web\\",\\"namespace\\":\\"default\\",\\"uid\\":.*\},\\"spec\\":\{\\"replicas\\":3\.5\},\\"status\\":\{\\"replicas\\":1,\\"selector\\":\\"app=web\\"\}\}": json: cannot unmarshal number 3\.5 into Go struct field ScaleSpec\.spec\.replicas of type int32\n$/,
    );
    const unknown = await h.kubectl(['patch', 'deploy/web', '--subresource=scale', '--type=merge', '-p', '{"spec":{"replica":3}}']);
    expect(unknown).toMatchObject({ code: 0, stderr: 'Warning: unknown field "spec.replica"\n' });
    expect(unknown.stdout).toMatch(/^scale\.autoscaling\/web patched( \(no change\))?\n$/);
  });

  it('refuses an unknown field under fieldValidation=Strict with the 422 of the patch, storing nothing', async () => {
    const res = await fetch(`${h.server.url}/apis/apps/v1/namespaces/default/deployments/web?fieldValidation=Strict`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/merge-patch+json' },
      body: '{"spec":{"replica":3}}',
    });
    const status = (await res.json()) as { code: number; reason: string; message: string; details: { causes: { field: string; message: string }[] } };
    expect([status.code, status.reason, status.details.causes[0]?.field]).toEqual([422, 'Invalid', 'patch']);
    expect(status.message).toMatch(/^ "" is invalid: patch: Invalid value: "\{\\"apiVersion\\":.*\\"replica\\":3,.*": strict decoding error: unknown field "spec\.replica"$/);
  });
});
