import { describe, expect, it } from 'vitest';
import { parseArgs, runScenarioText } from '../../cli/run.ts';
import { createEngine, step } from '../engine/sim.ts';
import { toSimConfig } from '../scenario/toSimConfig.ts';
import type { Action } from '../scenario/types.ts';
import { PRESETS } from '../scenario/presets/index.ts';
import { internalsOf } from './internals.ts';
import { WATCH_KINDS } from './derived.ts';
import { VIEW_KINDS } from './objectCursor.ts';
import { Recording } from './recording.ts';
import { diffStates } from './digest.ts';
import { freshRun, numbers, preset } from './testScenarios.ts';

function storeAt(r: Recording, i: number): string {
  const st = r.timeline.engineAt(i);
  return JSON.stringify(VIEW_KINDS.map((k) => [...st.store.objects[k]].sort(([a], [b]) => a.localeCompare(b))));
}

function cursorObjects(r: Recording): string {
  const m = r.cursor.objects();
  return JSON.stringify(VIEW_KINDS.map((k) => [...m[k]].sort(([a], [b]) => a.localeCompare(b))));
}

function recorded(id: string, keyframeEvery: number | null = 40): Recording {
  const r = new Recording(preset(id), { keyframeEvery });
  r.timeline.record();
  return r;
}

const SCALE: Action = { at: 0, kubectl: 'scale deployment/nginx-deployment-roll01 --replicas=4' };

describe('ObjectCursor', () => {
  it.each(['seed', 'daemonset-rolling', 'nodes-coming-and-going'])(
    'holds the store objects of the tick it moves to (%s)',
    (id) => {
      const r = recorded(id);
      const n = r.timeline.length;
      for (const i of [n, 0, ...numbers(11, 8, 0, n), n - 1, n]) {
        r.cursor.moveTo(i);
        expect(r.cursor.tick).toBe(i);
        expect(cursorObjects(r)).toBe(storeAt(r, i));
      }
    },
  );

  it('jumps from its snapshots to the objects of any tick of a bigger run', () => {
    const s = preset('seed');
    const big = { ...s, objects: s.objects.map((o) => ('spec' in o ? { ...o, spec: { ...o.spec, replicas: 300 } } : o)) };
    const r = new Recording(big as typeof s, { keyframeEvery: 500 });
    r.timeline.record({ untilTimeMs: 40_000 });
    expect(r.cursor.snapshotCount()).toBeGreaterThan(2);
    const n = r.timeline.length;
    for (const i of [n, 5, ...numbers(17, 6, 0, n), 0, n - 3]) {
      r.cursor.moveTo(i);
      expect(cursorObjects(r)).toBe(storeAt(r, i));
    }
  });

  it('shares its objects with a state replayed to the same tick (no second copy)', () => {
    const r = recorded('daemonset-rolling', 60);
    for (const i of numbers(5, 6, 1, r.timeline.length)) {
      const st = r.timeline.engineAt(i);
      r.cursor.moveTo(i);
      const objs = r.cursor.objects();
      for (const k of VIEW_KINDS) for (const [key, o] of st.store.objects[k]) expect(objs[k].get(key)).toBe(o);
      // The informer cache lags: an object it holds at the store's version is the store's object.
      for (const k of VIEW_KINDS) {
        for (const [key, o] of st.cache.objects[k]) {
          const now = objs[k].get(key);
          if (now?.metadata.resourceVersion === o.metadata.resourceVersion) expect(o).toBe(now);
        }
      }
    }
  });

  it('lists the pods by key wherever it moves', () => {
    const r = recorded('nodes-coming-and-going');
    for (const i of [r.timeline.length, ...numbers(9, 6, 0, r.timeline.length)]) {
      r.cursor.moveTo(i);
      const keys = [...r.cursor.objects().Pod.keys()];
      expect(keys).toEqual([...keys].sort());
      expect(keys.length).toBe(r.cursor.objects().Pod.size);
    }
  });

  it('walks one tick back and forth as the identity', () => {
    const r = recorded('seed');
    r.cursor.moveTo(300);
    const here = cursorObjects(r);
    r.cursor.moveTo(299);
    r.cursor.moveTo(300);
    expect(cursorObjects(r)).toBe(here);
  });

  it.each(['seed', 'daemonset-rolling'])(
    'after the recording stopped (its columns trimmed) steps over its last pod update forward (%s)',
    (id) => {
      const r = recorded(id);
      const log = r.timeline.records;
      let last = 0;
      for (let k = 0; k < log.length; k++)
        for (let j = 0; log.kindAt(k, j) !== undefined; j++)
          if (log.kindAt(k, j) === 'Pod' && log.writeAt(k, j)?.type !== 'DELETED') last = k + 1;
      expect(last).toBeGreaterThan(1);
      const columns = () => {
        const c = r.cursor.podColumns().columns;
        return JSON.stringify([[...c.node], [...c.meta]]);
      };
      r.cursor.moveTo(r.timeline.length);
      r.cursor.moveTo(last);
      const back = columns();
      r.cursor.moveTo(0);
      r.cursor.moveTo(last - 1);
      r.cursor.moveTo(last);
      expect(cursorObjects(r)).toBe(storeAt(r, last));
      // The pods' node and facts columns, reached forward over the write, as reached back from the end.
      expect(columns()).toBe(back);
    },
  );

  it('follows a fork', () => {
    const r = recorded('seed');
    r.cursor.moveTo(r.timeline.length);
    const f = r.timeline.fork(400, [SCALE]);
    expect(f.ok).toBe(true);
    r.timeline.record();
    for (const i of [r.timeline.length, 398, 401, ...numbers(2, 4, 0, r.timeline.length)]) {
      r.cursor.moveTo(i);
      expect(cursorObjects(r)).toBe(storeAt(r, i));
    }
  });
});

describe('Recording of a StatefulSet run', () => {
  // Adaptive keyframes (placed by replay work and by their own weight: keyframes.ts), as the page records.
  it.each(['statefulset-parallel', 'statefulset-ordered', 'statefulset-claims', 'statefulset-drain'])(
    'gives at random ticks the store objects and the engine state of a straight run (%s)',
    (id) => {
      const s = preset(id);
      const r = recorded(id, null);
      const n = r.timeline.length;
      const ticks = [n, 0, ...numbers(id.length, 6, 1, n), n - 1];
      for (const i of ticks) {
        const straight = freshRun(s, i).st;
        expect(diffStates(r.timeline.engineAt(i), straight)).toEqual([]);
        r.cursor.moveTo(i);
        const want = JSON.stringify(VIEW_KINDS.map((k) => [...straight.store.objects[k]].sort(([a], [b]) => a.localeCompare(b))));
        expect(cursorObjects(r)).toBe(want);
      }
    },
  );
});

describe('InternalsTrack', () => {
  it('holds the internals of the engine at each tick', () => {
    const r = recorded('daemonset-rolling');
    for (const i of numbers(4, 10, 0, r.timeline.length)) {
      expect(r.internals.at(i)).toEqual(internalsOf(r.timeline.engineAt(i)));
    }
    expect(r.internals.distinct()).toBeLessThan(r.timeline.length);
  });

  it.each(['seed', 'daemonset-rolling', 'broken-image'])('equals the engine internals after every tick, keeping a part once per change (%s)', (id) => {
    const r = recorded(id);
    const st = createEngine(toSimConfig(preset(id)));
    const parts = new Set<unknown>();
    let changes = 0;
    let before = '';
    for (let i = 0; i <= r.timeline.length; i++) {
      if (i > 0) step(st);
      const x = r.internals.at(i);
      const engine = internalsOf(st);
      expect(x).toEqual(engine);
      const now = [engine.expectations, ...engine.queues].map((p) => JSON.stringify(p));
      changes += now.filter((p, k) => p !== before.split('\n')[k]).length;
      before = now.join('\n');
      parts.add(x.expectations);
      for (const q of x.queues) parts.add(q);
    }
    // Walked tick by tick, a part is a new object exactly when the engine's changed.
    expect(parts.size).toBe(changes);
    expect(r.internals.distinct()).toBeLessThan(r.timeline.length);
  });

  it('reads back the internals of any tick in any order, and after a fork', () => {
    const r = recorded('daemonset-rolling');
    const ticks = numbers(21, 12, 0, r.timeline.length);
    for (const i of ticks) expect(r.internals.at(i)).toEqual(internalsOf(r.timeline.engineAt(i)));
    const at = ticks[0] ?? 0;
    const f = r.timeline.fork(at, [{ at: 0, kubectl: 'rollout restart daemonset/log-agent' }]);
    if (!f.ok) throw new Error(f.output);
    r.timeline.record();
    for (const i of [at, at + 1, ...numbers(22, 8, 0, r.timeline.length)]) {
      expect(r.internals.at(i)).toEqual(internalsOf(r.timeline.engineAt(i)));
    }
  });
});

describe('derived tracks', () => {
  it('print the same get rs -w lines as the CLI', () => {
    const text = PRESETS.find((p) => p.id === 'seed')?.text ?? '';
    const args = parseArgs(['seed.yaml']);
    if (typeof args === 'string') throw new Error(args);
    const cli = runScenarioText(text, args).stdout;
    const r = recorded('seed');
    expect(r.watch.kinds.rs.lines.slice().map((l) => l.text)).toEqual(cli);
    expect(r.watch.kinds.rs.lines.at(0)?.tick).toBe(0);
  });

  it('equal those of a fresh recording after a fork', () => {
    const r = recorded('seed');
    const f = r.timeline.fork(r.timeline.tickAtTime(33_000), [SCALE]);
    if (!f.ok) throw new Error(f.output);
    r.timeline.record();
    const fresh = new Recording(f.scenario);
    fresh.timeline.record();
    expect(r.series.slice()).toEqual(fresh.series.slice());
    for (const k of WATCH_KINDS) {
      expect(r.watch.kinds[k].lines.slice()).toEqual(fresh.watch.kinds[k].lines.slice());
      expect(r.watch.kinds[k].capped).toBe(fresh.watch.kinds[k].capped);
      expect(r.watch.kinds[k].lines.lastPrinter()).toEqual(fresh.watch.kinds[k].lines.lastPrinter());
    }
    expect(r.markers.markers).toEqual(fresh.markers.markers);
    expect(r.markers.markers.at(-1)?.label).toBe(`kubectl ${SCALE.kubectl}`);
  });

  it('plot each ReplicaSet of the Seed rollout from 10 down to 0 and up to 10', () => {
    const r = recorded('seed');
    const points = r.series.slice();
    const last = points.at(-1)?.values ?? {};
    expect(Object.values(last).map((c) => c.desired).sort()).toEqual([0, 10]);
    const changed = points.every((p, k) => k === 0 || JSON.stringify(p.values) !== JSON.stringify(points[k - 1]?.values));
    expect(changed).toBe(true);
  });
});
