/**
 * The result of a kubectl transform: the object to write back (when changed) with the lines
 * kubectl prints, or kubectl's error. Lines carry no trailing newline; multi-line text is joined
 * with "\n". `stderr` holds warnings (and non-fatal errors) printed next to a success.
 */
export type TransformResult<T> =
  | { object: T; changed: boolean; output: string; stderr?: string }
  | { error: string };

/** isTransformError tells the error branch apart. */
export function isTransformError<T>(r: TransformResult<T>): r is { error: string } {
  return 'error' in r;
}

/** ok builds a success result. */
export function ok<T>(object: T, changed: boolean, output: string, stderr?: string): TransformResult<T> {
  return stderr ? { object, changed, output, stderr } : { object, changed, output };
}

/**
 * errorText prints errors as kubectl's CheckErr does: one error gets the `error: ` prefix
 * (unless it has it), several are printed one per line as they are (MultipleErrors).
 */
export function errorText(errs: readonly string[]): string {
  if (errs.length === 1) {
    const e = errs[0] ?? '';
    return e.startsWith('error: ') ? e : `error: ${e}`;
  }
  return errs.join('\n');
}

/** clone deep-copies a JSON value so transforms never touch their input. */
export function clone<T>(v: T): T {
  return structuredClone(v);
}
