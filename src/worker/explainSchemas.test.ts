// The console's `kubectl explain` in the worker: the OpenAPI schemas load the first time an explain
// line asks for them (a chunk of their own in the build), the line is answered once they have, and
// a load that fails gives the line one error line and is tried again by the next.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkerHost } from './host.ts';
import { schemaLoader, schemasLoadError } from './explainSchemas.ts';
import { FakeEnv } from './testEnv.ts';

let host: WorkerHost | null = null;
let env = new FakeEnv();
let nextId = 1;

afterEach(() => {
  host?.dispose();
  host = null;
});

/** start makes a host with `importer` as its schema loader and the seed preset loaded. */
function start(importer: Parameters<typeof schemaLoader>[0]): void {
  env = new FakeEnv();
  host = new WorkerHost(env, schemaLoader(importer));
  host.handle({ type: 'loadPreset', presetId: 'seed', id: nextId++ });
  env.advance(20);
}

function send(line: string): number {
  const id = nextId++;
  host?.handle({ type: 'kubectl', line, id });
  return id;
}

function answered(id: number): boolean {
  return env.posted.some((p) => p.message.type === 'reply' && p.message.id === id);
}

const realSchemas = () => import('../engine/apiserver/openapi/openapiSchemas.json');

describe('kubectl explain in the worker', () => {
  it('answers an explain line once the schemas have loaded, without holding other lines', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const importer = vi.fn(async () => {
      await gate;
      return realSchemas();
    });
    start(importer);
    const first = send('explain deployment.spec.strategy');
    expect(answered(first)).toBe(false);
    // Another line is answered meanwhile.
    const other = send('get deployments');
    expect(env.reply(other).ok).toBe(true);
    release();
    await vi.waitFor(() => expect(answered(first)).toBe(true));
    const r = env.reply(first);
    expect(r).toMatchObject({
      ok: true,
      result: {
        kind: 'text',
        text: expect.stringMatching(
          /^GROUP: {6}apps\nKIND: {7}Deployment\nVERSION: {4}v1\n\nFIELD: strategy <DeploymentStrategy>\n/,
        ),
      },
    });
    // Loaded once: the next line is answered at once.
    const second = send('explain pods.spec.containers.ports --recursive');
    expect(env.reply(second)).toMatchObject({
      ok: true,
      result: {
        kind: 'text',
        text: expect.stringContaining('  protocol\t<string>\n  enum: SCTP, TCP, UDP\n'),
      },
    });
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("answers with kubectl's error when the line is wrong", async () => {
    start(realSchemas);
    const id = send('explain deploy.spec.nope');
    await vi.waitFor(() => expect(answered(id)).toBe(true));
    expect(env.reply(id)).toEqual({
      type: 'reply',
      id,
      ok: false,
      error: 'GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nerror: field "nope" does not exist',
    });
  });

  it('gives a line one error line when the schemas cannot be loaded, and tries again for the next', async () => {
    let fail = true;
    const importer = vi.fn(async () => {
      if (fail)
        throw new Error('Failed to fetch dynamically imported module: /assets/openapiSchemas.js\nmore');
      return realSchemas();
    });
    start(importer);
    const id = send('explain pods');
    await vi.waitFor(() => expect(answered(id)).toBe(true));
    const r = env.reply(id);
    expect(r).toEqual({
      type: 'reply',
      id,
      ok: false,
      error:
        "error: kubectl explain could not load the API's OpenAPI schemas (Failed to fetch dynamically imported module: /assets/openapiSchemas.js); try again",
    });
    expect(r.ok === false && r.error.includes('\n')).toBe(false);
    // A refusal, not an engine fault.
    expect(env.posted.some((p) => p.message.type === 'fault')).toBe(false);
    fail = false;
    const again = send('explain pods');
    await vi.waitFor(() => expect(answered(again)).toBe(true));
    expect(env.reply(again)).toMatchObject({
      ok: true,
      result: { kind: 'text', text: expect.stringMatching(/^KIND: {7}Pod\n/) },
    });
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('starts loading when an explain line is completed', () => {
    const importer = vi.fn(realSchemas);
    start(importer);
    host?.handle({ type: 'completions', prefix: 'explain deploy', id: nextId++ });
    expect(importer).toHaveBeenCalledTimes(1);
  });
});

describe('schemasLoadError', () => {
  it.each([
    [
      'keeps the first line of the reason',
      new Error('offline\nstack'),
      "error: kubectl explain could not load the API's OpenAPI schemas (offline); try again",
    ],
    [
      'says no reason when there is none',
      new Error(''),
      "error: kubectl explain could not load the API's OpenAPI schemas; try again",
    ],
  ])('%s', (_name, e, want) => {
    expect(schemasLoadError(e)).toBe(want);
  });
});
