/**
 * FakeEnv: a HostEnv with a manual clock and timers, so host tests run playback deterministically
 * and see every posted message with the virtual time it was posted at.
 */
import type { HostEnv } from './hostEnv.ts';
import type { FrameMessage, ReplyMessage, ScenarioMessage, WorkerMessage } from './protocol.ts';

interface Timer {
  id: number;
  at: number;
  fn: () => void;
}

export class FakeEnv implements HostEnv {
  time = 0;
  readonly posted: { at: number; message: WorkerMessage; transfer: Transferable[] }[] = [];
  private timers: Timer[] = [];
  private nextId = 1;

  post(message: WorkerMessage, transfer: Transferable[]): void {
    this.posted.push({ at: this.time, message, transfer });
  }

  now(): number {
    return this.time;
  }

  setTimer(fn: () => void, ms: number): unknown {
    const t = { id: this.nextId++, at: this.time + Math.max(0, ms), fn };
    this.timers.push(t);
    return t.id;
  }

  clearTimer(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  /** advance runs the timers due within `ms`, in time order, moving the clock to each. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = Math.max(this.time, due.at);
      due.fn();
    }
    this.time = end;
  }

  /** settle runs timers until none is due within `ms` steps (background recording ends). */
  settle(maxSteps = 10_000): void {
    for (let k = 0; k < maxSteps && this.timers.length > 0; k++) this.advance(16);
  }

  frames(): FrameMessage[] {
    return this.posted.map((p) => p.message).filter((m): m is FrameMessage => m.type === 'frame');
  }

  lastFrame(): FrameMessage {
    const f = this.frames().at(-1);
    if (!f) throw new Error('no frame posted');
    return f;
  }

  /** lastView is the newest frame with aggregates. */
  lastView(): NonNullable<FrameMessage['view']> & { tick: number } {
    const f = this.frames()
      .filter((x) => x.view !== null)
      .at(-1);
    if (!f?.view) throw new Error('no full frame posted');
    return { ...f.view, tick: f.tick };
  }

  reply(id: number): ReplyMessage {
    const r = this.posted
      .map((p) => p.message)
      .find((m): m is ReplyMessage => m.type === 'reply' && m.id === id);
    if (!r) throw new Error(`no reply ${id}`);
    return r;
  }

  scenarios(): ScenarioMessage[] {
    return this.posted.map((p) => p.message).filter((m): m is ScenarioMessage => m.type === 'scenario');
  }
}
