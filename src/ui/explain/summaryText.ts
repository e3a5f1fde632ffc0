import type { TFunction } from 'i18next';
import type { SummaryNoteView } from '../../worker/protocol.ts';

/** Returned by `t` for a note with no template (never a real sentence). */
const MISSING = '\u0000';

/**
 * summaryText renders a tick's summary in the reader's language: each note through its `summary`
 * template (the plural form chosen by `count`), joined as the language joins clauses. Without
 * notes, or when a note has no template, it is the worker's English line.
 */
export function summaryText(t: TFunction, notes: readonly SummaryNoteView[], english: string): string {
  if (notes.length === 0) return english;
  const parts: string[] = [];
  for (const n of notes) {
    const replace: Record<string, string | number> = { ...n.values };
    const count = n.values.count;
    const text = t(n.key, {
      ns: 'summary',
      replace,
      ...(typeof count === 'number' ? { count } : {}),
      defaultValue: MISSING,
    });
    if (text === MISSING) return english;
    parts.push(text);
  }
  return parts.join(t('explain.noteJoin'));
}
