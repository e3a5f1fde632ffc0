import { describe, expect, it } from 'vitest';
import { newTx, note, txSummary } from '../client/tx.ts';
import { DEFAULT_IMAGE_BEHAVIOUR, type SimConfig } from '../config.ts';
import { noteWatch } from './deliver.ts';
import { createEngine, runUntil } from './simulation.ts';

const config: SimConfig = {
  seed: 1,
  nodes: [{ name: 'node-1', labels: {}, taints: [], unschedulable: false, maxPods: 110 }],
  images: { default: DEFAULT_IMAGE_BEHAVIOUR },
  terminationSeconds: 1,
  watchDelaySeconds: 0.05,
  objects: [],
  actions: [],
};

describe('noteWatch', () => {
  const cases = [
    { name: 'a first note', before: [] as string[], type: 'ADDED', kind: 'Pod', obj: 'web-7d4b9c-x2v9q', rv: '12' },
    { name: 'a first note of a deletion', before: [], type: 'DELETED', kind: 'ReplicaSet', obj: 'web-7d4b9c', rv: '' },
    { name: 'a note after another', before: ['p1'], type: 'MODIFIED', kind: 'Node', obj: 'node-1', rv: '7' },
  ];
  for (const c of cases) {
    it(`writes the notes and summary note() writes, for ${c.name}`, () => {
      const st = createEngine(config);
      runUntil(st, 0);
      const want = newTx(st, 'informer');
      const got = newTx(st, 'informer');
      for (const pod of c.before) {
        note(want, 'podGone', { pod });
        note(got, 'podGone', { pod });
      }
      note(want, 'watch', { type: c.type, kind: c.kind, name: c.obj, rv: c.rv });
      noteWatch(got, c.type, c.kind, c.obj, c.rv);
      expect(got.notes).toEqual(want.notes);
      expect(txSummary(got)).toBe(txSummary(want));
      expect(txSummary(got)).toContain(`watch ${c.type} ${c.kind} ${c.obj}`);
    });
  }
});
