/**
 * The traffic contract (DESIGN.md §15) shared by the engine, the recording, the CLI and the page.
 * The engine counts requests per virtual second and Service; it never stores them one by one.
 */

/** Outcomes of one request, in DESIGN.md §15's order. */
export const TRAFFIC_OUTCOMES = ['ok', 'refused', 'reset', 'timeout', 'http503'] as const;
export type TrafficOutcome = (typeof TRAFFIC_OUTCOMES)[number];

/**
 * One virtual second of one Service's callers: exactly the `--output traffic` line's keys, in
 * its order, e.g. {"second":31,"service":"default/web","ok":98,"refused":2,"reset":0,
 * "timeout":0,"http503":0,"byRevision":{"1":40,"2":58},"endpoints":9}.
 */
export interface TrafficSecond {
  /** Whole virtual second the requests were sent in: [second, second + 1). */
  second: number;
  /** "NAMESPACE/NAME" of the Service. */
  service: string;
  ok: number;
  refused: number;
  reset: number;
  timeout: number;
  http503: number;
  /** ok requests by the workload revision (Deployment revision / ControllerRevision) that served them. */
  byRevision: Record<string, number>;
  /** Size of the client node's programmed endpoint set at the end of that second. */
  endpoints: number;
}

/** A rollout's traffic figures in the run summary (DESIGN.md §15, §10), keys in this order. */
export interface TrafficSummary {
  service: string;
  requests: number;
  ok: number;
  refused: number;
  reset: number;
  timeout: number;
  http503: number;
  /** (requests − ok) / requests, 0 when there were no requests. */
  errorRate: number;
  /** Longest run of consecutive failed requests, in virtual seconds from its first to its last. */
  longestErrorBurstSeconds: number;
}

/** Where a pod stands as an endpoint of the Services that select it (the Cluster panel's badge). */
export type EndpointState = 'ready' | 'serving-terminating' | 'none';
