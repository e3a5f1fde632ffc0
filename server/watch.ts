/**
 * Watches as kube-apiserver streams them: `{"type":…,"object":…}\n` per event over a chunked
 * response; from `resourceVersion` X the changes after X are replayed from the kept history
 * (older: one ERROR event with a 410 Expired Status, then the end); with `resourceVersion` unset
 * or "0" every matching object first arrives as ADDED, in key order. Filters follow the watch cache: an object
 * that stops matching leaves as DELETED, one that starts matching arrives as ADDED. A client that
 * reads too slowly is sent 410 and closed: the engine never waits for a socket.
 */
import type { ServerResponse } from 'node:http';
import type { KubeObject } from '../src/engine/api/types.ts';
import { objectKey } from '../src/engine/apiserver/store.ts';
import { newResourceExpired } from '../src/engine/apiserver/rest/status.ts';
import type { LiveCluster, LiveEvent } from './live.ts';
import type { Filter } from './selectors.ts';

/** Bytes a watch may have waiting in its socket before it is closed as too slow. */
export const WATCH_BUFFER_LIMIT = 8 * 1024 * 1024;
/** How often a watch that allows bookmarks gets one, in real ms (kube-apiserver: about a minute). */
export const BOOKMARK_INTERVAL_MS = 10_000;

export interface WatchOptions {
  kind: KubeObject['kind'];
  apiVersion: string;
  namespace: string;
  filter: Filter;
  resourceVersion: string;
  bookmarks: boolean;
  timeoutSeconds: number | null;
  /** Turns an object into what the event carries (itself, or a one-row Table). */
  render: (obj: KubeObject) => unknown;
  /** What the event's text becomes on the wire (the run's times on the wall clock: wallClock.ts). */
  present: (text: string) => string;
  /** Where a kind the engine derives rather than stores comes from (volumeWatch.ts); else the store. */
  source?: WatchSource;
}

/** The objects of a watched kind and its events, for a kind not (only) stored. */
export interface WatchSource {
  /** The objects now: the initial list, and what matched before a replay. */
  objects: () => Iterable<KubeObject>;
  /** The kind's events that a batch of the store's events stands for. */
  events: (batch: readonly LiveEvent[]) => readonly LiveEvent[];
}

/** serveWatch streams a watch on res until the client goes, the timeout passes, or it falls behind. */
export function serveWatch(live: LiveCluster, res: ServerResponse, opts: WatchOptions): void {
  const inside = new Set<string>();
  const relevant = (o: KubeObject) => o.kind === opts.kind && (opts.namespace === '' || (o.metadata.namespace ?? 'default') === opts.namespace);
  let closed = false;
  let lastRv = live.resourceVersion();
  let unsubscribe = (): void => {};
  let bookmarkTimer: ReturnType<typeof setInterval> | undefined;
  let timeout: ReturnType<typeof setTimeout> | undefined;

  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    if (bookmarkTimer) clearInterval(bookmarkTimer);
    if (timeout) clearTimeout(timeout);
    res.end();
  };
  const send = (type: string, object: unknown): void => {
    if (closed) return;
    res.write(`${opts.present(JSON.stringify({ type, object }))}\n`);
    if (res.writableLength > WATCH_BUFFER_LIMIT) {
      res.write(`${JSON.stringify({ type: 'ERROR', object: newResourceExpired('the watch fell too far behind and was closed') })}\n`);
      close();
    }
  };
  const deliver = (e: LiveEvent): void => {
    lastRv = e.rv;
    const o = e.object;
    if (!relevant(o)) return;
    const key = objectKey(o);
    const matches = opts.filter(o);
    if (e.type === 'DELETED') {
      if (inside.delete(key)) send('DELETED', opts.render(o));
    } else if (matches) {
      send(inside.has(key) ? 'MODIFIED' : 'ADDED', opts.render(o));
      inside.add(key);
    } else if (inside.delete(key)) send('DELETED', opts.render(o));
  };

  res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', 'Cache-Control': 'no-cache, private' });
  res.flushHeaders();

  const rv = opts.resourceVersion;
  if (rv === '' || rv === '0') {
    // The watch cache's B-tree (BtreeWatchCache, locked on since v1.33) hands out its objects in
    // key order, as a list does: `kubectl events -w` prints the Events that exist in name order.
    const initial = [...objectsOf(live, opts)].filter((o) => relevant(o) && opts.filter(o));
    const keyed = initial.map((o) => ({ o, key: objectKey(o) })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const { o, key } of keyed) {
      inside.add(key);
      send('ADDED', opts.render(o));
    }
  } else {
    const from = Number(rv);
    const kept = Number.isInteger(from) ? live.eventsSince(from) : null;
    const events = kept === null || opts.source === undefined ? kept : opts.source.events(kept);
    if (events === null) {
      const oldest = live.oldestResourceVersion();
      send('ERROR', newResourceExpired(`too old resource version: ${rv} (${oldest})`));
      close();
      return;
    }
    // What matched at X: the objects that match now, minus those the replay will add.
    seedInside(live, opts, relevant, inside, events, from);
    for (const e of events) deliver(e);
  }
  if (closed) return;
  unsubscribe = live.subscribe((batch) => {
    for (const e of opts.source?.events(batch) ?? batch) deliver(e);
  });
  bookmarkTimer = setInterval(() => {
    if (opts.bookmarks) send('BOOKMARK', { kind: opts.kind, apiVersion: opts.apiVersion, metadata: { resourceVersion: String(Math.max(lastRv, live.resourceVersion())) } });
  }, BOOKMARK_INTERVAL_MS);
  if (opts.timeoutSeconds !== null) timeout = setTimeout(close, opts.timeoutSeconds * 1000);
  res.on('close', close);
}

/**
 * seedInside fills the set of keys that matched at resourceVersion `from`: each relevant object's
 * version at `from` is its last event at or before `from` (or the stored one when the replay
 * does not touch it).
 */
function seedInside(
  live: LiveCluster,
  opts: WatchOptions,
  relevant: (o: KubeObject) => boolean,
  inside: Set<string>,
  events: readonly LiveEvent[],
  from: number,
): void {
  const touched = new Set<string>();
  for (const e of events) if (relevant(e.object)) touched.add(objectKey(e.object));
  for (const o of objectsOf(live, opts)) {
    const key = objectKey(o);
    if (!touched.has(key) && relevant(o) && opts.filter(o)) inside.add(key);
  }
  // An object the replay touches existed at `from` if its first replayed event is not its ADDED;
  // its version then is unknown here, so it counts as matching when its first replayed version does.
  const first = new Map<string, LiveEvent>();
  for (const e of events) {
    const key = objectKey(e.object);
    if (relevant(e.object) && !first.has(key)) first.set(key, e);
  }
  for (const [key, e] of first) if (e.type !== 'ADDED' && e.rv > from && opts.filter(e.object)) inside.add(key);
}

/** objectsOf is the watched kind's objects now: the source's, or the store's. */
function objectsOf(live: LiveCluster, opts: WatchOptions): Iterable<KubeObject> {
  return opts.source?.objects() ?? live.st.store.objects[opts.kind].values();
}
