import type { StateCreator } from 'zustand/vanilla';

/** A served session the page follows (`npm run serve`, the page at `#live`). */
export interface LiveView {
  /** Whether the playhead follows the server's clock (false once the reader moves it). */
  following: boolean;
  /** The server's virtual time, ms. */
  nowMs: number;
  /** Whether the session stream is open (the browser reconnects by itself). */
  connected: boolean;
}

export interface LiveSlice {
  /** The live session, or null when the page shows a scenario of its own. */
  live: LiveView | null;
  setLive(patch: Partial<LiveView>): void;
  /** stopFollowing: the reader moved the playhead; the session goes on without it. */
  stopFollowing(): void;
}

/** createLiveSlice holds the live session's state: following or not, its clock, its connection. */
export const createLiveSlice: StateCreator<LiveSlice, [], [], LiveSlice> = (set, get) => ({
  live: null,
  setLive: (patch) => set({ live: { following: true, nowMs: 0, connected: false, ...get().live, ...patch } }),
  stopFollowing: () => {
    const live = get().live;
    if (live?.following) set({ live: { ...live, following: false } });
  },
});
