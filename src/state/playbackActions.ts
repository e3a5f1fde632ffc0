/**
 * Playback: play, pause, step and seek the recorded run, and follow a served session's clock.
 * A move by the reader stops a live page from following the server (userMoves).
 */
import type { ActionResult } from './simRuntime.ts';
import { currentRuntime, fire, runtime, tryRequest } from './simRuntime.ts';

/** userMoves: the reader moved the playhead, so a live page stops following the server's clock. */
export function userMoves(): void {
  currentRuntime()?.store.getState().stopFollowing();
}

/**
 * followLiveTime moves the playhead to the server's virtual time without leaving the live
 * session (the session's clock, liveSession.ts); the worker records up to it first.
 */
export function followLiveTime(ms: number): void {
  fire({ type: 'seekTime', seconds: Math.max(0, ms / 1000) });
}

/** goLive follows the served session's clock again, from its current time. */
export function goLive(): void {
  const s = currentRuntime()?.store.getState();
  if (!s?.live) return;
  s.setLive({ following: true });
  fire({ type: 'pause' });
  followLiveTime(s.live.nowMs);
}

/** liveScenario hands the served session's scenario to the worker (a fork for new writes). */
export function liveScenario(text: string): Promise<ActionResult> {
  return tryRequest({ type: 'live', text });
}

/** play starts playback at the current speed. */
export function play(): void {
  userMoves();
  fire({ type: 'play' });
}
/** pause stops playback. */
export function pause(): void {
  userMoves();
  fire({ type: 'pause' });
}
/** togglePlay plays when paused, pauses when playing. */
export function togglePlay(): void {
  if (runtime().store.getState().playing) pause();
  else play();
}
/** holdSim stops (on) or resumes the run's background recording and frames (another view shows). */
export function holdSim(on: boolean): void {
  if (currentRuntime()) fire({ type: 'hold', on });
}
/** stepForward moves one tick forward. */
export function stepForward(): void {
  userMoves();
  fire({ type: 'step', delta: 1 });
}
/** stepBack moves one tick back. */
export function stepBack(): void {
  userMoves();
  if (runtime().store.getState().tick > 0) fire({ type: 'step', delta: -1 });
}
/** seekTick moves to tick n (clamped to the recording); the slider shows it at once. */
export function seekTick(n: number): void {
  userMoves();
  const { store } = runtime();
  const s = store.getState();
  const tick = Math.max(0, Math.min(Math.round(n), s.totalTicks));
  if (tick !== s.tick) s.simUpdate({ tick });
  fire({ type: 'seek', tick });
}
/**
 * seekRecorded moves to tick n that the worker has recorded even if no frame has said so yet (a
 * lesson step it just placed); the worker clamps it, not the page's stale tick count.
 */
export function seekRecorded(n: number): void {
  userMoves();
  fire({ type: 'seek', tick: Math.max(0, Math.round(n)) });
}
/** seekTime moves to the last tick at or before the virtual time. */
export function seekTime(seconds: number): void {
  userMoves();
  fire({ type: 'seekTime', seconds: Math.max(0, seconds) });
}
/** jump moves delta ticks (±10 from the keyboard). */
export function jump(delta: number): void {
  userMoves();
  const s = runtime().store.getState();
  const tick = Math.max(0, Math.min(s.tick + Math.round(delta), s.totalTicks));
  if (tick !== s.tick) fire({ type: 'step', delta: tick - s.tick });
}
/** seekStart moves to tick 0. */
export function seekStart(): void {
  seekTick(0);
}
/** seekEnd moves to the last recorded tick. */
export function seekEnd(): void {
  seekTick(runtime().store.getState().totalTicks);
}
/** setSpeed sets virtual seconds per real second (0 = as fast as possible). */
export function setSpeed(speed: number): void {
  runtime().store.getState().simUpdate({ speed });
  fire({ type: 'setSpeed', speed });
}
