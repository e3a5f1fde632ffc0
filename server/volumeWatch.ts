/**
 * The watch of persistentvolumes (`kubectl get pv -w`, `--watch-only`, `-o yaml -w`), streamed as
 * serveWatch streams the stored kinds: a volume made by hand is stored, so its own events pass
 * through (created Pending, Available, Bound, Released or Failed, deleted); a volume the
 * local-path provisioner made for a claim is derived from that claim (persistentVolume.ts), so it
 * arrives when its claim is Bound to it, changes when the volume read from the claim changes (not
 * at every write of the claim: its resourceVersion aside) and leaves when the claim is deleted.
 */
import type { ServerResponse } from 'node:http';
import type { PersistentVolumeClaimObject } from '../src/engine/api/statefulTypes.ts';
import type { KubeObject } from '../src/engine/api/types.ts';
import type { PersistentVolumeObject } from '../src/engine/api/volumeTypes.ts';
import type { RequestInfo } from '../src/engine/apiserver/rest/requestInfo.ts';
import { newBadRequest } from '../src/engine/apiserver/rest/status.ts';
import { persistentVolumeOf } from '../src/engine/controller/volume/persistentVolume.ts';
import { type DerivedObject, derivedFilter, derivedObjects, isProvisionedVolume } from '../src/engine/kubectl/derivedObjects.ts';
import { parseSelector } from '../src/engine/kubectl/selector.ts';
import { toTable } from './derived.ts';
import type { LiveCluster, LiveEvent } from './live.ts';
import { wallShift, wallTimes } from './wallClock.ts';
import { serveWatch, type WatchSource } from './watch.ts';

/** isVolumeWatch: a watch of the core group's persistentvolumes. */
export function isVolumeWatch(info: RequestInfo): boolean {
  return info.verb === 'watch' && info.group === '' && info.resource === 'persistentvolumes' && info.subresource === '';
}

/** provisionedOf is the volume the provisioner made for the claim (not one made by hand), or undefined. */
function provisionedOf(live: LiveCluster, claim: PersistentVolumeClaimObject): PersistentVolumeObject | undefined {
  const pv = persistentVolumeOf(claim);
  return pv !== undefined && isProvisionedVolume(pv) && !live.st.store.objects.PersistentVolume.has(pv.metadata.name) ? pv : undefined;
}

/** What a derived volume is, its resourceVersions (its claim's) aside. */
function signature(pv: PersistentVolumeObject): string {
  const { resourceVersion: _rv, ...metadata } = pv.metadata;
  const { resourceVersion: _ref, ...claimRef } = pv.spec.claimRef ?? {};
  return JSON.stringify({ ...pv, metadata, spec: { ...pv.spec, claimRef } });
}

/**
 * volumeWatchSource turns the store's events into the volumes': a stored volume's as they are, a
 * claim's into its provisioned volume's ADDED, MODIFIED or DELETED. It remembers each claim's
 * volume as last sent, to send a change only and to send the volume that leaves.
 */
export function volumeWatchSource(live: LiveCluster): WatchSource {
  const last = new Map<string, PersistentVolumeObject>();
  const claimKey = (c: KubeObject) => `${c.metadata.namespace ?? 'default'}/${c.metadata.name}`;
  return {
    objects: () => {
      last.clear();
      for (const c of live.st.store.objects.PersistentVolumeClaim.values()) {
        const pv = c.kind === 'PersistentVolumeClaim' ? provisionedOf(live, c) : undefined;
        if (pv !== undefined) last.set(claimKey(c), pv);
      }
      return derivedObjects(live.st, 'PersistentVolume', null) as KubeObject[];
    },
    events: (batch: readonly LiveEvent[]) => {
      const out: LiveEvent[] = [];
      for (const e of batch) {
        const o = e.object;
        if (o.kind === 'PersistentVolume') out.push(e);
        if (o.kind !== 'PersistentVolumeClaim') continue;
        const key = claimKey(o);
        const before = last.get(key);
        const pv = provisionedOf(live, o);
        if (e.type === 'DELETED' || pv === undefined) {
          const gone = e.type === 'DELETED' ? (pv ?? before) : before;
          last.delete(key);
          if (gone !== undefined) out.push({ rv: e.rv, type: 'DELETED', object: gone });
        } else if (before === undefined || signature(before) !== signature(pv)) {
          last.set(key, pv);
          out.push({ rv: e.rv, type: before === undefined ? 'ADDED' : 'MODIFIED', object: pv });
        }
      }
      return out;
    },
  };
}

/**
 * serveVolumeWatch streams a watch of persistentvolumes: with the list's label and field selectors,
 * each event's object the volume, or its one-row Table (the printer's cells) for kubectl get.
 */
export function serveVolumeWatch(live: LiveCluster, res: ServerResponse, query: URLSearchParams, table: boolean): true {
  const labels = parseSelector(query.get('labelSelector') ?? '');
  const filter = 'error' in labels ? labels : derivedFilter('PersistentVolume', labels.selector, query.get('fieldSelector') ?? '');
  if ('error' in filter) {
    const status = newBadRequest(filter.error);
    res.writeHead(status.code, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(status));
    return true;
  }
  const timeout = Number(query.get('timeoutSeconds'));
  serveWatch(live, res, {
    kind: 'PersistentVolume',
    apiVersion: 'v1',
    namespace: '',
    filter: (o) => filter(o as DerivedObject),
    resourceVersion: query.get('resourceVersion') ?? '',
    bookmarks: query.get('allowWatchBookmarks') === 'true',
    timeoutSeconds: Number.isFinite(timeout) && timeout > 0 ? timeout : null,
    present: (text) => wallTimes(text, wallShift(live.virtualNow())),
    render: table ? (o) => toTable('PersistentVolume', [o as DerivedObject], live.virtualNow(), query, o.metadata.resourceVersion ?? '') : (o) => o,
    source: volumeWatchSource(live),
  });
  return true;
}
