import { describe, expect, it } from 'vitest';
import type { Pod, Probe } from '../../api/types.ts';
import { type ContainerFacts, outputOf } from './proberManager.ts';
import { unhealthyMessage } from './prober.ts';
import { unhealthyOf } from './unhealthy.ts';
import { newWorker, type ProbeType } from './worker.ts';

const http: Probe = { httpGet: { path: '/healthz', port: 8080 } };
const tcp: Probe = { tcpSocket: { port: 8080 } };

function pod(readiness: Probe, liveness: Probe = tcp): Pod {
  const c = { name: 'web', image: 'web:1', readinessProbe: readiness, livenessProbe: liveness };
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-1', uid: 'u1' }, spec: { containers: [c] } };
}

function facts(neverReady: boolean): ContainerFacts {
  return { id: 0, startedAtMs: 0, appReadyAtMs: neverReady ? -1 : 5000, neverReady, stoppedAtMs: -1 };
}

const timing = { initialDelaySeconds: 0, periodSeconds: 1, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 } as never;
const worker = (t: ProbeType) => newWorker(t, 0, 'web', timing, 0);
const shared = pod(http);

describe('unhealthyOf', () => {
  // Each row: the first failure, then a second one that differs in one input (or none).
  it.each([
    ['keeps the message for the same pod, probe and IP', shared, 'readiness', false, '10.0.0.1', shared, 'readiness', false, '10.0.0.1', true],
    ['makes it anew for another pod IP', shared, 'readiness', false, '10.0.0.1', shared, 'readiness', false, '10.0.0.2', false],
    ['makes it anew when the application never gets ready', shared, 'readiness', false, '10.0.0.1', shared, 'readiness', true, '10.0.0.1', false],
    ['makes it anew for the other probe of the container', shared, 'readiness', false, '10.0.0.1', shared, 'liveness', false, '10.0.0.1', false],
    ['makes it anew for a pod of another spec', shared, 'readiness', false, '10.0.0.1', pod(tcp), 'readiness', false, '10.0.0.1', false],
  ] as const)('%s', (_name, p1, t1, n1, ip1, p2, t2, n2, ip2, same) => {
    const first = unhealthyOf(p1, 'default/web-1', worker(t1), facts(n1), 1000, ip1);
    const second = unhealthyOf(p2, 'default/web-1', worker(t2), facts(n2), 2000, ip2);
    // What the kubelet made before the memo: outputOf, then the message around it.
    const output = outputOf(p2, worker(t2), facts(n2), 2000, ip2);
    expect(second.output).toBe(output);
    expect(second.message).toBe(unhealthyMessage(t2, output));
    expect(second === first).toBe(same);
  });
});
