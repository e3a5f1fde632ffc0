// The real kubectl's `events --for` and `wait` (condition, jsonpath, delete) against the served
// API, as against a cluster, and the kubelet's container Events in `describe pod` and `get events
// -o wide`: events --watch, get --watch-only and --output-watch-events are in clusterVerbs.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../src/engine/api/types.ts';
import { type Harness, servedObjects, startHarness } from './kubectlHarness.ts';
import { deploymentDoc } from './scenarioDocs.ts';

const SCENARIO = `version: 1
name: wait
cluster:
  nodes: 2
  images:
    "crash:1": { crash: true }
objects:
${deploymentDoc('web', 2, '{ name: nginx, image: "nginx:1.26" }')}${deploymentDoc('api', 1, '{ name: api, image: "crash:1" }')}`;

describe('kubectl wait and events --for against npm run serve', () => {
  let h: Harness;
  const podOf = (app: string) =>
    ([...h.server.live.st.store.objects.Pod.values()] as Pod[]).find((p) => p.metadata.labels?.app === app && !p.metadata.deletionTimestamp)?.metadata.name ?? '';

  beforeAll(async () => {
    h = await startHarness({ text: SCENARIO, speed: 10 });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('waits for a condition on a Deployment and on pods by label', async () => {
    expect(await h.kubectl(['wait', '--for=condition=Available', 'deploy/web', '--timeout=30s'])).toMatchObject({ code: 0, stdout: 'deployment.apps/web condition met\n' });
    const pods = await h.kubectl(['wait', '--for=condition=Ready', 'pod', '-l', 'app=web', '--timeout=30s']);
    expect(pods.code).toBe(0);
    expect(pods.stdout).toMatch(/^pod\/web-\w+-\w+ condition met\npod\/web-\w+-\w+ condition met\n$/);
  });

  it('waits for a jsonpath value', async () => {
    const r = await h.kubectl(['wait', '--for=jsonpath={.status.readyReplicas}=2', 'deploy/web', '--timeout=30s']);
    expect(r).toMatchObject({ code: 0, stdout: 'deployment.apps/web condition met\n' });
  });

  it('times out on a condition that never comes, in kubectl words', async () => {
    const r = await h.kubectl(['wait', '--for=condition=Ready', `pod/${podOf('api')}`, '--timeout=2s']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`error: timed out waiting for the condition on pods/${podOf('api')}\n`);
  });

  it('waits for a deleted pod to be gone', async () => {
    const name = podOf('web');
    expect((await h.kubectl(['delete', 'pod', name, '--wait=false'])).code).toBe(0);
    const r = await h.kubectl(['wait', '--for=delete', `pod/${name}`, '--timeout=60s']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^(pod/${name} condition met\\n)?$`));
    expect(servedObjects(h, 'Pod').map((p) => p.metadata.name)).not.toContain(name);
  });

  it('lists the events of one object with events --for', async () => {
    const name = podOf('api');
    const r = await h.kubectl(['events', '--for', `pod/${name}`]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE$/);
    expect(lines.slice(1).every((l) => l.includes(`Pod/${name}`))).toBe(true);
    expect(r.stdout).toMatch(/Warning\s+BackOff\s+Pod\/api-\w+-\w+\s+Back-off restarting failed container api in pod api-\w+-\w+_default\([0-9a-f-]{36}\)$/m);
  });

  it('describes a crash-looping pod with the kubelet Events of each start, counted as a cluster counts them', async () => {
    const name = podOf('api');
    const r = await h.kubectl(['describe', 'pod', name]);
    expect(r.code).toBe(0);
    const events = r.stdout.slice(r.stdout.indexOf('\nEvents:\n'));
    expect(events).toMatch(/\n {2}Normal {3}Pulled +\S+ +kubelet +Successfully pulled image "crash:1" in 1s \(1s including waiting\)\. Image size: \d+ bytes\.\n/);
    expect(events).toMatch(/\n {2}Normal {3}Created +\S+ \(x\d+ over \S+\) +kubelet +Container created\n/);
    expect(events).toMatch(/\n {2}Normal {3}Started +\S+ \(x\d+ over \S+\) +kubelet +Container started\n/);
    expect(events).toMatch(/\n {2}Normal {3}Pulled +\S+( \(x\d+ over \S+\))? +kubelet +Container image "crash:1" already present on machine and can be accessed by the pod\n/);
  });

  it('names the container and the node of each kubelet Event in get events -o wide', async () => {
    const name = podOf('web');
    const r = await h.kubectl(['get', 'events', '-o', 'wide', '--field-selector', `involvedObject.name=${name},reason=Started`]);
    expect(r.code).toBe(0);
    const [head, row] = r.stdout.trim().split('\n');
    expect(head).toMatch(/^LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+SUBOBJECT\s+SOURCE\s+MESSAGE/);
    expect(row).toMatch(new RegExp(`^\\S+\\s+Normal\\s+Started\\s+pod/${name}\\s+spec\\.containers\\{nginx\\}\\s+kubelet, node-\\d\\s+Container started\\s`));
  });
});
