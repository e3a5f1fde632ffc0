import { describe, expect, it } from 'vitest';
import { applyJSPatch, decodePatchedScale } from './jsonPatcher.ts';
import { applyJsonPatch, decodePatch } from './jsonPatchV4.ts';
import { goJsonString, marshal } from './lazyNode.ts';
import type { RequestInfo } from './requestInfo.ts';

const MERGE = 'application/merge-patch+json';
const JSON_PATCH = 'application/json-patch+json';

/** An object as the server encodes it: kind before apiVersion (struct order), the kind's fields unsorted. */
const obj = () => ({
  kind: 'Deployment',
  apiVersion: 'apps/v1',
  metadata: { name: 'web', labels: { b: '1', a: '2' } },
  spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } } },
});

describe('applyJSPatch', () => {
  it.each<[string, string, unknown, string]>([
    [
      'sorts the top level and the merged objects, keeps the untouched ones as they came',
      MERGE,
      { spec: { replicas: '3' } },
      '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","labels":{"b":"1","a":"2"}},"spec":{"replicas":"3","selector":{"matchLabels":{"app":"web"}},"strategy":{"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":"25%","maxSurge":"25%"}}}}',
    ],
    [
      'sorts a new object from a merge patch and prunes its nulls',
      MERGE,
      { metadata: { labels: null, annotations: { z: '1', y: null, x: '<&>' } } },
      '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{"x":"\\u003c\\u0026\\u003e","z":"1"},"name":"web"},"spec":{"replicas":1,"selector":{"matchLabels":{"app":"web"}},"strategy":{"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":"25%","maxSurge":"25%"}}}}',
    ],
    [
      'sorts each object a JSON patch walks through, keeps the value it adds as it came',
      JSON_PATCH,
      [{ op: 'add', path: '/spec/strategy/rollingUpdate/extra', value: { b: 1, a: null } }],
      '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","labels":{"b":"1","a":"2"}},"spec":{"replicas":1,"selector":{"matchLabels":{"app":"web"}},"strategy":{"rollingUpdate":{"extra":{"b":1,"a":null},"maxSurge":"25%","maxUnavailable":"25%"},"type":"RollingUpdate"}}}',
    ],
  ])('%s', (_, type, patch, text) => {
    const r = applyJSPatch(obj(), type, patch, 'Warn');
    expect('text' in r && r.text).toBe(text);
  });

  it.each<[string, string, unknown, RequestInfo['fieldValidation'], number, string]>([
    ['refuses a JSON patch that is not a list under Warn', JSON_PATCH, { a: 1 }, 'Warn', 400, 'error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp'],
    ['refuses an op that is not a string under Strict', JSON_PATCH, [{ op: 1 }], 'Strict', 400, 'error decoding patch: json: cannot unmarshal number into Go struct field jsonPatchOp.op of type string'],
    ['leaves the list to the library under Ignore', JSON_PATCH, { a: 1 }, 'Ignore', 400, 'json: cannot unmarshal object into Go value of type jsonpatch.Patch'],
    ['answers an operation that does not apply with a bare 422', JSON_PATCH, [{ op: 'test', path: '/spec/replicas', value: 2 }], 'Warn', 422, 'the server rejected our request due to an error in our request'],
    ['refuses a merge patch that is not an object under Warn', MERGE, [1], 'Warn', 400, 'error decoding patch: json: cannot unmarshal array into Go value of type map[string]interface {}'],
    ['refuses a null merge patch', MERGE, null, 'Warn', 400, 'Invalid JSON Patch'],
    ['refuses a scalar merge patch under Ignore', MERGE, 'x', 'Ignore', 400, 'Invalid JSON Patch'],
    ['cannot read the kind of an array a merge patch put in place', MERGE, [1, null], 'Ignore', 422, ' "" is invalid: patch: Invalid value: "[1,null]": couldn\'t get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }'],
  ])('%s', (_, type, patch, fv, code, message) => {
    const r = applyJSPatch(obj(), type, patch, fv);
    expect('status' in r && [r.status.code, r.status.message]).toEqual([code, message]);
  });

  it('refuses more than 10000 operations with a 413', () => {
    const ops = Array.from({ length: 10001 }, () => ({ op: 'test', path: '/kind', value: 'Deployment' }));
    const r = applyJSPatch(obj(), JSON_PATCH, ops, 'Warn');
    expect('status' in r && [r.status.code, r.status.message]).toEqual([413, 'Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 10001']);
  });
});

describe('decodePatchedScale', () => {
  const scale = (spec: Record<string, unknown>) => ({ kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: { name: 'web' }, spec });
  it.each<[string, Record<string, unknown>, RequestInfo['fieldValidation'], unknown]>([
    ['takes whole replicas', { replicas: 3 }, 'Warn', { warnings: [] }],
    ['warns of an unknown field under Warn', { replica: 3 }, 'Warn', { warnings: ['unknown field "spec.replica"'] }],
    ['says nothing of it under Ignore', { replica: 3 }, 'Ignore', { warnings: [] }],
    ['refuses it under Strict', { replica: 3 }, 'Strict', ' "" is invalid: patch: Invalid value: "T": strict decoding error: unknown field "spec.replica"'],
    ['refuses a string replicas', { replicas: '3' }, 'Ignore', ' "" is invalid: patch: Invalid value: "T": json: cannot unmarshal string into Go struct field ScaleSpec.spec.replicas of type int32'],
  ])('%s', (_, spec, fv, want) => {
    const d = decodePatchedScale(scale(spec), 'T', fv);
    expect('status' in d ? d.status.message : d).toEqual(want);
  });
});

describe('applyJsonPatch', () => {
  it.each<[string, unknown[], string]>([
    ['removes a key that is not there', [{ op: 'remove', path: '/spec/nope' }], "error in remove for path: '/spec/nope': Unable to remove nonexistent key: nope: missing value"],
    ['adds under a path that is not there', [{ op: 'add', path: '/spec/a/b', value: 1 }], 'add operation does not apply: doc is missing path: "/spec/a/b": missing value'],
    ['replaces past the end of a list', [{ op: 'replace', path: '/spec/list/5', value: 1 }], 'replace operation does not apply: doc is missing key: /spec/list/5: missing value'],
    ['adds at an index that is not a number', [{ op: 'add', path: '/spec/list/x', value: 1 }], "error in add for path: '/spec/list/x': value was not a proper array index: 'x': strconv.Atoi: parsing \"x\": invalid syntax"],
    ['adds past the end of a list', [{ op: 'add', path: '/spec/list/3', value: 1 }], "error in add for path: '/spec/list/3': Unable to access invalid index: 3: invalid index referenced"],
    ['tests a value that differs', [{ op: 'test', path: '/spec/replicas', value: '1' }], 'testing value /spec/replicas failed: test failed'],
    ['tests a path that is not there', [{ op: 'test', path: '/nope/x', value: 1 }], 'test operation does not apply: is missing path: /nope/x: missing value'],
    ['moves from a path that is not there', [{ op: 'move', from: '/nope/x', path: '/spec/y' }], 'move operation does not apply: doc is missing from path: /nope/x: missing value'],
    ['copies without a from', [{ op: 'copy', path: '/spec/y' }], 'copy operation failed to decode from: operation, missing from field: missing value'],
    ['replaces without a path', [{ op: 'replace', value: 1 }], 'replace operation failed to decode path: operation missing path field: missing value'],
    ['replaces the document with a scalar', [{ op: 'replace', path: '', value: 1 }], 'replace operation value must be object or array: %!w(<nil>)'],
    ['runs an op it does not know', [{ op: 'merge', path: '/x' }], 'Unexpected kind: merge'],
  ])('says so when it %s', (_, ops, message) => {
    const doc = { spec: { replicas: 1, list: [1, 2] } };
    const p = decodePatch(ops);
    expect('ops' in p && applyJsonPatch(doc, p.ops)).toEqual({ error: message });
  });

  it.each<[string, unknown[], unknown]>([
    ['replaces a key that is not there (a map has every key)', [{ op: 'replace', path: '/spec/new', value: 2 }], { spec: { replicas: 1, list: [1, 2], new: 2 } }],
    ['adds at -1 as the last item (counted in the list one longer)', [{ op: 'add', path: '/spec/list/-1', value: 9 }], { spec: { replicas: 1, list: [1, 2, 9] } }],
    ['passes a test of a missing key against null', [{ op: 'test', path: '/spec/none', value: null }], { spec: { replicas: 1, list: [1, 2] } }],
    ['moves and copies', [{ op: 'copy', from: '/spec/list', path: '/spec/copy' }, { op: 'move', from: '/spec/replicas', path: '/spec/n' }], { spec: { list: [1, 2], copy: [1, 2], n: 1 } }],
  ])('%s', (_, ops, want) => {
    const p = decodePatch(ops);
    const r = 'ops' in p ? applyJsonPatch({ spec: { replicas: 1, list: [1, 2] } }, p.ops) : p;
    expect('node' in r && JSON.parse(marshal(r.node))).toEqual(want);
  });
});

describe('goJsonString', () => {
  it.each([
    ['a"b\\c', '"a\\"b\\\\c"'],
    ['<&>', '"\\u003c\\u0026\\u003e"'],
    ['\b\f\n\u0001', '"\\u0008\\u000c\\n\\u0001"'],
    ['\u2028é', '"\\u2028é"'],
  ])('writes %j as encoding/json does', (s, want) => {
    expect(goJsonString(s)).toBe(want);
  });
});
