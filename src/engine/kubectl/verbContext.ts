// What a verb parser receives from parseKubectl, shared by the per-verb parsers.
import type { KubectlError } from './commands.ts';
import type { FlagSpec, FlagValues } from './flags.ts';

/** VerbContext is a verb parser's input: its words after the verb and a flag reader. */
export interface VerbContext {
  /** Words after the verb (flags given before the verb are appended). */
  words: string[];
  /** flags parses the words against the verb's flag specs for `kubectl <path>`. */
  flags(specs: readonly FlagSpec[], path: string, words?: readonly string[]): { flags: FlagValues; args: string[]; seen: [string, string][] } | KubectlError;
}

/** namespaceOf reads -n/--namespace, `default` when absent. */
export function namespaceOf(flags: FlagValues): string {
  const ns = flags.namespace;
  return typeof ns === 'string' && ns !== '' ? ns : 'default';
}
