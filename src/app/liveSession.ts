/**
 * The page following a served session (DESIGN.md §13): opened at `#live` from `npm run serve`,
 * it reads the server's event stream (`/rollout-lab/session`, server/page.ts): a `scenario` event
 * each time the server accepts a write (the session as a scenario, its writes as `request:`
 * actions), a `clock` event four times a second. The worker replays the writes in its own run
 * (hostLive.ts); the playhead follows the server's clock until the reader moves it, and
 * **Go live** brings it back. The address bar stays `#live` and nothing is autosaved: the
 * session is the server's.
 */
import { followLiveTime, liveScenario } from '../state/actions.ts';
import { type AppStore, appStore } from '../state/store.ts';

/** The address that opens a page in live mode. */
export const LIVE_HASH = '#live';
/** The server's session stream (server/page.ts SESSION_PATH). */
export const SESSION_PATH = '/rollout-lab/session';

/** isLiveHash tells whether the page was opened to follow a served session. */
export function isLiveHash(hash: string): boolean {
  return hash === LIVE_HASH;
}

/** The part of EventSource this module uses (tests pass a fake). */
export interface SessionSource {
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void): void;
  close(): void;
}

/** What the session's actions call (tests pass fakes). */
export interface LiveDeps {
  open(url: string): SessionSource;
  scenario(text: string): Promise<unknown>;
  follow(ms: number): void;
}

const browserDeps: LiveDeps = {
  open: (url) => new EventSource(url) as unknown as SessionSource,
  scenario: liveScenario,
  follow: followLiveTime,
};

function readJson(e: MessageEvent<string>): Record<string, unknown> | null {
  try {
    const x: unknown = JSON.parse(e.data);
    return typeof x === 'object' && x !== null ? (x as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** startLiveSession follows the server's session; it returns the function that stops it. */
export function startLiveSession(store: AppStore = appStore, deps: LiveDeps = browserDeps): () => void {
  store.getState().setLive({ following: true, nowMs: 0, connected: false });
  const source = deps.open(SESSION_PATH);
  // Scenarios go to the worker one after the other: each is a fork of the one before.
  let queue: Promise<unknown> = Promise.resolve();
  const clock = (nowMs: number) => {
    const s = store.getState();
    s.setLive({ nowMs, connected: true });
    if (s.live?.following) deps.follow(nowMs);
  };
  source.addEventListener('open', () => store.getState().setLive({ connected: true }));
  source.addEventListener('error', () => store.getState().setLive({ connected: false }));
  source.addEventListener('scenario', (e) => {
    const d = readJson(e);
    if (!d || typeof d.scenario !== 'object' || typeof d.nowMs !== 'number') return;
    const text = JSON.stringify(d.scenario);
    const nowMs = d.nowMs;
    queue = queue.then(() => deps.scenario(text)).then(() => clock(nowMs));
  });
  source.addEventListener('clock', (e) => {
    const d = readJson(e);
    // A clock tick waits for the scenarios before it, so the playhead never runs ahead of a write.
    if (d && typeof d.nowMs === 'number') queue = queue.then(() => clock(d.nowMs as number));
  });
  return () => source.close();
}
