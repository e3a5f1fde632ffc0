import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types.ts';
import { DEFAULT_IMAGE_BEHAVIOUR } from '../config.ts';
import { createEngine, runUntil } from '../sim/simulation.ts';
import { kubectl, runTicks, testConfig } from '../sim/executeTestEngine.ts';

/** A pod of one's own asking for a whole node's 4 CPUs. */
const bigPod = (name: string, image: string) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name },
  spec: { restartPolicy: 'Never', containers: [{ name: 'app', image, resources: { requests: { cpu: '4' } } }] },
});

describe('the scheduler and finished pods', () => {
  it('gives the room of a pod that finished (Failed) to a pod waiting for it, as its informer drops terminal pods', () => {
    const cfg = testConfig([], 1);
    const st = createEngine({ ...cfg, images: { ...cfg.images, 'crash:1': { ...DEFAULT_IMAGE_BEHAVIOUR, crash: true, readySeconds: 5 } } });
    runUntil(st, 10_000);
    st.now = 10_000;
    expect(kubectl(st, 'apply -f -', bigPod('first', 'crash:1'))).toMatchObject({ ok: true });
    runTicks(st, 0.5);
    expect(kubectl(st, 'apply -f -', bigPod('second', 'web:1'))).toMatchObject({ ok: true });
    const ticks = runTicks(st, 60);
    const pod = (name: string) => st.store.objects.Pod.get(`default/${name}`) as Pod;
    expect(pod('first').status?.phase).toBe('Failed');
    expect(pod('second').spec.nodeName).toBe('node-1');
    // The move to the active queue came with the finished pod's update, not with a delete.
    const moved = ticks.filter((t) => t.decisions.some((d) => d.fn === 'movePodsToActiveOrBackoffQueue' && d.values.pod === 'second'));
    expect(moved.map((t) => t.summary)).toEqual([expect.stringMatching(/^watch MODIFIED Pod first /)]);
  });
});
