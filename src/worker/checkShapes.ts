/**
 * The shape checks both directions of protocol.ts share (protocolChecks.ts for requests,
 * messageChecks.ts for the worker's messages): plain records, exact key sets, ids and bounded text.
 */
import { MAX_REQUEST_TEXT } from './protocol.ts';

export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** exactKeys: x has exactly these keys. */
export function exactKeys(x: Record<string, unknown>, keys: readonly string[]): boolean {
  const own = Object.keys(x);
  return own.length === keys.length && keys.every((k) => Object.hasOwn(x, k));
}

export const isInt = (x: unknown): x is number => Number.isSafeInteger(x);
export const isNat = (x: unknown): x is number => isInt(x) && x >= 0;
export const isId = (x: unknown): x is number => isInt(x) && x > 0;
export const isFiniteNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
export const isText = (x: unknown, max = MAX_REQUEST_TEXT): x is string =>
  typeof x === 'string' && x.length <= max;
export const isName = (x: unknown): x is string => isText(x, 253) && x !== '';
export const isStrings = (x: unknown): x is string[] =>
  Array.isArray(x) && x.every((s) => typeof s === 'string');
export const oneOf = <T extends string>(list: readonly T[], x: unknown): x is T => list.includes(x as T);
/**
 * isLessonShape: a lesson's outline (id, title, a non-empty list of steps). The worker checks the
 * whole lesson with src/lessons/validate.ts when it takes one, and says what is wrong; the page
 * need not load that validator to read the worker's messages.
 */
export const isLessonShape = (x: unknown): boolean =>
  isRecord(x) &&
  typeof x.id === 'string' &&
  isRecord(x.title) &&
  Array.isArray(x.steps) &&
  x.steps.length > 0;
