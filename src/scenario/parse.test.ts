import { describe, expect, it } from 'vitest';
import { parseScenarioText } from './parse.ts';

describe('parseScenarioText', () => {
  it.each<[string, string, string]>([
    ['the YAML is broken', 'version: 1\nname: [x\n', 'The scenario is not valid YAML: line 3, column 1: '],
    ['a key repeats', 'version: 1\nversion: 1\n', 'The scenario is not valid YAML: line 2, column 1: Map keys must be unique'],
    ['the text is empty', '  \n# nothing\n', 'The scenario is empty: it needs at least version, name and objects'],
    ['there are two documents', 'a: 1\n---\nb: 2\n', 'The scenario has 2 YAML documents (separated by ---); a scenario file is one document'],
    ['an alias is unresolved', 'version: *v\n', 'The scenario could not be read as YAML: '],
    ['the JSON is cut off', '{"version": 1, "name": "x"', 'The scenario is not valid YAML: line 1, column '],
  ])('says where the YAML is wrong when %s', (_what, text, prefix) => {
    const r = parseScenarioText(text);
    expect(r.ok ? '(valid)' : r.errors[0]).toContain(prefix);
  });

  it('reads JSON as well as YAML', () => {
    const r = parseScenarioText(JSON.stringify({ version: 1, name: 'json', objects: [] }));
    expect(r).toEqual({ ok: true, value: { version: 1, name: 'json', objects: [] } });
  });

  it('refuses an alias bomb without expanding it', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++) lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${String.fromCharCode(96 + i)}`).join(', ')}]`);
    const r = parseScenarioText(lines.join('\n'));
    expect(r.ok ? '(valid)' : r.errors[0]).toContain('The scenario could not be read as YAML: Excessive alias count');
  });

  it('refuses text over 1 MiB with the limit in the message', () => {
    const r = parseScenarioText(`# ${'x'.repeat(1024 * 1024)}\n`);
    expect(r.ok ? '(valid)' : r.errors[0]).toBe(
      "The scenario is 1.0 MiB, over Rollout Lab's limit of 1 MiB (1,048,576 bytes) (it keeps the page responsive)",
    );
  });

  it('reads YAML 1.2 so that yes and on stay strings', () => {
    const r = parseScenarioText('version: 1\nname: yes\nobjects: []\n');
    expect(r.ok && r.value.name).toBe('yes');
  });

  it('reads its objects and applied manifests as kubectl does, where an unquoted yes or on is a boolean', () => {
    const manifest = (label: string) =>
      `{ apiVersion: apps/v1, kind: Deployment, metadata: { name: web }, spec: { selector: { matchLabels: { app: web } }, template: { metadata: { labels: { app: web, canary: ${label} } }, spec: { containers: [{ name: c, image: nginx }] } } } }`;
    const refused = 'cannot unmarshal bool into Go struct field ObjectMeta.spec.template.metadata.labels of type string';
    const inObjects = parseScenarioText(`version: 1\nname: on\nobjects: [${manifest('on')}]\n`);
    expect(inObjects.ok ? [] : inObjects.errors).toEqual([expect.stringContaining(refused)]);
    const inAction = parseScenarioText(`version: 1\nname: yes\nobjects: [${manifest('"on"')}]\nactions: [{ at: 5, apply: ${manifest('yes')} }]\n`);
    expect(inAction.ok ? [] : inAction.errors).toEqual([expect.stringContaining(refused)]);
    const quoted = parseScenarioText(`version: 1\nname: yes\nobjects: [${manifest('"on"')}]\n`);
    expect(quoted.ok && quoted.value.name).toBe('yes');
  });
});
