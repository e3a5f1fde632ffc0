/** HostEnv: what the worker host needs from its surroundings (the worker, or a test's fake clock). */
import type { WorkerMessage } from './protocol.ts';

/** What the host needs from its surroundings: a way to post, a clock and timers. */
export interface HostEnv {
  post(message: WorkerMessage, transfer: Transferable[]): void;
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** defaultEnv posts through `post` and uses the global clock and timers. */
export function defaultEnv(post: (message: WorkerMessage, transfer: Transferable[]) => void): HostEnv {
  return {
    post,
    now: () => performance.now(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
}
