import { namesText } from '../state/podBuffer.ts';
import { describe, expect, it } from 'vitest';
import type { Node } from '../engine/api/types.ts';
import type { EngineState } from '../engine/sim.ts';
import type { ObjectMaps } from '../timeline/objectCursor.ts';
import { VIEW_KINDS } from '../timeline/objectCursor.ts';
import { Recording } from '../timeline/recording.ts';
import { freshRun, numbers, preset } from '../timeline/testScenarios.ts';
import type { Scenario } from '../scenario/types.ts';
import { PodPacker } from './podPacker.ts';
import type { PackedPodsWire } from './protocol.ts';
import { nodeViews } from './nodeViews.ts';
import { ownerIndex, sortedPods } from './viewModel.ts';

/** The engine's objects as the views read them. */
function mapsOf(st: EngineState): ObjectMaps {
  const maps = {} as ObjectMaps;
  for (const k of VIEW_KINDS) maps[k] = st.store.objects[k];
  return maps;
}

/** What a packing says of each pod, by name (node and workload indexes depend on listing order). */
function decoded(p: PackedPodsWire) {
  const pods = Array.from({ length: p.count }, (_, i) => [
    p.nodeNames[p.node[i] as number] ?? null,
    p.phase[i],
    p.revision[i],
    p.workloadNames[p.workload[i] as number],
  ]);
  return {
    count: p.count,
    names: p.names === null ? null : namesText(p.names),
    namesVersion: p.namesVersion,
    workloads: p.workloadNames,
    pods,
  };
}

/** `id` with every workload's replicas and minReadySeconds set (where given). */
function variant(id: string, replicas?: number, minReadySeconds?: number): Scenario {
  const s = preset(id);
  return {
    ...s,
    objects: s.objects.map((o) => {
      if (!('spec' in o)) return o;
      const spec = { ...o.spec } as Record<string, unknown>;
      if (replicas !== undefined && o.kind === 'Deployment') spec.replicas = replicas;
      if (minReadySeconds !== undefined) spec.minReadySeconds = minReadySeconds;
      return { ...o, spec } as unknown as typeof o;
    }),
  };
}

describe('PodPacker.packColumns', () => {
  it.each([
    ['seed', variant('seed')],
    ['seed, 300 replicas, minReadySeconds 5', variant('seed', 300, 5)],
    ['daemonset-rolling, minReadySeconds 3', variant('daemonset-rolling', undefined, 3)],
    ['nodes-coming-and-going', variant('nodes-coming-and-going')],
    ['broken-image', variant('broken-image')],
  ])('packs what the pods of a fresh run hold at each tick it seeks to (%s)', (_name, s) => {
    const rec = new Recording(s, { keyframeEvery: 40 });
    rec.timeline.record({ untilTick: 4000 });
    const n = rec.timeline.length;
    const columns = new PodPacker();
    const objects = new PodPacker();
    // Random jumps both ways, a repeat (names not sent again) and single steps.
    for (const i of [n, ...numbers(29, 12, 0, n), 7, 7, 8, 6, n]) {
      rec.cursor.moveTo(i);
      const objs = rec.cursor.objects();
      const nowMs = rec.timeline.timeAt(i);
      const got = columns.packColumns(rec.cursor.podColumns(), ownerIndex(objs), nowMs);
      const fresh = mapsOf(freshRun(s, i).st);
      const nodeNames = ([...fresh.Node.values()] as Node[]).map((x) => x.metadata.name);
      const want = objects.pack(sortedPods(fresh), nodeNames, ownerIndex(fresh), nowMs);
      expect(decoded(got)).toEqual(decoded(want));
      expect([...got.nodeNames].sort()).toEqual([...nodeNames].sort());
    }
  });

  it('follows a fork that cuts the recording', () => {
    const s = variant('seed', 60);
    const rec = new Recording(s, { keyframeEvery: 40 });
    rec.timeline.record();
    rec.cursor.moveTo(rec.timeline.length);
    const f = rec.timeline.fork(400, [
      { at: 0, kubectl: 'scale deployment/nginx-deployment-roll01 --replicas=90' },
    ]);
    if (!f.ok) throw new Error(f.output);
    rec.timeline.record();
    const n = rec.timeline.length;
    for (const i of [n, 398, 401, ...numbers(3, 6, 0, n)]) {
      rec.cursor.moveTo(i);
      const objs = rec.cursor.objects();
      const nowMs = rec.timeline.timeAt(i);
      const got = new PodPacker().packColumns(rec.cursor.podColumns(), ownerIndex(objs), nowMs);
      const fresh = mapsOf(freshRun(f.scenario, i).st);
      const nodeNames = ([...fresh.Node.values()] as Node[]).map((x) => x.metadata.name);
      const want = new PodPacker().pack(sortedPods(fresh), nodeNames, ownerIndex(fresh), nowMs);
      expect(decoded(got)).toEqual(decoded(want));
    }
  });

  it('sends the names only when the listed pods changed', () => {
    const rec = new Recording(variant('seed'), { keyframeEvery: 40 });
    rec.timeline.record();
    const packer = new PodPacker();
    const at = (i: number) => {
      rec.cursor.moveTo(i);
      return packer.packColumns(
        rec.cursor.podColumns(),
        ownerIndex(rec.cursor.objects()),
        rec.timeline.timeAt(i),
      );
    };
    const first = at(rec.timeline.length);
    expect(namesText(first.names ?? '').split('\n')).toEqual(
      [...rec.cursor.objects().Pod.values()].map((p) => p.metadata.name),
    );
    expect(at(rec.timeline.length).names).toBeNull();
    expect(at(0).namesVersion).toBe(first.namesVersion + 1);
    packer.reset();
    expect(at(0).names).not.toBeNull();
  });
});

/** `s` with two bare pods added: one that requests cpu and memory, one that requests nothing. */
function withBarePods(s: Scenario): Scenario {
  const pod = (name: string, resources?: object) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name },
    spec: { containers: [{ name: 'c', image: 'c:1', ...(resources ? { resources } : {}) }] },
  });
  const bare = [pod('solo-requests', { requests: { cpu: '300m', memory: '100Mi' } }), pod('solo-plain')];
  return { ...s, objects: [...s.objects, ...bare] as Scenario['objects'] };
}

describe('PodPacker.nodeTotals', () => {
  it.each([
    ['no-surge-fits with bare pods', withBarePods(preset('no-surge-fits'))],
    ['quota-blocks-surge', preset('quota-blocks-surge')],
    ['daemonset-rolling', preset('daemonset-rolling')],
    ['nodes-coming-and-going', preset('nodes-coming-and-going')],
  ])('gives the pod counts and requests of a fresh run at each tick it seeks to (%s)', (_name, s) => {
    const rec = new Recording(s, { keyframeEvery: 40 });
    rec.timeline.record({ untilTick: 3000 });
    const n = rec.timeline.length;
    const packer = new PodPacker();
    for (const i of [n, ...numbers(11, 12, 0, n), 1, 0]) {
      rec.cursor.moveTo(i);
      const objs = rec.cursor.objects();
      packer.packColumns(rec.cursor.podColumns(), ownerIndex(objs), rec.timeline.timeAt(i));
      const got = nodeViews(objs, packer.nodeTotals());
      expect(got).toEqual(nodeViews(mapsOf(freshRun(s, i).st)));
    }
  });

  it('counts requests the test scenarios really make', () => {
    const s = withBarePods(preset('no-surge-fits'));
    const rec = new Recording(s);
    rec.timeline.record({ untilTick: 400 });
    rec.cursor.moveTo(400);
    const views = nodeViews(rec.cursor.objects());
    expect(views.some((v) => v.requested.cpuMilli > 0 && v.requested.memoryBytes > 0)).toBe(true);
    expect(views.reduce((k, v) => k + v.podCount, 0)).toBeGreaterThan(0);
  });
});
