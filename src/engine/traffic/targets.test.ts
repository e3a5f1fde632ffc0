import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types.ts';
import type { Tx } from '../client/tx.ts';
import { type AppFacts, appDown, appStarted, appStopping } from '../kubelet/apps.ts';
import { podOutcome } from './outcome.ts';
import { newTargetTable, podKeysOf, refreshTargets } from './targets.ts';

const time = fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 5000 }), fc.double({ min: 0, max: 5000, noNaN: true }));
const facts: fc.Arbitrary<AppFacts> = fc.record({
  uid: fc.constant('u'),
  node: fc.constant('node-1'),
  startedAt: fc.constant(0),
  listenAt: time,
  killAt: fc.constant(-1),
  sigtermAt: time,
  preStop: fc.constant(''),
  preStopMs: fc.constant(0),
  goneAt: time,
  drain: fc.boolean(),
  requestMs: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 100, noNaN: true })),
  maxRps: fc.constantFrom(0, 0, 5),
});

describe('refreshTargets', () => {
  it('gives a window only of instants at which podOutcome says ok', () => {
    fc.assert(
      fc.property(facts, fc.array(fc.double({ min: -10, max: 6000, noNaN: true }), { maxLength: 40 }), (f, ts) => {
        const t = newTargetTable(['p'], ['ns/p'], ['1']);
        refreshTargets(t, new Map([['ns/p', f]]));
        const [from, to] = [t.window[0] as number, t.window[1] as number];
        for (const at of ts) if (at >= from && at < to) expect(podOutcome(f, at, 0)).toBe('ok');
      }),
      { numRuns: 2000, seed: 22 },
    );
  });

  it('reads again every target when the facts map is another one, and nothing when it is unchanged', () => {
    const t = newTargetTable(['a', 'b'], ['ns/a', 'ns/b'], ['1', '2']);
    const f = (listenAt: number): AppFacts => ({ uid: 'u', node: 'n', startedAt: 0, listenAt, killAt: -1, sigtermAt: -1, preStop: '', preStopMs: 0, goneAt: -1, drain: false, requestMs: 20, maxRps: 0 });
    const apps = new Map([['ns/a', f(10)]]);
    refreshTargets(t, apps);
    expect([...t.window]).toEqual([10, Infinity, Infinity, -Infinity]);
    const copy = new Map(apps).set('ns/b', f(30));
    refreshTargets(t, copy);
    expect(t.facts[1]?.listenAt).toBe(30);
    expect([...t.window]).toEqual([10, Infinity, 30, Infinity]);
  });

  it('keeps every target at the facts map’s answer through random writes, patched from the write log', () => {
    const keys = ['ns/p0', 'ns/p1', 'ns/p2', 'ns/p3'];
    const op = fc.record({ kind: fc.constantFrom('start', 'stop', 'down', 'refresh', 'copy'), i: fc.integer({ min: 0, max: 3 }), now: fc.integer({ min: 0, max: 9000 }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.boolean(), (ops, twice) => {
        // With p3 listed twice the table reads everything at each refresh; else it patches.
        const t = twice ? newTargetTable(['p0', 'p1', 'p2', 'p3', 'p3'], [...keys, 'ns/p3'], ['1', '1', '2', '2', '2']) : newTargetTable(['p0', 'p1', 'p2', 'p3'], keys, ['1', '1', '2', '2']);
        let apps = new Map<string, AppFacts>();
        const tx = (now: number): Tx => ({ st: { apps }, now }) as unknown as Tx;
        for (const o of ops) {
          const key = keys[o.i] as string;
          const pod = { metadata: { name: key.slice(3), uid: `u${o.i}` }, spec: { nodeName: 'node-1' } } as Pod;
          if (o.kind === 'start') appStarted(tx(o.now), pod, key, { readySeconds: 1 } as never, o.now + 1000);
          else if (o.kind === 'stop') appStopping(tx(o.now), key, `u${o.i}`, 500, 1500, '', 0);
          else if (o.kind === 'down') appDown(tx(o.now), key, `u${o.i}`);
          else if (o.kind === 'copy') apps = new Map(apps);
          else {
            refreshTargets(t, apps);
            t.podKeys.forEach((k, i) => {
              expect(t.facts[i]).toBe(apps.get(k));
            });
          }
        }
      }),
      { numRuns: 500, seed: 22 },
    );
  });
});

describe('podKeysOf', () => {
  it('gives each pod the key made from scratch, whichever namespaces and pods earlier calls asked for', () => {
    const call = fc.tuple(fc.constantFrom('default', 'shop', 'shop-a'), fc.array(fc.constantFrom('web-1', 'web-2', 'a/b', 'web-1 ', ''), { maxLength: 6 }));
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 20 }), (calls) => {
        for (const [ns, pods] of calls) expect(podKeysOf(ns, pods)).toEqual(pods.map((p) => `${ns}/${p}`));
      }),
      { numRuns: 1000, seed: 22 },
    );
  });

  it('hands back the very key string of an earlier call for the same namespace and pod', () => {
    const [first] = podKeysOf('reuse', ['web-7']);
    const [again, other] = podKeysOf('reuse', ['web-7', 'web-8']);
    expect(again).toBe(first);
    expect(other).toBe('reuse/web-8');
  });
});
