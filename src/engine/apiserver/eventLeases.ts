// Port of kubernetes staging/src/k8s.io/apiserver/pkg/storage/etcd3/lease_manager.go (v1.36) and of
// etcd's lessor revoke (server/lease/lessor.go), for the API server's --event-ttl.
/**
 * Events expire. The API server stores every Event write (create, or the recorder's count update)
 * with a TTL of --event-ttl, 1 h by default (pkg/registry/core/event/storage: TTLFunc returns it on
 * create and on update), as an etcd lease attached to the key. Leases are costly in etcd, so each
 * storage's leaseManager reuses its last one: a lease is granted with the TTL plus the reuse
 * duration (min(5 % of 3,600 s, 60 s) = 60 s, so 3,660 s) and serves the writes of the next 60 s,
 * at most 1,000 of them. An Event therefore disappears between 3,600 and 3,660 s after its last
 * write: when its lease expires, etcd's lessor deletes every key still attached to it in one
 * transaction (keys sorted, one revision), and watchers see a DELETED for each.
 *
 * The core/v1 Events (controllers, kubelets, kubectl) and the events.k8s.io/v1 ones (the
 * scheduler's recorder) are two REST storages, each with its own etcd3 store and so its own
 * leaseManager. etcd's lessor looks for expired leases every 500 ms (its runLoop's ticker): a lease
 * is revoked at the first look at or after its expiry, on a 500 ms grid from the run's start.
 */

/** --event-ttl's default (kube-apiserver options: 1 h), in seconds. */
export const defaultEventTTLSeconds = 3600;
/** The lease manager's defaults (defaultLeaseReuseDurationSeconds, the 5 % and defaultLeaseMaxObjectCount). */
export const defaultLeaseReuseDurationSeconds = 60;
export const leaseReuseDurationPercent = 0.05;
export const defaultLeaseMaxObjectCount = 1000;

/** etcd's lessor runLoop: revokeExpiredLeases every 500 ms. */
export const lessorCheckIntervalMs = 500;

/** revokeAt is when the lessor revokes a lease expiring at `expiresMs`: its next look (3,660,150 ms → 3,660,500). */
export function revokeAt(expiresMs: number): number {
  return Math.ceil(expiresMs / lessorCheckIntervalMs) * lessorCheckIntervalMs;
}

/** Which storage an Event is written through: core/v1 `events` or events.k8s.io/v1 `events`. */
export type EventApi = 'core' | 'events';

/** One storage's leaseManager: its last lease and how many writes asked for it. */
export interface LeaseManager {
  prevLeaseID: number;
  /** prevLeaseExpirationTime in virtual ms (0: none granted yet). */
  prevLeaseExpirationMs: number;
  leaseAttachedObjectCount: number;
}

/**
 * A granted lease: when it expires, and the Event writes attached to it, as their keys and the
 * range of resourceVersions they were given (an Event written again later has a newer
 * resourceVersion, on a newer lease: etcd moves a key to the lease of its last put). Only the two
 * managers' current leases still change; every other is immutable, shared by copies.
 *
 * `keys` is append-only and shared with the copies of the lease (a keyframe copies the state
 * ~35 times in a 3,660-tick run: copying a current lease's keys each time weighed 25 B a tick).
 * The lease's own keys are the first `n`; a copy that appends while the array holds more (another
 * copy appended) takes its first `n` into an array of its own first (attachEventLease).
 */
export interface EventLease {
  id: number;
  api: EventApi;
  grantedMs: number;
  expiresMs: number;
  firstRv: number;
  lastRv: number;
  keys: string[];
  n: number;
}

export interface EventLeases {
  core: LeaseManager;
  events: LeaseManager;
  /** The leases not yet revoked, by id (ids count from 1 in grant order). */
  leases: Map<number, EventLease>;
  nextId: number;
  /**
   * The lease whose expiry the engine has queued (0: none). Leases expire in grant order (one TTL
   * for all), so one queued expiry at a time is enough: the next is queued when it is revoked
   * (sim/eventTTL.ts). One per lease would weigh ~11 B a tick in the keyframes of a 3,660-tick run.
   */
  queued: number;
}

function newLeaseManager(): LeaseManager {
  return { prevLeaseID: 0, prevLeaseExpirationMs: 0, leaseAttachedObjectCount: 0 };
}

export function newEventLeases(): EventLeases {
  return { core: newLeaseManager(), events: newLeaseManager(), leases: new Map(), nextId: 1, queued: 0 };
}

/** cloneEventLeases copies the managers and the two current leases (their keys shared, see EventLease); the closed ones are shared. */
export function cloneEventLeases(l: EventLeases): EventLeases {
  const leases = new Map(l.leases);
  for (const m of [l.core, l.events]) {
    const cur = leases.get(m.prevLeaseID);
    if (cur !== undefined) leases.set(cur.id, { ...cur });
  }
  return { core: { ...l.core }, events: { ...l.events }, leases, nextId: l.nextId, queued: l.queued };
}

/** getReuseDurationSecondsLocked: 5 % of the TTL, at most 60 s (3,600 s → 60 s; a 600 s TTL → 30 s). */
export function getReuseDurationSecondsLocked(ttlSeconds: number): number {
  return Math.min(Math.trunc(leaseReuseDurationPercent * ttlSeconds), defaultLeaseReuseDurationSeconds);
}

/**
 * getLease is the lease a write at `nowMs` is attached to: the manager's last one while it is still
 * reusable (granted less than 60 s ago, its expiry not past now + TTL + 60 s, and fewer than 1,000
 * writes counted on it, failed ones included), else a new one of TTL + 60 s. Virtual time does not
 * move between two writes of one instant where the real clock moves by nanoseconds: a write at the
 * very instant of the grant counts as after it (upstream's `sufficient` compares strictly).
 */
export function getLease(l: EventLeases, api: EventApi, nowMs: number, ttlSeconds = defaultEventTTLSeconds): number {
  const m = l[api];
  const reuse = getReuseDurationSecondsLocked(ttlSeconds);
  const valid = nowMs + ttlSeconds * 1000 < m.prevLeaseExpirationMs;
  const sufficient = nowMs + (ttlSeconds + reuse) * 1000 >= m.prevLeaseExpirationMs;
  m.leaseAttachedObjectCount++;
  if (valid && sufficient && m.leaseAttachedObjectCount <= defaultLeaseMaxObjectCount) return m.prevLeaseID;
  const id = l.nextId++;
  const expiresMs = nowMs + (ttlSeconds + reuse) * 1000;
  l.leases.set(id, { id, api, grantedMs: nowMs, expiresMs, firstRv: 0, lastRv: 0, keys: [], n: 0 });
  m.prevLeaseID = id;
  m.prevLeaseExpirationMs = expiresMs;
  m.leaseAttachedObjectCount = 1;
  return id;
}

/** attachEventLease puts the Event stored under `key` at resourceVersion `rv` on lease `id` (etcd's put with the lease). */
export function attachEventLease(l: EventLeases, id: number, key: string, rv: number): void {
  const lease = l.leases.get(id);
  if (lease === undefined) return;
  if (lease.n === 0) lease.firstRv = rv;
  lease.lastRv = rv;
  if (lease.keys.length !== lease.n) lease.keys = lease.keys.slice(0, lease.n);
  lease.keys.push(key);
  lease.n++;
}

/**
 * leaseEventWrite is getLease then attachEventLease, for a write that succeeded: the Event under
 * `key` now has resourceVersion `rv`.
 */
export function leaseEventWrite(l: EventLeases, api: EventApi, nowMs: number, key: string, rv: number): void {
  attachEventLease(l, getLease(l, api, nowMs), key, rv);
}

/**
 * attachedKeys are the keys still on `lease`, sorted as etcd's Revoke deletes them: an Event whose
 * last write is this lease's (its resourceVersion within the lease's range; `rvOf` reads the
 * stored one, undefined when the Event is gone), each once. Keys of one namespace sort as etcd's
 * `/registry/events/<namespace>/<name>` do.
 */
export function attachedKeys(lease: EventLease, rvOf: (key: string) => number | undefined): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < lease.n; i++) {
    const key = lease.keys[i] as string;
    if (seen.has(key)) continue;
    seen.add(key);
    const rv = rvOf(key);
    if (rv !== undefined && rv >= lease.firstRv && rv <= lease.lastRv) out.push(key);
  }
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
