import { describe, expect, it } from 'vitest';
import { attachedKeys, attachEventLease, cloneEventLeases, type EventLease, getLease, getReuseDurationSecondsLocked, leaseEventWrite, newEventLeases, revokeAt } from './eventLeases.ts';

describe('getReuseDurationSecondsLocked', () => {
  // 5 % of the TTL, at most 60 s (lease_manager.go's min of the two).
  it.each([
    [3600, 60],
    [1200, 60],
    [600, 30],
    [100, 5],
    [10, 0],
  ])('reuses a %i s TTL lease for %i s', (ttl, want) => {
    expect(getReuseDurationSecondsLocked(ttl)).toBe(want);
  });
});

describe('revokeAt', () => {
  // The lessor looks every 500 ms: at the first look at or after the expiry.
  it.each([
    [3_660_150, 3_660_500],
    [3_660_000, 3_660_000],
    [3_660_001, 3_660_500],
    [3_660_499, 3_660_500],
  ])('revokes a lease expiring at %i ms at %i ms', (expires, want) => {
    expect(revokeAt(expires)).toBe(want);
  });
});

describe('getLease', () => {
  it('grants a lease of 3,660 s at the first write', () => {
    const l = newEventLeases();
    const id = getLease(l, 'core', 1000);
    expect(id).toBe(1);
    expect(l.leases.get(id)).toMatchObject({ grantedMs: 1000, expiresMs: 1000 + 3_660_000, api: 'core' });
    expect(l.core).toEqual({ prevLeaseID: 1, prevLeaseExpirationMs: 3_661_000, leaseAttachedObjectCount: 1 });
  });

  // valid: now + 3,600 s before the expiry (granted < 60 s ago); sufficient: now + 3,660 s not before it.
  it.each([
    { later: 0, same: true, why: 'a write at the very instant of the grant (real time moves on)' },
    { later: 1, same: true, why: '1 ms later' },
    { later: 59_999, same: true, why: '59.999 s later' },
    { later: 60_000, same: false, why: '60 s later: now + TTL is not before the expiry' },
    { later: 300_000, same: false, why: '5 minutes later' },
  ])('reuses the last lease when $why: $same', ({ later, same }) => {
    const l = newEventLeases();
    const first = getLease(l, 'core', 5000);
    expect(getLease(l, 'core', 5000 + later) === first).toBe(same);
  });

  it('grants a new lease at the 1,001st write within the reuse window, counting from 1 again', () => {
    const l = newEventLeases();
    const ids = new Set<number>();
    for (let i = 0; i < 1000; i++) ids.add(getLease(l, 'core', 0));
    expect([...ids]).toEqual([1]);
    expect(getLease(l, 'core', 0)).toBe(2);
    expect(l.core.leaseAttachedObjectCount).toBe(1);
    for (let i = 0; i < 999; i++) getLease(l, 'core', 10);
    expect(getLease(l, 'core', 10)).toBe(3);
  });

  it('keeps one manager per storage: the scheduler writes through events.k8s.io/v1', () => {
    const l = newEventLeases();
    const core = getLease(l, 'core', 0);
    const events = getLease(l, 'events', 10_000);
    expect(core).not.toBe(events);
    expect(getLease(l, 'core', 20_000)).toBe(core);
    expect(getLease(l, 'events', 20_000)).toBe(events);
    expect(l.leases.get(events)?.expiresMs).toBe(10_000 + 3_660_000);
  });
});

describe('attachedKeys', () => {
  const lease = (keys: string[], firstRv: number, lastRv: number): EventLease => ({ id: 1, api: 'core', grantedMs: 0, expiresMs: 3_660_000, firstRv, lastRv, keys, n: keys.length });
  it.each([
    { why: 'sorts the keys as etcd deletes them', keys: ['default/b', 'default/a', 'kube-system/a'], rvs: { 'default/a': 11, 'default/b': 10, 'kube-system/a': 12 }, want: ['default/a', 'default/b', 'kube-system/a'] },
    { why: 'lists a key written twice on the lease once', keys: ['default/a', 'default/a'], rvs: { 'default/a': 12 }, want: ['default/a'] },
    { why: 'leaves out an Event written again since, on a newer lease', keys: ['default/a', 'default/b'], rvs: { 'default/a': 40, 'default/b': 11 }, want: ['default/b'] },
    { why: 'leaves out an Event already deleted', keys: ['default/a', 'default/b'], rvs: { 'default/b': 11 }, want: ['default/b'] },
  ])('$why', ({ keys, rvs, want }) => {
    const r = rvs as Record<string, number>;
    expect(attachedKeys(lease(keys, 10, 12), (k) => r[k])).toEqual(want);
  });
});

describe('cloneEventLeases', () => {
  it('copies the current leases, so a write to the copy leaves the original as it was', () => {
    const l = newEventLeases();
    leaseEventWrite(l, 'core', 0, 'default/a', 5);
    const c = cloneEventLeases(l);
    leaseEventWrite(c, 'core', 1000, 'default/b', 6);
    attachEventLease(c, 1, 'default/c', 7);
    const keys = (x: typeof l) => attachedKeys(x.leases.get(1) as EventLease, () => 5);
    expect(l.leases.get(1)?.n).toBe(1);
    expect(l.leases.get(1)?.lastRv).toBe(5);
    expect(l.core.leaseAttachedObjectCount).toBe(1);
    expect(c.leases.get(1)?.n).toBe(3);
    // Both append after the copy: each keeps its own keys, whichever appends first.
    leaseEventWrite(l, 'core', 2000, 'default/x', 5);
    expect(keys(l)).toEqual(['default/a', 'default/x']);
    expect(c.leases.get(1)?.keys.slice(0, 3)).toEqual(['default/a', 'default/b', 'default/c']);
    const d = cloneEventLeases(l);
    leaseEventWrite(d, 'core', 3000, 'default/y', 5);
    leaseEventWrite(l, 'core', 3000, 'default/z', 5);
    expect(keys(d)).toEqual(['default/a', 'default/x', 'default/y']);
    expect(keys(l)).toEqual(['default/a', 'default/x', 'default/z']);
  });
});
