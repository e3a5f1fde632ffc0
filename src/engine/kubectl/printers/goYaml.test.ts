import { describe, expect, it } from 'vitest';
import { goYamlMarshal } from './goYaml.ts';
import { formatFloat, keyLess } from './goYamlScalar.ts';

describe('goYamlMarshal', () => {
  // Each expected text is what kubectl 1.32.4 printed for `kubectl create configmap t
  // --from-literal=k=VALUE --dry-run=client -o yaml` (its data's `k` lines): a fuzz of ~700 random
  // strings and 120 nested ones (a Deployment's command) gave the same texts when this was written.
  it.each<[string, string, string]>([
    ["a plain word", "web", "  k: web\n"],
    ["a number that must stay a string", "1", "  k: \"1\"\n"],
    ["a YAML 1.1 boolean", "yes", "  k: \"yes\"\n"],
    ["a timestamp", "2026-01-01T00:00:00Z", "  k: \"2026-01-01T00:00:00Z\"\n"],
    ["an impossible date (time.Parse refuses it)", "2026-13-45", "  k: 2026-13-45\n"],
    ["the empty string", "", "  k: \"\"\n"],
    ["a colon and space", "a: b", "  k: 'a: b'\n"],
    ["an apostrophe in a quoted string", "it's: here", "  k: 'it''s: here'\n"],
    ["a leading indicator", "*star", "  k: '*star'\n"],
    ["a tab", "a\tb", "  k: \"a\\tb\"\n"],
    ["a character past U+FFFF", "x😀", "  k: \"x\\U0001F600\"\n"],
    ["a backslash and a quote", "say \"hi\" \\ there", "  k: say \"hi\" \\ there\n"],
    ["a trailing space", "end ", "  k: 'end '\n"],
    ["one trailing line break", "{\"x\":1}\n", "  k: |\n    {\"x\":1}\n"],
    ["no trailing line break", "line one\nline two", "  k: |-\n    line one\n    line two\n"],
    ["two trailing line breaks", "a\n\n", "  k: |+\n    a\n\n"],
    ["a leading space before lines", " a\nb", "  k: |2-\n     a\n    b\n"],
    ["a space before a line break", "a \nb", "  k: \"a \\nb\"\n"],
    ["a long plain line", "word word word word word word word word word word word word word word word word word word word word end", "  k: word word word word word word word word word word word word word word word word\n    word word word word end\n"],
    ["a long single-quoted line", "0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.", "  k: '0/2 nodes are available: 2 node(s) didn''t match Pod''s node affinity/selector.\n    preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.'\n"],
    ["a long double-quoted line", "tab\there z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z end", "  k: \"tab\\there z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z z\n    z z z z z z z z z z z z end\"\n"],
    ["a run of spaces past column 80", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa  b  c", "  k: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa  b  c\n"],
    ["a word longer than the line", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "  k: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"],
    ["a line separator in a single-quoted string", "a\u2028b: c", "  k: 'a\u2028    b: c'\n"],
  ])('prints %s as kubectl does', (_, value, lines) => {
    expect(goYamlMarshal({ data: { k: value } })).toBe(`data:\n${lines}`);
  });

  it('nests mappings two columns in, sequences under a key not at all, and folds at the nesting’s indentation', () => {
    // kubectl create deployment web --image=nginx --dry-run=client -o yaml -- "word … end" b (1.32.4): its command.
    const long = `${'word '.repeat(17)}end`;
    const deployment = { spec: { template: { spec: { containers: [{ command: [long, 'b'], image: 'nginx', resources: {} }], none: [] } } } };
    expect(goYamlMarshal(deployment)).toBe(
      [
        'spec:',
        '  template:',
        '    spec:',
        '      containers:',
        '      - command:',
        `        - ${'word '.repeat(14)}word`,
        '          word word end',
        '        - b',
        '        image: nginx',
        '        resources: {}',
        '      none: []',
        '',
      ].join('\n'),
    );
  });

  it('prints null, booleans, integers and floats as Go’s yaml.Marshal does', () => {
    expect(goYamlMarshal({ a: null, b: true, c: 3, d: 0.5, e: 1234567.5, f: 1e-7 })).toBe('a: null\nb: true\nc: 3\nd: 0.5\ne: 1.2345675e+06\nf: 1e-07\n');
    expect(formatFloat(0.25)).toBe('0.25');
  });
});

describe('keyLess', () => {
  it.each([
    ['a2', 'a10', true],
    ['a10', 'a2', false],
    ['A', 'a', true],
    ['-a', 'a', true],
    ['a', 'a-', true],
    ['09', '0AB', true],
    ['0AB', '0a', true],
  ])('orders %s before %s: %s', (a, b, want) => {
    expect(keyLess(a, b)).toBe(want);
  });
});
