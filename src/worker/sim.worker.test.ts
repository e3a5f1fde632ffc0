import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGINE_FORMAT_VERSION, KUBERNETES_VERSION } from '../engine/version.ts';
import { PROTOCOL_VERSION } from './protocol.ts';

// The worker installs its handler on the global scope; run it in Node with a stand-in postMessage.
const scope = globalThis as unknown as {
  onmessage: ((event: { data: unknown }) => void) | null;
  postMessage: (message: unknown) => void;
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
  it('answers hello with the protocol, Kubernetes and engine format versions', () => {
    posted.mockClear();
    scope.onmessage?.({ data: { type: 'hello' } });
    expect(posted).toHaveBeenCalledExactlyOnceWith({
      type: 'hello',
      protocolVersion: PROTOCOL_VERSION,
      kubernetesVersion: KUBERNETES_VERSION,
      engineFormatVersion: ENGINE_FORMAT_VERSION,
    });
  });

  it.each([[{ type: 'launch' }], [null], ['hello'], [{ type: 'hello', extra: 1 }]])(
    'answers a malformed request %j with an error',
    (data) => {
      posted.mockClear();
      scope.onmessage?.({ data });
      expect(posted).toHaveBeenCalledExactlyOnceWith({
        type: 'error',
        message: expect.stringMatching(/^malformed/),
      });
    },
  );
});
