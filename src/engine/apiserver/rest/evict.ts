/**
 * The pods/eviction subresource over REST: the engine's eviction (apiserver/eviction.ts, which
 * asks the pod's PodDisruptionBudget) behind POST …/pods/NAME/eviction. A refused eviction (429
 * `Cannot evict pod as it would violate the pod's disruption budget.`, 404, 500) is answered at
 * once and writes nothing, so the served API records only the evictions that happened.
 */
import { planEviction } from '../eviction.ts';
import type { RequestInfo } from './requestInfo.ts';
import { statusOf } from './status.ts';
import type { ApiView, Prepared } from './write.ts';

/** prepareEviction refuses the eviction the budget would refuse now (nothing written), else keeps the plan. */
export function prepareEviction(st: ApiView, prepared: Extract<Prepared, { ok: true }>, info: RequestInfo): Prepared {
  const r = planEviction(st.store, info.namespace, info.name, st.now);
  return 'code' in r ? { ok: false, status: statusOf(r.code, r.error) } : prepared;
}
