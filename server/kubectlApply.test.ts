// Server-side apply (DESIGN.md §18, issue 25) driven by the real kubectl (v1.32.4, and the 1.28 and
// 1.33 it bundles for the main flow): create, a change, a conflict after kubectl scale with
// kubectl's own advice, --force-conflicts, --dry-run=server, kubectl diff, the switch from
// client-side apply, and the managed fields kubectl shows.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, rolledOut, servedObjects, servedRead, startHarness } from './kubectlHarness.ts';

const web = (image: string, replicas = 2) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: {app: web}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: nginx
        image: ${image}
        ports: [{containerPort: 80}]
`;

describe('kubectl apply --server-side against npm run serve', () => {
  let h: Harness;
  const file = (name: string, text: string) => {
    const p = join(h.dir, name);
    writeFileSync(p, text);
    return p;
  };
  // What the served Deployment holds after a write, read by the console (servedRead), not by a kubectl process.
  const jsonpath = (path: string) => servedRead(h, `get deploy web -o jsonpath='${path}'`).output;
  beforeAll(async () => {
    h = await startHarness({ speed: 10, record: true });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('creates the object and owns exactly the applied fields', async () => {
    expect(await h.kubectl(['apply', '--server-side', '-f', file('a.yaml', web('nginx:1.26'))])).toMatchObject({ code: 0, stdout: 'deployment.apps/web serverside-applied\n' });
    const y = (await h.kubectl(['get', 'deploy', 'web', '-o', 'yaml', '--show-managed-fields'])).stdout;
    expect(y).toContain(`  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:metadata:
        f:labels:
          f:app: {}
      f:spec:
        f:replicas: {}
        f:selector: {}
        f:template:
          f:metadata:
            f:labels:
              f:app: {}
          f:spec:
            f:containers:
              k:{"name":"nginx"}:
                .: {}
                f:image: {}
                f:name: {}
                f:ports:
                  k:{"containerPort":80,"protocol":"TCP"}:
                    .: {}
                    f:containerPort: {}
    manager: kubectl
    operation: Apply
`);
    // The controllers' writes are kube-controller-manager's, the status through its subresource.
    expect(y).toMatch(/manager: kube-controller-manager\n {4}operation: Update\n {4}subresource: status\n/);
    // Without --show-managed-fields kubectl leaves them out, as against a cluster.
    expect((await h.kubectl(['get', 'deploy', 'web', '-o', 'yaml'])).stdout).not.toContain('managedFields');
  });

  it('applies a change to the image', async () => {
    expect((await h.kubectl(['apply', '--server-side', '-f', file('b.yaml', web('nginx:1.27'))])).code).toBe(0);
    expect(jsonpath('{.spec.template.spec.containers[0].image}')).toBe('nginx:1.27');
  });

  it('refuses a change of replicas that kubectl scale owns, with kubectl’s conflict list and advice', async () => {
    expect((await h.kubectl(['scale', 'deploy/web', '--replicas=5'])).code).toBe(0);
    const r = await h.kubectl(['apply', '--server-side', '-f', file('c.yaml', web('nginx:1.27', 3))]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas\n');
    expect(r.stderr).toContain('command with the `--force-conflicts` flag.');
    expect(jsonpath('{.spec.replicas}')).toBe('5');
  });

  it('answers --dry-run=server with the merged object and writes nothing', async () => {
    const before = jsonpath('{.metadata.generation}');
    const r = await h.kubectl(['apply', '--server-side', '--force-conflicts', '--dry-run=server', '-f', file('d.yaml', web('nginx:1.28', 3)), '-o', 'jsonpath={.spec.replicas} {.spec.template.spec.containers[0].image} {.metadata.generation}']);
    expect(r).toMatchObject({ code: 0, stdout: `3 nginx:1.28 ${Number(before) + 1}` });
    expect(jsonpath('{.spec.replicas} {.spec.template.spec.containers[0].image} {.metadata.generation}')).toBe(`5 nginx:1.27 ${before}`);
  });

  it('diffs with kubectl diff --server-side (and plain diff) through dry runs that write nothing', async () => {
    // diff reads the object, then asks for the dry run: a rollout still going on between the two
    // (the earlier tests' scale, on a fast machine) would show in the status too.
    await rolledOut(h, 'deployment/web');
    for (const args of [['diff', '--server-side', '--force-conflicts'], ['diff']]) {
      const r = await h.kubectl([...args, '-f', file('d2.yaml', web('nginx:1.29', 5))]);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('-      - image: nginx:1.27\n+      - image: nginx:1.29\n');
      expect(r.stdout).not.toContain('-status:');
      // Nothing else differs but the generation: the dry run's answer is in the served form a GET
      // shows (a template's defaults: resources, dnsPolicy, securityContext …). The times served
      // follow the run's clock, which moves 10× faster than the wall's between the two requests.
      const changed = r.stdout.split('\n').filter((l) => /^[-+](?![-+]{2} )/.test(l) && !/(Timestamp|Time|generation): /.test(l));
      expect(changed).toEqual(['-      - image: nginx:1.27', '+      - image: nginx:1.29']);
    }
    expect(jsonpath('{.spec.template.spec.containers[0].image}')).toBe('nginx:1.27');
  });

  it('takes the field over with --force-conflicts', async () => {
    expect((await h.kubectl(['apply', '--server-side', '--force-conflicts', '-f', file('e.yaml', web('nginx:1.27', 3))])).code).toBe(0);
    expect(jsonpath('{.spec.replicas}')).toBe('3');
    const managers = (await h.kubectl(['get', 'deploy', 'web', '-o', 'jsonpath={range .metadata.managedFields[*]}{.manager}/{.operation}/{.subresource} {end}', '--show-managed-fields'])).stdout;
    expect(managers).not.toContain('kubectl/Update/scale');
    expect(managers).toContain('kubectl/Apply/');
  });

  it('removes a port the applier alone owned when it stops applying it', async () => {
    const noPort = web('nginx:1.27', 3).replace('        ports: [{containerPort: 80}]\n', '');
    expect((await h.kubectl(['apply', '--server-side', '-f', file('f.yaml', noPort)])).code).toBe(0);
    expect(jsonpath('{.spec.template.spec.containers[0].ports}')).toBe('');
  });

  it('switches an object from client-side to server-side apply without a conflict, as kubectl migrates it', async () => {
    const api = (image: string) => web(image).replace(/web/g, 'api');
    expect((await h.kubectl(['apply', '-f', file('g.yaml', api('api:1'))])).code).toBe(0);
    expect(await h.kubectl(['apply', '--server-side', '-f', file('h.yaml', api('api:2'))])).toMatchObject({ code: 0, stdout: 'deployment.apps/api serverside-applied\n' });
    const r = await h.kubectl(['get', 'deploy', 'api', '-o', 'jsonpath={.spec.template.spec.containers[0].image} {range .metadata.managedFields[*]}{.manager}/{.operation} {end}', '--show-managed-fields']);
    expect(r.stdout).toMatch(/^api:2 kubectl\/Apply kubectl-last-applied\/Apply /);
    expect(r.stdout).not.toContain('kubectl-client-side-apply');
  });

  it('records the applies as plain writes that replay', async () => {
    const session = (await import('node:fs')).readFileSync(join(h.dir, 'session.yaml'), 'utf8');
    expect(session).toContain('fieldManager=kubectl');
    expect(session).not.toContain('apply-patch');
  });
});

describe.each(['v1.28.0', 'v1.33.0'])('server-side apply with the kubectl bundled for %s', (gitVersion) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ speed: 20, gitVersion });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('creates, conflicts after kubectl scale, and forces', async () => {
    const path = join(h.dir, 'w.yaml');
    writeFileSync(path, web('nginx:1.26'));
    expect((await h.kubectl(['apply', '--server-side', '-f', path])).stdout).toBe('deployment.apps/web serverside-applied\n');
    expect((await h.kubectl(['scale', 'deploy/web', '--replicas=4'])).code).toBe(0);
    writeFileSync(path, web('nginx:1.26', 3));
    const refused = await h.kubectl(['apply', '--server-side', '-f', path]);
    expect(refused.stderr).toContain('Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas');
    expect((await h.kubectl(['apply', '--server-side', '--force-conflicts', '-f', path])).code).toBe(0);
    expect(servedObjects(h, 'Deployment').find((d) => d.metadata.name === 'web')?.spec.replicas).toBe(3);
  });
});
