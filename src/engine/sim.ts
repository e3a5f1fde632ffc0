/**
 * The engine's public API (DESIGN.md §1–§2): build a simulation from a SimConfig, advance it
 * one tick at a time, copy its state for keyframes. Everything outside src/engine — the worker,
 * the timeline, the CLI — goes through this file.
 */
export type { Decision, DecisionValue } from './api/decision.ts';
export type { KubeObject, Kind } from './api/types.ts';
export type { WatchRecord } from './apiserver/store.ts';
export type { SimAction, SimConfig } from './config.ts';
export type { EngineState } from './sim/state.ts';
export type { TickRecord } from './client/tick.ts';
export { cloneEngineState, pendingDeliveries } from './sim/state.ts';
export { createEngine, lastActionTime, nextEventTime, runUntil, step } from './sim/simulation.ts';
export { newStallWatch, STALL_TICKS, type Stall, type StallWatch, stallMessage, watchTick } from './sim/stall.ts';
export { KUBERNETES_VERSION, ENGINE_FORMAT_VERSION } from './version.ts';
