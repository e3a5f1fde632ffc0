import { describe, expect, it } from 'vitest';
import { type ListNode, newList, type Node, nodeString, type ParamsEntry } from './node.ts';
import { parse } from './parser.ts';

// Each node's String(), as the upstream table builds them.
const list = () => nodeString(newList());
const text = (t: string) => nodeString({ type: 'text', text: t });
const field = (v: string) => nodeString({ type: 'field', value: v });
const identifier = (n: string) => nodeString({ type: 'identifier', name: n });
const int = (v: number) => nodeString({ type: 'int', value: v });
const wildcard = () => nodeString({ type: 'wildcard' });
const recursive = () => nodeString({ type: 'recursive' });
const union = () => nodeString({ type: 'union', nodes: [] });
const filter = (op: string) => nodeString({ type: 'filter', left: newList(), right: newList(), operator: op });
const p = (value: number, known: boolean, derived: boolean): ParamsEntry => ({ value, known, derived });
const array = (a: ParamsEntry, b: ParamsEntry, c: ParamsEntry) => nodeString({ type: 'array', params: [a, b, c] });

/** collectNode is the upstream test's walk: each node, then a list's nodes, a filter's sides, a union's lists. */
function collectNode(nodes: Node[], cur: Node): Node[] {
  nodes.push(cur);
  if (cur.type === 'list') for (const n of cur.nodes) collectNode(nodes, n);
  else if (cur.type === 'filter') {
    collectNode(nodes, cur.left);
    collectNode(nodes, cur.right);
  } else if (cur.type === 'union') for (const n of cur.nodes) collectNode(nodes, n);
  return nodes;
}

function parsed(t: string): string[] | { error: string } {
  const root = parse(t);
  return 'error' in root ? root : collectNode([], root).slice(1).map(nodeString);
}

// client-go util/jsonpath parser_test.go (v0.36.3), TestParser's parserTests: every case.
describe('parse (client-go TestParser)', () => {
  const F = (op: string, left: string[], right: string[]) => [filter(op), list(), ...left, list(), ...right];
  const osImage = [field('status'), field('nodeInfo'), field('osImage')];
  it.each<[string, string, string[]]>([
    ['plain', 'hello jsonpath', [text('hello jsonpath')]],
    ['variable', 'hello {.jsonpath}', [text('hello '), list(), field('jsonpath')]],
    ['arrayfiled', "hello {['jsonpath']}", [text('hello '), list(), field('jsonpath')]],
    ['quote', '{"{"}', [list(), text('{')]],
    ['array', '{[1:3]}', [list(), array(p(1, true, false), p(3, true, false), p(0, false, false))]],
    ['allarray', '{.book[*].author}', [list(), field('book'), array(p(0, false, false), p(0, false, false), p(0, false, false)), field('author')]],
    ['wildcard', '{.bicycle.*}', [list(), field('bicycle'), wildcard()]],
    ['filter', '{[?(@.price<3)]}', [list(), ...F('<', [field('price')], [int(3)])]],
    ['recursive', '{..}', [list(), recursive()]],
    ['recurField', '{..price}', [list(), recursive(), field('price')]],
    ['arraydict', "{['book.price']}", [list(), field('book'), field('price')]],
    [
      'union',
      "{['bicycle.price', 3, 'book.price']}",
      [
        list(),
        union(),
        list(),
        field('bicycle'),
        field('price'),
        list(),
        array(p(3, true, false), p(4, true, true), p(0, false, false)),
        list(),
        field('book'),
        field('price'),
      ],
    ],
    ['range', '{range .items}{.name},{end}', [list(), identifier('range'), field('items'), list(), field('name'), text(','), list(), identifier('end')]],
    ['paired parentheses in quotes', '{[?(@.status.nodeInfo.osImage == "()")]}', [list(), ...F('==', osImage, [text('()')])]],
    ['paired parentheses in double quotes and with double quotes escape', '{[?(@.status.nodeInfo.osImage == "(\\"\\")")]}', [list(), ...F('==', osImage, [text('("")')])]],
    ['unregular parentheses in double quotes', '{[?(@.test == "())(")]}', [list(), ...F('==', [field('test')], [text('())(')])]],
    ['plain text in single quotes', "{[?(@.status.nodeInfo.osImage == 'Linux')]}", [list(), ...F('==', osImage, [text('Linux')])]],
    ['test filter suffix', '{[?(@.status.nodeInfo.osImage == "{[()]}")]}', [list(), ...F('==', osImage, [text('{[()]}')])]],
    ['double inside single', `{[?(@.status.nodeInfo.osImage == "''")]}`, [list(), ...F('==', osImage, [text("''")])]],
    ['single inside double', `{[?(@.status.nodeInfo.osImage == '""')]}`, [list(), ...F('==', osImage, [text('""')])]],
    ['single containing escaped single', "{[?(@.status.nodeInfo.osImage == '\\\\\\'')]}", [list(), ...F('==', osImage, [text("\\'")])]],
    ['negative index slice, equals a[len-5] to a[len-1]', '{[-5:]}', [list(), array(p(-5, true, false), p(0, false, false), p(0, false, false))]],
    ['negative index slice, equals a[len-1]', '{[-1]}', [list(), array(p(-1, true, false), p(0, true, true), p(0, false, false))]],
    ['negative index slice, equals a[1] to a[len-1]', '{[1:-1]}', [list(), array(p(1, true, false), p(-1, true, false), p(0, false, false))]],
  ])('%s', (_name, t, nodes) => {
    expect(parsed(t)).toEqual(nodes);
  });

  it('refuses malformat input', () => {
    expect(parsed('{\\\\\\}')).toEqual({ error: expect.any(String) });
  });
});

// client-go util/jsonpath parser_test.go (v0.36.3), TestFailParser: every case.
describe('parse errors (client-go TestFailParser)', () => {
  it.each([
    ['unclosed action', '{.hello', 'unclosed action'],
    ['unrecognized character', '{*}', "unrecognized character in action: U+002A '*'"],
    ['invalid number', '{+12.3.0}', 'cannot parse number +12.3.0'],
    ['unterminated array', '{[1}', 'unterminated array'],
    ['unterminated filter', '{[?(.price]}', 'unterminated filter'],
    ['invalid multiple recursive descent', '{........}', 'invalid multiple recursive descent'],
  ])('%s', (_name, t, error) => {
    expect(parse(t)).toEqual({ error });
  });
});

// The cases of the explain port's own parser (explainField/jsonpath.ts, now this one).
describe('parse, as explain reads a field path', () => {
  const fields = (...names: string[]): ListNode => ({ type: 'list', nodes: names.map((value) => ({ type: 'field', value })) });
  it.each<[string, string, Node[]]>([
    ['reads fields after dots', '{.pods.spec}', [fields('pods', 'spec')]],
    ['reads a dict key as a field', "{.pods['spec']}", [fields('pods', 'spec')]],
    ['reads .. as recursive descent', '{..spec}', [{ type: 'list', nodes: [{ type: 'recursive' }, { type: 'field', value: 'spec' }] }]],
    ['reads .* as a wildcard', '{.pods.*}', [{ type: 'list', nodes: [{ type: 'field', value: 'pods' }, { type: 'wildcard' }] }]],
    ['drops the backslash of an escaped dot', '{.a\\.b}', [fields('a.b')]],
    ['keeps text after the action as a node of its own', '{.a}x', [fields('a'), { type: 'text', text: 'x' }]],
  ])('%s', (_name, t, want) => {
    expect(parse(t)).toEqual({ type: 'list', nodes: want });
  });

  it('reads an index as an array node', () => {
    expect(parsed('{.pods[0]}')).toEqual([list(), field('pods'), array(p(0, true, false), p(1, true, true), p(0, false, false))]);
  });

  it.each([
    ['refuses an unterminated array', '{.pods[}', 'unterminated array'],
    ['refuses an action left open', '{.pods', 'unclosed action'],
    ['names a character it does not read', '{.pods[0]#}', "unrecognized character in action: U+0023 '#'"],
    ['refuses a bad index', '{.pods[x]}', 'invalid array index x'],
    ['refuses two recursive descents', '{....a}', 'invalid multiple recursive descent'],
    ['refuses an index that is only a sign', '{[-]}', 'array index - is not a number'],
    ['refuses an unknown escape in a quoted string', '{"\\q"}', 'unquote string "\\q" error invalid syntax'],
    ['refuses a filter without its closing bracket', '{[?(@.a)x}', 'unclosed array expect ]'],
    ['refuses a newline inside a quoted string', '{"a\nb"}', 'unterminated quoted string'],
  ])('%s', (_name, t, error) => {
    expect(parse(t)).toEqual({ error });
  });
});

describe('parse, its corners', () => {
  it.each<[string, string, string[]]>([
    ['reads [] as index 0', '{[]}', [list(), array(p(0, false, false), p(1, true, true), p(0, false, false))]],
    ['reads a step', '{[::2]}', [list(), array(p(0, false, false), p(0, false, false), p(2, true, false))]],
    ['reads a float and a bool', '{[?(@.a>=1.5)]}{true}', [list(), ...[filter('>='), list(), field('a'), list(), nodeString({ type: 'float', value: 1.5 })], list(), nodeString({ type: 'bool', value: true })]],
    ['reads range without a space', '{range.items[*]}', [list(), identifier('range'), field('items'), array(p(0, false, false), p(0, false, false), p(0, false, false))]],
    ['reads a filter without an operator as exists', '{[?(@.z)]}', [list(), filter('exists'), list(), field('z'), list()]],
    ['reads escapes in a double-quoted string', '{"\\t\\x41\\u00e9\\101"}', [list(), text('\tAéA')]],
  ])('%s', (_name, t, nodes) => {
    expect(parsed(t)).toEqual(nodes);
  });
});
