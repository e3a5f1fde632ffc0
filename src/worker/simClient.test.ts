import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type WorkerRequest } from './protocol.ts';
import { createInThreadWorker } from './inThread.ts';
import { createSimClient, type PushMessage, RequestError, type WorkerLike } from './simClient.ts';

/** A fake worker that answers each request with the reply `answer` builds for it (or stays silent). */
function fakeWorker(answer: (req: WorkerRequest) => unknown = () => undefined) {
  const sent: WorkerRequest[] = [];
  const listeners: Record<string, ((e: Event) => void)[]> = { message: [], error: [], messageerror: [] };
  let terminated = false;
  const emit = (data: unknown) => {
    for (const l of listeners.message ?? []) l(new MessageEvent('message', { data }));
  };
  const worker: WorkerLike = {
    postMessage(message) {
      sent.push(message);
      const data = answer(message);
      if (data !== undefined) queueMicrotask(() => emit(data));
    },
    addEventListener(type, listener) {
      listeners[type]?.push(listener);
    },
    terminate() {
      terminated = true;
    },
  };
  const fail = (message: string) => {
    for (const l of listeners.error ?? []) l(Object.assign(new Event('error'), { message }));
  };
  return { worker, sent, emit, fail, isTerminated: () => terminated };
}

const hello = {
  kind: 'hello',
  protocolVersion: PROTOCOL_VERSION,
  kubernetesVersion: 'v1.36.3',
  engineFormatVersion: 1,
  presets: [{ id: 'seed', name: 'Seed', description: '' }],
  defaultPresetId: 'seed',
};

describe('createSimClient', () => {
  it('numbers requests and settles each with the reply of its id', async () => {
    const fake = fakeWorker((req) =>
      req.type === 'kubectl'
        ? { type: 'reply', id: req.id, ok: true, result: { kind: 'text', text: req.line } }
        : undefined,
    );
    const client = createSimClient(fake.worker);
    const [a, b] = await Promise.all([
      client.request({ type: 'kubectl', line: 'get rs' }),
      client.request({ type: 'kubectl', line: 'get pods' }),
    ]);
    expect([a, b]).toEqual([
      { kind: 'text', text: 'get rs' },
      { kind: 'text', text: 'get pods' },
    ]);
    expect(fake.sent.map((r) => r.id)).toEqual([1, 2]);
  });

  it('rejects a refused request with the worker message', async () => {
    const fake = fakeWorker((req) => ({
      type: 'reply',
      id: req.id,
      ok: false,
      error: 'deployments.apps "x" not found',
    }));
    const p = createSimClient(fake.worker).request({ type: 'seek', tick: 1 });
    await expect(p).rejects.toBeInstanceOf(RequestError);
    await expect(p).rejects.toThrow('not found');
  });

  it('resolves hello and rejects another protocol version', async () => {
    await expect(
      createSimClient(
        fakeWorker((r) => ({ type: 'reply', id: r.id, ok: true, result: hello })).worker,
      ).hello(),
    ).resolves.toEqual(hello);
    const other = fakeWorker((r) => ({
      type: 'reply',
      id: r.id,
      ok: true,
      result: { ...hello, protocolVersion: PROTOCOL_VERSION + 1 },
    }));
    await expect(createSimClient(other.worker).hello()).rejects.toThrow(`protocol v${PROTOCOL_VERSION + 1}`);
  });

  it('passes pushed messages to the listeners and reports a malformed one as a fault', () => {
    const fake = fakeWorker();
    const client = createSimClient(fake.worker);
    const got: PushMessage[] = [];
    const stop = client.listen((m) => got.push(m));
    fake.emit({ type: 'fault', message: 'boom', tick: 3 });
    fake.emit({ type: 'frame', tick: 'x' });
    stop();
    fake.emit({ type: 'fault', message: 'unheard', tick: null });
    expect(got).toEqual([
      { type: 'fault', message: 'boom', tick: 3 },
      { type: 'fault', message: 'the simulation worker sent a malformed message', tick: null },
    ]);
  });

  it('rejects pending and later requests when the worker fails, and tells the listeners', async () => {
    const fake = fakeWorker();
    const client = createSimClient(fake.worker);
    const got: PushMessage[] = [];
    client.listen((m) => got.push(m));
    const pending = client.hello();
    fake.fail('SyntaxError in sim.worker.ts');
    await expect(pending).rejects.toThrow('the simulation worker failed: SyntaxError in sim.worker.ts');
    await expect(client.request({ type: 'play' })).rejects.toThrow('failed');
    expect(got.at(-1)).toMatchObject({ type: 'fault', message: expect.stringContaining('SyntaxError') });
  });

  it('stops the worker and rejects pending requests on terminate', async () => {
    const fake = fakeWorker();
    const client = createSimClient(fake.worker);
    const pending = client.hello();
    client.terminate();
    await expect(pending).rejects.toThrow('stopped');
    expect(fake.isTerminated()).toBe(true);
  });
});

describe('createInThreadWorker', () => {
  it('runs the host on this thread behind the Worker interface', async () => {
    const client = createSimClient(createInThreadWorker());
    const frames: PushMessage[] = [];
    client.listen((m) => frames.push(m));
    expect((await client.hello()).presets.length).toBeGreaterThan(5);
    await client.request({ type: 'loadPreset', presetId: 'seed' });
    await client.request({ type: 'seek', tick: 30 });
    await new Promise((r) => setTimeout(r, 60));
    client.terminate();
    expect(frames.some((m) => m.type === 'scenario')).toBe(true);
    expect(frames.filter((m) => m.type === 'frame').at(-1)).toMatchObject({ tick: 30 });
  });
});
