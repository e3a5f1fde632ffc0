/**
 * The image behaviour editor's rows as the reader types them, and back to `cluster.images`: a
 * delay is "2" (seconds) or "1-4" (a uniform [min, max]); an empty field is not written, so the
 * image takes the `default` row's value (or the built-in default).
 */
import type { ImageBehaviourView, SecondsView } from '../../worker/protocol.ts';

/** One row as typed. */
export interface ImageDraft {
  image: string;
  pull: string;
  start: string;
  ready: string;
  /** How long the image runs as an init container, as typed. */
  run: string;
  pullFails: boolean;
  crashes: boolean;
  neverReady: boolean;
  /** The application (DESIGN.md §15): '' is not written (the default row's, else exit). */
  onSigterm: '' | 'exit' | 'drain';
  /** Milliseconds a request takes, as typed ('' not written). */
  requestMs: string;
  /** Requests per second a pod answers, as typed ('' not written: no limit). */
  maxRps: string;
  /** What the scenario writes for the image that the editor does not show: written back as it was. */
  other: Record<string, unknown>;
}

/** The `cluster.images` keys the editor shows. */
const SHOWN = [
  'pullSeconds',
  'startSeconds',
  'readySeconds',
  'runSeconds',
  'pull',
  'crash',
  'ready',
  'onSigterm',
  'requestMs',
  'maxRps',
];

/** secondsText writes a delay as the editor shows it: `2`, `1-4`. */
export function secondsText(s: SecondsView | undefined): string {
  if (s === undefined) return '';
  return Array.isArray(s) ? `${s[0]}-${s[1]}` : String(s);
}

/** parseSeconds reads `2`, `0.5`, `1-4` or `1–4`; '' is undefined (not written); null when unreadable. */
export function parseSeconds(text: string): SecondsView | undefined | null {
  const s = text.trim();
  if (s === '') return undefined;
  const num = /^\d+(\.\d+)?$/;
  const m = /^(\S+?)\s*[-–]\s*(\S+)$/.exec(s);
  if (m?.[1] && m[2] && num.test(m[1]) && num.test(m[2])) return [Number(m[1]), Number(m[2])];
  return num.test(s) ? Number(s) : null;
}

/** draftOf is the row of an image as the scenario writes it. */
export function draftOf(row: ImageBehaviourView): ImageDraft {
  return {
    image: row.image,
    pull: secondsText(row.spec.pullSeconds),
    start: secondsText(row.spec.startSeconds),
    ready: secondsText(row.spec.readySeconds),
    run: secondsText(row.spec.runSeconds),
    pullFails: row.spec.pull === 'fail',
    crashes: row.spec.crash === true,
    neverReady: row.spec.ready === 'never',
    onSigterm: row.spec.onSigterm === 'exit' || row.spec.onSigterm === 'drain' ? row.spec.onSigterm : '',
    requestMs: typeof row.spec.requestMs === 'number' ? String(row.spec.requestMs) : '',
    maxRps: typeof row.spec.maxRps === 'number' ? String(row.spec.maxRps) : '',
    other: Object.fromEntries(Object.entries(row.spec).filter(([k]) => !SHOWN.includes(k))),
  };
}

/**
 * parseAmount reads a positive number (`20`, `0.5`); '' is undefined (not written); null when
 * unreadable or not above 0 (a request of 0 ms or a limit of 0 rps means nothing).
 */
export function parseAmount(text: string): number | undefined | null {
  const s = text.trim();
  if (s === '') return undefined;
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  return n > 0 ? n : null;
}

/** A field the editor could not read: its image, its text and whether it wanted seconds or a number. */
export interface BadField {
  image: string;
  value: string;
  kind: 'seconds' | 'number';
}

/**
 * imagesOf turns the rows into `cluster.images` (rows with nothing written are left out), or
 * says which field it cannot read: `{ bad: { image, value, kind } }`.
 */
export function imagesOf(
  rows: readonly ImageDraft[],
): { images: Record<string, Record<string, unknown>> } | { bad: BadField } {
  const entries: [string, Record<string, unknown>][] = [];
  for (const r of rows) {
    const spec: Record<string, unknown> = { ...r.other };
    for (const [key, text] of [
      ['pullSeconds', r.pull],
      ['startSeconds', r.start],
      ['readySeconds', r.ready],
      ['runSeconds', r.run],
    ] as const) {
      const v = parseSeconds(text);
      if (v === null) return { bad: { image: r.image, value: text, kind: 'seconds' } };
      if (v !== undefined) spec[key] = v;
    }
    for (const [key, text] of [
      ['requestMs', r.requestMs],
      ['maxRps', r.maxRps],
    ] as const) {
      const v = parseAmount(text);
      if (v === null) return { bad: { image: r.image, value: text, kind: 'number' } };
      if (v !== undefined) spec[key] = v;
    }
    if (r.onSigterm !== '') spec.onSigterm = r.onSigterm;
    if (r.pullFails) spec.pull = 'fail';
    if (r.crashes) spec.crash = true;
    if (r.neverReady) spec.ready = 'never';
    if (Object.keys(spec).length > 0) entries.push([r.image, spec]);
  }
  return { images: Object.fromEntries(entries) };
}
