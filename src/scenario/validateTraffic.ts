/**
 * Validation of `cluster.traffic` (DESIGN.md §15): a step function of requests per second per
 * Service — `{ at, service, rps, node, keepAlive, port }` — and, against the objects and nodes,
 * that each step names a Service the scenario creates, a node it has and a port that Service has.
 */
import { checkFields, describeValue, field, formatCount, has, index, isFiniteNumber, isRecord, type Issues, own, report } from './check.ts';
import { LIMITS, type Scenario, type TrafficSpec } from './types.ts';

/** Highest request rate a step may ask for: 100,000 requests per virtual second. */
export const MAX_RPS = 100_000;
const SERVICE_RE = /^(?:([a-z0-9]([-a-z0-9]*[a-z0-9])?)\/)?([a-z]([-a-z0-9]*[a-z0-9])?)$/;
const FIELDS = ['at', 'service', 'rps', 'node', 'keepAlive', 'port'] as const;

/** validateTraffic checks the steps' shape; Services, nodes and ports are checked later (validateTrafficTargets). */
export function validateTraffic(issues: Issues, path: string, x: unknown): TrafficSpec[] | undefined {
  if (!Array.isArray(x)) {
    report(issues, path, 'must be a list of { at, service, rps } steps, e.g. [{ at: 0, service: "web", rps: 100 }]');
    return undefined;
  }
  const out: TrafficSpec[] = [];
  x.forEach((s, i) => {
    const p = index(path, i);
    if (!isRecord(s)) {
      report(issues, p, 'must be a mapping with at, service, rps (and node, keepAlive, port)');
      return;
    }
    checkFields(issues, p, s, FIELDS, ['at', 'service', 'rps']);
    let ok = has(s, 'at') && has(s, 'service') && has(s, 'rps');
    const at = own(s, 'at');
    if (has(s, 'at') && (!isFiniteNumber(at) || at < 0 || at > LIMITS.seconds)) {
      report(issues, field(p, 'at'), `must be a number of seconds from 0 to ${formatCount(LIMITS.seconds)}`);
      ok = false;
    }
    const service = own(s, 'service');
    if (has(s, 'service') && (typeof service !== 'string' || !SERVICE_RE.test(service))) {
      report(issues, field(p, 'service'), `must be "NAME" or "NAMESPACE/NAME" of a Service, not ${describeValue(service)}`);
      ok = false;
    }
    const rps = own(s, 'rps');
    if (has(s, 'rps') && (!isFiniteNumber(rps) || rps < 0 || rps > MAX_RPS)) {
      report(issues, field(p, 'rps'), `Invalid value: ${JSON.stringify(rps)}: must be a number of requests per second from 0 to ${formatCount(MAX_RPS)}`);
      ok = false;
    }
    const step: TrafficSpec = { at: at as number, service: service as string, rps: rps as number };
    const node = own(s, 'node');
    if (has(s, 'node')) {
      if (typeof node === 'string' && node !== '') step.node = node;
      else {
        report(issues, field(p, 'node'), `must be the name of a node, not ${describeValue(node)}`);
        ok = false;
      }
    }
    const keepAlive = own(s, 'keepAlive');
    if (has(s, 'keepAlive')) {
      if (typeof keepAlive === 'boolean') step.keepAlive = keepAlive;
      else {
        report(issues, field(p, 'keepAlive'), 'must be true or false');
        ok = false;
      }
    }
    const port = own(s, 'port');
    if (has(s, 'port')) {
      if ((typeof port === 'number' && Number.isInteger(port) && port >= 1 && port <= 65535) || (typeof port === 'string' && port !== '')) step.port = port;
      else {
        report(issues, field(p, 'port'), `must be a Service port number (1–65535) or name, not ${describeValue(port)}`);
        ok = false;
      }
    }
    if (ok) out.push(step);
  });
  return out;
}

interface ServicePorts {
  ports: { port?: number; name?: string }[];
}

/**
 * validateTrafficTargets: each step names a Service the scenario creates (in `objects` or by an
 * `apply` action) — `cluster.traffic[0].service: services "nope" not found` as the API server
 * says it —, a node of the cluster, and a port of that Service.
 */
export function validateTrafficTargets(issues: Issues, path: string, traffic: readonly TrafficSpec[], s: Scenario, nodes: readonly string[] | null): void {
  const services = new Map<string, ServicePorts>();
  const add = (o: { kind?: string; metadata?: { name?: string; namespace?: string }; spec?: unknown }) => {
    if (o.kind !== 'Service') return;
    const spec = (o.spec ?? {}) as { ports?: ServicePorts['ports'] };
    services.set(`${o.metadata?.namespace ?? 'default'}/${o.metadata?.name ?? ''}`, { ports: spec.ports ?? [] });
  };
  for (const o of s.objects) add(o);
  for (const a of s.actions ?? []) if ('apply' in a) add(a.apply as { kind?: string });
  const nodeSet = nodes === null ? null : new Set([...nodes, ...addedNodes(s)]);
  traffic.forEach((step, i) => {
    const p = index(path, i);
    const slash = step.service.indexOf('/');
    const ns = slash < 0 ? 'default' : step.service.slice(0, slash);
    const name = step.service.slice(slash + 1);
    const svc = services.get(`${ns}/${name}`);
    if (!svc) {
      const where = ns === 'default' ? '' : ` in namespace ${JSON.stringify(ns)}`;
      report(issues, field(p, 'service'), `services ${JSON.stringify(name)} not found${where} (no Service of that name in objects or in an apply action)`);
    } else if (svc.ports.length === 0) {
      report(issues, field(p, 'service'), `the Service ${JSON.stringify(name)} has no ports to send requests to`);
    } else if (step.port !== undefined && !svc.ports.some((sp) => sp.port === step.port || (sp.name !== undefined && sp.name === step.port))) {
      const list = svc.ports.map((sp) => (sp.name ? `${sp.name} ${sp.port}` : String(sp.port))).join(', ');
      report(issues, field(p, 'port'), `the Service ${JSON.stringify(name)} has no port ${JSON.stringify(step.port)} (its ports: ${list})`);
    }
    if (step.node !== undefined && nodeSet !== null && !nodeSet.has(step.node)) {
      report(issues, field(p, 'node'), `nodes ${JSON.stringify(step.node)} not found (the cluster's nodes: ${[...nodeSet].slice(0, 5).join(', ')}${nodeSet.size > 5 ? ', …' : ''})`);
    }
  });
}

function addedNodes(s: Scenario): string[] {
  const out: string[] = [];
  for (const a of s.actions ?? []) if ('node' in a && a.node.add !== undefined) out.push(a.node.name);
  return out;
}
