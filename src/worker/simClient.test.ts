import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type WorkerRequest } from './protocol.ts';
import { createSimClient, type WorkerLike } from './simClient.ts';

/** A fake worker that answers each request with the next canned reply (or stays silent). */
function fakeWorker(replies: unknown[]) {
  const sent: WorkerRequest[] = [];
  const listeners: Record<'message' | 'error', ((e: Event) => void)[]> = { message: [], error: [] };
  let terminated = false;
  const worker: WorkerLike = {
    postMessage(message) {
      sent.push(message);
      if (replies.length === 0) return;
      const data = replies.shift();
      queueMicrotask(() => {
        for (const l of listeners.message) l(new MessageEvent('message', { data }));
      });
    },
    addEventListener(type: 'message' | 'error', listener: (e: Event) => void) {
      listeners[type].push(listener);
    },
    terminate() {
      terminated = true;
    },
  };
  const fail = (message: string) => {
    for (const l of listeners.error) l(Object.assign(new Event('error'), { message }));
  };
  return { worker, sent, fail, isTerminated: () => terminated };
}

const hello = {
  type: 'hello',
  protocolVersion: PROTOCOL_VERSION,
  kubernetesVersion: 'v1.36.3',
  engineFormatVersion: 1,
};

describe('createSimClient', () => {
  it('resolves hello with the worker answer', async () => {
    const fake = fakeWorker([hello]);
    await expect(createSimClient(fake.worker).hello()).resolves.toEqual(hello);
    expect(fake.sent).toEqual([{ type: 'hello' }]);
  });

  it('rejects hello when the worker answers with an error', async () => {
    const fake = fakeWorker([{ type: 'error', message: 'engine not ready' }]);
    await expect(createSimClient(fake.worker).hello()).rejects.toThrow('engine not ready');
  });

  it('rejects hello when the answer is malformed', async () => {
    const fake = fakeWorker([{ type: 'hello', kubernetesVersion: 'v1.36.3' }]);
    await expect(createSimClient(fake.worker).hello()).rejects.toThrow('malformed');
  });

  it('rejects hello when the worker speaks another protocol version', async () => {
    const fake = fakeWorker([{ ...hello, protocolVersion: PROTOCOL_VERSION + 1 }]);
    await expect(createSimClient(fake.worker).hello()).rejects.toThrow(`protocol v${PROTOCOL_VERSION + 1}`);
  });

  it('rejects pending and later requests when the worker fails', async () => {
    const fake = fakeWorker([]);
    const client = createSimClient(fake.worker);
    const pending = client.hello();
    fake.fail('SyntaxError in sim.worker.ts');
    await expect(pending).rejects.toThrow('the simulation worker failed: SyntaxError in sim.worker.ts');
    await expect(client.hello()).rejects.toThrow('failed');
  });

  it('stops the worker and rejects pending requests on terminate', async () => {
    const fake = fakeWorker([]);
    const client = createSimClient(fake.worker);
    const pending = client.hello();
    client.terminate();
    await expect(pending).rejects.toThrow('stopped');
    expect(fake.isTerminated()).toBe(true);
  });
});
