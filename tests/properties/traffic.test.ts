import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rolloutTraffic } from '../golden/trafficRun.ts';

describe('traffic during a rollout', () => {
  it('loses at least as many requests without a readinessProbe as with one, and none with a probe and a preStop sleep', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        const none = rolloutTraffic({ replicas: 10, probe: 'none', seed }).errors;
        const probe = rolloutTraffic({ replicas: 10, probe: 'probe', seed }).errors;
        const preStop = rolloutTraffic({ replicas: 10, probe: 'probe+preStop', seed }).errors;
        expect(none).toBeGreaterThanOrEqual(probe);
        expect(probe).toBeGreaterThan(preStop);
        expect(preStop).toBe(0);
      }),
      { numRuns: 8, seed: 22 },
    );
  }, 120_000);
});
