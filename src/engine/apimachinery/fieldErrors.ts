// Port of kubernetes staging/src/k8s.io/apimachinery/pkg/util/validation/field/errors.go and the
// kubectl rendering of an Invalid status error (cmd/util/helpers.go StandardErrorMessage) (v1.36).

/** The field error types, by their display strings (ErrorType.String()). */
export const FieldErrorType = {
  NotFound: 'Not found',
  Required: 'Required value',
  Duplicate: 'Duplicate value',
  Invalid: 'Invalid value',
  NotSupported: 'Unsupported value',
  Forbidden: 'Forbidden',
  TooLong: 'Too long',
  Internal: 'Internal error',
} as const;
export type FieldErrorType = (typeof FieldErrorType)[keyof typeof FieldErrorType];

/**
 * A field-level validation error. `badValue` is already rendered the way Go prints it: numbers
 * and booleans plain, strings quoted, structs, maps and IntOrStrings as JSON (`0`, `"0%"`,
 * `{"app":"web"}`); null when the type prints no value (Required, Forbidden, TooLong, Internal).
 */
export interface FieldError {
  type: FieldErrorType;
  field: string;
  badValue: string | null;
  detail: string;
}

/**
 * renderBadValue prints a value as field.Error does: numbers and booleans with %v, strings with
 * %q, anything else as JSON. Pass maps with their keys sorted (Go marshals maps sorted) and
 * structs with their fields in Go's order.
 */
export function renderBadValue(v: unknown): string {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === undefined) return 'null';
  return JSON.stringify(v) ?? 'null';
}

/** sortedMap returns a copy of a string map with its keys sorted, as Go's JSON encoder writes maps. */
export function sortedMap(m: Record<string, string> | undefined | null): Record<string, string> | null {
  if (!m) return null;
  const out: Record<string, string> = {};
  for (const k of Object.keys(m).sort()) out[k] = m[k] as string;
  return out;
}

/** required: `<path>: Required value[: detail]`. */
export function required(field: string, detail = ''): FieldError {
  return { type: FieldErrorType.Required, field, badValue: null, detail };
}

/** invalid: `<path>: Invalid value: <value>: detail`. */
export function invalid(field: string, value: unknown, detail: string): FieldError {
  return { type: FieldErrorType.Invalid, field, badValue: renderBadValue(value), detail };
}

/** forbidden: `<path>: Forbidden: detail`. */
export function forbidden(field: string, detail: string): FieldError {
  return { type: FieldErrorType.Forbidden, field, badValue: null, detail };
}

/** tooLong: `<path>: Too long: may not be more than N bytes` (the value is omitted). */
export function tooLong(field: string, maxLength: number): FieldError {
  const detail = maxLength >= 0 ? `may not be more than ${maxLength} ${maxLength === 1 ? 'byte' : 'bytes'}` : 'value is too long';
  return { type: FieldErrorType.TooLong, field, badValue: null, detail };
}

/** duplicate: `<path>: Duplicate value: <value>`. */
export function duplicate(field: string, value: unknown): FieldError {
  return { type: FieldErrorType.Duplicate, field, badValue: renderBadValue(value), detail: '' };
}

/** notSupported: `<path>: Unsupported value: <value>: supported values: "a", "b"`. */
export function notSupported(field: string, value: unknown, validValues: readonly string[]): FieldError {
  const detail = validValues.length ? `supported values: ${validValues.map((v) => JSON.stringify(v)).join(', ')}` : '';
  return { type: FieldErrorType.NotSupported, field, badValue: renderBadValue(value), detail };
}

/** errorBody is the message without the field: `Invalid value: 0: may not be 0 when ...`. */
export function errorBody(e: FieldError): string {
  let s: string = e.type;
  if (e.badValue !== null) s += `: ${e.badValue}`;
  if (e.detail) s += `: ${e.detail}`;
  return s;
}

/** fieldErrorString is field.Error.Error(): `<path>: <body>`. */
export function fieldErrorString(e: FieldError): string {
  return `${e.field}: ${errorBody(e)}`;
}

/** uniqueMessages is the messages without repeats, in first-seen order (as both of kubectl's aggregations keep them). */
function uniqueMessages(messages: readonly string[]): string[] {
  const seen: string[] = [];
  for (const m of messages) if (!seen.includes(m)) seen.push(m);
  return seen;
}

/**
 * aggregateMessage joins messages as utilerrors.Aggregate does: duplicates dropped, one message
 * as is, several as `[a, b]`.
 */
export function aggregateMessage(messages: readonly string[]): string {
  const seen = uniqueMessages(messages);
  if (seen.length === 1) return seen[0] as string;
  return `[${seen.join(', ')}]`;
}

/**
 * invalidMessage is what kubectl prints for an Invalid API error:
 * `The Deployment "web" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0`
 * and `The Deployment "web" is invalid: [err1, err2]` for several.
 */
export function invalidMessage(kind: string, name: string, errs: readonly FieldError[]): string {
  const s = `The ${kind} ${JSON.stringify(name)} is invalid`;
  if (errs.length === 0) return s;
  return `${s}: ${aggregateMessage(errs.map(fieldErrorString))}`;
}

/**
 * kubectlInvalidMessage is what kubectl's CheckErr prints for an Invalid Status with its causes
 * (MultilineError over statusCausesToAggrError): one cause on the line, several as a list, each
 * `field: message` once — `kubectl apply -f` of a Deployment with replicas -1 and a selector that
 * misses its labels prints
 * `The Deployment "bad" is invalid: ` and then `* spec.replicas: Invalid value: -1: …` and
 * `* spec.template.metadata.labels: Invalid value: …` on lines of their own.
 */
export function kubectlInvalidMessage(kind: string, name: string, errs: readonly FieldError[]): string {
  const lines = uniqueMessages(errs.map(fieldErrorString));
  if (lines.length < 2) return invalidMessage(kind, name, errs);
  return `The ${kind} ${JSON.stringify(name)} is invalid: \n${lines.map((l) => `* ${l}`).join('\n')}`;
}
