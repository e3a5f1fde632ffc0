import { describe, expect, it } from 'vitest';
import type { EndpointPod, EndpointService } from '../../api/discoveryTypes.ts';
import { contributionOf } from './contributions.ts';
import { computeSubsets, podContribution } from './endpointsController.ts';
import { packIncremental } from './incrementalPack.ts';
import type { ListDelta } from '../../endpointslice/triggerTimeTracker.ts';

/** The pod index's listDelta, by brute force: the names whose objects differ between the lists. */
const bruteDelta: ListDelta = (prev, next) => {
  const a = new Map(prev.map((p) => [p.metadata.name, p]));
  const b = new Map(next.map((p) => [p.metadata.name, p]));
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)).map((k) => ({ old: a.get(k), cur: b.get(k) }));
};

const service = (): EndpointService => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'default' },
  spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 'http' }], clusterIP: '10.96.0.10' },
});

interface PodSpec {
  ip?: string;
  uid: string;
  ready: boolean;
  port?: number;
  terminating?: boolean;
}

function pod(name: string, s: PodSpec): EndpointPod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { namespace: 'default', name, uid: s.uid, labels: { app: 'web' }, ...(s.terminating ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}) },
    spec: { nodeName: 'node-1', containers: [{ name: 'web', image: 'web:1', ports: [{ name: 'http', containerPort: s.port ?? 8080 }] }] },
    status: { conditions: [{ type: 'Ready', status: s.ready ? 'True' : 'False' }], ...(s.ip ? { podIP: s.ip, podIPs: [{ ip: s.ip }] } : {}) },
  } as EndpointPod;
}

const derive = (svc: EndpointService) => (p: EndpointPod) => contributionOf(p, svc, () => podContribution(svc, p));
const byName = (m: Map<string, EndpointPod>): EndpointPod[] => [...m.keys()].sort().map((k) => m.get(k) as EndpointPod);

describe('packIncremental', () => {
  const a = pod('a', { ip: '10.0.0.2', uid: 'ua', ready: true });
  const b = pod('b', { ip: '10.0.0.1', uid: 'ub', ready: false });
  const cases: { name: string; from: EndpointPod[]; to: EndpointPod[]; patches: boolean }[] = [
    { name: 'one pod turns Ready', from: [a, b], to: [a, pod('b', { ip: '10.0.0.1', uid: 'ub', ready: true })], patches: true },
    { name: 'a pod is added and one removed', from: [a, b], to: [a, pod('c', { ip: '10.0.0.0', uid: 'uc', ready: true })], patches: true },
    { name: 'nothing changed', from: [a, b], to: [a, b], patches: true },
    { name: 'a new pod resolves another port', from: [a, b], to: [a, b, pod('c', { ip: '10.0.0.3', uid: 'uc', ready: true, port: 9090 })], patches: false },
    { name: 'a new pod repeats a listed UID', from: [a, b], to: [a, b, pod('c', { ip: '10.0.0.3', uid: 'ua', ready: true })], patches: false },
    { name: 'the pods are not in name order', from: [a, b], to: [b, a], patches: false },
    { name: 'every pod leaves', from: [a, b], to: [], patches: false },
  ];
  for (const tc of cases) {
    it(`${tc.patches ? 'patches' : 'declines'} when ${tc.name}`, () => {
      const svc = service();
      computeSubsets(svc, tc.from);
      const got = packIncremental(svc, tc.to, derive(svc));
      if (!tc.patches) expect(got).toBeUndefined();
      else expect(JSON.stringify(got)).toBe(JSON.stringify(computeSubsets(service(), tc.to)));
    });
  }

  it('gives the full computation over random pod event sequences (property, 150 chains of 12 syncs, half of them with the index delta, half deriving without the memo)', () => {
    let s = 7;
    const rnd = (n: number): number => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s % n;
    };
    let patched = 0;
    for (let run = 0; run < 150; run++) {
      const svc = service();
      // computeSubsets itself, patching from its last answer as the controller's syncs do.
      const wired = service();
      const delta = run % 2 === 0 ? bruteDelta : undefined;
      const pods = new Map<string, EndpointPod>();
      for (let sync = 0; sync < 12; sync++) {
        for (let k = rnd(run % 3 === 0 ? 30 : 6); k > 0; k--) {
          const name = `p${String(rnd(60)).padStart(3, '0')}`;
          const r = rnd(40);
          if (r < 8) pods.delete(name);
          else {
            const ip = rnd(25) === 0 ? undefined : `10.0.${rnd(2)}.${rnd(100)}`;
            const uid = rnd(60) === 0 ? `u${rnd(3)}` : `u-${name}-${run}`;
            pods.set(name, pod(name, { ...(ip ? { ip } : {}), uid, ready: rnd(3) > 0, port: rnd(80) === 0 ? 9090 : 8080, terminating: rnd(20) === 0 }));
          }
        }
        const list = byName(pods);
        const want = JSON.stringify(computeSubsets(service(), list));
        // Memoised contributions, or each derived afresh as computeSubsets' patch does.
        const inc = packIncremental(svc, list, run % 4 < 2 ? derive(svc) : (p) => podContribution(svc, p), delta);
        if (inc !== undefined) patched++;
        expect(JSON.stringify(inc ?? computeSubsets(svc, list, delta))).toBe(want);
        expect(JSON.stringify(computeSubsets(wired, list, delta))).toBe(want);
      }
    }
    expect(patched).toBeGreaterThan(200);
  });
});
