import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_BEHAVIOUR, type SimConfig } from '../config.ts';
import { createEngine, runUntil, step } from './simulation.ts';
import { cloneEngineState, pendingDeliveries } from './state.ts';

function config(): SimConfig {
  return {
    seed: 1,
    nodes: [{ name: 'node-1', labels: {}, taints: [], unschedulable: false, maxPods: 110 }],
    images: { default: DEFAULT_IMAGE_BEHAVIOUR },
    terminationSeconds: 1,
    watchDelaySeconds: 0.05,
    objects: [
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web', labels: { app: 'web' } },
        spec: {
          replicas: 3,
          selector: { matchLabels: { app: 'web' } },
          template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'web:1' }] } },
        },
      },
    ],
    actions: [],
  };
}

describe('cloneEngineState', () => {
  it('keeps its pending deliveries when the original steps on', () => {
    const st = createEngine(config());
    // Tick 1 creates the Deployment: its watch delivery waits 50 ms in the deliveries queue.
    runUntil(st, 0);
    expect(st.deliveries.length).toBeGreaterThan(0);
    const copy = cloneEngineState(st);
    const before = copy.deliveries.map((d) => d.seq);
    while (pendingDeliveries(st).length > 0) step(st);
    expect(copy.deliveries.map((d) => d.seq)).toEqual(before);
    expect(copy.deliveries).not.toBe(st.deliveries);
  });

  it('steps a copy to the same records as the original', () => {
    const st = createEngine(config());
    runUntil(st, 0);
    const copy = cloneEngineState(st);
    const a = [step(st), step(st), step(st)];
    const b = [step(copy), step(copy), step(copy)];
    expect(b).toEqual(a);
  });

  it('copies only the deliveries not yet taken, and steps on to the same records', () => {
    const st = createEngine(config());
    // Step until some deliveries were taken while others still wait (the head has moved).
    while (st.deliveriesHead === 0 && st.tick < 200) step(st);
    expect(st.deliveriesHead).toBeGreaterThan(0);
    const pending = pendingDeliveries(st).map((d) => d.seq);
    const copy = cloneEngineState(st);
    expect(copy.deliveriesHead).toBe(0);
    expect(copy.deliveries.map((d) => d.seq)).toEqual(pending);
    const a = Array.from({ length: 20 }, () => step(st));
    const b = Array.from({ length: 20 }, () => step(copy));
    expect(b).toEqual(a);
  });
});

describe('popNext', () => {
  it('keeps a few taken deliveries after a drain, and steps to the records a queue emptied at every tick gives', () => {
    // 40 replicas: ~1,000 deliveries, so drains come both before and after 64 taken ones.
    const c = config();
    const d = c.objects[0] as { spec: { replicas: number } };
    d.spec.replicas = 40;
    const st = createEngine(c);
    let copy = cloneEngineState(st);
    let keptAfterDrain = 0;
    let emptied = 0;
    for (let t = 0; t < 3000; t++) {
      const a = step(st);
      // A copy holds only the pending deliveries (head 0): the queue as an emptying drain leaves it.
      const b = step(copy);
      expect(b).toEqual(a);
      if (!a) break;
      copy = cloneEngineState(copy);
      expect(pendingDeliveries(st).map((d) => d.seq)).toEqual(pendingDeliveries(copy).map((d) => d.seq));
      if (pendingDeliveries(st).length === 0 && st.deliveries.length > 0) keptAfterDrain++;
      if (st.deliveries.length === 0 && st.deliveriesHead === 0) emptied++;
      expect(st.deliveriesHead).toBeLessThan(64 + 1024);
    }
    expect(keptAfterDrain).toBeGreaterThan(0);
    expect(emptied).toBeGreaterThan(0);
  });
});
