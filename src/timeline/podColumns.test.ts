import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Pod } from '../engine/api/types.ts';
import { podColumns } from '../engine/kubectl/printers/pod.ts';
import { createEngine, lastActionTime, runUntil } from '../engine/sim.ts';
import { parseScenarioText } from '../scenario/parse.ts';
import { toSimConfig } from '../scenario/toSimConfig.ts';
import { type BasePhase, basePhase, PodColumns } from './podColumns.ts';
import { KeySlots } from './slotTable.ts';

/** Every pod write of a preset's run, with the virtual time it was written at. */
function podWrites(preset: string): { pod: Pod; nowMs: number }[] {
  const parsed = parseScenarioText(
    readFileSync(new URL(`../scenario/presets/${preset}.yaml`, import.meta.url), 'utf8'),
  );
  if (!parsed.ok) throw new Error(parsed.errors[0]);
  const config = toSimConfig(parsed.value);
  const out: { pod: Pod; nowMs: number }[] = [];
  runUntil(createEngine(config), lastActionTime(config) + 120_000, (t) => {
    for (const w of t.writes) if (w.object.kind === 'Pod') out.push({ pod: w.object as Pod, nowMs: t.time });
  });
  return out;
}

/**
 * The chip kubectl's STATUS asks for while init containers run: `Init:i/n` (and `Init:Error`
 * between two starts) is Init; a waiting reason the chips show on their own keeps its chip.
 */
function chipOfInitStatus(status: string): BasePhase {
  const reason = status.slice('Init:'.length);
  return reason === 'CrashLoopBackOff' || reason === 'ImagePullBackOff' || reason === 'ErrImagePull' ? reason : 'Init';
}

describe('basePhase', () => {
  const writes = podWrites('init-containers');

  it('is Init exactly when kubectl get pods prints Init:…, and PodInitializing when it prints that, across the init-containers preset', () => {
    const seen = new Map<string, number>();
    for (const { pod, nowMs } of writes) {
      const status = podColumns(pod, nowMs).status;
      const phase = basePhase(pod);
      seen.set(`${status} → ${phase}`, (seen.get(`${status} → ${phase}`) ?? 0) + 1);
      if (status.startsWith('Init:') && !pod.metadata.deletionTimestamp) expect(phase, pod.metadata.name).toBe(chipOfInitStatus(status));
      else expect(phase, `${pod.metadata.name} ${status}`).not.toBe('Init');
      // The chip names the init containers done, app containers waiting, as kubectl's STATUS does.
      expect(phase === 'PodInitializing', `${pod.metadata.name} ${status}`).toBe(status === 'PodInitializing' && !pod.metadata.deletionTimestamp);
    }
    // The run shows all three: pods waiting on migrate (Init:0/1), the crashing migrate:3, running pods.
    const keys = [...seen.keys()];
    expect(keys).toContain('Init:0/1 → Init');
    expect(keys).toContain('Init:CrashLoopBackOff → CrashLoopBackOff');
    expect(keys).toContain('PodInitializing → PodInitializing');
    expect(keys.some((k) => k.startsWith('Running →'))).toBe(true);
  });

  it.each<[string, boolean | undefined, string | undefined, BasePhase]>([
    ['a started sidecar is passed over (kubectl: PodInitializing)', true, 'Always', 'PodInitializing'],
    ['a sidecar not started yet holds the pod in Init', false, 'Always', 'Init'],
    ['a running init container holds the pod in Init', undefined, undefined, 'Init'],
  ])('%s', (_name, started, restartPolicy, want) => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'default' },
      spec: {
        nodeName: 'node-1',
        initContainers: [{ name: 'proxy', image: 'proxy:1', ...(restartPolicy ? { restartPolicy } : {}) }],
        containers: [{ name: 'web', image: 'web:1' }],
      },
      status: {
        phase: 'Pending',
        initContainerStatuses: [
          {
            name: 'proxy',
            state: { running: { startedAt: '2026-01-01T00:00:01Z' } },
            ready: false,
            restartCount: 0,
            image: 'proxy:1',
            imageID: '',
            ...(started === undefined ? {} : { started }),
          },
        ],
        containerStatuses: [
          { name: 'web', state: { waiting: { reason: 'PodInitializing' } }, ready: false, restartCount: 0, image: 'web:1', imageID: '' },
        ],
      },
    } as Pod;
    expect(basePhase(pod)).toBe(want);
  });
});

describe('PodColumns.trim', () => {
  const pod = (name: string, node: string): Pod =>
    ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { nodeName: node, containers: [] }, status: { phase: 'Running' } }) as Pod;

  it("keeps every write's numbers, forward and back, and takes more writes after it", () => {
    const nodes = new KeySlots(false);
    const pods = new KeySlots(true);
    const cols = new PodColumns(nodes, pods);
    // 100 writes over 10 pods: each pod moves from node to node, the last write of each removes it.
    const writes: [number, Pod | null][] = [];
    for (let x = 0; x < 100; x++) writes.push([x % 10, x >= 90 ? null : pod(`p-${x % 10}`, `node-${x % 7}`)]);
    const run = (c: PodColumns) => {
      const seen: number[][] = [];
      c.start(null, 10);
      writes.forEach(([slot], x) => {
        c.forward(x, slot);
        seen.push([c.node[slot] as number, c.meta[slot] as number]);
      });
      for (let x = writes.length - 1; x >= 0; x--) c.backward(x, (writes[x] as [number, Pod | null])[0]);
      return { seen, back: [...c.node.slice(0, 10)] };
    };
    for (const [x, [slot, p]] of writes.entries()) cols.write(x, slot, p);
    const before = run(cols);
    cols.trim(writes.length);
    expect(run(cols)).toEqual(before);
    cols.write(100, 3, pod('p-3', 'node-6'));
    cols.forward(100, 3);
    expect(cols.node[3]).toBe(nodes.slot('node-6') + 1);
  });
});
