import { describe, expect, it } from 'vitest';
import type { MatchValue } from '../../lessons/format.ts';
import { type ChoiceEdit, choiceRows, editChoices, engineRow } from './choiceRows.ts';

const rows = choiceRows(['VolumeBinding', 'NodeUnschedulable', 'TaintToleration']);
const eight = choiceRows([...'abcdefgh']);
const show = (r: readonly { id: number; value: string }[]) => r.map((x) => `${x.id}:${x.value}`).join(' ');

describe('editChoices', () => {
  it.each<[string, ChoiceEdit, typeof rows, string]>([
    [
      'types into a row',
      { type: 'set', id: 2, value: 'NodeAffinity' },
      rows,
      '1:VolumeBinding 2:NodeAffinity 3:TaintToleration',
    ],
    [
      'moves a row up, its id with it',
      { type: 'move', id: 3, by: -1 },
      rows,
      '1:VolumeBinding 3:TaintToleration 2:NodeUnschedulable',
    ],
    [
      'moves a row down',
      { type: 'move', id: 1, by: 1 },
      rows,
      '2:NodeUnschedulable 1:VolumeBinding 3:TaintToleration',
    ],
    [
      'leaves the first row when it moves up',
      { type: 'move', id: 1, by: -1 },
      rows,
      '1:VolumeBinding 2:NodeUnschedulable 3:TaintToleration',
    ],
    [
      'leaves the last row when it moves down',
      { type: 'move', id: 3, by: 1 },
      rows,
      '1:VolumeBinding 2:NodeUnschedulable 3:TaintToleration',
    ],
    ['removes a row', { type: 'remove', id: 2 }, rows, '1:VolumeBinding 3:TaintToleration'],
    [
      'adds a blank row with a new id',
      { type: 'add' },
      rows,
      '1:VolumeBinding 2:NodeUnschedulable 3:TaintToleration 4:',
    ],
    ['adds no ninth row', { type: 'add' }, eight, show(eight)],
    [
      'offers a value in the first blank row',
      { type: 'offer', value: 'X' },
      choiceRows(['a', ' ', '']),
      '1:a 2:X 3:',
    ],
    [
      'offers a value in a new row when none is blank',
      { type: 'offer', value: 'X' },
      rows,
      '1:VolumeBinding 2:NodeUnschedulable 3:TaintToleration 4:X',
    ],
    ['offers no ninth row', { type: 'offer', value: 'X' }, eight, show(eight)],
    ['ignores a row that is gone', { type: 'move', id: 9, by: 1 }, rows, show(rows)],
    ['starts again from values', { type: 'reset', values: ['3', ''] }, rows, '1:3 2:'],
  ])('%s', (_, edit, before, want) => {
    expect(show(editChoices(before, edit))).toBe(want);
  });

  it('leaves the rows it is given as they were', () => {
    const before = show(rows);
    editChoices(rows, { type: 'move', id: 1, by: 1 });
    editChoices(rows, { type: 'set', id: 1, value: 'x' });
    expect(show(rows)).toBe(before);
  });
});

describe('engineRow', () => {
  it.each<[string, string[], MatchValue, number]>([
    ['finds the row holding the engine’s text', ['NodeUnschedulable', 'VolumeBinding'], 'VolumeBinding', 1],
    ['compares as the lesson does, spaces around ignored', [' VolumeBinding '], 'VolumeBinding', 0],
    ['compares a number as a number', ['2', '3'], 3, 1],
    ['minds the case', ['volumebinding'], 'VolumeBinding', -1],
    ['says -1 when no row holds it', ['NodeUnschedulable', ''], 'VolumeBinding', -1],
    ['finds a boolean', ['false', 'true'], true, 1],
  ])('%s', (_, values, current, want) => {
    expect(engineRow(choiceRows(values), current)).toBe(want);
  });
});
