/**
 * The fork warning: a change after tick 0 forks the run at the current tick and drops the scripted
 * actions due later (DESIGN.md §3). Before sending one, the page asks the worker which actions
 * that would be; when there are any, it lists them (ForkConfirm) and waits for the reader's yes.
 * Before the run (tick 0) nothing is dropped, and a reading kubectl line changes nothing.
 */
import type { ReplyResult } from '../worker/protocol.ts';
import type { RequestBody } from '../worker/simClient.ts';
import type { AppStore } from './store.ts';

let waiting: ((ok: boolean) => void) | null = null;

/**
 * confirmFork resolves true when the change may go ahead: nothing would be dropped, or the
 * reader said yes; false when they cancelled. `line` is a console line (null for a control).
 */
export async function confirmFork(
  request: (body: RequestBody) => Promise<ReplyResult>,
  store: AppStore,
  line: string | null = null,
): Promise<boolean> {
  const tick = store.getState().tick;
  if (tick === 0) return true;
  let actions: Extract<ReplyResult, { kind: 'actions' }>['actions'];
  try {
    const r = await request({ type: 'forkPreview', line });
    actions = r.kind === 'actions' ? r.actions : [];
  } catch {
    // A line kubectl rejects: let the change itself say why.
    return true;
  }
  if (actions.length === 0) return true;
  // A second change while one waits: the first is cancelled, the newer one asks.
  waiting?.(false);
  return new Promise<boolean>((resolve) => {
    waiting = (ok) => {
      waiting = null;
      store.getState().setPendingFork(null);
      resolve(ok);
    };
    store.getState().setPendingFork({ actions, tick });
  });
}

/** answerFork is the reader's answer to the warning (ForkConfirm's buttons, Escape). */
export function answerFork(ok: boolean): void {
  waiting?.(ok);
}
