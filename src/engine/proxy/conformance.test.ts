// Kubernetes' TestCategorizeEndpoints and the bounded-frequency runner's no-burst timeline as data
// (tests/conformance/proxy/k8s-proxy-cases.json), run against the ports.
import { describe, expect, it } from 'vitest';
import file from '../../../tests/conformance/proxy/k8s-proxy-cases.json';
import { newRunnerState, nextRun, run, runDue } from './boundedFrequencyRunner.ts';
import type { ProxyEndpoint } from './endpoint.ts';
import { categorizeEndpoints } from './topology.ts';

interface ProxyCase {
  source: string;
  function: string;
  input: Record<string, unknown>;
  expected: Record<string, unknown>;
  notApplicable?: string;
}

const ALL = (file as unknown as { cases: ProxyCase[] }).cases;

function endpoint(spec: Record<string, unknown>): ProxyEndpoint {
  const text = spec.endpoint as string;
  const [ip, port] = text.split(':') as [string, string];
  return {
    endpoint: text,
    ip,
    port: Number(port),
    nodeName: '',
    zone: '',
    isLocal: spec.isLocal as boolean,
    ready: spec.ready as boolean,
    serving: spec.serving as boolean,
    terminating: spec.terminating as boolean,
    zoneHints: (spec.zoneHints as string[] | undefined) ?? [],
    nodeHints: [],
  };
}

const names = (eps: ProxyEndpoint[] | undefined): string[] | null => (eps === undefined ? null : eps.map((e) => e.endpoint).sort());

describe('categorizeEndpoints', () => {
  const cases = ALL.filter((c) => c.function === 'categorizeEndpoints');
  const run = cases.filter((c) => !c.notApplicable);
  it('runs every case that v1.36 still answers the same way', () => {
    console.log(`conformance proxy: ${run.length} TestCategorizeEndpoints cases run, ${cases.length - run.length} not applicable`);
    expect([run.length, cases.length]).toEqual([28, 36]);
  });
  it.each(run.map((c) => [c.source, c] as const))('%s', (_, c) => {
    const svc = c.input.serviceInfo as Record<string, unknown>;
    const info = {
      internalPolicyLocal: svc.internalPolicyLocal === true,
      externalPolicyLocal: svc.externalPolicyLocal === true,
      externallyAccessible: typeof svc.nodePort === 'number' && svc.nodePort !== 0,
    };
    const labels = (c.input.nodeLabels as Record<string, string> | undefined) ?? {};
    const got = categorizeEndpoints((c.input.endpoints as Record<string, unknown>[]).map(endpoint), info, 'node-1', labels['topology.kubernetes.io/zone'] ?? '');
    const cluster = c.expected.clusterEndpoints as string[] | null;
    const local = c.expected.localEndpoints as string[] | null;
    // As upstream's check: an expected null demands none; an expected set accepts nil for empty.
    if (cluster === null) expect(got.clusterEndpoints).toBeUndefined();
    else expect(names(got.clusterEndpoints ?? [])).toEqual([...cluster].sort());
    if (local === null) expect(got.localEndpoints).toBeUndefined();
    else expect(names(got.localEndpoints ?? [])).toEqual([...local].sort());
    const all = cluster !== null && local === null ? cluster : local !== null && cluster === null ? local : (c.expected.allEndpoints as string[]);
    expect(names(got.allReachableEndpoints) ?? []).toEqual([...all].sort());
    expect(got.hasAnyEndpoints).toBe(all.length > 0 || c.expected.onlyRemoteEndpoints === true);
  });
});

describe('boundedFrequencyRunner', () => {
  it.each(ALL.filter((c) => c.function === 'boundedFrequencyRunner').map((c) => [c.source, c] as const))('%s', (_, c) => {
    const config = {
      minIntervalMs: c.input.minIntervalMs as number,
      maxIntervalMs: c.input.maxIntervalMs as number,
      retryIntervalMs: c.input.retryIntervalMs as number,
    };
    let state = newRunnerState(config, 0);
    for (const step of c.input.steps as { at: number; run?: boolean; expect: { runs: [number, string][]; nextRunAt?: number } }[]) {
      if (step.run) state = run(state, step.at);
      const r = runDue(state, config, step.at);
      state = r.state;
      expect(r.runs.map((x) => [x.at, x.reason])).toEqual(step.expect.runs);
      if (step.expect.nextRunAt !== undefined) expect(nextRun(state).at).toBe(step.expect.nextRunAt);
    }
  });
});
