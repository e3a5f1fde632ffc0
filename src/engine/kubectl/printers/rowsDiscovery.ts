// Port of kubernetes pkg/printers/internalversion/printers.go (v1.36): the EndpointSlice and
// Endpoints columns and printEndpointSlice (formatDiscoveryPorts, formatDiscoveryEndpoints,
// listWithMoreString) and printEndpoints (formatEndpoints).
import type { Endpoints, EndpointSlice } from '../../api/discoveryTypes.ts';
import { formatAge } from '../../lib/duration.ts';
import type { Column } from './rows.ts';

const col = (name: string, wide = false): Column => ({ name, wide });

export const DISCOVERY_COLUMNS = {
  EndpointSlice: [col('Name'), col('AddressType'), col('Ports'), col('Endpoints'), col('Age')],
  Endpoints: [col('Name'), col('Endpoints'), col('Age')],
} as const satisfies Record<string, readonly Column[]>;

/** The most list entries a cell shows before `+ N more...`. */
const MAX_LISTED = 3;

/** listWithMoreString: the first three joined by commas, `+ N more...` past them, `<unset>` for none. */
export function listWithMoreString(list: readonly string[], more: boolean, count: number): string {
  const ret = list.join(',');
  if (more) return `${ret} + ${count - MAX_LISTED} more...`;
  return ret === '' ? '<unset>' : ret;
}

/** joinHostPort is net.JoinHostPort: an IPv6 address in brackets. */
export function joinHostPort(ip: string, port: number): string {
  return ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`;
}

/** formatDiscoveryPorts: each port's number, else its name, else `*`. */
export function formatDiscoveryPorts(ports: EndpointSlice['ports']): string {
  const list: string[] = [];
  let more = false;
  let count = 0;
  for (const p of ports ?? []) {
    if (list.length < MAX_LISTED) list.push(p.port !== undefined ? String(p.port) : (p.name ?? '*'));
    else more = true;
    count++;
  }
  return listWithMoreString(list, more, count);
}

/** formatDiscoveryEndpoints: every address of every endpoint, whatever its conditions (terminating pods show). */
export function formatDiscoveryEndpoints(endpoints: EndpointSlice['endpoints']): string {
  const list: string[] = [];
  let more = false;
  let count = 0;
  for (const ep of endpoints ?? []) {
    for (const a of ep.addresses) {
      if (list.length < MAX_LISTED) list.push(a);
      else more = true;
      count++;
    }
  }
  return listWithMoreString(list, more, count);
}

/** endpointSliceRow: NAME ADDRESSTYPE PORTS ENDPOINTS AGE. A placeholder slice prints `<unset>` twice. */
export function endpointSliceRow(s: EndpointSlice, nowMs: number): string[] {
  return [s.metadata.name, s.addressType, formatDiscoveryPorts(s.ports), formatDiscoveryEndpoints(s.endpoints), formatAge(nowMs, s.metadata.creationTimestamp)];
}

/**
 * formatEndpoints: `ip:port` of the ready addresses only (notReadyAddresses are not printed), for
 * each port (a subset without ports: the bare IPs), first three then `+ N more...`; `<none>`
 * without subsets, and an empty cell when every address is not ready.
 */
export function formatEndpoints(e: Endpoints): string {
  const subsets = e.subsets ?? [];
  if (subsets.length === 0) return '<none>';
  const list: string[] = [];
  let more = false;
  let count = 0;
  for (const ss of subsets) {
    const addrs = ss.addresses ?? [];
    const ports = ss.ports ?? [];
    if (ports.length === 0) {
      count += addrs.length;
      for (const a of addrs) {
        if (list.length === MAX_LISTED) {
          more = true;
          break;
        }
        list.push(a.ip);
      }
      continue;
    }
    for (const p of ports) {
      count += addrs.length;
      for (const a of addrs) {
        if (list.length === MAX_LISTED) {
          more = true;
          break;
        }
        list.push(joinHostPort(a.ip, p.port));
      }
    }
  }
  const ret = list.join(',');
  return more ? `${ret} + ${count - MAX_LISTED} more...` : ret;
}

/** endpointsRow: NAME ENDPOINTS AGE. */
export function endpointsRow(e: Endpoints, nowMs: number): string[] {
  return [e.metadata.name, formatEndpoints(e), formatAge(nowMs, e.metadata.creationTimestamp)];
}
