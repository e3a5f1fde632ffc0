// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useReducer } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MatchValue } from '../../lessons/format.ts';
import { setTestLanguage } from '../scenario/testI18n.ts';
import type { StepProblems } from './authoring.ts';
import { ChoiceEditor } from './ChoiceEditor.tsx';
import { choiceRows, editChoices, engineRow } from './choiceRows.ts';

setTestLanguage('en');
afterEach(cleanup);

function Editor({
  values,
  current,
  problems = null,
}: {
  values: string[];
  current: MatchValue;
  problems?: StepProblems | null;
}) {
  const [rows, edit] = useReducer(editChoices, choiceRows(values));
  return (
    <ChoiceEditor
      rows={rows}
      edit={edit}
      current={current}
      missing={engineRow(rows, current) < 0}
      problems={problems}
    />
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Choice ${n}` }) as HTMLInputElement;
const values = () => screen.queryAllByRole('textbox').map((b) => (b as HTMLInputElement).value);
const button = (name: string) => screen.getByRole('button', { name });

describe('ChoiceEditor', () => {
  it('names each choice and its buttons by its place, in a group named Choices', () => {
    render(<Editor values={['VolumeBinding', 'NodeUnschedulable']} current="VolumeBinding" />);
    const group = screen.getByRole('group', { name: 'Choices' });
    expect(within(group).getAllByRole('textbox')).toHaveLength(2);
    expect(values()).toEqual(['VolumeBinding', 'NodeUnschedulable']);
    expect((button('Move choice 1 up') as HTMLButtonElement).disabled).toBe(true);
    expect((button('Move choice 2 down') as HTMLButtonElement).disabled).toBe(true);
    expect(button('Remove choice 2')).toBeTruthy();
  });

  it('marks the row holding the engine’s answer in words, in its description', () => {
    render(<Editor values={['NodeUnschedulable', 'VolumeBinding']} current="VolumeBinding" />);
    const described = box(2).getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('✓ the engine’s answer at this moment');
    expect(box(1).getAttribute('aria-describedby')).toBeNull();
  });

  it.each<[string, string, string[], string]>([
    ['down', 'Move choice 1 down', ['B', 'A', 'C'], 'Move choice 2 down'],
    ['up', 'Move choice 3 up', ['A', 'C', 'B'], 'Move choice 2 up'],
    ['up to the top', 'Move choice 2 up', ['B', 'A', 'C'], 'Move choice 1 down'],
    ['down to the bottom', 'Move choice 2 down', ['A', 'C', 'B'], 'Move choice 3 up'],
  ])('keeps the focus on the row moved %s', (_, press, after, focused) => {
    render(<Editor values={['A', 'B', 'C']} current="A" />);
    const b = button(press);
    b.focus();
    fireEvent.click(b);
    expect(values()).toEqual(after);
    expect(document.activeElement).toBe(button(focused));
    expect(screen.getAllByRole('status').at(-1)?.textContent).toMatch(/^. is now choice \d\.$/);
  });

  it('moves the focus to the row taking a removed one’s place, then to the one before, then to Add a choice', () => {
    render(<Editor values={['A', 'B']} current="A" />);
    fireEvent.click(button('Remove choice 1'));
    expect(values()).toEqual(['B']);
    expect(document.activeElement).toBe(button('Remove choice 1'));
    fireEvent.click(button('Remove choice 1'));
    expect(values()).toEqual([]);
    expect(document.activeElement).toBe(button('Add a choice'));
    fireEvent.click(button('Add a choice'));
    expect(document.activeElement).toBe(box(1));
  });

  it('says when no choice is the engine’s answer and adds it on request', () => {
    render(<Editor values={['NodeUnschedulable', '']} current="VolumeBinding" />);
    expect(screen.getAllByRole('status')[0]?.textContent).toContain(
      'None of the choices is the engine’s answer at this moment, VolumeBinding',
    );
    fireEvent.click(button('Add VolumeBinding as a choice'));
    expect(values()).toEqual(['NodeUnschedulable', 'VolumeBinding']);
    expect(document.activeElement).toBe(box(2));
    expect(screen.queryByText(/None of the choices/)).toBeNull();
  });

  it('shows the lesson format’s words beside the choice they are about, and about the list', () => {
    const problems: StepProblems = {
      list: null,
      rows: new Map([[1, 'repeats the choice "A"']]),
      other: [],
    };
    render(<Editor values={['A', 'A']} current="A" problems={problems} />);
    expect(box(1).getAttribute('aria-invalid')).toBeNull();
    expect(box(2).getAttribute('aria-invalid')).toBe('true');
    const described = box(2).getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('repeats the choice "A"');
  });

  it('offers no ninth choice', () => {
    render(<Editor values={[...'ABCDEFGH']} current="A" />);
    expect((button('Add a choice') as HTMLButtonElement).disabled).toBe(true);
  });
});
