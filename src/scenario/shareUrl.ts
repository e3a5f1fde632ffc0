/**
 * The share URL codec (DESIGN.md §6):
 * `#v1.<base64url, no padding, of the raw DEFLATE (RFC 1951) bytes of the scenario as JSON>[&t=<tick>][&lang=<en|zh-CN>]`
 * `[&lesson=<id>[&step=<n>]]` (§12).
 * decodeShareHash never throws: a link that is cut off, edited, from a later version, a zip
 * bomb or an invalid scenario gives one clear message, and the app opens the default scenario.
 */
import { deflateSync, Inflate, strToU8 } from 'fflate';
import { decodeBase64Url, encodeBase64Url } from './base64url.ts';
import { formatCount } from './check.ts';
import { type LinkProblem, type LinkProblemKey, linkProblemText } from './linkProblems.ts';
import { LIMITS, type Scenario } from './types.ts';
import { validateScenario } from './validate.ts';

/** The link format version this build writes and reads. */
export const SHARE_VERSION = 1;

/** The languages a link may ask for; any other `lang` is ignored (the reader's language applies). */
export const SHARE_LANGS = ['en', 'zh-CN'] as const;
export type ShareLang = (typeof SHARE_LANGS)[number];

/** What a link carries: the scenario, and optionally the tick to open at and the language. */
export interface SharedRun {
  scenario: Scenario;
  tick?: number;
  lang?: ShareLang;
  /** `&lesson=<id>&step=<n>`: the lesson to open and its step, counted from 1 (DESIGN.md §12). */
  lesson?: string;
  step?: number;
}

/**
 * Longest hash read: the base64url of 1 MiB that did not compress at all, plus room for the
 * parameters. Anything longer cannot decode under the 1 MiB limit, so it is refused unread.
 */
const MAX_HASH_CHARS = Math.ceil((LIMITS.textBytes * 4) / 3) + 1024;

/** Compressed bytes fed to the inflater per step: one step can expand to at most ~1 MiB (1,032×). */
const INFLATE_STEP = 1024;

/**
 * What decodeShareHash gives: the run, or why not — `errors` in English (one), and `problem`, the
 * same reason as a message key and values that the page shows in the reader's language.
 */
export type ShareDecodeResult =
  | { ok: true; value: SharedRun }
  | { ok: false; errors: string[]; problem: LinkProblem };

/**
 * encodeShareHash writes the hash of a link, `#v1.…`, for a scenario and optional tick and
 * language. A tick that is not a whole number ≥ 0 is left out (the link opens at the start).
 */
export function encodeShareHash(s: Scenario, opts: { tick?: number; lang?: ShareLang } = {}): string {
  const bytes = deflateSync(strToU8(JSON.stringify(s)), { level: 9 });
  let hash = `#v${SHARE_VERSION}.${encodeBase64Url(bytes)}`;
  if (opts.tick !== undefined && Number.isSafeInteger(opts.tick) && opts.tick >= 0) hash += `&t=${opts.tick}`;
  if (opts.lang !== undefined) hash += `&lang=${opts.lang}`;
  return hash;
}

/**
 * The parameters a link may carry without a scenario of its own: a course page's `#lesson=…`, a
 * `#compare=FIELD:V1,V2` (DESIGN.md §11, §12), and the language and view that go with them.
 * `t` is not one: a tick means nothing without the scenario it is a tick of.
 */
const BARE_PARAMS: ReadonlySet<string> = new Set([
  'lesson',
  'step',
  'compare',
  'lang',
  'follow',
  'tab',
  'large',
  'present',
  'embed',
]);

/**
 * isBareLink tells whether a hash is parameters only, every one of them a `key=value` the page
 * knows (`#compare=maxSurge:0,100%25`, `#lesson=seed-rollout&step=3&lang=zh-CN`): a link that opens
 * the default scenario (or the lesson's) without a word, where decodeShareHash says `notLink`. A
 * hash with a scenario, an empty one, or any other part (`#hello`, `#t=5`, `#compare=…&x`) is not.
 */
export function isBareLink(hash: string): boolean {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  if (h === '') return false;
  return h.split('&').every((p) => {
    const eq = p.indexOf('=');
    return eq > 0 && eq < p.length - 1 && BARE_PARAMS.has(p.slice(0, eq));
  });
}

/** decodeShareHash reads a hash (with or without the leading `#`); it never throws. */
export function decodeShareHash(hash: string): ShareDecodeResult {
  try {
    return decodeUnsafe(hash);
  } catch (e) {
    return fail('thrown', { detail: e instanceof Error ? e.message : String(e) });
  }
}

function decodeUnsafe(hash: string): ShareDecodeResult {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  if (h === '') return fail('empty');
  if (h.length > MAX_HASH_CHARS) return fail('tooLong', { chars: formatCount(h.length) });
  const [head = '', ...params] = h.split('&');
  const m = /^v(\d{1,6})\.(.*)$/s.exec(head);
  const v = { version: String(SHARE_VERSION) };
  if (m === null) return fail('notLink', v);
  const version = Number(m[1]);
  if (version > SHARE_VERSION) return fail('newer', { ...v, found: String(version) });
  if (version !== SHARE_VERSION) return fail('unknownVersion', { ...v, found: String(version) });

  const out: { tick?: number; lang?: ShareLang; lesson?: string; step?: number } = {};
  for (const p of params) {
    const eq = p.indexOf('=');
    const key = eq < 0 ? p : p.slice(0, eq);
    const value = eq < 0 ? '' : p.slice(eq + 1);
    if (key === 't') {
      if (!/^\d{1,15}$/.test(value)) return fail('badTick', { value: value.slice(0, 20) });
      out.tick = Number(value);
    } else if (key === 'lang') {
      const lang = SHARE_LANGS.find((l) => l === value);
      if (lang !== undefined) out.lang = lang;
    } else if (key === 'lesson') {
      // A lesson id (lower-case letters, digits, dashes); anything else is ignored.
      if (/^[a-z0-9][a-z0-9-]{0,62}$/.test(value)) out.lesson = value;
    } else if (key === 'step') {
      if (/^\d{1,4}$/.test(value) && Number(value) >= 1) out.step = Number(value);
    }
  }

  const payload = m[2] ?? '';
  if (payload === '') return fail('noData', v);
  const b = decodeBase64Url(payload);
  if (!b.ok) return fail('notBase64', { detail: b.message });
  const inflated = inflateCapped(b.bytes, LIMITS.textBytes);
  if (!inflated.ok) {
    if (inflated.tooLarge) return fail('tooLarge', { bytes: formatCount(LIMITS.textBytes) });
    return fail('noInflate', { detail: inflated.message });
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(inflated.bytes);
  } catch {
    return fail('notUtf8');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return fail('notJson', { detail: e instanceof Error ? e.message : String(e) });
  }
  const checked = validateScenario(json);
  if (!checked.ok) {
    // The validator's messages are the API server's (field paths, English); the page words the rest.
    const problem: LinkProblem = { key: 'invalid', values: { detail: checked.errors[0] ?? '' } };
    const errors = checked.errors.map((e) => linkProblemText({ key: 'invalid', values: { detail: e } }));
    return { ok: false, errors, problem };
  }
  return { ok: true, value: { scenario: checked.value, ...out } };
}

function fail(key: LinkProblemKey, values: Record<string, string> = {}): ShareDecodeResult {
  const problem = { key, values };
  return { ok: false, errors: [linkProblemText(problem)], problem };
}

/**
 * inflateCapped inflates raw DEFLATE bytes, stopping as soon as the output passes `cap` bytes
 * (so a small link that expands to gigabytes never gets the chance). It returns the bytes, or
 * why not: too large, or fflate's message for corrupt or truncated data.
 */
export function inflateCapped(
  data: Uint8Array,
  cap: number,
): { ok: true; bytes: Uint8Array } | { ok: false; tooLarge: boolean; message: string } {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let over = false;
  let done = false;
  const inflater = new Inflate((chunk, final) => {
    size += chunk.length;
    if (size > cap) over = true;
    else chunks.push(chunk.slice());
    if (final) done = true;
  });
  try {
    for (let i = 0; i < data.length && !over; i += INFLATE_STEP) {
      const end = Math.min(i + INFLATE_STEP, data.length);
      inflater.push(data.subarray(i, end), end === data.length);
    }
  } catch (e) {
    return { ok: false, tooLarge: false, message: e instanceof Error ? e.message : String(e) };
  }
  if (over) return { ok: false, tooLarge: true, message: `more than ${cap} bytes` };
  if (!done) return { ok: false, tooLarge: false, message: 'unexpected end of data' };
  const out = new Uint8Array(size);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return { ok: true, bytes: out };
}
