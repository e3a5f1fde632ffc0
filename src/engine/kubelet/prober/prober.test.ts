import { describe, expect, it } from 'vitest';
import type { Container, Probe } from '../../api/types.ts';
import { probeOutput } from './prober.ts';

describe('probeOutput', () => {
  const c = { name: 'web', image: 'web:1', ports: [{ name: 'http', containerPort: 8080 }] } as Container;
  const down = { answering: false, neverReady: false };
  it.each([
    ['an httpGet probe on the pod IP', { httpGet: { path: '/healthz', port: 8080 } }, 'Get "http://10.244.1.5:8080/healthz": dial tcp 10.244.1.5:8080: connect: connection refused'],
    ['a named port, no path', { httpGet: { port: 'http' } }, 'Get "http://10.244.1.5:8080/": dial tcp 10.244.1.5:8080: connect: connection refused'],
    ['an HTTPS scheme and a host', { httpGet: { scheme: 'HTTPS', host: 'db', path: '/x', port: 9 } }, 'Get "https://db:9/x": dial tcp db:9: connect: connection refused'],
    ['a tcpSocket probe', { tcpSocket: { port: 8080 } }, 'dial tcp 10.244.1.5:8080: connect: connection refused'],
  ])('prints what the HTTP client or dialer prints while nothing listens (%s)', (_, probe, want) => {
    expect(probeOutput(probe as Probe, c, '10.244.1.5', down)).toBe(want);
  });
});
