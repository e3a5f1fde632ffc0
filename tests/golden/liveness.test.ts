// The run that stood still (issue #24): a drain moves one of three anti-affine `db` pods off
// node-1, its replacement cannot be scheduled anywhere, and at lastUpdateTime + 600 s (606 s)
// requeueStuckDeployment asks for a progress check "now" at every sync. Upstream that goes
// through enqueueRateLimited, so the checks come 5 ms apart until the queue's bucket has spent
// its burst of 100, then 100 ms apart (10 qps), and the run reaches its horizon (660 s). The
// Progressing condition stays NewReplicaSetAvailable, as a cluster's does: DeploymentTimedOut
// never reports a timeout over a condition whose reason is NewReplicaSetAvailable.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../src/engine/api/types.ts';
import { deploymentStatusViewer } from '../../src/engine/kubectl/rolloutStatus.ts';
import { createEngine, lastActionTime, newStallWatch, runUntil, type TickRecord } from '../../src/engine/sim.ts';
import { parseScenarioText } from '../../src/scenario/parse.ts';
import { toSimConfig } from '../../src/scenario/toSimConfig.ts';

const text = readFileSync(new URL('../fixtures/scenarios/drain-replacement-unschedulable.yaml', import.meta.url), 'utf8');

function run() {
  const parsed = parseScenarioText(text);
  if (!parsed.ok) throw new Error(parsed.errors[0]);
  const config = toSimConfig(parsed.value);
  const st = createEngine(config);
  const checks: number[] = [];
  const delays: number[] = [];
  const stall = newStallWatch();
  const ticks = runUntil(
    st,
    lastActionTime(config) + 600_000,
    (t: TickRecord) => {
      for (const d of t.decisions) {
        if (d.fn === 'requeueStuckDeployment' && d.key === 'requeueNow') {
          checks.push(t.time);
          delays.push(Number(d.values?.ms));
        }
      }
    },
    stall,
  );
  return { st, ticks, checks, delays, stall };
}

describe('the drain whose replacement cannot schedule', () => {
  const r = run();

  it('reaches its horizon without standing still', () => {
    expect(r.stall.stall).toBeNull();
    expect(r.st.now).toBe(660_000);
    expect(r.ticks).toBeLessThan(5_000);
  });

  it('checks the progress deadline through the rate limiter from 606 s: 5 ms apart for the burst of 100, then 100 ms', () => {
    expect(r.checks[0]).toBeGreaterThanOrEqual(605_000);
    expect(r.checks[0]).toBeLessThan(607_000);
    // Each 5 ms wait gives back 0.05 of a token, so the burst of 100 lasts 105 checks (100 − 105 +
    // 104 · 0.05 = 0.2 left); from then on the bucket holds them to one token every 100 ms.
    expect(r.delays.slice(0, 105).every((ms) => ms === 5)).toBe(true);
    expect(r.delays.slice(110, 200).every((ms) => ms > 90 && ms <= 100)).toBe(true);
    // 10 checks a second after the burst: from ~606.5 s to 660 s, about 535 of them.
    const late = r.checks.filter((ms) => ms > 610_000 && ms <= 660_000).length;
    expect(late).toBeGreaterThanOrEqual(495);
    expect(late).toBeLessThanOrEqual(501);
  });

  it('leaves the Deployment waiting, as kubectl rollout status reports it on a cluster', () => {
    const d = r.st.store.objects.Deployment.get('default/db') as Deployment;
    const progressing = d.status?.conditions?.find((c) => c.type === 'Progressing');
    expect(progressing?.reason).toBe('NewReplicaSetAvailable');
    expect(deploymentStatusViewer(d).message).toBe('Waiting for deployment "db" rollout to finish: 2 of 3 updated replicas are available...\n');
  });
});
