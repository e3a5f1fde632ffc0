/**
 * The clients' state (DESIGN.md §15): one client per traffic target (Service and port, from a
 * node), its keep-alive connections, the run of failures it is in, and its own PRNG stream, so
 * that adding clients never moves a draw of the cluster's (every pod name and placement stays).
 */
import type { SimConfig } from '../config.ts';
import { type PrngState, seedPrng } from '../lib/prng.ts';
import { DEFAULT_REQUEST_MS } from '../kubelet/apps.ts';

/** One kept-alive connection: conntrack pins it to its pod until the pod's process closes it. */
export interface Conn {
  podKey: string;
  /** The request on it finishes here (ms); the connection is idle from then. */
  busyUntil: number;
}

/** A run of consecutive failed requests: the first and the last failure (ms), and how many. */
export interface Burst {
  from: number;
  to: number;
  count: number;
}

export interface ClientState {
  /** "namespace/name". */
  service: string;
  /** The Service port as the scenario named it (number or name); undefined: the first. */
  port: number | string | undefined;
  node: string;
  keepAlive: boolean;
  /** The rate steps (ms, rps), in time order; the rate before the first is 0. */
  steps: { at: number; rps: number }[];
  /** Idle-first queue of kept-alive connections (FIFO: the longest idle is reused first). */
  conns: Conn[];
  /** The failure run still open at the end of the last counted second. */
  burst: Burst | undefined;
}

export interface TrafficState {
  prng: PrngState;
  clients: ClientState[];
  /** A second is counted this long after it ends, when its last request has finished (ms). */
  lagMs: number;
}

declare module '../client/state.ts' {
  interface EngineState {
    /** The clients; undefined when the scenario has no traffic. */
    traffic: TrafficState | undefined;
  }
}

/** The clients' PRNG seed: the run's seed mixed with a constant, a stream of their own. */
const TRAFFIC_SEED_SALT = 0x7f4a7c15;

/** newTrafficState builds one client per (Service, port, node, keepAlive) the steps name, in first-mention order. */
export function newTrafficState(config: SimConfig): TrafficState | undefined {
  const steps = config.traffic ?? [];
  if (steps.length === 0) return undefined;
  const clients: ClientState[] = [];
  for (const s of [...steps].sort((a, b) => a.at - b.at)) {
    let c = clients.find((x) => x.service === s.service && x.port === s.port && x.node === s.node && x.keepAlive === s.keepAlive);
    if (!c) {
      c = { service: s.service, port: s.port, node: s.node, keepAlive: s.keepAlive, steps: [], conns: [], burst: undefined };
      clients.push(c);
    }
    // A later step for the same Service changes its rate, whichever client carried the earlier one.
    for (const other of clients) if (other !== c && other.service === s.service) other.steps.push({ at: Math.round(s.at * 1000), rps: 0 });
    c.steps.push({ at: Math.round(s.at * 1000), rps: s.rps });
  }
  let maxRequestMs = DEFAULT_REQUEST_MS;
  for (const b of Object.values(config.images)) maxRequestMs = Math.max(maxRequestMs, b.requestMs ?? DEFAULT_REQUEST_MS);
  return { prng: seedPrng((config.seed ^ TRAFFIC_SEED_SALT) >>> 0), clients, lagMs: Math.min(Math.ceil(maxRequestMs) + 1, 61_000) };
}

export function cloneTrafficState(s: TrafficState | undefined): TrafficState | undefined {
  if (!s) return undefined;
  return {
    prng: { s: s.prng.s },
    lagMs: s.lagMs,
    clients: s.clients.map((c) => ({ ...c, conns: c.conns.map((x) => ({ ...x })), burst: c.burst && { ...c.burst } })),
  };
}

/** rateAt: the client's requests per second at `t` ms (the last step at or before it). */
export function rateAt(c: ClientState, t: number): number {
  let r = 0;
  for (const s of c.steps) {
    if (s.at > t) break;
    r = s.rps;
  }
  return r;
}
