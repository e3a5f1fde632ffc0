/**
 * Explain records. Every controller sync writes a decision log: each line names the ported
 * function it comes from, a message key and the named values behind the decision, e.g.
 *   { fn: 'reconcileOldReplicaSets', key: 'maxScaledDown',
 *     values: { allPodsCount: 13, minAvailable: 8, newRSUnavailablePodCount: 3, maxScaledDown: 2 } }
 * The UI renders these in the reader's language and the CLI in English (kubectl/explain.ts);
 * the engine never builds sentences itself, so the records stay data.
 */
export type DecisionValue = number | string | boolean | null;

export interface Decision {
  /** The Go function (camelCase) whose logic made the decision. */
  fn: string;
  /** Message key; together with fn it selects the sentence template. */
  key: string;
  values: Record<string, DecisionValue>;
}

/** An append-only decision log handed to pure controller helpers. */
export type DecisionLog = Decision[];

/** Appends one decision to the log and returns it (for tests that want the record). */
export function decide(log: DecisionLog | undefined, fn: string, key: string, values: Record<string, DecisionValue> = {}): Decision {
  const d: Decision = { fn, key, values };
  if (log) log.push(d);
  return d;
}

/** A catalogue of sentence templates: fn → key → template with {name} placeholders. */
export type DecisionCatalog = Readonly<Record<string, Readonly<Record<string, string>>>>;
