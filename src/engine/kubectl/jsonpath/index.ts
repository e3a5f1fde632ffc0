// client-go util/jsonpath (v1.36), ported: the parser (parser.ts, node.ts), the evaluator and
// PrintResults (jsonpath.ts), over decoded JSON values (values.ts). kubectl's -o jsonpath,
// custom-columns, --sort-by, wait --for=jsonpath and explain's field paths all read through it.
export { JSONPath } from './jsonpath.ts';
export { type ListNode, type Node, nodeString, type ParamsEntry } from './node.ts';
export { parse } from './parser.ts';
export { goValue } from './values.ts';
