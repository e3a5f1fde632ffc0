/**
 * A real-time clock for the server's tests that can stand still: while paused, virtual time does
 * not move, so two reads (the served Table and the page's own printer) see the same instant.
 */
export interface TestClock {
  now: () => number;
  pause: () => void;
  resume: () => void;
  /** Moves the clock forward by ms (paused or not). */
  skip: (ms: number) => void;
}

/** testClock starts at 0 and runs with performance.now() until paused. */
export function testClock(): TestClock {
  const origin = performance.now();
  let offset = 0;
  let pausedAt: number | null = null;
  const raw = () => performance.now() - origin + offset;
  return {
    now: () => pausedAt ?? raw(),
    pause: () => {
      pausedAt = raw();
    },
    resume: () => {
      if (pausedAt === null) return;
      offset -= raw() - pausedAt;
      pausedAt = null;
    },
    skip: (ms) => {
      offset += ms;
      if (pausedAt !== null) pausedAt += ms;
    },
  };
}
