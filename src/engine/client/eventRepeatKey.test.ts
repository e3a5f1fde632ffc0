import { describe, expect, it } from 'vitest';
import type { Event, KubeObject } from '../api/types.ts';
import { DEFAULT_IMAGE_BEHAVIOUR } from '../config.ts';
import { createEngine } from '../sim/simulation.ts';
import type { EngineState } from '../sim/state.ts';
import { clockEventName, nameUid } from './eventNames.ts';
import { newTx, recordEvent } from './tx.ts';

function engine(): EngineState {
  return createEngine({
    seed: 1,
    nodes: [{ name: 'n1', labels: {}, taints: [], unschedulable: false, maxPods: 110 }],
    images: { default: DEFAULT_IMAGE_BEHAVIOUR },
    terminationSeconds: 1,
    watchDelaySeconds: 0.05,
    objects: [],
    actions: [],
  });
}

const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p-n1', namespace: 'default', uid: 'pod-n1' },
  spec: { nodeName: 'n1', containers: [] },
} as unknown as KubeObject;

const stored = (st: EngineState): [string, Event][] => [...st.store.objects.Event] as [string, Event][];

describe('recordEvent and the store key its correlator keeps (EventLog.key)', () => {
  it('counts a repeat on the Event stored under the key the first write made', () => {
    const st = engine();
    const at = st.now;
    for (let i = 0; i < 3; i++) recordEvent(newTx(st, 'test'), pod, 'Warning', 'Unhealthy', 'Readiness probe failed', 'kubelet', 'clock');
    const name = clockEventName('p-n1', at);
    expect(stored(st).map(([k, e]) => [k, e.metadata.name, e.count])).toEqual([[`default/${name}`, name, 3]]);
  });

  it('creates a repeat whose first write the spam filter dropped under the name made then, read off its key', () => {
    const st = engine();
    const at = st.now;
    // 25 Events about the pod empty its bucket: the 26th, its first Late, is dropped (named all the same).
    for (let i = 0; i < 25; i++) recordEvent(newTx(st, 'test'), pod, 'Normal', `R${i}`, 'm', 'kubelet', 'clock');
    recordEvent(newTx(st, 'test'), pod, 'Warning', 'Late', 'late', 'kubelet', 'clock');
    expect(stored(st)).toHaveLength(25);
    st.now += 300_000;
    recordEvent(newTx(st, 'test'), pod, 'Warning', 'Late', 'late', 'kubelet', 'clock');
    // Named 25 µs into the first ms, after the 25 before it.
    const name = clockEventName('p-n1', at, 25_000);
    const late = stored(st).find(([, e]) => e.reason === 'Late');
    expect(late?.[0]).toBe(`default/${name}`);
    expect(late?.[1].metadata).toMatchObject({ name, namespace: 'default', uid: nameUid(name) });
    expect(late?.[1].count).toBe(2);
  });
});
