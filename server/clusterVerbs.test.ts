// The rest of what a real cluster answers, driven by the real kubectl: an unknown kind (no CRDs),
// `auth can-i` and `auth whoami`, `events --watch`, `get --watch-only` and `--output-watch-events`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_REASON } from './extras.ts';
import { type Harness, servedObjects, startHarness } from './kubectlHarness.ts';

const WEB = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, labels: {app: web}}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: nginx, image: "nginx:1.26"}]}
`;

const WIDGET = `apiVersion: example.com/v1
kind: Widget
metadata: {name: w}
`;

/** drive moves the virtual clock a second at a time until `done` (the watch under test saw enough). */
async function drive(h: Harness, done: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !done(); i++) {
    h.clock.skip(1000);
    h.server.live.advance();
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** watchOpened resolves once the server holds the next watch open (serveWatch subscribes after the replay). */
function watchOpened(h: Harness): Promise<void> {
  const live = h.server.live;
  const subscribe = live.subscribe.bind(live);
  return new Promise((resolve) => {
    live.subscribe = (fn) => {
      live.subscribe = subscribe;
      resolve();
      return subscribe(fn);
    };
  });
}

describe('kubectl verbs beyond the engine kinds', () => {
  let h: Harness;
  const file = (name: string, text: string) => {
    const p = join(h.dir, name);
    writeFileSync(p, text);
    return p;
  };
  beforeAll(async () => {
    h = await startHarness({ speed: 1 });
    h.clock.pause();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('answers an unknown kind with no matches for kind, as a cluster without its CRD does', async () => {
    const r = await h.kubectl(['apply', '-f', file('w.yaml', WIDGET)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no matches for kind "Widget" in version "example\.com\/v1"\nensure CRDs are installed first\n$/);
    expect(await h.kubectl(['get', 'crd'])).toMatchObject({ code: 0, stdout: '', stderr: 'No resources found\n' });
    expect(await h.kubectl(['get', 'crd', 'widgets.example.com'])).toMatchObject({
      code: 1,
      stderr: 'Error from server (NotFound): customresourcedefinitions.apiextensions.k8s.io "widgets.example.com" not found\n',
    });
    expect((await h.kubectl(['api-resources', '--api-group=apiextensions.k8s.io'])).stdout).toMatch(/^customresourcedefinitions\s+crd,crds\s+apiextensions\.k8s\.io\/v1\s+false\s+CustomResourceDefinition$/m);
  });

  it('says yes to auth can-i, and why in the review', async () => {
    for (const args of [['create', 'deployments'], ['delete', 'nodes'], ['get', 'pods', '-n', 'kube-system'], ['patch', 'deployments/scale']]) {
      expect(await h.kubectl(['auth', 'can-i', ...args])).toMatchObject({ code: 0, stdout: 'yes\n' });
    }
    expect((await h.kubectl(['auth', 'can-i', '--list'])).stdout).toMatch(/^Resources\s+Non-Resource URLs\s+Resource Names\s+Verbs\n\*\.\*\s+\[\]\s+\[\]\s+\[\*\]\n/);
    const review = await fetch(`${h.server.url}/apis/authorization.k8s.io/v1/selfsubjectaccessreviews`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'SelfSubjectAccessReview', apiVersion: 'authorization.k8s.io/v1', spec: { resourceAttributes: { verb: 'create', group: 'apps', resource: 'deployments' } } }),
    });
    expect(review.status).toBe(201);
    expect(await review.json()).toEqual({
      kind: 'SelfSubjectAccessReview',
      apiVersion: 'authorization.k8s.io/v1',
      metadata: { creationTimestamp: null },
      spec: { resourceAttributes: { verb: 'create', group: 'apps', resource: 'deployments' } },
      status: { allowed: true, reason: ALLOWED_REASON },
    });
    // kubectl posts its review as protobuf; the answer echoes its spec (kubectl -v=8 prints the answer).
    const logged = (await h.kubectl(['auth', 'can-i', 'list', 'pods', '-n', 'kube-system', '-v=8'])).stderr;
    expect(logged).toContain(JSON.stringify(JSON.stringify({ spec: { resourceAttributes: { namespace: 'kube-system', verb: 'list', resource: 'pods' } } }).slice(1, -1)).slice(1, -1));
    expect((await h.kubectl(['auth', 'whoami'])).stdout).toMatch(/^ATTRIBUTE\s+VALUE\nUsername\s+system:anonymous\nGroups\s+\[system:unauthenticated\]\n$/);
  });

  it('sends kube-apiserver\'s Warning header for a template that uses a deprecated node label, once', async () => {
    const old = file('old.yaml', WEB.replace(/web/g, 'old').replace('spec: {containers', 'spec: {nodeSelector: {beta.kubernetes.io/os: linux}, containers'));
    const created = await h.kubectl(['apply', '-f', old]);
    expect(created.stdout).toBe('deployment.apps/old created\n');
    expect(created.stderr).toBe('Warning: spec.template.spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead\n');
    expect(await h.kubectl(['label', 'deployment/old', 'tier=front'])).toMatchObject({ code: 0, stderr: '' });
    expect(await h.kubectl(['delete', 'deployment/old'])).toMatchObject({ code: 0, stderr: '' });
  });

  it('streams new events with events --watch', async () => {
    let out = '';
    const opened = watchOpened(h);
    const watching = h.watch(['events', '--watch'], (o) => {
      out = o;
      return /SuccessfulCreate/.test(o);
    });
    await opened;
    expect((await h.kubectl(['apply', '-f', file('web.yaml', WEB)])).code).toBe(0);
    await drive(h, () => /SuccessfulCreate/.test(out));
    const lines = (await watching).trim().split('\n');
    expect(lines[0]).toMatch(/^LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE$/);
    expect(lines.some((l) => /^\S+\s+Normal\s+ScalingReplicaSet\s+Deployment\/web\s+Scaled up replica set web-\w+ from 0 to 2$/.test(l))).toBe(true);
  });

  it('prints only changes, each with its type, with get --watch-only --output-watch-events', async () => {
    let out = '';
    const opened = watchOpened(h);
    const seen = () => /\nADDED\s+web-\w+-\w+\s/.test(out);
    const watching = h.watch(['get', 'pods', '--watch-only', '--output-watch-events'], (o) => {
      out = o;
      return seen();
    });
    await opened;
    const existing = servedObjects(h, 'Pod').map((p) => `pod/${p.metadata.name}`);
    expect((await h.kubectl(['scale', 'deployment/web', '--replicas=3'])).code).toBe(0);
    await drive(h, seen);
    const lines = (await watching).trim().split('\n');
    expect(lines[0]).toMatch(/^EVENT\s+NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
    const added = lines.filter((l) => l.startsWith('ADDED'));
    expect(added).toHaveLength(1);
    expect(existing).not.toContain(`pod/${added[0]?.split(/\s+/)[1]}`);
  });

  it('lists first, then changes, each with its type, with get -w --output-watch-events', async () => {
    let out = '';
    const opened = watchOpened(h);
    const seen = () => /\nMODIFIED\s+web\s/.test(out);
    const watching = h.watch(['get', 'deploy', '-w', '--output-watch-events'], (o) => {
      out = o;
      return seen();
    });
    await opened;
    expect((await h.kubectl(['scale', 'deployment/web', '--replicas=4'])).code).toBe(0);
    await drive(h, seen);
    const lines = (await watching).trim().split('\n');
    expect(lines[0]).toMatch(/^EVENT\s+NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE$/);
    expect(lines[1]).toMatch(/^ADDED\s+web\s+\d\/\d\s/);
  });
});
