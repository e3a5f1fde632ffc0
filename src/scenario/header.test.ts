import { describe, expect, it } from 'vitest';
import { scenarioHeader } from './header.ts';
import { parseScenarioText } from './parse.ts';
import { PRESETS } from './presets/index.ts';

describe('scenarioHeader', () => {
  it.each(PRESETS.map((p) => [p.id, p.text] as const))('reads %s’s name and description as the whole parse does', (_, text) => {
    const r = parseScenarioText(text);
    if (!r.ok) throw new Error(JSON.stringify(r));
    expect(scenarioHeader(text)).toEqual({ name: r.value.name, description: r.value.description ?? '' });
  });

  it.each([
    ['a folded description after the objects', 'version: 1\nobjects: []\nname: x\ndescription: >\n  one\n  two\n\n# c\nseed: 1\n', { name: 'x', description: 'one two\n' }],
    ['a quoted name, no description', 'name: "a: b"\nversion: 1\n', { name: 'a: b', description: '' }],
    ['a nested name only', 'metadata:\n  name: inner\n', { name: '', description: '' }],
    ['a name that is not a string', 'name: [1]\n', { name: '', description: '' }],
    // YAML 1.1, as parse.ts and kubectl read it: an unquoted yes is a boolean, not the text "yes"
    ['a name that YAML 1.1 reads as a boolean', 'name: yes\ndescription: "no"\n', { name: '', description: 'no' }],
  ])('reads %s', (_, text, want) => {
    expect(scenarioHeader(text)).toEqual(want);
  });
});
