import { describe, expect, it } from 'vitest';
import type { KubeObject, Pod } from '../../api/types.ts';
import type { NodeInfo } from '../framework/nodeInfo.ts';
import { queueingHint } from '../queue/queueingHints.ts';
import { ErrReasonNodeConflict, ErrReasonPVNotExist, ErrReasonUnboundImmediate, filter, getPodVolumeClaims, mountsClaim, podHasPVCs, preFilter } from './volumebinding.ts';

function pod(...claims: string[]): Pod {
  const volumes = claims.map((c, i) => ({ name: `v${i}`, persistentVolumeClaim: { claimName: c } }));
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }], volumes } } as Pod;
}

function claim(name: string, spec: Record<string, unknown>, meta: Record<string, unknown> = {}, phase = 'Pending'): [string, KubeObject] {
  const metadata = { name, namespace: 'default', uid: `uid-${name}`, ...meta };
  return [`default/${name}`, { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata, spec, status: { phase } } as unknown as KubeObject];
}

/** A claim the PV controller bound: the bind-completed annotation (and the node its local-path volume is on). */
function bound(node?: string): Record<string, unknown> {
  return { annotations: { 'pv.kubernetes.io/bind-completed': 'yes', ...(node ? { 'volume.kubernetes.io/selected-node': node } : {}) } };
}

const claims = new Map<string, KubeObject>([
  claim('standard-unbound', { storageClassName: 'standard' }),
  claim('fast-unbound', { storageClassName: 'fast' }),
  claim('fast-bound', { storageClassName: 'fast', volumeName: 'pv-1' }, bound(), 'Bound'),
  claim('none-unbound', { storageClassName: '' }),
  claim('deleting', { storageClassName: 'standard' }, { deletionTimestamp: '2026-01-01T00:00:00Z' }),
  claim('on-node-2', { storageClassName: 'standard', volumeName: 'pvc-uid-on-node-2' }, bound('node-2'), 'Bound'),
  claim('on-node-3', { storageClassName: 'standard', volumeName: 'pvc-uid-on-node-3' }, bound('node-3'), 'Bound'),
  // Prebound: the author named the volume, and the PV controller has not bound it.
  claim('prebound-missing', { storageClassName: 'standard', volumeName: 'my-pv' }),
  claim('prebound-manual', { storageClassName: '', volumeName: 'my-pv' }),
  claim('prebound-taken', { storageClassName: 'standard', volumeName: 'pvc-uid-on-node-2' }),
  // Marked bound to a volume that does not exist: before the PV controller's sync, and after (Lost).
  claim('bound-gone', { storageClassName: 'standard', volumeName: 'pv-gone' }, bound()),
  claim('lost', { storageClassName: 'standard', volumeName: 'pv-gone' }, bound(), 'Lost'),
]);

describe('preFilter', () => {
  it.each([
    ['a pod with no claims', pod(), null],
    ['a claim of the default class, bound after the pod is placed', pod('standard-unbound'), null],
    ['a claim already bound, whatever its class', pod('fast-bound'), null],
    ['a claim of a class not found, unbound', pod('standard-unbound', 'fast-unbound'), 'pod has unbound immediate PersistentVolumeClaims'],
    ['a claim with no class, unbound', pod('none-unbound'), 'pod has unbound immediate PersistentVolumeClaims'],
    ['a claim that does not exist', pod('missing', 'fast-unbound'), 'persistentvolumeclaim "missing" not found'],
    ['a claim being deleted', pod('deleting'), 'persistentvolumeclaim "deleting" is being deleted'],
    ['a claim of the default class that names a volume that does not exist', pod('prebound-missing'), ErrReasonUnboundImmediate],
    ['a claim with no class that names a volume that does not exist', pod('prebound-manual'), ErrReasonUnboundImmediate],
    ['a claim that names a volume bound to another claim', pod('on-node-2', 'prebound-taken'), ErrReasonUnboundImmediate],
    ['a Lost claim', pod('fast-unbound', 'lost'), 'persistentvolumeclaim "lost" bound to non-existent persistentvolume "pv-gone"'],
    ['a claim marked bound to a volume that does not exist, not Lost yet (the Filter says so)', pod('bound-gone'), null],
  ])('for %s rejects with the reason given', (_, p, reason) => {
    const r = preFilter(p, claims);
    const s = 'rejected' in r ? r.rejected : null;
    expect(s === null ? null : s.reasons.join()).toBe(reason);
    if (s !== null) expect([s.code, s.plugin]).toEqual(['UnschedulableAndUnresolvable', 'VolumeBinding']);
  });
});

describe('mountsClaim', () => {
  it.each([
    ['default', 'fast-unbound', true],
    ['default', 'other', false],
    ['payments', 'fast-unbound', false],
  ])('in %s, claim %s: %s', (ns, name, want) => {
    expect(mountsClaim(pod('fast-unbound'), ns, name)).toBe(want);
  });
});

describe('filter', () => {
  const node = (name: string, hostname = name) => ({ name, node: { metadata: { name, labels: { 'kubernetes.io/hostname': hostname } } } }) as unknown as NodeInfo;
  const stateOf = (...claimNames: string[]) => {
    const r = preFilter(pod(...claimNames), claims);
    if ('rejected' in r || r.state === null) throw new Error('no state');
    return r.state;
  };

  it('keeps no state for claims not bound yet, or bound without a node', () => {
    expect(preFilter(pod('standard-unbound', 'fast-bound'), claims)).toEqual({ state: null });
  });

  it.each([
    ['its volume’s node', ['on-node-2'], node('node-2'), null],
    ['another node', ['on-node-2'], node('node-1'), ErrReasonNodeConflict],
    ['a node whose hostname label names another host', ['on-node-2'], node('node-2', 'elsewhere'), ErrReasonNodeConflict],
    ['either node of two volumes on two nodes', ['on-node-2', 'on-node-3'], node('node-3'), ErrReasonNodeConflict],
  ])('checks a pod whose bound volume lives elsewhere against %s', (_, names, ni, reason) => {
    const s = filter(stateOf(...names), ni);
    expect(s === null ? null : s.reasons.join()).toBe(reason);
  });

  it.each([
    ['alone', ['bound-gone'], node('node-1'), ErrReasonPVNotExist],
    ['after a volume without a node', ['fast-bound', 'bound-gone'], node('node-2'), ErrReasonPVNotExist],
    ['after a volume on another node: the first claim that fails says why', ['on-node-2', 'bound-gone'], node('node-1'), ErrReasonNodeConflict],
    ['before a volume on that node', ['bound-gone', 'on-node-2'], node('node-2'), ErrReasonPVNotExist],
  ])('rejects every node for a bound claim whose volume does not exist, %s', (_, names, ni, reason) => {
    const s = filter(stateOf(...names), ni);
    expect(s === null ? null : [s.code, s.plugin, s.reasons.join()]).toEqual(['UnschedulableAndUnresolvable', 'VolumeBinding', reason]);
  });
});

describe('podHasPVCs', () => {
  it.each([
    ['reads the claims in the order of the pod’s volumes', ['fast-bound', 'standard-unbound'], ['fast-bound', 'standard-unbound']],
    ['stops at the first claim that does not exist', ['fast-bound', 'missing', 'lost'], 'persistentvolumeclaim "missing" not found'],
    ['checks Lost before being deleted', ['lost', 'deleting'], 'persistentvolumeclaim "lost" bound to non-existent persistentvolume "pv-gone"'],
  ])('%s', (_, names, want) => {
    const r = podHasPVCs(pod(...names), claims);
    expect('error' in r ? r.error : r.claims.map((c) => c.metadata.name)).toEqual(want);
  });
});

describe('getPodVolumeClaims', () => {
  const split = (...names: string[]) => {
    const r = podHasPVCs(pod(...names), claims);
    if ('error' in r) throw new Error(r.error);
    const s = getPodVolumeClaims(r.claims);
    const n = (cs: { metadata: { name: string } }[]) => cs.map((c) => c.metadata.name);
    return [n(s.boundClaims), n(s.unboundClaimsDelayBinding), n(s.unboundClaimsImmediate)];
  };

  it.each([
    ['a bound claim, whatever its class', ['fast-bound'], [['fast-bound'], [], []]],
    ['a claim marked bound whose volume is gone (the Filter finds it missing)', ['bound-gone'], [['bound-gone'], [], []]],
    ['a claim of the default class that names no volume', ['standard-unbound'], [[], ['standard-unbound'], []]],
    ['a claim of a class that binds at once', ['fast-unbound', 'none-unbound'], [[], [], ['fast-unbound', 'none-unbound']]],
    ['a prebound claim, even of the default class', ['prebound-missing', 'prebound-taken'], [[], [], ['prebound-missing', 'prebound-taken']]],
  ])('puts %s where it belongs', (_, names, want) => {
    expect(split(...names)).toEqual(want);
  });
});

describe('queueingHint for VolumeBinding', () => {
  it.each([
    ['a PersistentVolume added, whichever it is (registered without a hint)', { kind: 'PersistentVolumeAdd', name: 'my-pv' } as const, true],
    ['a PersistentVolume changed, whichever it is (registered without a hint)', { kind: 'PersistentVolumeUpdate', name: 'my-pv' } as const, true],
    ['a claim the pod mounts, changed', { kind: 'PersistentVolumeClaimUpdate', namespace: 'default', name: 'prebound-missing' } as const, true],
    ['another claim, changed', { kind: 'PersistentVolumeClaimUpdate', namespace: 'default', name: 'other' } as const, false],
  ])('queues the pod again after %s', (_, ev, want) => {
    expect(queueingHint('VolumeBinding', ev, pod('prebound-missing'))).toBe(want);
  });

  it('leaves the other plugins’ pods where they are when a PersistentVolume is added', () => {
    expect(queueingHint('NodeResourcesFit', { kind: 'PersistentVolumeAdd', name: 'my-pv' }, pod('prebound-missing'))).toBe(false);
  });
});
