import { afterEach, describe, expect, it } from 'vitest';
import { WorkerHost } from './host.ts';
import { FakeEnv } from './testEnv.ts';

let host: WorkerHost | null = null;
afterEach(() => host?.dispose());

describe('WorkerHost hold', () => {
  it('stops background recording and frames while held, and resumes with a full frame', () => {
    const env = new FakeEnv();
    host = new WorkerHost(env);
    let id = 1;
    host.handle({ type: 'loadPreset', id: id++, presetId: 'seed' });
    // Held before the first background slice (the fake clock never runs a slice's budget out).
    host.handle({ type: 'hold', id: id++, on: true });
    env.advance(20);
    expect(env.reply(id - 1).ok).toBe(true);
    const recorded = host.recording?.timeline.length ?? 0;
    expect(recorded).toBe(0);
    const posted = env.posted.length;
    env.advance(5000);
    expect(host.recording?.timeline.length).toBe(recorded);
    expect(env.posted.length).toBe(posted);
    host.handle({ type: 'hold', id: id++, on: false });
    env.advance(5000);
    expect(host.recording?.timeline.length).toBeGreaterThan(recorded);
    expect(env.frames().some((f) => f.view !== null)).toBe(true);
  });

  it('refuses a hold without on', () => {
    const env = new FakeEnv();
    host = new WorkerHost(env);
    host.handle({ type: 'hold', id: 1 });
    expect(env.reply(1)).toEqual({
      type: 'reply',
      id: 1,
      ok: false,
      error: 'malformed request: hold: missing field on',
    });
  });
});
