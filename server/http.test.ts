// The served API's HTTP contract (kubectl-wire.md), request by request with fetch: discovery in both
// forms, Tables, watches (replay, 410, bookmarks), selectors, and the error answers.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webDeployment } from '../src/engine/sim/executeTestEngine.ts';
import { scenarioToYaml } from '../src/scenario/yamlIo.ts';
import { type RunningServer, startServer } from './serve.ts';

const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';
const D = '/apis/apps/v1/namespaces/default/deployments';

let s: RunningServer;
let t = 0;
beforeAll(async () => {
  const text = scenarioToYaml({ version: 1, name: 'http', objects: [webDeployment(3)] });
  const started = await startServer({ text, port: 0, host: '127.0.0.1', speed: 1, record: null, gitVersion: 'v1.36.3', log: () => {}, clock: () => t });
  if ('error' in started) throw new Error(started.error);
  s = started;
  t = 30_000;
});
afterAll(async () => {
  await s?.stop();
});

async function get(path: string, accept = 'application/json') {
  const r = await fetch(`${s.url}${path}`, { headers: { Accept: accept } });
  return { code: r.status, type: r.headers.get('content-type'), body: (await r.json()) as Record<string, unknown> };
}

/** watchLines opens a watch and collects its lines until `n` arrived or the stream ends. */
function watchLines(path: string, n: number, accept = 'application/json'): Promise<{ type: string; object: Record<string, unknown> }[]> {
  return new Promise((resolve, reject) => {
    const lines: { type: string; object: Record<string, unknown> }[] = [];
    const req = request(`${s.url}${path}`, { headers: { Accept: accept } }, (res) => {
      let buf = '';
      res.on('data', (c: Buffer) => {
        buf += c.toString('utf8');
        let i = buf.indexOf('\n');
        while (i >= 0) {
          lines.push(JSON.parse(buf.slice(0, i)));
          buf = buf.slice(i + 1);
          i = buf.indexOf('\n');
        }
        if (lines.length >= n) {
          req.destroy();
          resolve(lines);
        }
      });
      res.on('end', () => resolve(lines));
    });
    req.on('error', (e) => (lines.length >= n ? resolve(lines) : reject(e)));
    req.end();
  });
}

describe('discovery', () => {
  it('answers the legacy documents with short names, categories and pods/eviction', async () => {
    const v1 = await get('/api/v1');
    const resources = v1.body.resources as { name: string; shortNames?: string[]; group?: string; kind: string }[];
    expect(resources.find((r) => r.name === 'pods')).toMatchObject({ shortNames: ['po'], categories: ['all'] });
    expect(resources.find((r) => r.name === 'pods/eviction')).toMatchObject({ group: 'policy', version: 'v1', kind: 'Eviction' });
    const apps = await get('/apis/apps/v1');
    expect((apps.body.resources as { name: string }[]).map((r) => r.name)).toContain('deployments/scale');
    expect((await get('/apis')).body.groups).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'apps' })]));
  });

  it('answers aggregated discovery with its exact media type when asked', async () => {
    const v2 = await get('/apis', 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json');
    expect(v2.type).toBe('application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList');
    expect(v2.body).toMatchObject({ kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2' });
    const beta = await get('/api', 'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList');
    expect(beta.type).toBe('application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList');
  });

  it('reports the engine release on /version', async () => {
    expect((await get('/version')).body).toMatchObject({ major: '1', minor: '36', gitVersion: 'v1.36.3' });
  });

  it('lists an OpenAPI v3 document per group/version, with fieldValidation on each patch', async () => {
    const index = (await get('/openapi/v3')).body as { paths: Record<string, { serverRelativeURL: string }> };
    const url = index.paths['apis/apps/v1']?.serverRelativeURL ?? '';
    const doc = (await get(url)).body as { paths: Record<string, { patch: { parameters: { name: string }[]; 'x-kubernetes-group-version-kind': unknown } }> };
    const patch = doc.paths['/apis/apps/v1/namespaces/{namespace}/deployments/{name}']?.patch;
    expect(patch?.parameters.map((p) => p.name)).toContain('fieldValidation');
    expect(patch?.['x-kubernetes-group-version-kind']).toEqual({ group: 'apps', kind: 'Deployment', version: 'v1' });
  });
});

describe('reads', () => {
  it('answers a Table with every column and a PartialObjectMetadata per row', async () => {
    const tbl = await get('/apis/apps/v1/namespaces/default/replicasets', TABLE);
    expect(tbl.body.kind).toBe('Table');
    const defs = tbl.body.columnDefinitions as { name: string; priority: number }[];
    expect(defs.map((d) => [d.name, d.priority])).toEqual([
      ['Name', 0],
      ['Desired', 0],
      ['Current', 0],
      ['Ready', 0],
      ['Age', 0],
      ['Containers', 1],
      ['Images', 1],
      ['Selector', 1],
    ]);
    const row = (tbl.body.rows as { cells: unknown[]; object: { kind: string } }[])[0];
    expect(row?.cells.slice(1, 4)).toEqual([3, 3, 3]);
    expect(row?.object.kind).toBe('PartialObjectMetadata');
  });

  it('filters by label and field selectors, and says which field label it does not know', async () => {
    const pods = await get('/api/v1/namespaces/default/pods?labelSelector=app%3Dweb&fieldSelector=status.phase%3DRunning');
    expect((pods.body.items as unknown[]).length).toBe(3);
    expect((await get('/api/v1/namespaces/default/pods?labelSelector=app%3Dother')).body.items).toEqual([]);
    const bad = await get('/api/v1/namespaces/default/pods?fieldSelector=spec.color%3Dred');
    expect(bad).toMatchObject({ code: 400, body: { reason: 'BadRequest', message: 'field label not supported: spec.color' } });
  });

  it('answers 404 in the API server words', async () => {
    expect(await get(`${D}/nope`)).toMatchObject({ code: 404, body: { reason: 'NotFound', message: 'deployments.apps "nope" not found', details: { name: 'nope', group: 'apps', kind: 'deployments' } } });
    expect((await get('/apis/apps/v1/namespaces/default/widgets')).code).toBe(404);
  });
});

describe('watches', () => {
  it('starts with every object as ADDED when no resourceVersion is given', async () => {
    const lines = await watchLines(`${D}?watch=true`, 1);
    expect(lines[0]).toMatchObject({ type: 'ADDED', object: { kind: 'Deployment', metadata: { name: 'web' } } });
  });

  it('replays the changes after a resourceVersion, each as a one-row Table when asked', async () => {
    const list = await get('/apis/apps/v1/namespaces/default/replicasets');
    const rv = (list.body.metadata as { resourceVersion: string }).resourceVersion;
    const watching = watchLines(`/apis/apps/v1/namespaces/default/replicasets?watch=true&resourceVersion=${rv}`, 1, TABLE);
    await fetch(`${s.url}${D}/web/scale`, { method: 'PATCH', headers: { 'Content-Type': 'application/merge-patch+json' }, body: '{"spec":{"replicas":5}}' });
    t += 5_000; // the pacing loop runs the Deployment controller's scale-up
    const [ev] = await watching;
    if (!ev) throw new Error('no watch event');
    expect(ev.type).toBe('MODIFIED');
    const cells = (ev.object as { kind: string; rows: { cells: unknown[] }[] }).rows[0]?.cells;
    expect(ev.object.kind).toBe('Table');
    expect(cells?.[1]).toBe(5);
  });

  it('answers a resourceVersion older than its history with an ERROR 410 Expired', async () => {
    const lines = await watchLines(`${D}?watch=true&resourceVersion=1`, 1);
    expect(lines[0]).toMatchObject({ type: 'ERROR', object: { kind: 'Status', code: 410, reason: 'Expired' } });
  });

  it('keeps serving after a watching client goes away', async () => {
    await watchLines(`${D}?watch=true`, 1);
    expect((await get('/version')).code).toBe(200);
  });
});

describe('writes', () => {
  it('refuses malformed JSON with a 400 and a body over 3 MiB with a 413', async () => {
    const bad = await fetch(`${s.url}${D}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{bad' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^couldn't get version\/kind; json parse error/);
    const big = await fetch(`${s.url}${D}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'a'.repeat(3 * 1024 * 1024 + 1) });
    expect(big.status).toBe(413);
  });

  it('refuses a protobuf create (kubectl create deployment sends one) with a 415 naming JSON, and a protobuf patch naming the patch types', async () => {
    const pb = { 'Content-Type': 'application/vnd.kubernetes.protobuf' };
    const create = await fetch(`${s.url}${D}`, { method: 'POST', headers: pb, body: 'k8s\u0000' });
    expect(create.status).toBe(415);
    expect((await create.json()).message).toBe('the body of the request was in an unknown format - accepted media types include: application/json');
    const patch = await fetch(`${s.url}${D}/web`, { method: 'PATCH', headers: pb, body: 'k8s\u0000' });
    expect(patch.status).toBe(415);
    expect((await patch.json()).message).toContain('accepted media types include: application/json-patch+json, application/merge-patch+json');
  });

  it('answers 422 with one cause per field error', async () => {
    const d = webDeployment(-2);
    const r = await fetch(`${s.url}${D}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...d, metadata: { name: 'neg' } }) });
    expect(r.status).toBe(422);
    expect(await r.json()).toMatchObject({
      reason: 'Invalid',
      details: { name: 'neg', group: 'apps', kind: 'Deployment', causes: [{ reason: 'FieldValueInvalid', field: 'spec.replicas', message: 'Invalid value: -2: must be greater than or equal to 0' }] },
    });
  });

  it('warns of unknown fields unless fieldValidation is Strict', async () => {
    const body = JSON.stringify({ ...webDeployment(1), metadata: { name: 'warned' }, spec: { ...webDeployment(1).spec, replica: 1 } });
    const warned = await fetch(`${s.url}${D}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(warned.status).toBe(201);
    expect(warned.headers.get('warning')).toBe('299 - "unknown field \\"spec.replica\\""');
    const strict = await fetch(`${s.url}${D}?fieldValidation=Strict`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body.replace('warned', 'strict') });
    expect(strict.status).toBe(400);
  });
});

describe('npm run serve', () => {
  it('prints its address first, and on SIGTERM flushes --record and exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-serve-'));
    const record = join(dir, 'session.yaml');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', '0', '--record', record], { cwd: join(import.meta.dirname, '..') });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString('utf8');
        const m = /^Serving the Kubernetes API on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
        if (m) resolve(m[1] as string);
      });
      child.on('exit', () => reject(new Error(`exited: ${out}`)));
    });
    const created = await fetch(`${url}${D}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(webDeployment(2)) });
    expect(created.status).toBe(201);
    const code = await new Promise<number | null>((resolve) => {
      child.on('exit', (c) => resolve(c));
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
    expect(readFileSync(record, 'utf8')).toMatch(/request:\n\s+method: POST\n\s+path: \/apis\/apps\/v1\/namespaces\/default\/deployments/);
  }, 60_000);

  it('stops quietly with exit 0, its --record file written, when its reader has gone (`| true`)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-serve-'));
    const record = join(dir, 'session.yaml');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', '0', '--record', record], { cwd: join(import.meta.dirname, '..') });
    // The reader leaves before the first line: writing it fails with EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString('utf8');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(readFileSync(record, 'utf8')).toMatch(/^version: 1\nname: Served cluster\n/);
  }, 60_000);
});
