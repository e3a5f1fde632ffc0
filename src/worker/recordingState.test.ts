import { describe, expect, it } from 'vitest';
import { Recording } from '../timeline/recording.ts';
import { preset } from '../timeline/testScenarios.ts';
import { recordingState } from './frameSender.ts';

describe('recordingState', () => {
  it('says where and why a run stood still instead of recording on', () => {
    // The Seed creates its pods at t = 0: with a guard of 8 ticks, that instant is a "stall".
    const rec = new Recording(preset('seed'), { stallTicks: 8 });
    rec.timeline.record();
    expect(rec.timeline.end).toBe('stalled');
    const { state, note } = recordingState(rec, null);
    expect(state).toBe('stalled');
    expect(note).toMatch(
      /^Recording stopped: virtual time stopped at \d+\.\d{3} s: \S+ (acted on \S+ )?\d+ times \(8 ticks at that instant\)\.$/,
    );
  });

  it('records a healthy run to its end', () => {
    const rec = new Recording(preset('seed'));
    rec.timeline.record();
    expect(recordingState(rec, null)).toEqual({ state: 'until', note: null });
  });
});
