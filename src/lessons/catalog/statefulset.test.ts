import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../scenario/presets/index.ts';
import { parseScenarioText } from '../../scenario/parse.ts';
import { Recording } from '../../timeline/recording.ts';
import { resolveSteps } from '../resolve.ts';
import { STATEFULSET_LESSONS } from './statefulset.ts';
import { STATEFULSET_DRAIN_LESSONS } from './statefulsetDrain.ts';
import { STATEFULSET_QUOTA_LESSONS } from './statefulsetQuota.ts';
import { STATEFULSET_ORPHAN_LESSONS } from './statefulsetOrphan.ts';
import type { BuiltInLesson } from './types.ts';
import { validateScenario } from '../../scenario/validate.ts';

/** answers runs a lesson's preset as the worker records it and returns each step's answer ('-' without a question). */
function answers(id: string): string[] {
  const b = [...STATEFULSET_LESSONS, ...STATEFULSET_DRAIN_LESSONS].find((x) => x.lesson.id === id);
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
    ['statefulset-drain', ['-', '0', 'VolumeBinding', '1', '1']],
  ])('%s answers as its text says', (id, want) => {
    expect(answers(id)).toEqual(want);
  });
});

describe('statefulset-drain', () => {
  it('stops where its text says: the eviction at 40 s, web-1 made again and refused by every node, bound to node-2 after 120 s', () => {
    const b = STATEFULSET_DRAIN_LESSONS.find((x) => x.lesson.id === 'statefulset-drain') as BuiltInLesson;
    const r = parseScenarioText(PRESETS.find((p) => p.id === b.preset)?.text ?? '');
    if (!r.ok) throw new Error(r.errors[0]);
    const rec = new Recording({ ...r.value, lesson: b.lesson });
    rec.timeline.record();
    const records = rec.timeline.records;
    const points = resolveSteps(b.lesson.steps, { records, more: () => false });
    expect(points.map((p) => records.timeOf((p.tick as number) - 1))).toEqual([
      40_000, 41_100, 41_150, 41_150, 120_100,
    ]);
    // The scheduler's verdict on each node, as the third step's formula shows it.
    expect(points[2]?.formula.slice(1).map((d) => `${d.values.node} ${d.values.plugin}`)).toEqual([
      'node-1 VolumeBinding',
      'node-2 NodeUnschedulable',
      'node-3 VolumeBinding',
    ]);
    // The third step asks which plugin keeps web-1 off node-1 and node-3, and reads node-1's
    // rejection by its `where`, whichever node the scheduler checks first.
    expect(b.lesson.steps[2]?.question?.answer.where).toEqual({ node: 'node-1' });
    expect(points[2]).toMatchObject({ answer: 'VolumeBinding', problem: null });
    expect(points[4]?.formula.map((d) => d.values.node)).toEqual(['node-2']);
  });
});

/** walk records a lesson's own scenario to its end and places its steps. */
function walk(b: BuiltInLesson) {
  const v = validateScenario(b.scenario);
  if (!v.ok) throw new Error('the lesson’s scenario does not validate');
  const rec = new Recording({ ...v.value, lesson: b.lesson });
  rec.timeline.record();
  const records = rec.timeline.records;
  return { records, points: resolveSteps(b.lesson.steps, { records, more: () => false }) };
}

describe('STATEFULSET_QUOTA_LESSONS', () => {
  it('answers and stops as statefulset-claim-quota’s text says: 2 missing, a 40,960 ms back-off, web-3 at 112 s', () => {
    const b = STATEFULSET_QUOTA_LESSONS[0] as BuiltInLesson;
    const { records, points } = walk(b);
    expect(points.map((p) => String(p.answer ?? '-'))).toEqual(['-', '2', '40960', '-', '1', '-']);
    // Scaled at 30 s, the 15th failure at 71 s, the patch at 90 s, web-3 at the back-off's end.
    expect(points.slice(1).map((p) => records.timeOf((p.tick as number) - 1))).toEqual([
      30_050,
      71_055,
      90_000,
      112_015,
      expect.any(Number),
    ]);
  });
});

describe('STATEFULSET_ORPHAN_LESSONS', () => {
  it('answers and stops as statefulset-orphan-recreate’s text says: 4 orphans adopted at 50 s, www-web-2 held until web-2 is gone, 1 new claim', () => {
    const b = STATEFULSET_ORPHAN_LESSONS[0] as BuiltInLesson;
    const { records, points } = walk(b);
    expect(points.map((p) => p.problem ?? null)).toEqual([null, null, null, null, null, null]);
    expect(points.map((p) => String(p.answer ?? '-'))).toEqual(['-', '4', '-', '-', '-', '1']);
    // Orphaned one watch delay after the delete at 40 s, adopted after the apply at 50 s, the claim
    // held after its delete at 70 s and freed when web-2 is gone (1 s of termination after 80 s).
    expect(points.slice(1).map((p) => records.timeOf((p.tick as number) - 1))).toEqual([
      40_050, 50_050, 70_050, 81_100, 81_150,
    ]);
    // No claim was created between the apply and web-2's: the adopted pods kept their 1Gi claims.
    const created: number[] = [];
    for (let i = 0; i < records.length; i++) {
      const r = records.at(i);
      if (r && r.time > 50_000 && r.decisions.some((d) => d.fn === 'processReplica' && d.key === 'create'))
        created.push(r.time);
    }
    expect(created).toEqual([81_150]);
  });
});
