// Conformance: client-go util/jsonpath jsonpath_test.go (v0.36.3), TestTypesInput, TestStructInput,
// TestJSONInput and TestKubernetes, their tables case for case (the rest: jsonpathRanges.conformance.test.ts).
// Go structs are held as maps, the only objects decoded JSON has; so:
// - a case that prints a struct as JSON is checked against upstream's text with each object's keys
//   sorted (keysSorted), as a map prints (structSlice…structSubSliceStepEven, allstructsSlice,
//   allstructs, lastarray, recurarray, bool);
// - a case whose order is a struct's field order is checked on its sorted words, as upstream
//   checks map orders (recurfields, recurdotfields);
// - skipped: allfields (`{@.*}` of a struct lists its fields in declared order, `{red 19.95 true}`;
//   a map's values come in key order, `{red true 19.95}`, and the braces are part of the words);
// - invalid array's error names the Go type of a typed map (`map[string]int`); a decoded map is a
//   `map[string]interface {}`, and the case expects that name.
import { describe, expect, it } from 'vitest';
import { failOutcome, type JsonPathTest, keysSorted, outcome, sortedWords, want } from './testJsonPath.ts';

const structs = [
  { name: 'one', value: 1, type: 'integer' },
  { name: 'two', value: 2.002, type: 'float' },
  { name: 'three', value: 3, type: 'integer' },
  { name: 'four', value: 4.004, type: 'float' },
];
const types = {
  bools: [true, false, true, false],
  integers: [1, 2, 3, 4],
  floats: [1.0, 2.2, 3.3, 4.0],
  strings: ['one', 'two', 'three', 'four'],
  interfaces: [true, 'one', 1, 1.1],
  maps: [
    { name: 'one', value: 1 },
    { name: 'two', value: 2.02 },
    { name: 'three', value: 3.03 },
    { name: 'four', value: 4.04 },
  ],
  structs,
};

describe('TestTypesInput', () => {
  const t = (name: string, template: string, expect: string): JsonPathTest => [name, template, types, expect, false];
  it.each<JsonPathTest>([
    t('boolSlice', '{ .bools }', '[true,false,true,false]'),
    t('boolSliceIndex', '{ .bools[0] }', 'true'),
    t('boolSliceIndex', '{ .bools[-1] }', 'false'),
    t('boolSubSlice', '{ .bools[0:2] }', 'true false'),
    t('boolSubSliceFirst2', '{ .bools[:2] }', 'true false'),
    t('boolSubSliceStep2', '{ .bools[:4:2] }', 'true true'),
    t('integerSlice', '{ .integers }', '[1,2,3,4]'),
    t('integerSliceIndex', '{ .integers[0] }', '1'),
    t('integerSliceIndexReverse', '{ .integers[-2] }', '3'),
    t('integerSubSliceFirst2', '{ .integers[0:2] }', '1 2'),
    t('integerSubSliceFirst2Alt', '{ .integers[:2] }', '1 2'),
    t('integerSubSliceStep2', '{ .integers[:4:2] }', '1 3'),
    t('floatSlice', '{ .floats }', '[1,2.2,3.3,4]'),
    t('floatSliceIndex', '{ .floats[0] }', '1'),
    t('floatSliceIndexReverse', '{ .floats[-2] }', '3.3'),
    t('floatSubSliceFirst2', '{ .floats[0:2] }', '1 2.2'),
    t('floatSubSliceFirst2Alt', '{ .floats[:2] }', '1 2.2'),
    t('floatSubSliceStep2', '{ .floats[:4:2] }', '1 3.3'),
    t('stringSlice', '{ .strings }', '["one","two","three","four"]'),
    t('stringSliceIndex', '{ .strings[0] }', 'one'),
    t('stringSliceIndexReverse', '{ .strings[-2] }', 'three'),
    t('stringSubSliceFirst2', '{ .strings[0:2] }', 'one two'),
    t('stringSubSliceFirst2Alt', '{ .strings[:2] }', 'one two'),
    t('stringSubSliceStep2', '{ .strings[:4:2] }', 'one three'),
    t('interfaceSlice', '{ .interfaces }', '[true,"one",1,1.1]'),
    t('interfaceSliceIndex', '{ .interfaces[0] }', 'true'),
    t('interfaceSliceIndexReverse', '{ .interfaces[-2] }', '1'),
    t('interfaceSubSliceFirst2', '{ .interfaces[0:2] }', 'true one'),
    t('interfaceSubSliceFirst2Alt', '{ .interfaces[:2] }', 'true one'),
    t('interfaceSubSliceStep2', '{ .interfaces[:4:2] }', 'true 1'),
    t('mapSlice', '{ .maps }', '[{"name":"one","value":1},{"name":"two","value":2.02},{"name":"three","value":3.03},{"name":"four","value":4.04}]'),
    t('mapSliceIndex', '{ .maps[0] }', '{"name":"one","value":1}'),
    t('mapSliceIndexReverse', '{ .maps[-2] }', '{"name":"three","value":3.03}'),
    t('mapSubSliceFirst2', '{ .maps[0:2] }', '{"name":"one","value":1} {"name":"two","value":2.02}'),
    t('mapSubSliceFirst2Alt', '{ .maps[:2] }', '{"name":"one","value":1} {"name":"two","value":2.02}'),
    t('mapSubSliceStepOdd', '{ .maps[::2] }', '{"name":"one","value":1} {"name":"three","value":3.03}'),
    t('mapSubSliceStepEven', '{ .maps[1::2] }', '{"name":"two","value":2.02} {"name":"four","value":4.04}'),
  ])('%s %s', (...c) => {
    expect(outcome(c, false)).toBe(want(c));
  });

  const s = (name: string, template: string, expect: string): JsonPathTest => [name, template, types, keysSorted(expect), false];
  it.each<JsonPathTest>([
    s('structSlice', '{ .structs }', '[{"name":"one","value":1,"type":"integer"},{"name":"two","value":2.002,"type":"float"},{"name":"three","value":3,"type":"integer"},{"name":"four","value":4.004,"type":"float"}]'),
    s('structSliceIndex', '{ .structs[0] }', '{"name":"one","value":1,"type":"integer"}'),
    s('structSliceIndexReverse', '{ .structs[-2] }', '{"name":"three","value":3,"type":"integer"}'),
    s('structSubSliceFirst2', '{ .structs[0:2] }', '{"name":"one","value":1,"type":"integer"} {"name":"two","value":2.002,"type":"float"}'),
    s('structSubSliceFirst2Alt', '{ .structs[:2] }', '{"name":"one","value":1,"type":"integer"} {"name":"two","value":2.002,"type":"float"}'),
    s('structSubSliceStepOdd', '{ .structs[::2] }', '{"name":"one","value":1,"type":"integer"} {"name":"three","value":3,"type":"integer"}'),
    s('structSubSliceStepEven', '{ .structs[1::2] }', '{"name":"two","value":2.002,"type":"float"} {"name":"four","value":4.004,"type":"float"}'),
  ])('%s %s (keys sorted)', (...c) => {
    expect(outcome(c, false)).toBe(want(c));
  });
});

const book = (Category: string, Author: string, Title: string, Price: number) => ({ Category, Author, Title, Price });
const storeData = {
  Name: 'jsonpath',
  Book: [book('reference', 'Nigel Rees', 'Sayings of the Centurey', 8.95), book('fiction', 'Evelyn Waugh', 'Sword of Honour', 12.99), book('fiction', 'Herman Melville', 'Moby Dick', 8.99)],
  Bicycle: [
    { Color: 'red', Price: 19.95, IsNew: true },
    { Color: 'green', Price: 20.01, IsNew: false },
  ],
  Labels: { engieer: 10, 'web/html': 15, 'k8s-app': 20 },
  Employees: { jason: 'manager', dan: 'clerk' },
};

describe('TestStructInput', () => {
  it.each<JsonPathTest>([
    ['plain', 'hello jsonpath', null, 'hello jsonpath', false],
    ['recursive', '{..}', [1, 2, 3], '[1,2,3]', false],
    ['filter', '{[?(@<5)]}', [2, 6, 3, 7], '2 3', false],
    ['quote', '{"{"}', null, '{', false],
    ['union', '{[1,3,4]}', [0, 1, 2, 3, 4], '1 3 4', false],
    ['array', '{[0:2]}', ['Monday', 'Tudesday'], 'Monday Tudesday', false],
    ['variable', 'hello {.Name}', storeData, 'hello jsonpath', false],
    ['dict/', '{$.Labels.web/html}', storeData, '15', false],
    ['dict/', '{$.Employees.jason}', storeData, 'manager', false],
    ['dict/', '{$.Employees.dan}', storeData, 'clerk', false],
    ['dict-', '{.Labels.k8s-app}', storeData, '20', false],
    ['nest', '{.Bicycle[*].Color}', storeData, 'red green', false],
    ['allarray', '{.Book[*].Author}', storeData, 'Nigel Rees Evelyn Waugh Herman Melville', false],
    ['superrecurfields', '{............................................................Price}', storeData, '', true],
    ['allstructsSlice', '{.Bicycle}', storeData, keysSorted('[{"Color":"red","Price":19.95,"IsNew":true},{"Color":"green","Price":20.01,"IsNew":false}]'), false],
    ['allstructs', '{range .Bicycle[*]}{ @ }{ " " }{end}', storeData, `${keysSorted('{"Color":"red","Price":19.95,"IsNew":true} {"Color":"green","Price":20.01,"IsNew":false}')} `, false],
    ['lastarray', '{.Book[-1:]}', storeData, keysSorted('{"Category":"fiction","Author":"Herman Melville","Title":"Moby Dick","Price":8.99}'), false],
    ['recurarray', '{..Book[2]}', storeData, keysSorted('{"Category":"fiction","Author":"Herman Melville","Title":"Moby Dick","Price":8.99}'), false],
    ['bool', '{.Bicycle[?(@.IsNew==true)]}', storeData, keysSorted('{"Color":"red","Price":19.95,"IsNew":true}'), false],
  ])('%s %s', (...c) => {
    expect(outcome(c, false)).toBe(want(c));
  });

  it.each<JsonPathTest>([
    ['recurfields', '{..Price}', storeData, '8.95 12.99 8.99 19.95 20.01', false],
    ['recurdotfields', '{...Price}', storeData, '8.95 12.99 8.99 19.95 20.01', false],
  ])('%s %s (words sorted: a struct field order)', (...c) => {
    expect(sortedWords(outcome(c, false))).toEqual(sortedWords(want(c)));
  });

  it.each<JsonPathTest>([
    ['nonexistent field', '{.hello}', storeData, '', false],
    ['nonexistent field 2', 'before-{.hello}after', storeData, 'before-after', false],
  ])('%s %s (missing keys allowed)', (...c) => {
    expect(outcome(c, true)).toBe(want(c));
  });

  it.each<JsonPathTest>([
    ['invalid identifier', '{hello}', storeData, 'unrecognized identifier hello', false],
    ['nonexistent field', '{.hello}', storeData, 'hello is not found', false],
    ['invalid array', '{.Labels[0]}', storeData, 'map[string]interface {} is not array or slice', false],
    ['invalid filter operator', '{.Book[?(@.Price<>10)]}', storeData, 'unrecognized filter operator <>', false],
    ['redundant end', '{range .Labels.*}{@}{end}{end}', storeData, 'not in range, nothing to end', false],
  ])('fails: %s %s', (...c) => {
    expect(failOutcome(c)).toBe(c[3]);
  });
});

describe('TestJSONInput', () => {
  const pointsData: unknown = JSON.parse(`[
    {"id": "i1", "x":4, "y":-5},
    {"id": "i2", "x":-2, "y":-5, "z":1},
    {"id": "i3", "x":  8, "y":  3 },
    {"id": "i4", "x": -6, "y": -1 },
    {"id": "i5", "x":  0, "y":  2, "z": 1 },
    {"id": "i6", "x":  1, "y":  4 },
    {"id": "i7", "x":  null, "y":  4 }
  ]`);
  it.each<JsonPathTest>([
    ['exists filter', '{[?(@.z)].id}', pointsData, 'i2 i5', false],
    ['bracket key', "{[0]['id']}", pointsData, 'i1', false],
    ['nil value', "{[-1]['x']}", pointsData, 'null', false],
  ])('%s %s', (...c) => {
    expect(outcome(c, false)).toBe(want(c));
  });
});

describe('TestKubernetes', () => {
  const address = (type: string, a: string) => ({ type, address: a });
  const node = (name: string, cpu: string, ready: boolean, addresses: unknown[]) => ({
    kind: 'None',
    metadata: { name, labels: { 'kubernetes.io/hostname': name } },
    status: { capacity: { cpu }, ready, addresses },
  });
  const nodesData = {
    kind: 'List',
    items: [
      node('127.0.0.1', '4', true, [address('LegacyHostIP', '127.0.0.1')]),
      node('127.0.0.2', '8', false, [address('LegacyHostIP', '127.0.0.2'), address('another', '127.0.0.3')]),
    ],
    users: [
      { name: 'myself', user: {} },
      { name: 'e2e', user: { username: 'admin', password: 'secret' } },
    ],
  };
  it.each<JsonPathTest>([
    ['range item', '{range .items[*]}{.metadata.name}, {end}{.kind}', nodesData, '127.0.0.1, 127.0.0.2, List', false],
    ['range item with quote', '{range .items[*]}{.metadata.name}{"\\t"}{end}', nodesData, '127.0.0.1\t127.0.0.2\t', false],
    ['range addresss', '{.items[*].status.addresses[*].address}', nodesData, '127.0.0.1 127.0.0.2 127.0.0.3', false],
    ['double range', '{range .items[*]}{range .status.addresses[*]}{.address}, {end}{end}', nodesData, '127.0.0.1, 127.0.0.2, 127.0.0.3, ', false],
    ['item name', '{.items[*].metadata.name}', nodesData, '127.0.0.1 127.0.0.2', false],
    ['union nodes capacity', "{.items[*]['metadata.name', 'status.capacity']}", nodesData, '127.0.0.1 127.0.0.2 {"cpu":"4"} {"cpu":"8"}', false],
    ['range nodes capacity', '{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}', nodesData, '[127.0.0.1, {"cpu":"4"}] [127.0.0.2, {"cpu":"8"}] ', false],
    ['user password', '{.users[?(@.name=="e2e")].user.password}', nodesData, 'secret', false],
    ['hostname', '{.items[0].metadata.labels.kubernetes\\.io/hostname}', nodesData, '127.0.0.1', false],
    ['hostname filter', '{.items[?(@.metadata.labels.kubernetes\\.io/hostname=="127.0.0.1")].kind}', nodesData, 'None', false],
    ['bool item', '{.items[?(@..ready==true)].metadata.name}', nodesData, '127.0.0.1', false],
  ])('%s %s', (...c) => {
    expect(outcome(c, false)).toBe(want(c));
  });

  it('recursive name {..name} (words sorted: Go visits a map in any order)', () => {
    const c: JsonPathTest = ['recursive name', '{..name}', nodesData, '127.0.0.1 127.0.0.2 myself e2e', false];
    expect(sortedWords(outcome(c, false))).toEqual(sortedWords(want(c)));
  });
});
