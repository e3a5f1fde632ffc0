// Port of spf13/cobra's unknown-command error with suggestions (command.go findSuggestions,
// SuggestionsFor, ld) for kubectl's root command list.

/** Every top-level command of kubectl v1.36 (the root's available commands). */
export const KUBECTL_COMMANDS: readonly string[] = [
  'annotate', 'api-resources', 'api-versions', 'apply', 'attach', 'auth', 'autoscale', 'certificate',
  'cluster-info', 'completion', 'config', 'cordon', 'cp', 'create', 'debug', 'delete', 'describe', 'diff',
  'drain', 'edit', 'events', 'exec', 'explain', 'expose', 'get', 'help', 'kustomize', 'label', 'logs',
  'options', 'patch', 'plugin', 'port-forward', 'proxy', 'replace', 'rollout', 'run', 'scale', 'set',
  'taint', 'top', 'uncordon', 'version', 'wait',
];

/** ld is cobra's Levenshtein distance (ignoring case when asked). */
export function ld(a: string, b: string, ignoreCase: boolean): number {
  const s = ignoreCase ? a.toLowerCase() : a;
  const t = ignoreCase ? b.toLowerCase() : b;
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      cur.push(Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost));
    }
    prev = cur;
  }
  return prev[t.length] ?? 0;
}

/**
 * suggestionsFor lists the commands within Levenshtein distance 2 of the typed word, or that
 * start with it (SuggestionsMinimumDistance = 2): "rollot" → rollout, "des" → describe.
 */
export function suggestionsFor(typed: string, commands: readonly string[] = KUBECTL_COMMANDS): string[] {
  return commands.filter((c) => ld(typed, c, true) <= 2 || c.toLowerCase().startsWith(typed.toLowerCase()));
}

/**
 * unknownCommandError is what kubectl prints for a word that is not a command:
 * `error: unknown command "rollot" for "kubectl"` and, when some command is close,
 * a blank line, `Did you mean this?` and the suggestions, one per tab-indented line.
 */
export function unknownCommandError(typed: string): string {
  const s = suggestionsFor(typed);
  const hint = s.length ? `\n\nDid you mean this?\n${s.map((c) => `\t${c}`).join('\n')}` : '';
  return `error: unknown command "${typed}" for "kubectl"${hint}`;
}

/** unknownSubcommandError is RequireNoArguments' usage error on `kubectl rollout foo`. */
export function unknownSubcommandError(parent: string, args: readonly string[]): string {
  return `error: unknown command "${args.join(' ')}"\nSee 'kubectl ${parent} -h' for help and examples`;
}
