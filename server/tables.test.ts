import { describe, expect, it } from 'vitest';
import { settledCluster } from '../src/engine/sim/executeTestEngine.ts';
import type { KubeObject } from '../src/engine/api/types.ts';
import { tableText, toTable } from './tables.ts';

describe('tableText', () => {
  const st = settledCluster();
  const kinds = ['Pod', 'ReplicaSet', 'Deployment', 'Node', 'Event', 'Namespace'] as const;

  it.each(kinds.flatMap((k) => (['Metadata', 'Object', 'None'] as const).map((inc) => [k, inc] as const)))(
    'is JSON.stringify(toTable) byte for byte for %s with includeObject=%s, twice (the second from the cache)',
    (kind, include) => {
      const objects = [...st.store.objects[kind].values()] as KubeObject[];
      expect(objects.length).toBeGreaterThan(0);
      const want = JSON.stringify(toTable(kind, objects, st.now, '42', include));
      expect(tableText(kind, objects, st.now, '42', include)).toBe(want);
      expect(tableText(kind, objects, st.now, '42', include)).toBe(want);
    },
  );

  it('moves the ages with the clock although the objects are cached', () => {
    const pods = [...st.store.objects.Pod.values()] as KubeObject[];
    const now = tableText('Pod', pods, st.now, '1', 'Metadata');
    const later = tableText('Pod', pods, st.now + 3_600_000, '1', 'Metadata');
    expect(later).not.toBe(now);
    expect(later).toBe(JSON.stringify(toTable('Pod', pods, st.now + 3_600_000, '1', 'Metadata')));
  });
});
