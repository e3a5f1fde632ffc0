/**
 * The engine's side of the Events' TTL (apiserver/eventLeases.ts): each lease granted in a tick is
 * queued to expire (scheduleLeaseExpiries), and at its expiry etcd's lessor deletes the Events
 * still attached to it (revokeExpiredLeases), in one transaction: one new revision for all of them.
 */
import { attachedKeys, defaultEventTTLSeconds, getReuseDurationSecondsLocked, revokeAt } from '../apiserver/eventLeases.ts';
import { emit } from '../apiserver/store.ts';
import { withMetadata, withResourceVersion } from '../apiserver/layout.ts';
import { decide } from '../api/decision.ts';
import { note, schedule, type Tx } from '../client/tx.ts';
import { toRFC3339 } from '../lib/time.ts';

/**
 * scheduleLeaseExpiries queues the expiry of the oldest lease when none is queued (the map holds
 * them in grant order, which is their expiry order). Called after a tick that leaves no expiry
 * queued while leases remain: the store grants leases and knows no engine queue.
 */
export function scheduleLeaseExpiries(tx: Tx): void {
  const l = tx.st.store.leases;
  if (l.queued !== 0) return;
  for (const lease of l.leases.values()) {
    schedule(tx, revokeAt(lease.expiresMs), { type: 'eventLeaseExpiry', id: lease.id });
    l.queued = lease.id;
    return;
  }
}

/**
 * revokeExpiredLeases is etcd's lessor revoking lease `id` at its first look after its expiry: every Event whose last
 * write went on it is deleted, in etcd's key order, each watch event at the one revision of the
 * transaction. An Event written again since is on a newer lease and stays.
 */
export function revokeExpiredLeases(tx: Tx, id: number): void {
  tx.actor = 'etcd';
  const store = tx.st.store;
  const lease = store.leases.leases.get(id);
  if (store.leases.queued === id) store.leases.queued = 0;
  if (lease === undefined) return;
  store.leases.leases.delete(id);
  const events = store.objects.Event;
  const keys = attachedKeys(lease, (key) => {
    const ev = events.get(key);
    return ev === undefined ? undefined : Number(ev.metadata.resourceVersion);
  });
  const values = {
    lease: id,
    api: lease.api === 'core' ? 'v1' : 'events.k8s.io/v1',
    count: keys.length,
    writes: lease.n,
    granted: toRFC3339(lease.grantedMs),
    ttl: defaultEventTTLSeconds,
    reuse: getReuseDurationSecondsLocked(defaultEventTTLSeconds),
  };
  decide(tx.decisions, 'revokeExpiredLeases', keys.length === 0 ? 'nothingAttached' : 'expired', values);
  note(tx, 'eventsExpired', { lease: id, count: keys.length, granted: values.granted });
  if (keys.length === 0) return;
  const rv = String(++store.rv);
  for (const key of keys) {
    const cur = events.get(key);
    if (cur === undefined) continue;
    emit(store, tx, 'DELETED', withMetadata(cur, withResourceVersion(cur.metadata, rv)), key, cur);
  }
}
