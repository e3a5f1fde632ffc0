/**
 * The choice list a teacher edits while writing a choice question: rows with ids that stay with
 * their value when the rows move (React keys, and the focus that follows a moved row), and the
 * edits the form makes, as a pure reducer.
 */
import { LESSON_LIMITS, type MatchValue } from '../../lessons/format.ts';
import { choiceOf } from '../../lessons/resolve.ts';

/** One choice being written. */
export interface ChoiceRow {
  id: number;
  value: string;
}

/** An edit of the list: type in a row, move one up or down, remove one, add a blank one, offer a value. */
export type ChoiceEdit =
  | { type: 'reset'; values: readonly string[] }
  | { type: 'set'; id: number; value: string }
  | { type: 'move'; id: number; by: -1 | 1 }
  | { type: 'remove'; id: number }
  | { type: 'add' }
  | { type: 'offer'; value: string };

/** choiceRows makes rows of `values`, with ids from 1. */
export function choiceRows(values: readonly string[]): ChoiceRow[] {
  return values.map((value, i) => ({ id: i + 1, value }));
}

function nextId(rows: readonly ChoiceRow[]): number {
  return rows.reduce((m, r) => Math.max(m, r.id), 0) + 1;
}

/**
 * editChoices applies one edit. A move past either end, an add or an offer beyond
 * LESSON_LIMITS.choices, and an edit of a row that is gone leave the list as it is; an offer
 * fills the first blank row, else adds one.
 */
export function editChoices(rows: readonly ChoiceRow[], edit: ChoiceEdit): ChoiceRow[] {
  const at = 'id' in edit ? rows.findIndex((r) => r.id === edit.id) : -1;
  const full = rows.length >= LESSON_LIMITS.choices;
  switch (edit.type) {
    case 'reset':
      return choiceRows(edit.values);
    case 'set':
      return rows.map((r) => (r.id === edit.id ? { ...r, value: edit.value } : r));
    case 'move': {
      const to = at + edit.by;
      if (at < 0 || to < 0 || to >= rows.length) return [...rows];
      const out = [...rows];
      [out[at], out[to]] = [out[to] as ChoiceRow, out[at] as ChoiceRow];
      return out;
    }
    case 'remove':
      return rows.filter((r) => r.id !== edit.id);
    case 'add':
      return full ? [...rows] : [...rows, { id: nextId(rows), value: '' }];
    case 'offer': {
      const blank = rows.findIndex((r) => r.value.trim() === '');
      if (blank >= 0) return rows.map((r, i) => (i === blank ? { ...r, value: edit.value } : r));
      return full ? [...rows] : [...rows, { id: nextId(rows), value: edit.value }];
    }
  }
}

/** engineRow is the place of the first row whose value is the engine's (as the lesson compares them), or -1. */
export function engineRow(rows: readonly ChoiceRow[], current: MatchValue): number {
  return rows.findIndex((r) => choiceOf([{ value: r.value.trim() }], current) !== undefined);
}
