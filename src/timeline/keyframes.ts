/**
 * Keyframes: full engine states at some ticks, so the state at any tick is one restore plus a
 * short replay (DESIGN.md §3). A keyframe is never stepped: seeking unpacks a fresh copy of it, so
 * it is kept packed (packedState.ts: its big maps as flat arrays that share their first entries
 * with the keyframe before, the cache's pods as numbers into the store's, its queued events flat;
 * a late keyframe of the 10,000-replica rollout ~0.9 MB, where a copy of the state is ~6 MB).
 *
 * Spacing. With a fixed `every`, a keyframe every K ticks (tests). Otherwise adaptive, because
 * the cost of a tick and of a copy both grow with the cluster, and placed by counted work, not by
 * the wall clock, so the same run keeps the same keyframes on any machine under any load (timed,
 * the 10,000-replica rollout's keyframes weighed 40 to 144 B a tick, more the busier the
 * machine). A tick's replay is counted as WORK_PER_TICK plus WORK_PER_WRITE for each object it
 * wrote, a copy as WORK_PER_ENTRY for each map entry it packs (stateEntries); the next
 * keyframe is taken once the ticks since the last one count REPLAY_BUDGET and three times the last
 * copy's count, and at least MIN_TICKS ticks ago. A seek then replays at most about that much
 * work, and copies cost at most a quarter of the recording time.
 *
 * Memory. Each keyframe is weighed by the map entries it copies (objects in the store and the
 * cache, indexes); when the sum passes ENTRY_BUDGET every other keyframe is dropped and the
 * spacing doubles, so memory stays bounded whatever the run's length.
 */
import type { EngineState, TickRecord } from '../engine/sim.ts';
import { EventCodec } from './eventCodec.ts';
import { type PackedState, packState, rebasePacked, unpackState } from './packedState.ts';

/**
 * Work units, each ~12 µs of stepping (measured over the 10,000-replica rollout's 215,144 ticks:
 * 5.6 s of CPU for 215,144 ticks and 231,795 writes, so a tick and a write ~12 µs each; a kubelet
 * step writing 2 objects 31 µs, an informer delivery writing none 12 µs, a ReplicaSet sync
 * creating 20 pods 470 µs).
 */
export const WORK_PER_TICK = 1;
export const WORK_PER_WRITE = 1;
/** A packed copy, per map entry: 30–57 ms for 200,000–365,000 entries in the same run, ~0.15 µs an entry. */
export const WORK_PER_ENTRY = 1 / 80;
/**
 * Replay work allowed between keyframes: ~8 ms of stepping in a preset, whose ticks cost more per
 * unit than the 10,000-replica rollout's (50–95 µs: the seed preset's 648 ticks, 1,085 units,
 * 89 ms of CPU), so a fork or a query there replays ~100 ticks at most, as it did when timed.
 * In the 10,000-replica rollout it is ~1.2 ms: the copy rule places its keyframes (9 of them, at
 * the ticks a quiet machine placed them when timed). At 670 (8 ms there) the seed preset kept 2
 * keyframes, not 11, and the StatefulSet bench runs a third to under half as many (100-replica
 * Parallel 11, not 33: ~250 B a tick lighter; 1,000-replica OrderedReady 31, not 71: ~60 B),
 * each replay 2–7 times longer.
 */
export const REPLAY_BUDGET = 100;
/** Fewest ticks between two adaptive keyframes. */
export const MIN_TICKS = 32;
/**
 * Most own entries (PackedState.own: what a keyframe does not share with the one before) a
 * keyframe may cost per tick since the one before: a keyframe is due no sooner than own / 8 ticks
 * after the last. The work rule alone places them by replay time, which in a small cluster of slow
 * ticks is every ~50 ticks: in the 100-replica Parallel StatefulSet run (3,660 ticks, ~0.2 ms a
 * tick) 60–90 keyframes of ~600–1,000 own entries and ~42 KB each, ~800 B a tick. With this
 * rule 32 there, ~110 ticks apart (an engineAt replays ≤ ~25 ms). The 10,000-replica rollout's
 * late keyframes own ~95,000 entries and are ~16,500 ticks apart: they already meet it (at 4 an
 * entry they did not: 9 keyframes instead of 13, slower engineAt seeks there).
 */
export const OWN_ENTRIES_PER_TICK = 8;
/**
 * Map entries all keyframes may hold together: packed, ~15 bytes an entry in the 10,000-replica
 * rollout (~16 MB for its ~1.05 million), where copies of the Maps took ~45.
 */
export const ENTRY_BUDGET = 1_500_000;

export interface Keyframe {
  tick: number;
  state: PackedState;
  /** Map entries the copy holds (its weight against ENTRY_BUDGET). */
  entries: number;
}

/** restore is a fresh copy of a keyframe's state (the caller owns it). */
export function restore(kf: Keyframe): EngineState {
  return unpackState(kf.state);
}

/** stateEntries estimates the size of a state as the map entries a copy holds. */
export function stateEntries(st: EngineState): number {
  let n = st.kubelet.size + st.probes.size + st.events.length + st.deliveries.length - st.deliveriesHead;
  for (const c of st.eventCorrelators.values()) n += c.aggregate.size + c.logs.size + c.spam.size;
  for (const m of Object.values(st.store.objects)) n += m.size;
  for (const m of Object.values(st.cache.objects)) n += 2 * m.size;
  return n + st.store.objects.Pod.size;
}

/** KeyframeList holds the keyframes in tick order and decides when the next one is due. */
export class KeyframeList {
  readonly list: Keyframe[] = [];
  /** Work counted since the last keyframe, and the last copy's. */
  private work = 0;
  private ticksSince = 0;
  private lastCopy = 0;
  /** The last keyframe's own entries (its weight in memory beside the one before). */
  private lastOwn = 0;
  private spacing = 1;
  private entries = 0;

  /** `codec` keeps the keyframes' Events as text (the recording's: its tick log shares the texts). */
  constructor(
    private readonly every: number | null,
    private readonly codec = new EventCodec(),
  ) {}

  /** add keeps a packed copy of `st` (which it does not change). */
  add(st: EngineState): void {
    const state = packState(st, this.list[this.list.length - 1]?.state, this.codec);
    const entries = stateEntries(st);
    this.list.push({ tick: st.tick, state, entries });
    this.entries += entries;
    this.lastCopy = entries * WORK_PER_ENTRY;
    this.lastOwn = state.own;
    this.work = 0;
    this.ticksSince = 0;
    if (this.every === null && this.entries > ENTRY_BUDGET && this.list.length > 2) this.thin();
  }

  /** stepped counts one recorded tick and its replay work. */
  stepped(rec: TickRecord): void {
    this.work += WORK_PER_TICK + WORK_PER_WRITE * rec.writes.length;
    this.ticksSince++;
  }

  /** due tells whether the state after `tick` should become a keyframe. */
  due(tick: number): boolean {
    if (this.every !== null) return tick % this.every === 0;
    if (this.ticksSince < Math.max(MIN_TICKS, this.lastOwn / OWN_ENTRIES_PER_TICK) * this.spacing) return false;
    return this.work >= Math.max(REPLAY_BUDGET, 3 * this.lastCopy) * this.spacing;
  }

  /** maybeTake packs a copy of `st` into a keyframe when one is due after its tick. */
  maybeTake(st: EngineState): void {
    if (this.due(st.tick)) this.add(st);
  }

  /** at is the last keyframe at or before `tick` (there is always one at tick 0). */
  at(tick: number): Keyframe {
    let lo = 0;
    let hi = this.list.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.list[mid] as Keyframe).tick <= tick) lo = mid;
      else hi = mid - 1;
    }
    return this.list[lo] as Keyframe;
  }

  /** truncate drops the keyframes after `tick`. */
  truncate(tick: number): void {
    while (this.list.length > 1 && (this.list[this.list.length - 1] as Keyframe).tick > tick) {
      this.entries -= (this.list.pop() as Keyframe).entries;
    }
    this.work = 0;
    this.ticksSince = 0;
  }

  /** rebase swaps every keyframe's state for f of it (a fork rebases the queued events and config; f leaves the maps alone). */
  rebase(f: (st: EngineState) => EngineState): void {
    for (const kf of this.list) kf.state = rebasePacked(kf.state, f);
  }

  /** totalEntries is the weight of all keyframes. */
  totalEntries(): number {
    return this.entries;
  }

  private thin(): void {
    const keep = this.list.filter((_, i) => i % 2 === 0 || i === this.list.length - 1);
    this.list.length = 0;
    this.list.push(...keep);
    this.entries = keep.reduce((n, k) => n + k.entries, 0);
    this.spacing *= 2;
  }
}
