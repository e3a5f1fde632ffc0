import { describe, expect, it } from 'vitest';
import { openScenarioText } from '../../cli/run.ts';
import { createEngine, runUntil } from '../../src/engine/sim.ts';
import type { TickRecord } from '../../src/engine/client/tick.ts';
import { parseScenarioText } from '../../src/scenario/parse.ts';
import { toSimConfig } from '../../src/scenario/toSimConfig.ts';
import { cliArgs } from './support.ts';
import { rolloutTraffic, trafficScenario } from './trafficRun.ts';

/**
 * Golden traffic figures of issue 22 (the rollout at 30 s, 100 rps from node-1, application
 * listening 2 s after its start; counted until the last old pod is gone). Pinned: a change in the
 * endpoint controllers', kube-proxy's or the clients' timing shows here first.
 */
describe('traffic golden runs', () => {
  it.each([
    ['no readinessProbe', 'none', { requests: 600, ok: 415, refused: 183, reset: 2, timeout: 0, http503: 0, errors: 185, longestErrorBurstSeconds: 0.08 }],
    ['a readinessProbe', 'probe', { requests: 1000, ok: 932, refused: 66, reset: 2, timeout: 0, http503: 0, errors: 68, longestErrorBurstSeconds: 0.04 }],
    ['a readinessProbe and a 5 s preStop sleep', 'probe+preStop', { requests: 1500, ok: 1500, refused: 0, reset: 0, timeout: 0, http503: 0, errors: 0, longestErrorBurstSeconds: 0 }],
  ] as const)('counts the requests of a 10-replica rollout with %s', (_why, probe, want) => {
    expect(rolloutTraffic({ replicas: 10, probe })).toEqual(want);
  });

  it.each([
    ['maxSurge 0, maxUnavailable 1', '{ maxSurge: 0, maxUnavailable: 1 }', { requests: 500, ok: 79, refused: 410, reset: 1, timeout: 10, http503: 0, errors: 421, longestErrorBurstSeconds: 4.2 }],
    ['maxSurge 1, maxUnavailable 0', '{ maxSurge: 1, maxUnavailable: 0 }', { requests: 600, ok: 553, refused: 47, reset: 0, timeout: 0, http503: 0, errors: 47, longestErrorBurstSeconds: 0.08 }],
  ])('counts the single-replica rollout with %s (readinessProbe, no preStop)', (_why, rollingUpdate, want) => {
    expect(rolloutTraffic({ replicas: 1, probe: 'probe', rollingUpdate })).toEqual(want);
  });

  it('resets the requests in flight on kept-alive connections at SIGTERM, unless the application drains', () => {
    expect(rolloutTraffic({ replicas: 10, probe: 'probe+preStop', keepAlive: true }).reset).toBeGreaterThan(0);
    expect(rolloutTraffic({ replicas: 10, probe: 'probe+preStop', keepAlive: true, onSigterm: 'drain' }).errors).toBe(0);
  });

  it('prints one --output traffic line per second and Service with §15’s keys in order', () => {
    const run = openScenarioText(trafficScenario({ replicas: 10, probe: 'none' }), cliArgs(['x.yaml', '--output', 'traffic', '--until', '40']));
    const lines = [...run.chunks].flat();
    expect(lines.map((l) => JSON.parse(l).second)).toEqual(Array.from({ length: 29 }, (_, i) => 10 + i));
    expect(Object.keys(JSON.parse(lines[0] as string))).toEqual(['second', 'service', 'ok', 'refused', 'reset', 'timeout', 'http503', 'byRevision', 'endpoints']);
    expect(JSON.parse(lines[0] as string)).toEqual({ second: 10, service: 'default/web', ok: 100, refused: 0, reset: 0, timeout: 0, http503: 0, byRevision: { '1': 100 }, endpoints: 10 });
  });

  it('times out new connections to a deleted Service once kube-proxy drops its rules; kept-alive ones go on', () => {
    const run = (keepAlive: boolean) => {
      // The rollout at 30 s is replaced by `kubectl delete svc web` at 30 s: no rollout, the Service goes.
      const text = trafficScenario({ replicas: 3, probe: 'probe', keepAlive }).replace('kubectl: set image deployment/web web=web:2', 'kubectl: delete svc web');
      const r = parseScenarioText(text);
      if (!r.ok) throw new Error(r.errors.join('\n'));
      const st = createEngine(toSimConfig(r.value));
      const ticks: TickRecord[] = [];
      runUntil(st, 40_000, (t) => ticks.push(t));
      const seconds = new Map<number, Record<string, unknown>>();
      for (const t of ticks) for (const d of t.decisions) if (d.fn === 'trafficSecond') seconds.set(Number(d.values.second), d.values);
      const failures = ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'trafficFailure');
      return { st, seconds, failures, ticks };
    };
    const { st, seconds, failures, ticks } = run(false);
    const removedAt = ticks.find((t) => t.actor === 'kube-proxy' && t.decisions.some((d) => d.key === 'gone'))?.time;
    // The Service goes at 30 s; node-1's kube-proxy sees it after the watch delay and syncs at once.
    expect(removedAt).toBe(30_050);
    expect(seconds.get(29)).toMatchObject({ requests: 100, ok: 100 });
    expect(seconds.get(30)).toMatchObject({ requests: 100, ok: 5, timeout: 95 });
    expect(seconds.get(35)).toMatchObject({ requests: 100, ok: 0, timeout: 100 });
    // Only the API server's own service/kubernetes keeps a slice and an Endpoints.
    expect([...st.store.objects.EndpointSlice.keys(), ...st.store.objects.Endpoints.keys()]).toEqual(['default/kubernetes', 'default/kubernetes']);
    // Every failure after the removal is a timeout with the removal's reason, never "not synced yet".
    expect(new Set(failures.map((d) => d.key))).toEqual(new Set(['rulesRemoved']));
    expect(failures[0]?.values).toMatchObject({ service: 'default/web', node: 'node-1', count: 95, from: 30.05, to: 30.99, removed: 30.05 });
    // With keep-alive, conntrack keeps the established flows to the pods, which still listen.
    const kept = run(true);
    expect(kept.seconds.get(35)).toMatchObject({ requests: 100, ok: 100 });
    expect(kept.failures).toEqual([]);
  });
});
