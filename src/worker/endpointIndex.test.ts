import { describe, expect, it } from 'vitest';
import type { EndpointSlice } from '../engine/api/discoveryTypes.ts';
import type { KubeObject, Pod } from '../engine/api/types.ts';
import { Recording } from '../timeline/recording.ts';
import { preset } from '../timeline/testScenarios.ts';
import { attachEndpoints, ENDPOINT_CODE, endpointStateOf } from './endpointCodes.ts';
import { EndpointIndex, endpointCode } from './endpointIndex.ts';
import { KeySlots, SlotTable } from '../timeline/slotTable.ts';
import { frameAt, newFrameCaches } from './frames.ts';
import { podEndpoint } from './podEndpoint.ts';
import type { PodView } from './views.ts';

function slice(name: string, endpoints: [string, boolean, boolean, boolean][]): EndpointSlice {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name, namespace: 'default', labels: { 'kubernetes.io/service-name': 'web' } },
    addressType: 'IPv4',
    ports: [],
    endpoints: endpoints.map(([pod, ready, serving, terminating]) => ({
      addresses: ['10.0.0.1'],
      conditions: { ready, serving, terminating },
      targetRef: { kind: 'Pod', namespace: 'default', name: pod },
    })),
  } as EndpointSlice;
}

describe('endpointCode', () => {
  it.each([
    ['ready when listed ready', [true, true, false], 'ready'],
    [
      'serving-terminating when not ready, serving and terminating',
      [false, true, true],
      'serving-terminating',
    ],
    ['none when terminating and not serving', [false, false, true], 'none'],
    ['none when not ready and not terminating', [false, false, false], 'none'],
  ] as const)('gives %s', (_what, [ready, serving, terminating], state) => {
    expect(endpointStateOf(endpointCode({ ready, serving, terminating }))).toBe(state);
  });
});

describe('EndpointIndex', () => {
  const service = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', namespace: 'default' },
    spec: { selector: { app: 'web' } },
  } as unknown as KubeObject;
  const pod = (name: string, app: string) =>
    ({
      kind: 'Pod',
      metadata: { name, namespace: 'default', labels: { app } },
      spec: {},
    }) as unknown as KubeObject;

  it('gives the best state of the slices listing a pod, none to a selected pod no slice lists, 0 to the rest', () => {
    const keys = new KeySlots(true);
    const objs = [pod('a', 'web'), pod('b', 'web'), pod('c', 'other')];
    for (const o of objs) keys.slot(`default/${o.metadata.name}`);
    const table = new SlotTable(keys, objs, objs.length);
    const index = new EndpointIndex([
      service,
      slice('web-1', [['a', false, true, true]]),
      slice('web-2', [['a', true, true, false]]),
    ]);
    expect(index.hasService).toBe(true);
    expect([...(index.codes(0, table, Int32Array.of(0, 1, 2)) ?? [])]).toEqual([
      ENDPOINT_CODE.ready,
      ENDPOINT_CODE.none,
      0,
    ]);
  });

  it('gives no codes without a Service', () => {
    const keys = new KeySlots(true);
    keys.slot('default/a');
    const index = new EndpointIndex([slice('web-1', [['a', true, true, false]])]);
    expect(index.hasService).toBe(false);
    expect(index.codes(0, new SlotTable(keys, [pod('a', 'web')], 1), Int32Array.of(0))).toBeNull();
  });
});

/** traffic-probe-prestop, optionally with more replicas, recorded to its end or `untilTick`. */
function recording(replicas?: number, untilTick?: number): Recording {
  const s = preset('traffic-probe-prestop');
  const rec = new Recording(
    replicas === undefined
      ? s
      : {
          ...s,
          objects: s.objects.map((o) =>
            o.kind === 'Deployment' ? { ...o, spec: { ...o.spec, replicas } } : o,
          ),
        },
  );
  rec.timeline.record(untilTick === undefined ? {} : { untilTick });
  return rec;
}

describe('frameAt endpoint codes', () => {
  it('round-trips each pod view to the state its details show (podEndpoint) at every 20th tick', () => {
    const rec = recording();
    const caches = newFrameCaches();
    const seen = new Set<string>();
    for (let tick = 1; tick <= rec.timeline.length; tick += 20) {
      const { view } = frameAt(rec, tick, true, caches);
      const pods = view?.pods ?? [];
      expect(view?.podEndpoints).toHaveLength(pods.length);
      attachEndpoints(pods, view?.podEndpoints);
      const store = rec.timeline.engineAt(tick).store;
      for (const p of pods) {
        const pod = store.objects.Pod.get(`${p.namespace}/${p.name}`) as Pod;
        expect(p.endpointState, `${p.name} at tick ${tick}`).toBe(podEndpoint(store, pod)?.state);
        seen.add(p.endpointState ?? 'no badge');
      }
    }
    // The run shows each state: pods ready, old pods draining in their preStop, new pods not Ready yet.
    expect([...seen].sort()).toEqual(['none', 'ready', 'serving-terminating']);
  });

  it('follows a seek backwards and a fork that cut the log', () => {
    const rec = recording();
    const caches = newFrameCaches();
    const end = rec.timeline.length;
    const late = frameAt(rec, end, true, caches).view?.podEndpoints?.slice();
    frameAt(rec, 1, true, caches);
    expect(frameAt(rec, end, true, caches).view?.podEndpoints).toEqual(late);
    rec.timeline.fork(5, []);
    rec.timeline.record({});
    const fresh = newFrameCaches();
    for (const tick of [5, 200, rec.timeline.length])
      expect(frameAt(rec, tick, true, caches).view?.podEndpoints).toEqual(
        frameAt(rec, tick, true, fresh).view?.podEndpoints,
      );
  });

  it('packs one code a pod beside the packed pods, the same as the views give', () => {
    // 1,001 pods travel as views up to 1,200 unless the last frame was packed (packPods).
    const rec = recording(1001, 6000);
    const caches = newFrameCaches();
    const { view } = frameAt(rec, 6000, true, caches);
    caches.packed = true;
    const { packed } = frameAt(rec, 6000, false, caches);
    expect(packed?.count).toBe(view?.pods.length);
    expect(packed?.endpoint).toEqual(view?.podEndpoints);
    // At 30 s a third of them are ready endpoints and the rest not Ready yet.
    const states = new Set(packed?.endpoint);
    expect([...states].sort()).toEqual([ENDPOINT_CODE.none, ENDPOINT_CODE.ready]);
  });

  it('sends no codes without a Service, packed or not', () => {
    const s = preset('seed');
    const rec = new Recording({
      ...s,
      objects: s.objects.map((o) =>
        o.kind === 'Deployment' ? { ...o, spec: { ...o.spec, replicas: 1100 } } : o,
      ),
    });
    rec.timeline.record({ untilTick: 3000 });
    const caches = newFrameCaches();
    const { view } = frameAt(rec, 3000, true, caches);
    expect(view && 'podEndpoints' in view).toBe(false);
    caches.packed = true;
    const { packed } = frameAt(rec, 3000, false, caches);
    expect(packed && 'endpoint' in packed).toBe(false);
  });
});

describe('attachEndpoints', () => {
  it('sets a state only where a Service selects the pod', () => {
    const pods = [{ name: 'a' }, { name: 'b' }, { name: 'c' }] as PodView[];
    attachEndpoints(pods, Uint8Array.of(0, ENDPOINT_CODE['serving-terminating'], ENDPOINT_CODE.ready));
    expect(pods.map((p) => p.endpointState)).toEqual([undefined, 'serving-terminating', 'ready']);
  });
});
