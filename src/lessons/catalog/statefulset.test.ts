import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../scenario/presets/index.ts';
import { parseScenarioText } from '../../scenario/parse.ts';
import { Recording } from '../../timeline/recording.ts';
import { resolveSteps } from '../resolve.ts';
import { STATEFULSET_LESSONS } from './statefulset.ts';

/** answers runs a lesson's preset as the worker records it and returns each step's answer ('-' without a question). */
function answers(id: string): string[] {
  const b = STATEFULSET_LESSONS.find((x) => x.lesson.id === id);
  const text = PRESETS.find((p) => p.id === b?.preset)?.text ?? '';
  const r = parseScenarioText(text);
  if (!r.ok || !b) throw new Error(`no lesson ${id}`);
  const rec = new Recording({ ...r.value, lesson: b.lesson });
  rec.timeline.record();
  return resolveSteps(b.lesson.steps, { records: rec.timeline.records, more: () => false }).map((p) =>
    String(p.answer ?? '-'),
  );
}

describe('STATEFULSET_LESSONS', () => {
  // The texts state these outcomes; the engine must give them.
  it.each([
    ['statefulset-ordered', ['0', '-', '3', '4']],
    ['statefulset-rolling', ['-', '2', '1', '3']],
    ['statefulset-partition', ['4', '2', '-', '2']],
    ['statefulset-stuck', ['-', '1', '3', '-', '-']],
    ['statefulset-parallel', ['3', '2', '-']],
    ['statefulset-claims', ['1', '-', '2', '0']],
  ])('%s answers as its text says', (id, want) => {
    expect(answers(id)).toEqual(want);
  });
});
