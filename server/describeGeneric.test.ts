// kubectl describe of the kinds kubectl has no describer for (its generic describer, over the JSON
// the API serves): ControllerRevisions and Events, through the real kubectl (v1.32.4) and the
// page's console on one state. `--show-events` where several are described: 1.32 prints each one's
// Events by default, 1.36 (the console) only with the flag. The times, which the server moves to
// the wall clock, are evened out.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectAnswersAsPage, servedScenario } from './printsAsPage.ts';

const RFC3339 = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;
const normalise = (t: string) => t.replace(RFC3339, '-');

describe('kubectl describe controllerrevisions and events against npm run serve', () => {
  const h = servedScenario(readFileSync('src/scenario/presets/statefulset-rolling.yaml', 'utf8'), ['statefulset/web']);

  it('prints them field by field as kubectl does', async () => {
    const first = async (type: string) => (await h.kubectl(['get', type, '-o', 'name'])).stdout.split('\n')[0]?.replace(/^.*\//, '') ?? '';
    const revision = await first('controllerrevisions');
    const event = await first('events');
    expect(revision).not.toBe('');
    expect(event).not.toBe('');
    const answers = await expectAnswersAsPage(
      h,
      [`describe controllerrevision ${revision}`, 'describe controllerrevisions --show-events', `describe ev ${event}`, 'describe events.events.k8s.io --show-events'],
      normalise,
    );
    expect(answers[0]?.real).toMatch(/\nData:\n {2}Spec:\n {4}Template:\n {6}\$patch: {2}replace\n/);
  }, 30_000);
});
