/**
 * Replays of a recording: a state restored from a keyframe stepped on to a later tick.
 */
import type { KubeObject } from '../engine/api/types.ts';
import { objectKey, type WatchRecord } from '../engine/apiserver/store.ts';
import { type EngineState, step } from '../engine/sim.ts';
import type { TickLog } from './tickLog.ts';

/**
 * replay steps `st` (a state of the recording `log` holds) on to `tick`. Each replayed write makes a new
 * object equal to the one the recording holds for it; the state takes the recorded one instead
 * (in the store and in the write's watch event, which the informer cache receives later), so a
 * replayed state shares its objects with the recording rather than holding a second copy of
 * every object written since the keyframe (a state kept to follow the playhead in the
 * 10,000-replica rollout held ~11 MB of them). The engine reads objects, never their identity.
 */
export function replay(st: EngineState, tick: number, log: TickLog): void {
  while (st.tick < tick) {
    const rec = step(st);
    if (rec === null) throw new Error(`timeline: replay ran out of events at tick ${st.tick} of ${tick}`);
    const writes = rec.writes;
    for (let j = 0; j < writes.length; j++) {
      const w = writes[j] as WatchRecord;
      // An Event the log keeps as text is not built again here: the replayed one is equal.
      const recorded = log.keptObjectAt(rec.tick - 1, j);
      if (recorded === undefined || recorded === w.object || !sameVersion(recorded, w.object)) continue;
      const replayed = w.object;
      w.object = recorded;
      if (w.type === 'DELETED') continue;
      // Only while the store still holds this write's object: a later write of the tick may have
      // replaced or removed it (PodGC writes an orphaned pod Failed, then deletes it, in one tick).
      const objects = st.store.objects[recorded.kind];
      const key = objectKey(recorded);
      if (objects.get(key) === replayed) objects.set(key, recorded);
    }
  }
}

/** sameVersion tells whether two objects are the same version of the same object (a replay writes what was recorded). */
function sameVersion(a: KubeObject, b: KubeObject): boolean {
  return a.kind === b.kind && a.metadata.name === b.metadata.name && a.metadata.resourceVersion === b.metadata.resourceVersion;
}
