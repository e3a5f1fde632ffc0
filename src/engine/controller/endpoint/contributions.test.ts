import { describe, expect, it } from 'vitest';
import type { CoreEndpointPort, EndpointAddress, EndpointSubset } from '../../api/discoveryTypes.ts';
import { type Contribution, packOnePort } from './contributions.ts';
import { repackSubsets } from './repack.ts';

const port = (n: number, name?: string): CoreEndpointPort => ({ port: n, protocol: 'TCP', ...(name ? { name } : {}) });

function c(ip: string, uid: string | undefined, ready: boolean, ports: (CoreEndpointPort | undefined)[]): Contribution {
  return { epa: { ip, nodeName: 'n1', ...(uid === undefined ? {} : { targetRef: { kind: 'Pod', namespace: 'default', name: uid, uid } }) }, ports, ready };
}

/** expand: computeSubsets' one subset per (pod, port), the input of repackSubsets. */
function expand(list: readonly Contribution[]): EndpointSubset[] {
  const out: EndpointSubset[] = [];
  for (const x of list) for (const p of x.ports) out.push(x.ready ? { addresses: [x.epa], ports: p ? [p] : [] } : { notReadyAddresses: [x.epa], ports: p ? [p] : [] });
  return out;
}

describe('packOnePort', () => {
  const cases: { name: string; list: Contribution[]; packs: boolean }[] = [
    { name: 'packs ready and not-ready pods on one port', list: [c('10.0.0.3', 'c', true, [port(80)]), c('10.0.0.1', 'a', false, [port(80)]), c('10.0.0.2', 'b', true, [port(80)])], packs: true },
    { name: 'packs nothing into no subsets', list: [], packs: true },
    { name: 'orders one IP by UID', list: [c('10.0.0.1', 'b', true, [port(80)]), c('10.0.0.1', 'a', true, [port(80)])], packs: true },
    { name: 'orders an address without a targetRef first', list: [c('10.0.0.1', 'b', true, [port(80)]), c('10.0.0.1', undefined, true, [port(80)])], packs: true },
    { name: 'leaves pods resolving different numbers to repack', list: [c('10.0.0.1', 'a', true, [port(80)]), c('10.0.0.2', 'b', true, [port(81)])], packs: false },
    { name: 'leaves several ports to repack', list: [c('10.0.0.1', 'a', true, [port(80, 'http'), port(443, 'https')])], packs: false },
    { name: 'leaves a headless Service without ports to repack', list: [c('10.0.0.1', 'a', true, [undefined])], packs: false },
    { name: 'leaves an address listed twice to repack (ready and not)', list: [c('10.0.0.1', 'a', true, [port(80)]), c('10.0.0.1', 'a', false, [port(80)])], packs: false },
    { name: 'leaves an address listed twice to repack (both ready)', list: [c('10.0.0.1', 'a', true, [port(80)]), c('10.0.0.1', 'a', true, [port(80)])], packs: false },
  ];
  for (const tc of cases) {
    it(`${tc.packs ? 'gives repackSubsets answer' : 'declines'} when it ${tc.name}`, () => {
      const got = packOnePort(tc.list);
      if (!tc.packs) expect(got).toBeUndefined();
      else expect(JSON.stringify(got)).toBe(JSON.stringify(repackSubsets(expand(tc.list))));
    });
  }

  it('equals repackSubsets whenever it packs (property, 300 random lists)', () => {
    let s = 3;
    const rnd = (n: number): number => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s % n;
    };
    let packed = 0;
    for (let run = 0; run < 300; run++) {
      const list: Contribution[] = [];
      for (let i = rnd(40); i > 0; i--) {
        const p = rnd(20) === 0 ? port(81) : port(80);
        list.push(c(`10.0.${rnd(3)}.${rnd(200)}`, rnd(30) === 0 ? undefined : `u${rnd(1000)}`, rnd(3) > 0, [p]));
      }
      const got = packOnePort(list);
      if (got === undefined) continue;
      packed++;
      expect(JSON.stringify(got)).toBe(JSON.stringify(repackSubsets(expand(list))));
    }
    expect(packed).toBeGreaterThan(50);
  });

  it('gives the same answer from any earlier answer as a hint (property, 200 sync chains)', () => {
    let s = 11;
    const rnd = (n: number): number => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s % n;
    };
    for (let run = 0; run < 200; run++) {
      // Pods by name, each with a contribution object that changes when the pod does.
      const pods = new Map<string, Contribution>();
      let hint: { ready: EndpointAddress[]; notReady: EndpointAddress[] } | undefined;
      for (let sync = 0; sync < 8; sync++) {
        for (let k = rnd(8); k > 0; k--) {
          const name = `p${rnd(40)}`;
          if (rnd(4) === 0) pods.delete(name);
          else pods.set(name, c(`10.0.${rnd(3)}.${rnd(60)}`, rnd(50) === 0 ? undefined : `u-${name}`, rnd(3) > 0, [port(80)]));
        }
        const list = [...pods.values()];
        const want = repackSubsets(expand(list));
        const got = packOnePort(list, rnd(5) === 0 ? undefined : hint);
        if (got === undefined) continue;
        expect(JSON.stringify(got)).toBe(JSON.stringify(want));
        hint = { ready: got[0]?.addresses ?? [], notReady: got[0]?.notReadyAddresses ?? [] };
      }
    }
  });
});
