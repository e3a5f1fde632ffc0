// WorkerHost: the requests and their replies, and an engine fault (frames, edits and namespaces are in
// hostFrames.test.ts, hostEdits.test.ts and hostNamespace.test.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestHost } from './testHost.ts';
import { preset } from '../timeline/testScenarios.ts';
import { isWorkerMessage } from './messageChecks.ts';

const h = new TestHost();

afterEach(() => h.dispose());

describe('WorkerHost requests', () => {
  it('answers hello with the versions and the presets', () => {
    h.fresh();
    const r = h.ok({ type: 'hello' });
    expect(r).toMatchObject({ kind: 'hello', kubernetesVersion: 'v1.36.3' });
    if (r.kind !== 'hello') return;
    expect(r.presets.map((p) => p.id)).toContain('seed');
    expect(r.presets[0]?.name).toMatch(/Seed/);
  });

  it('posts only messages of the protocol', () => {
    h.start();
    h.ok({ type: 'play' });
    h.env.advance(500);
    h.ok({ type: 'kubectl', line: 'scale deployment/nginx-deployment-roll01 --replicas=5' });
    h.env.advance(100);
    expect(h.env.posted.every((p) => isWorkerMessage(p.message))).toBe(true);
  });

  it.each<[string, unknown, RegExp]>([
    ['an unknown type', { type: 'launch', id: 7 }, /unknown request type/],
    ['a missing field', { type: 'seek', id: 7 }, /missing field tick/],
    ['an extra field', { type: 'play', id: 7, now: true }, /unexpected field now/],
    ['a negative tick', { type: 'seek', id: 7, tick: -1 }, /bad value for tick/],
    ['a speed out of range', { type: 'setSpeed', id: 7, speed: 1e9 }, /bad value for speed/],
    [
      'an unknown field name',
      { type: 'setField', id: 7, workload: 'w', field: 'labels', value: 1 },
      /bad value for field/,
    ],
  ])('answers %s with an error reply of the same id', (_name, message, error) => {
    h.fresh();
    h.host.handle(message);
    expect(h.env.reply(7)).toEqual({ type: 'reply', id: 7, ok: false, error: expect.stringMatching(error) });
  });

  it.each([[null], ['hello'], [{ type: 'hello' }], [{ type: 'hello', id: 0 }]])(
    'reports a request %j without an id as a fault',
    (m) => {
      h.fresh();
      h.host.handle(m);
      expect(h.env.posted.map((p) => p.message)).toEqual([
        { type: 'fault', message: expect.stringMatching(/^malformed request/), tick: null },
      ]);
    },
  );

  it('refuses an invalid scenario with the field path and keeps the loaded one', () => {
    h.start();
    const r = h.env.reply(
      h.send({ type: 'load', text: 'version: 1\nname: x\nobjects: 3\n', presetId: null, tick: null }),
    );
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/objects/) });
    expect(h.env.scenarios()).toHaveLength(1);
  });

  it('opens a scenario at the tick asked for', () => {
    h.fresh();
    h.ok({ type: 'load', text: JSON.stringify(preset('seed')), presetId: null, tick: 123 });
    h.env.advance(20);
    expect(h.env.lastFrame().tick).toBe(123);
  });

  it('starts the playhead and its clock over when another scenario loads', () => {
    h.start();
    h.ok({ type: 'seek', tick: 500 });
    h.env.advance(20);
    expect(h.env.lastFrame().time).toBeGreaterThan(10);
    h.ok({ type: 'loadPreset', presetId: 'recreate' });
    h.env.advance(20);
    expect(h.env.lastFrame()).toMatchObject({ tick: 0, time: 0 });
  });
});

describe('WorkerHost faults', () => {
  it('reports an engine exception with its tick and keeps what was recorded', () => {
    h.fresh();
    h.ok({ type: 'load', text: JSON.stringify(preset('seed')), presetId: null, tick: 50 });
    const rec = h.host.recording;
    if (!rec) throw new Error('no recording');
    const spy = vi.spyOn(rec.timeline, 'record').mockImplementationOnce(() => {
      throw new Error('boom');
    });
    h.env.advance(50);
    spy.mockRestore();
    const fault = h.env.posted.map((p) => p.message).find((m) => m.type === 'fault');
    expect(fault).toEqual({ type: 'fault', message: 'boom', tick: rec.timeline.length + 1 });
    h.env.advance(50);
    expect(h.env.lastFrame()).toMatchObject({
      recording: 'error',
      recordingNote: expect.stringContaining('boom'),
    });
    h.ok({ type: 'seek', tick: 5 });
    h.env.advance(20);
    expect(h.env.lastView().tick).toBe(5);
  });
});
