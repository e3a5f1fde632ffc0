/**
 * Following a served session live (`npm run serve`, the page opened at `#live`): the server
 * streams its session as a scenario each time it accepts a write, the write being a `request:`
 * action at the virtual millisecond after the last event it ran. The page's recording takes the
 * new action as a fork at the last tick before that millisecond, so the ticks already recorded
 * stay and the rest is what a fresh run of the server's scenario gives (determinism: both sides
 * agree). Anything else (another scenario, a page edit the server never saw) reopens the
 * server's scenario from the start.
 */
import type { Action, Scenario } from '../scenario/types.ts';
import { actionTimeMs, sortedActions } from '../timeline/rebase.ts';
import type { Timeline } from '../timeline/timeline.ts';

/** How the page takes the server's scenario. */
export type LivePlan =
  | { kind: 'same' }
  | { kind: 'reopen' }
  | { kind: 'fork'; actions: Action[]; atMs: number };

const withoutActions = (s: Scenario) => JSON.stringify({ ...s, actions: undefined });

/**
 * planLive compares the recording's scenario with the server's: the same (nothing to do), the
 * same with new actions due at one instant after everything the page's scenario has before
 * them (a fork at the last tick before that instant, which the caller finds after recording up
 * to it), or anything else (reopen).
 */
export function planLive(tl: Timeline | null, next: Scenario): LivePlan {
  if (!tl || withoutActions(tl.scenario) !== withoutActions(next)) return { kind: 'reopen' };
  const old = sortedActions(tl.scenario);
  const now = sortedActions(next);
  if (JSON.stringify(old) === JSON.stringify(now)) return { kind: 'same' };
  let k = 0;
  while (k < old.length && JSON.stringify(old[k]) === JSON.stringify(now[k])) k++;
  const added = now.length - old.length;
  const fresh = now.slice(k, k + added);
  const first = fresh[0];
  if (added <= 0 || first === undefined) return { kind: 'reopen' };
  const atMs = actionTimeMs(first);
  // The new actions share one instant, and the page's own later actions follow them unchanged.
  if (fresh.some((a) => actionTimeMs(a) !== atMs)) return { kind: 'reopen' };
  if (JSON.stringify(now.slice(k + added)) !== JSON.stringify(old.slice(k))) return { kind: 'reopen' };
  return { kind: 'fork', actions: fresh, atMs };
}

/** sameActions tells whether a fork gave the recording exactly the server's actions. */
export function sameActions(a: Scenario, b: Scenario): boolean {
  return JSON.stringify(sortedActions(a)) === JSON.stringify(sortedActions(b));
}
