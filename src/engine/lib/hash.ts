// Port of kubernetes pkg/controller/controller_utils.go ComputeHash and
// staging/src/k8s.io/apimachinery/pkg/util/rand/rand.go SafeEncodeString (v1.36).
import type { PodTemplateSpec } from '../api/types.ts';

/** The vowel-free alphabet of rand.SafeEncodeString (no vowels, no 0/1/3 that read as letters). */
export const SAFE_ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

export const FNV32_OFFSET = 0x811c9dc5;
export const FNV32_PRIME = 0x01000193;

/** fnv32a returns the FNV-1a 32-bit hash of the bytes as an unsigned integer (hash/fnv New32a). */
export function fnv32a(bytes: Iterable<number>): number {
  let h = FNV32_OFFSET;
  for (const b of bytes) {
    h ^= b & 0xff;
    h = Math.imul(h, FNV32_PRIME) >>> 0;
  }
  return h >>> 0;
}

/** utf8Bytes encodes a string as UTF-8 without relying on TextEncoder. */
export function utf8Bytes(s: string): number[] {
  const out: number[] = [];
  // ASCII (every name the engine makes) by char code, without the string iterator.
  let ascii = 0;
  while (ascii < s.length && s.charCodeAt(ascii) < 0x80) out.push(s.charCodeAt(ascii++));
  if (ascii === s.length) return out;
  out.length = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else
      out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  }
  return out;
}

/**
 * safeEncodeString maps every character to SAFE_ALPHANUMS[code % 27], as rand.SafeEncodeString
 * does, so digits 0–9 become `4 5 6 7 8 9 b c d f` ('0' is 48, 48 % 27 = 21 → '4').
 */
export function safeEncodeString(s: string): string {
  let r = '';
  for (const ch of s) r += SAFE_ALPHANUMS[(ch.codePointAt(0) ?? 0) % SAFE_ALPHANUMS.length];
  return r;
}

/**
 * stableStringify is JSON.stringify with object keys sorted at every level, so equal values
 * always give the same text (Go's hasher dumps structs in field order with sorted map keys).
 * Keys whose value is undefined are left out, as JSON does.
 */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const s = JSON.stringify(value);
    return s === undefined ? 'null' : s;
  }
  if (Array.isArray(value)) return `[${value.map((v) => stableStringify(v)).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableStringify(obj[k])}`).join(',')}}`;
}

/** isEmptyish reports values that apimachinery's semantic equality treats like an unset field. */
function isEmptyish(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v !== 'object') return false;
  // Own keys by for-in, not Object.keys: a Deployment sync compares templates key by key, and an
  // array per object compared was most of what it allocated.
  const o = v as Record<string, unknown>;
  for (const k in o) if (Object.hasOwn(o, k) && o[k] !== undefined) return false;
  return true;
}

/**
 * deepEqual compares two JSON values like apiequality.Semantic.DeepEqual: structural equality
 * where an absent key, null, an empty list and an empty map are all "unset" and so equal
 * (upstream's forked reflect treats nil and empty slices and maps as equal).
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isEmptyish(a) && isEmptyish(b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  // Every own key of either side once: a's, then b's that a lacks.
  for (const k in ao) {
    if (Object.hasOwn(ao, k) && !deepEqual(ao[k], bo[k])) return false;
  }
  for (const k in bo) {
    if (Object.hasOwn(bo, k) && !Object.hasOwn(ao, k) && !deepEqual(ao[k], bo[k])) return false;
  }
  return true;
}

/**
 * computeHash returns the pod-template-hash of a template: FNV-32a over a deterministic dump
 * of the template, then, when collisionCount is set, 8 more bytes (the count as a uint32
 * little-endian in the first 4, zeros after — upstream allocates 8 and fills 4). The uint32 is
 * printed in decimal and safe-encoded, so a hash holds only 4–9, b, c, d, f (e.g. "5d7b6c9f44").
 * The dump is stable JSON, not Go's spew output, so values differ from a real cluster's.
 */
export function computeHash(template: PodTemplateSpec, collisionCount?: number | null): string {
  const bytes = utf8Bytes(stableStringify(template));
  if (collisionCount !== undefined && collisionCount !== null) {
    const c = collisionCount >>> 0;
    bytes.push(c & 0xff, (c >>> 8) & 0xff, (c >>> 16) & 0xff, (c >>> 24) & 0xff, 0, 0, 0, 0);
  }
  return safeEncodeString(String(fnv32a(bytes)));
}
