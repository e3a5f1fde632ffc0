/**
 * A write request run inside a tick, as a client-go REST client sends one to kube-apiserver: the
 * API server's handlers prepare it (apiserver/rest/write.ts: decode, default, validate, check the
 * resourceVersion, or refuse with a Status); executePlan carries the plan out through the tick's
 * transaction (tx.ts), which records the writes.
 */
import { decide } from '../api/decision.ts';
import type { Deployment } from '../api/types.ts';
import { allocateServiceIP, allocateUpdateNodePorts } from '../apiserver/createPolicy.ts';
import { evictPod } from '../apiserver/eviction.ts';
import type { DeleteOptions } from '../apiserver/delete.ts';
import { newAlreadyExists, newConflict, newInvalid as newInvalidStatus, newNotFound, statusOf } from '../apiserver/rest/status.ts';
import { type ApiRequest, type PrepareOptions, prepareRequest, type RestResult, scaleOf, type WritePlan } from '../apiserver/rest/write.ts';
import { create, del, type Tx, update } from './tx.ts';

type EvictPlan = Extract<WritePlan, { op: 'evict' }>;

/** The HTTP code of each Status reason an engine write can fail with (StatusReason → code). */
const STATUS_CODES: Readonly<Record<string, number>> = { BadRequest: 400, Forbidden: 403, NotFound: 404, AlreadyExists: 409, Conflict: 409, Invalid: 422, TooManyRequests: 429 };

/** executePlan carries a prepared write out in the tick; the stored object is the answer. */
export function executePlan(tx: Tx, plan: WritePlan): RestResult {
  switch (plan.op) {
    case 'create': {
      const a = allocateServiceIP(plan.object, tx.st.store.objects.Service.values(), tx.prng);
      // A node port asked for that the allocator refuses: the registry's 422, one cause per port.
      if ('error' in a) return { code: 422, body: newInvalidStatus('Service', '', plan.object.metadata.name, a.fieldErrors) };
      const res = create(tx, a.object);
      if (res.ok) return { code: 201, body: res.object };
      if (res.error.reason === 'AlreadyExists') return { code: 409, body: newAlreadyExists(plan.resource, plan.object.metadata.name) };
      // Admission refused it (a quota's 403): the reason shows in Explain and goes back to the client.
      const code = STATUS_CODES[res.error.reason] ?? 500;
      // An Invalid refusal keeps its field errors for the served API's Status (server/live.ts).
      const values: Record<string, string | number> = { kind: plan.object.kind, name: plan.object.metadata.name, code, reason: res.error.reason, message: res.error.message };
      if (res.error.invalid) values.invalid = JSON.stringify(res.error.invalid);
      decide(tx.decisions, 'admit', 'createRefused', values);
      return { code, body: statusOf(code, res.error) };
    }
    case 'update': {
      // A port that now needs a node port and has none gets one (a switch to NodePort).
      const obj = plan.object.kind === 'Service' ? allocateUpdateNodePorts(plan.object, tx.st.store.objects.Service.values(), tx.prng) : plan.object;
      const res = update(tx, obj);
      if (!res.ok && res.error.reason === 'Conflict') return { code: 409, body: newConflict(plan.resource, plan.object.metadata.name) };
      // Admission refused it after validation (a claim's resize: a 403).
      if (!res.ok) {
        const code = STATUS_CODES[res.error.reason] ?? 500;
        return { code, body: statusOf(code, res.error) };
      }
      return { code: 200, body: plan.scale ? scaleOf(res.object as Deployment) : res.object };
    }
    case 'evict':
      return executeEviction(tx, plan);
    case 'delete': {
      const opts: Omit<DeleteOptions, 'uid'> = {};
      if (plan.gracePeriodSeconds !== undefined) opts.gracePeriodSeconds = plan.gracePeriodSeconds;
      if (plan.propagationPolicy !== undefined) opts.propagationPolicy = plan.propagationPolicy;
      const res = del(tx, plan.resource.kind, plan.key, opts);
      if (!res.ok && res.error.reason === 'NotFound') return { code: 404, body: newNotFound(plan.resource, plan.name) };
      if (!res.ok) {
        const code = STATUS_CODES[res.error.reason] ?? 500;
        return { code, body: statusOf(code, res.error) };
      }
      return { code: 200, body: res.object };
    }
  }
}

/** runRequest prepares and executes a write in one tick (a replayed `request:` action). */
export function runRequest(tx: Tx, req: ApiRequest, opts: PrepareOptions = {}): RestResult {
  const p = prepareRequest(tx.st, req, opts);
  if (!p.ok) return { code: p.status.code, body: p.status };
  return executePlan(tx, p.plan);
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
