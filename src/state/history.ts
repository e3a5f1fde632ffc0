/**
 * The undo history: each time the working scenario changes (an edit, a fork, an import, another
 * preset), the scenario before it and the tick the reader was at go on a stack; Undo loads the
 * newest again at that tick. The worker announces a new scenario before the frame of its new
 * tick, so when the announcement arrives the store still holds what the reader was looking at.
 */
import type { ScenarioMessage } from '../worker/protocol.ts';
import type { AppStore } from './store.ts';

let skip = 0;

/** skipNextChange keeps the next scenario change out of the history (Undo's own load). */
export function skipNextChange(): void {
  skip++;
}

/** cancelSkip undoes skipNextChange when the load it announced failed. */
export function cancelSkip(): void {
  if (skip > 0) skip--;
}

/**
 * recordScenarioChange puts the scenario the store holds on the undo stack before `m` replaces
 * it; not the first load, not a reload of the same text at the same tick, not Undo's own, not a
 * live session's writes.
 */
export function recordScenarioChange(store: AppStore, m: ScenarioMessage): void {
  const s = store.getState();
  if (skip > 0) {
    skip--;
    return;
  }
  // The session a live page follows is the server's: its writes are not the reader's to undo.
  if (m.cause === 'live') return;
  if (s.scenarioText === '' || (s.scenarioText === m.text && m.cause === 'load')) return;
  s.pushUndo({ text: s.scenarioText, presetId: s.presetId, tick: s.tick, name: s.scenarioName });
}
