// A strategic merge patch (kubectl apply over an existing object, kubectl patch) through the real
// kubectl (v1.32.4): the API server converts the patched map into the Go type, and a value the
// converter cannot take is a 422 on `patch` that kubectl prints from its cause (fromUnstructured.ts);
// an unknown field is that same 422 with `strict decoding error: …` for apply (fieldValidation=Strict),
// a warning for patch (no fieldValidation: the server's Warn), and is not stored.
import { describe, expect, it } from 'vitest';
import { servedObjects } from './kubectlHarness.ts';
import { servedScenario } from './printsAsPage.ts';
import { deploymentDoc } from './scenarioDocs.ts';

const SCENARIO = `version: 1
name: patch conversion
cluster: { nodes: 2 }
objects:
${deploymentDoc('web', 1, '{ name: nginx, image: "nginx:1.8" }')}`;

const manifest = (spec: string) => `apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
${spec}  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec: { containers: [{ name: nginx, image: "nginx:1.8" }] }
`;

describe('strategic merge patches the converter refuses, against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deploy/web']);

  it('answers kubectl apply of a string replicas with the 422 of the patch', async () => {
    expect((await h.kubectl(['apply', '-f', '-'], manifest(''))).code).toBe(0);
    const r = await h.kubectl(['apply', '-f', '-'], manifest('  replicas: "2"\n'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^The request is invalid: patch: Invalid value: "map\[metadata:map\[annotations:map\[kubectl\.kubernetes\.io\/last-applied-configuration:\{.*\\n\]\] spec:map\[replicas:2\]\]": unrecognized type: int32\n$/);
  });

  it('refuses an unknown field in an apply with the 422 of the patch, and warns of it in a patch without storing it', async () => {
    const apply = await h.kubectl(['apply', '-f', '-'], manifest('  replica: 2\n'));
    expect(apply.stderr).toMatch(/^The request is invalid: patch: Invalid value: "map\[metadata:map\[annotations:map\[kubectl\.kubernetes\.io\/last-applied-configuration:\{.*\\n\]\] spec:map\[replica:2\]\]": strict decoding error: unknown field "spec\.replica"\n$/);
    expect(await h.kubectl(['patch', 'deploy', 'web', '-p', '{"spec":{"replicas":"3"}}'])).toMatchObject({
      code: 1,
      stderr: 'The request is invalid: patch: Invalid value: "map[spec:map[replicas:3]]": unrecognized type: int32\n',
    });
    // kubectl says "(no change)" when its answer equals what it read before. With the virtual clock
    // paused no controller writes in between, but the served times still follow the wall clock
    // while it stands (server/wallClock.ts), so a second passing between kubectl's GET and its
    // PATCH makes it "patched" (seen under load, as in patchJson.test). What is pinned here is the
    // warning and that nothing is stored; the console's "(no change)" is pinned in applyDecode.test.
    h.clock.pause();
    const patch = await h.kubectl(['patch', 'deploy', 'web', '-p', '{"spec":{"replica":3}}']);
    h.clock.resume();
    expect(patch).toMatchObject({ code: 0, stderr: 'Warning: unknown field "spec.replica"\n' });
    expect(patch.stdout).toMatch(/^deployment\.apps\/web patched( \(no change\))?\n$/);
    expect(servedObjects(h, 'Deployment').find((d) => d.metadata.name === 'web')?.spec).not.toHaveProperty('replica');
  });
});
