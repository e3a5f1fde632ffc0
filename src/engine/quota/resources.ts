// Port of kubernetes pkg/quota/v1/resources.go (v1.36): resource-list arithmetic for quota.
/**
 * A resource list as quota works with it: resource name → parsed quantity. The API keeps lists
 * as strings (`requests.cpu: 1500m`); quota parses them once, adds and compares exactly (nano
 * units, lib/quantity.ts) and prints them back in canonical form (`toResourceList`).
 */
import type { ResourceList } from '../api/policyTypes.ts';
import { addQuantities, cmpQuantities, formatQuantity, parseQuantity, type Quantity, subQuantities } from '../lib/quantity.ts';

/** A parsed resource list. Insertion order does not matter: every printer sorts the names. */
export type Usage = Map<string, Quantity>;

/** parseResourceList reads an API resource list; a value that does not parse is left out (validation refuses it earlier). */
export function parseResourceList(list: ResourceList | undefined): Usage {
  const out: Usage = new Map();
  for (const [k, v] of Object.entries(list ?? {})) {
    const q = parseQuantity(String(v));
    if (q.ok) out.set(k, q.value);
  }
  return out;
}

/** toResourceList prints a usage as the API serialises a ResourceList: sorted names, canonical quantities. */
export function toResourceList(u: Usage): ResourceList {
  const out: ResourceList = {};
  for (const k of resourceNames(u)) out[k] = formatQuantity(u.get(k) as Quantity);
  return out;
}

/** resourceNames is ResourceNames, sorted (Go's map order is random; every use here sorts). */
export function resourceNames(u: Usage): string[] {
  return [...u.keys()].sort();
}

/** add is quota.Add: every key of a and b, summed where both have it. */
export function add(a: Usage, b: Usage): Usage {
  const out: Usage = new Map(a);
  for (const [k, v] of b) {
    const cur = out.get(k);
    out.set(k, cur === undefined ? v : addQuantities(cur, v));
  }
  return out;
}

/** subtract is quota.Subtract: a − b for a's keys, −b for the keys only b has. */
export function subtract(a: Usage, b: Usage): Usage {
  const out: Usage = new Map(a);
  for (const [k, v] of b) {
    const cur = out.get(k);
    out.set(k, cur === undefined ? { nanos: -v.nanos, format: v.format } : subQuantities(cur, v));
  }
  return out;
}

/** mask is quota.Mask: only the named resources of u. */
export function mask(u: Usage, names: Iterable<string>): Usage {
  const out: Usage = new Map();
  for (const k of names) {
    const v = u.get(k);
    if (v !== undefined) out.set(k, v);
  }
  return out;
}

/**
 * lessThanOrEqual is quota.LessThanOrEqual: true when every resource of b that a also has is
 * not exceeded in a; otherwise false and the exceeded names (sorted).
 */
export function lessThanOrEqual(a: Usage, b: Usage): { allowed: boolean; exceeded: string[] } {
  const exceeded: string[] = [];
  for (const [k, hard] of b) {
    const v = a.get(k);
    if (v !== undefined && cmpQuantities(v, hard) > 0) exceeded.push(k);
  }
  return { allowed: exceeded.length === 0, exceeded: exceeded.sort() };
}

/** equals is quota.Equals: the same names with equal quantities. */
export function equals(a: Usage, b: Usage): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (w === undefined || cmpQuantities(v, w) !== 0) return false;
  }
  return true;
}

/** isZero is quota.IsZero: every quantity is zero (an empty list too). */
export function isZero(u: Usage): boolean {
  for (const v of u.values()) if (v.nanos !== 0n) return false;
  return true;
}

/** isNegative is quota.IsNegative: the names whose quantity is below zero. */
export function isNegative(u: Usage): string[] {
  return resourceNames(u).filter((k) => (u.get(k) as Quantity).nanos < 0n);
}

/** prettyPrint is the admission plugin's `requests.cpu=500m,requests.memory=1Gi`: sorted, comma-separated. */
export function prettyPrint(u: Usage): string {
  return resourceNames(u)
    .map((k) => `${k}=${formatQuantity(u.get(k) as Quantity)}`)
    .join(',');
}

/** prettyPrintResourceNames joins names sorted with commas. */
export function prettyPrintResourceNames(names: Iterable<string>): string {
  return [...names].sort().join(',');
}
