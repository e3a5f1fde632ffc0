import type { PodDisplayPhase, StatefulSetExtra } from '../../worker/protocol.ts';

/** A note's catalogue key (in the `sts` namespace) and its values. */
export interface OrdinalNote {
  key:
    | 'why.waiting'
    | 'why.waitingMissing'
    | 'why.nextSync'
    | 'why.condemned'
    | 'why.claimKept'
    | 'why.partition';
  values: Record<string, string | number>;
  /** The phase to translate into `values.phase` (a missing pod's blocker). */
  phase?: PodDisplayPhase;
}

/** Missing ordinals explained one by one, at most: the rest wait for the same pod. */
const MISSING_NOTES = 2;

/**
 * ordinalNotes says why the set's ordinals look as they do, with the numbers: the first missing
 * ordinals and what they wait for (OrderedReady) or that the next sync creates them (Parallel),
 * pods being scaled away and claims kept without a pod, and the pods a partition holds back
 * (partition 2 of 3: web-0 and web-1 stay on the current revision).
 */
export function ordinalNotes(x: StatefulSetExtra, replicas: number): OrdinalNote[] {
  const out: OrdinalNote[] = [];
  const first = x.ordinalStart;
  const last = first + replicas - 1;
  let missing = 0;
  for (const o of x.ordinals) {
    if (o.phase === null && !o.condemned && missing++ < MISSING_NOTES) {
      if (o.waitingFor === null) out.push({ key: 'why.nextSync', values: { pod: o.pod } });
      else if (o.waitingFor.phase === null)
        out.push({ key: 'why.waitingMissing', values: { pod: o.pod, waitingFor: o.waitingFor.pod } });
      else
        out.push({
          key: 'why.waiting',
          values: { pod: o.pod, waitingFor: o.waitingFor.pod },
          phase: o.waitingFor.phase,
        });
    }
    if (o.condemned && o.phase !== null)
      out.push({ key: 'why.condemned', values: { pod: o.pod, ordinal: o.ordinal, replicas, first, last } });
    if (o.condemned && o.phase === null && o.claims[0])
      out.push({
        key: 'why.claimKept',
        values: { pod: o.pod, claim: o.claims[0].name, policy: x.whenScaled },
      });
  }
  const held = x.ordinals.filter((o) => o.ordinal < x.partition && o.onRevision === 'current');
  if (x.partition > 0 && held.length > 0 && x.updateRevision !== x.currentRevision)
    out.push({
      key: 'why.partition',
      values: {
        pods: held.map((o) => o.pod).join(', '),
        partition: x.partition,
        current: x.currentRevisionNumber,
        update: x.updateRevisionNumber,
      },
    });
  return out;
}
