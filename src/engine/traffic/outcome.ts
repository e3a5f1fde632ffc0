/**
 * What one request meets (DESIGN.md §15, k8s/traffic.md §2.4–§2.5): the client node's rules
 * first (REJECT: refused at once; DROP: the SYN goes unanswered), then the chosen pod at that
 * instant — ordinary TCP: nothing bound to the port is a refusal, a pod whose IP is gone is a
 * timeout, a process that dies with the request in flight is a reset; over maxRps, HTTP 503.
 */
import type { AppFacts } from '../kubelet/apps.ts';
import type { TrafficOutcome } from './types.ts';

/** Why a request ended as it did (the Explain key of its failure group). */
export type Reason =
  | 'ok'
  | 'noRules'
  | 'rejected'
  | 'dropped'
  | 'notListening'
  | 'stopped'
  | 'gone'
  | 'maxRps'
  | 'resetExit'
  | 'resetKilled'
  | 'rulesRemoved';

export const OUTCOME_OF: Readonly<Record<Reason, TrafficOutcome>> = {
  ok: 'ok',
  noRules: 'timeout',
  rejected: 'refused',
  dropped: 'timeout',
  notListening: 'refused',
  stopped: 'refused',
  gone: 'timeout',
  maxRps: 'http503',
  resetExit: 'reset',
  resetKilled: 'reset',
  // The Service is gone: nothing answers its ClusterIP (nftables drops unallocated ClusterIPs).
  rulesRemoved: 'timeout',
};

/**
 * podOutcome: a request reaching the pod whose application facts are `f` at `t` ms, after
 * `served` requests this second already reached it. E.g. f.sigtermAt 41,200 and t 41,190 with
 * requestMs 20 and onSigterm exit: the process exits at 41,200 with the request in flight → reset.
 */
export function podOutcome(f: AppFacts | undefined, t: number, served: number): Reason {
  if (!f) return 'gone';
  if (f.goneAt >= 0 && t >= f.goneAt) return 'gone';
  if (f.sigtermAt >= 0 && t >= f.sigtermAt) return 'stopped';
  if (f.listenAt < 0 || t < f.listenAt) return 'notListening';
  if (f.maxRps > 0 && served >= f.maxRps) return 'maxRps';
  const done = t + f.requestMs;
  if (!f.drain && f.sigtermAt >= 0 && f.sigtermAt < done) return 'resetExit';
  if (f.goneAt >= 0 && f.goneAt < done) return 'resetKilled';
  return 'ok';
}

/**
 * connAlive: a kept-alive connection to the pod still carries a new request at `t`: the process
 * has not closed it (SIGTERM: `exit` dies, `drain` closes its idle connections) and the pod is
 * not gone. The client saw the close, so it reconnects through the rules without an error.
 */
export function connAlive(f: AppFacts | undefined, t: number): boolean {
  if (!f) return false;
  if (f.goneAt >= 0 && t >= f.goneAt) return false;
  return !(f.sigtermAt >= 0 && t >= f.sigtermAt);
}
