import { describe, expect, it } from 'vitest';
import type { EndpointPod, EndpointService } from '../api/discoveryTypes.ts';
import { parseRFC3339 } from '../lib/time.ts';
import { computeEndpointLastChangeTriggerTime, type ServiceTriggerState } from './triggerTimeTracker.ts';

const service: EndpointService = { apiVersion: 'v1', kind: 'Service', metadata: { name: 's', namespace: 'default', creationTimestamp: '2026-01-01T00:00:00Z' }, spec: { selector: { a: 'b' } } };

function pod(name: string, second: number | undefined): EndpointPod {
  const conditions = second === undefined ? [] : [{ type: 'Ready', status: 'True', lastTransitionTime: `2026-01-01T00:00:${String(second).padStart(2, '0')}Z` }];
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [] }, status: { conditions } } as EndpointPod;
}

/** reference: the tracker as upstream keeps it, a pod name → time map rebuilt every sync. */
function reference(prev: Map<string, string> | undefined, pods: readonly EndpointPod[]): { triggerTime: string | undefined; times: Map<string, string> } {
  const times = new Map<string, string>();
  let min: string | undefined;
  for (const p of pods) {
    const t = p.status?.conditions?.find((c) => c.type === 'Ready')?.lastTransitionTime;
    if (!t) continue;
    times.set(p.metadata.name, t);
    const was = prev?.get(p.metadata.name);
    if (was === undefined || (was !== t && parseRFC3339(t) > parseRFC3339(was))) min = min === undefined || parseRFC3339(t) < parseRFC3339(min) ? t : min;
  }
  return { triggerTime: prev === undefined ? service.metadata.creationTimestamp : min, times };
}

describe('computeEndpointLastChangeTriggerTime', () => {
  const cases: { name: string; syncs: EndpointPod[][]; want: (string | undefined)[] }[] = [
    { name: 'gives the Service creation time on the first sync', syncs: [[pod('a', 5)]], want: ['2026-01-01T00:00:00Z'] },
    { name: 'gives nothing when no pod moved', syncs: [[pod('a', 5)], [pod('a', 5)]], want: ['2026-01-01T00:00:00Z', undefined] },
    { name: 'gives the earliest of the moved pods', syncs: [[pod('a', 5), pod('b', 6)], [pod('a', 9), pod('b', 8), pod('c', 7)]], want: ['2026-01-01T00:00:00Z', '2026-01-01T00:00:07Z'] },
    { name: 'ignores a pod that went and a time that went back', syncs: [[pod('a', 5), pod('b', 6)], [pod('b', 4)]], want: ['2026-01-01T00:00:00Z', undefined] },
    { name: 'remembers pods across an unsorted list', syncs: [[pod('b', 5), pod('a', 6)], [pod('a', 6), pod('b', 7)], [pod('b', 7), pod('a', 8)]], want: ['2026-01-01T00:00:00Z', '2026-01-01T00:00:07Z', '2026-01-01T00:00:08Z'] },
    { name: 'counts a pod without a Ready time as absent', syncs: [[pod('a', undefined)], [pod('a', 3)]], want: ['2026-01-01T00:00:00Z', '2026-01-01T00:00:03Z'] },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      let state: ServiceTriggerState | undefined;
      const got: (string | undefined)[] = [];
      for (const pods of tc.syncs) {
        const r = computeEndpointLastChangeTriggerTime(state, service, pods);
        got.push(r.triggerTime);
        state = r.state;
      }
      expect(got).toEqual(tc.want);
    });
  }

  it('answers as the name → time map does over random sync sequences (property, sorted and not)', () => {
    let s = 7;
    const rnd = (n: number): number => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s % n;
    };
    for (let run = 0; run < 40; run++) {
      let state: ServiceTriggerState | undefined;
      let ref: Map<string, string> | undefined;
      const pods = new Map<string, EndpointPod>();
      for (let sync = 0; sync < 30; sync++) {
        for (let k = rnd(6); k > 0; k--) {
          const name = `p${rnd(12)}`;
          if (rnd(4) === 0) pods.delete(name);
          else pods.set(name, pod(name, rnd(5) === 0 ? undefined : rnd(60)));
        }
        const list = [...pods.values()];
        if (run % 2 === 0) list.sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
        else if (rnd(2) === 0) list.reverse();
        const r = computeEndpointLastChangeTriggerTime(state, service, list);
        const want = reference(ref, list);
        expect(r.triggerTime).toBe(want.triggerTime);
        state = r.state;
        ref = want.times;
      }
    }
  });
});
