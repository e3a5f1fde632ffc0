import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KUBERNETES_VERSION } from '../engine/version.ts';
import { PROTOCOL_VERSION } from './protocol.ts';

// The worker installs its handler on the global scope; run it in Node with a stand-in postMessage.
const scope = globalThis as unknown as {
  onmessage: ((event: { data: unknown }) => void) | null;
  postMessage: (message: unknown, transfer: unknown[]) => void;
};
const posted = vi.fn();

beforeAll(async () => {
  scope.postMessage = posted;
  await import('./sim.worker.ts');
});

afterAll(() => {
  scope.onmessage = null;
  Reflect.deleteProperty(scope, 'postMessage');
});

describe('sim.worker', () => {
  it('answers hello through the host with the protocol and Kubernetes versions', () => {
    posted.mockClear();
    scope.onmessage?.({ data: { type: 'hello', id: 1 } });
    expect(posted).toHaveBeenCalledExactlyOnceWith(
      {
        type: 'reply',
        id: 1,
        ok: true,
        result: expect.objectContaining({
          kind: 'hello',
          protocolVersion: PROTOCOL_VERSION,
          kubernetesVersion: KUBERNETES_VERSION,
        }),
      },
      [],
    );
  });

  it.each([[{ type: 'launch', id: 2 }], [{ type: 'hello', id: 2, extra: 1 }]])(
    'answers a malformed request %j with an error',
    (data) => {
      posted.mockClear();
      scope.onmessage?.({ data });
      expect(posted).toHaveBeenCalledExactlyOnceWith(
        { type: 'reply', id: 2, ok: false, error: expect.stringMatching(/^malformed request/) },
        [],
      );
    },
  );

  it.each([[null], ['hello'], [{ type: 'hello' }]])(
    'reports a request %j without an id as a fault',
    (data) => {
      posted.mockClear();
      scope.onmessage?.({ data });
      expect(posted).toHaveBeenCalledExactlyOnceWith(
        { type: 'fault', message: expect.stringMatching(/^malformed request/), tick: null },
        [],
      );
    },
  );
});
