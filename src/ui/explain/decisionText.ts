import type { TFunction } from 'i18next';
import type { DecisionView } from '../../worker/protocol.ts';

/**
 * decisionText renders one decision in the reader's language: the `explain` template
 * `<fn>.<key>` with the decision's values, falling back to the worker's English text.
 */
export function decisionText(t: TFunction, d: DecisionView): string {
  const replace: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.values)) replace[k] = v === null ? 'null' : String(v);
  return t(`${d.fn}.${d.key}`, { ns: 'explain', replace, defaultValue: d.text });
}
