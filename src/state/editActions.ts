/**
 * Actions on the working scenario itself: Undo, the image behaviours, and Import with its two
 * modes. Like actions.ts they talk to the worker and change nothing when it refuses.
 */
import type { ImportMode } from '../worker/protocol.ts';
import { type ActionResult, guardFork, loadScenarioText, tryRequest } from './actions.ts';
import { cancelSkip, skipNextChange } from './history.ts';
import { type AppStore, appStore } from './store.ts';

/**
 * undo opens the scenario before the last change again, at the tick the reader was at then (an
 * edit, a fork, an import or another preset); false when there is nothing to undo or it failed.
 */
export async function undo(store: AppStore = appStore): Promise<boolean> {
  const entry = store.getState().popUndo();
  if (!entry) return false;
  skipNextChange();
  const r = await loadScenarioText(entry.text, {
    ...(entry.presetId ? { presetId: entry.presetId } : {}),
    tick: entry.tick,
  });
  if (!r.ok) {
    cancelSkip();
    store.getState().pushUndo(entry);
  }
  return r.ok;
}

/**
 * setImageBehaviours replaces `cluster.images` (image → { pullSeconds, startSeconds,
 * readySeconds, pull, crash, ready }): the run is recorded again from the start, at the same tick.
 */
export async function setImageBehaviours(
  images: Record<string, Record<string, unknown>>,
): Promise<ActionResult> {
  const r = await tryRequest({ type: 'setImages', text: JSON.stringify(images) });
  return r.ok ? { ok: true } : { ok: false, message: r.message ?? '' };
}

/** What an import answered: kubectl apply's lines, and the note on skipped documents. */
export interface ImportResult extends ActionResult {
  ignored?: string;
}

/**
 * importText imports manifests (Replace: a new scenario of them on the current nodes; Add: into
 * the working scenario, a fork after tick 0, with the fork warning) or a whole scenario file.
 * A refusal lists every bad document, one per line.
 */
export async function importText(
  text: string,
  opts: { mode: ImportMode; fileName: string | null } = { mode: 'replace', fileName: null },
): Promise<ImportResult> {
  if (opts.mode === 'add' && !(await guardFork())) return { ok: false, cancelled: true };
  const r = await tryRequest({ type: 'import', text, mode: opts.mode, fileName: opts.fileName });
  if (!r.ok) return { ok: false, message: r.message ?? '' };
  const lines = (r.text ?? '').split('\n').filter(Boolean);
  const ignored = lines.find((l) => l.startsWith('Ignored '));
  const message = lines.filter((l) => l !== ignored).join('\n');
  return { ok: true, ...(message ? { message } : {}), ...(ignored ? { ignored } : {}) };
}
