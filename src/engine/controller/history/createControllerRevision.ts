// Port of kubernetes pkg/controller/history/controller_history.go CreateControllerRevision's
// collision loop (v1.36), as a plan: the caller creates what it returns.
import { type DecisionLog, decide } from '../../api/decision.ts';
import type { ControllerRevision } from '../../api/types.ts';
import { controllerRevisionName, hashControllerRevision, revisionDataBytes } from './controllerHistory.ts';

/**
 * createControllerRevision is the loop on a name taken by different data: raise the collision
 * count and hash again. `lookup` reads a revision by name from the API server (any owner). A
 * taken name with the same data is that revision: nothing to create. The revision keeps the hash
 * label it was built with; only the name moves, as upstream. Taken by other data at counts 0 and
 * 1 → created at count 2, collisionCount 2.
 */
export function createControllerRevision(
  parent: { metadata: { name: string } },
  candidate: ControllerRevision,
  collisionCount: number,
  lookup: (name: string) => ControllerRevision | undefined,
  log?: DecisionLog,
): { revision: ControllerRevision; collisionCount: number; exists: boolean } {
  let count = collisionCount;
  for (;;) {
    const name = controllerRevisionName(parent.metadata.name, hashControllerRevision(candidate, count));
    const clone = { ...candidate, metadata: { ...candidate.metadata, name } };
    const taken = lookup(name);
    if (!taken) return { revision: clone, collisionCount: count, exists: false };
    if (revisionDataBytes(taken) === revisionDataBytes(clone)) return { revision: taken, collisionCount: count, exists: true };
    decide(log, 'createControllerRevision', 'hashCollision', { revision: name, collisionCount: count + 1 });
    count++;
  }
}
