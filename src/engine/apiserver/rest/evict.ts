/**
 * The pods/eviction subresource over REST: the engine's eviction (apiserver/eviction.ts, which
 * asks the pod's PodDisruptionBudget) behind POST …/pods/NAME/eviction. A refused eviction (429
 * `Cannot evict pod as it would violate the pod's disruption budget.`, 404, 500) is answered at
 * once and writes nothing, so the served API records only the evictions that happened.
 */
import { decide } from '../../api/decision.ts';
import type { EngineState } from '../../sim/state.ts';
import type { Tx } from '../../client/tx.ts';
import { evictPod, planEviction } from '../eviction.ts';
import type { RequestInfo } from './requestInfo.ts';
import { statusOf } from './status.ts';
import type { Prepared, RestResult, WritePlan } from './write.ts';

type EvictPlan = Extract<WritePlan, { op: 'evict' }>;

/** prepareEviction refuses the eviction the budget would refuse now (nothing written), else keeps the plan. */
export function prepareEviction(st: EngineState, prepared: Extract<Prepared, { ok: true }>, info: RequestInfo): Prepared {
  const r = planEviction(st.store, info.namespace, info.name, st.now);
  return 'code' in r ? { ok: false, status: statusOf(r.code, r.error) } : prepared;
}

/** executeEviction evicts in the tick: the budget's status, the DisruptionTarget condition, the graceful delete. */
export function executeEviction(tx: Tx, plan: EvictPlan): RestResult {
  const { namespace, name } = splitKey(plan.key);
  const opts = plan.gracePeriodSeconds === undefined ? {} : { gracePeriodSeconds: plan.gracePeriodSeconds };
  const r = evictPod(tx.st.store, tx, namespace, name, opts);
  if (r.code === 201) {
    decide(tx.decisions, 'evictPod', 'evicted', { pod: name, pdb: r.budget ?? '—' });
    return { code: 201, body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 } };
  }
  if (r.code === 429) {
    decide(tx.decisions, 'evictPod', 'tooManyRequests', { pod: name, pdb: r.budget ?? '—', cause: r.error.causes?.[0]?.message ?? '' });
  }
  return { code: r.code, body: statusOf(r.code, r.error) };
}

function splitKey(key: string): { namespace: string; name: string } {
  const i = key.indexOf('/');
  return { namespace: key.slice(0, i), name: key.slice(i + 1) };
}
