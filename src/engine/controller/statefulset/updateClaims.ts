// Port of the fixPodClaim step of kubernetes pkg/controller/statefulset/stateful_set_control.go
// updateStatefulSet (v1.36): before any condemned pod is deleted, its claims get the owner
// references the retention policy wants, so whenScaled: Delete hands them to the pod first.
import { decide } from '../../api/decision.ts';
import type { StatefulPod } from '../../api/statefulTypes.ts';
import { claimsMatchRetentionPolicy, updatePodClaimForRetentionPolicy } from './podClaims.ts';
import type { StepContext, StepResult } from './processReplica.ts';

/** updateClaimsForCondemned is fixPodClaim(i): ClaimsMatchRetentionPolicy, else UpdatePodClaimForRetentionPolicy (with updateSet). */
export function updateClaimsForCondemned(ctx: StepContext, condemned: readonly StatefulPod[], i: number): StepResult {
  const pod = condemned[i] as StatefulPod;
  const updateSet = ctx.sets.update();
  if (claimsMatchRetentionPolicy(updateSet, pod, ctx.claims)) return { exit: false, error: null };
  const fix = updatePodClaimForRetentionPolicy(updateSet, pod, ctx.claims);
  ctx.actions.push({ op: 'updateClaims', phase: ctx.phase, batch: ctx.batch, pod: pod.metadata.name, claims: fix.updates, conflicting: fix.conflicting });
  decide(ctx.log, 'fixPodClaim', 'updateClaims', { pod: pod.metadata.name, claims: fix.updates.length });
  return { exit: false, error: null };
}
