// Port of client-go util/jsonpath jsonpath.go (v1.36): a parsed template run over a decoded JSON
// value (values.ts), node by node, and its results printed as PrintResults prints them.
/**
 * Each action's nodes are walked over a list of values, each node mapping the list to the next:
 * fields (missing keys an error unless allowed, as kubectl allows them), indexes and slices
 * (`[-1]`, `[1:3]`, `[::2]`), wildcards (`[*]`, `.*`), recursive descent (`..`), unions
 * (`[0,2]`, `['a','b']`), filters (`[?(@.a=="x")]`, `[?(@.a)]`), literals, and
 * `range` … `end`, which re-runs the nodes between them over each value found, with upstream's
 * state (a range left open re-runs its body after the loop; a second `end` has nothing to end).
 */
import { goJson } from '../printers/object.ts';
import type { ListNode, Node } from './node.ts';
import { parse } from './parser.ts';
import { COMPARE, CompareError, evalToText, GoNumber, goTypeName, goValue, isMap, mapKeys, plain, utf8Bytes } from './values.ts';

/** An evaluation error, in upstream's words, with the values the failing node returned beside it (an `exists` filter reads them). */
class ExecError extends Error {
  constructor(
    message: string,
    readonly partial: unknown[],
  ) {
    super(message);
  }
}

function fail(message: string, partial: unknown[] = []): never {
  throw new ExecError(message, partial);
}

/** children are what a wildcard and recursive descent visit: a map's values, a slice's elements, a string's bytes. */
function children(v: unknown): unknown[] {
  if (Array.isArray(v)) return v.map((x) => (x === undefined ? null : x));
  if (typeof v === 'string') return utf8Bytes(v).map((b) => new GoNumber('uint8', b));
  if (isMap(v)) return mapKeys(v).map((k) => v[k]);
  return [];
}

/** isNil is template.Indirect's nil: a nil held in a map or a slice (no value at all is not nil). */
const isNil = (v: unknown) => v === null;

export class JSONPath {
  /** The parsed template's nodes, and where in them the root starts (upstream re-slices its root at each range). */
  private backing: readonly Node[] | undefined;
  private rootStart = 0;
  private beginRange = 0;
  private inRange = 0;
  private endRange = 0;
  /** The index in the root's nodes of the last `end` met (upstream keeps a pointer into the same array). */
  private lastEndNode = -1;
  private allowMissing = false;
  private outputJSON = false;

  constructor(readonly name: string) {}

  /** allowMissingKeys: a field or key that is not there is an empty result, not `X is not found`. */
  allowMissingKeys(allow: boolean): this {
    this.allowMissing = allow;
    return this;
  }

  /** enableJSONOutput: each action's results printed as one indented JSON array (-o jsonpath-as-json). */
  enableJSONOutput(v: boolean): void {
    this.outputJSON = v;
  }

  /** parse parses the template; its error is the parser's. */
  parse(text: string): { error: string } | undefined {
    const r = parse(text);
    if ('error' in r) return r;
    this.backing = r.nodes;
    this.rootStart = 0;
    return undefined;
  }

  /** execute is Execute: each action's results printed, one after the other. */
  execute(data: unknown): string | { error: string } {
    const full = this.run(() => this.findAll(data));
    if (!Array.isArray(full)) return full;
    let out = '';
    for (const results of full) out += this.printResults(results);
    return out;
  }

  /** findResults is FindResults: each action's values, in order (a range's body once for each value it ranges over). */
  findResults(data: unknown): unknown[][] | { error: string } {
    const full = this.run(() => this.findAll(data));
    return Array.isArray(full) ? full.map((r) => r.map(plain)) : full;
  }

  private run<T>(f: () => T): T | { error: string } {
    try {
      return f();
    } catch (e) {
      if (e instanceof ExecError) return { error: e.message };
      throw e;
    }
  }

  private findAll(data: unknown): unknown[][] {
    if (this.backing === undefined) fail(`${this.name} is an incomplete jsonpath template`);
    return this.findFrom(this.backing, this.rootStart, data);
  }

  /**
   * findFrom is FindResults over the nodes from `start`. Upstream re-slices its root at each range
   * and keeps the slice, so a second run of a template that ranges starts from the last range's
   * body; and it knows the last `end` by its address in the one array, here its index.
   */
  private findFrom(nodes: readonly Node[], start: number, data: unknown): unknown[][] {
    const cur = [data];
    const full: unknown[][] = [];
    for (let i = start; i < nodes.length; i++) {
      const results = this.walk(cur, nodes[i] as Node);
      if (this.endRange > 0 && this.endRange <= this.inRange) {
        this.endRange--;
        this.lastEndNode = i;
        break;
      }
      if (this.beginRange > 0) {
        this.beginRange--;
        this.inRange++;
        // The body runs over each value (a nil as no value at all), or once over nothing, to reach its end.
        for (const value of results.length > 0 ? results : [undefined]) {
          this.rootStart = i + 1;
          const next = this.findFrom(nodes, i + 1, value === null ? undefined : value);
          if (results.length > 0) full.push(...next);
        }
        this.inRange--;
        for (let k = i + 1; k < nodes.length; k++) {
          if (k === this.lastEndNode) {
            i = k;
            break;
          }
        }
        continue;
      }
      full.push(results);
    }
    return full;
  }

  /** printResults is PrintResults: maps and slices as JSON, anything else as text, one space between. */
  printResults(results: readonly unknown[]): string {
    if (this.outputJSON) return `${goJson(results.map(plain), 4)}\n`;
    return results.map((r) => (Array.isArray(r) || isMap(r) ? goJson(r) : evalToText(r))).join(' ');
  }

  private walk(value: unknown[], node: Node): unknown[] {
    switch (node.type) {
      case 'list':
        return this.evalList(value, node);
      case 'text':
        return [node.text];
      case 'field':
        return this.evalField(value, node.value);
      case 'array':
        return this.evalArray(value, node);
      case 'filter':
        return this.evalFilter(value, node);
      case 'int':
        return value.map(() => new GoNumber('int', node.value));
      case 'float':
        return value.map(() => new GoNumber('float64', node.value));
      case 'bool':
        return value.map(() => node.value);
      case 'wildcard':
        return this.evalWildcard(value);
      case 'recursive':
        return this.evalRecursive(value);
      case 'union':
        return this.evalUnion(value, node.nodes);
      case 'identifier':
        return this.evalIdentifier(value, node.name);
    }
  }

  private evalList(value: unknown[], node: ListNode): unknown[] {
    let cur = value;
    for (const n of node.nodes) cur = this.walk(cur, n);
    return cur;
  }

  private evalIdentifier(input: unknown[], name: string): unknown[] {
    if (name === 'range') {
      this.beginRange++;
      return input;
    }
    if (name === 'end') {
      if (this.inRange > 0) this.endRange++;
      else fail('not in range, nothing to end');
      return [];
    }
    fail(`unrecognized identifier ${name}`, input);
  }

  private evalArray(input: unknown[], node: Extract<Node, { type: 'array' }>): unknown[] {
    const result: unknown[] = [];
    for (const value of input) {
      // Nothing at all: upstream's reflect panics on it; it is passed over as nil is.
      if (isNil(value) || value === undefined) continue;
      if (!Array.isArray(value)) fail(`${goTypeName(value)} is not array or slice`, input);
      const [p0, p1, p2] = node.params;
      const len = value.length;
      let start = p0.known ? p0.value : 0;
      if (start < 0) start += len;
      let end = p1.known ? p1.value : len;
      if (end < 0 || (end === 0 && p1.derived)) end += len;
      // Asking for no elements is let through, and ends the walk over the input.
      if (end === start) return result;
      if (start >= len || start < 0) fail(`array index out of bounds: index ${start}, length ${len}`, input);
      if (end > len || end < 0) fail(`array index out of bounds: index ${end - 1}, length ${len}`, input);
      if (start > end) fail(`starting index ${start} is greater than ending index ${end}`, input);
      let step = 1;
      if (p2.known) {
        if (p2.value <= 0) fail('step must be > 0', input);
        step = p2.value;
      }
      for (let i = start; i < end; i += step) result.push(value[i] === undefined ? null : value[i]);
    }
    return result;
  }

  private evalUnion(input: unknown[], nodes: readonly ListNode[]): unknown[] {
    return this.orFail(input, () => nodes.flatMap((list) => this.evalList(input, list)));
  }

  /** orFail runs `f`, and on its error fails with `partial` beside it, as an eval function that returns its input with the error. */
  private orFail<T>(partial: unknown[], f: () => T): T {
    try {
      return f();
    } catch (e) {
      if (e instanceof ExecError || e instanceof CompareError) fail(e.message, partial);
      throw e;
    }
  }

  /** evalField is a map's key (a nil there is found); none found is `X is not found` unless missing keys are allowed. */
  private evalField(input: unknown[], name: string): unknown[] {
    const results: unknown[] = [];
    if (input.length === 0) return results;
    for (const value of input) {
      if (isMap(value) && Object.hasOwn(value, name) && value[name] !== undefined) results.push(value[name]);
    }
    if (results.length === 0 && !this.allowMissing) fail(`${name} is not found`);
    return results;
  }

  private evalWildcard(input: unknown[]): unknown[] {
    return input.flatMap((v) => (isNil(v) ? [] : children(v)));
  }

  /** evalRecursive is each value that has something inside it, followed by what is inside it, depth first. */
  private evalRecursive(input: unknown[]): unknown[] {
    const result: unknown[] = [];
    for (const value of input) {
      if (isNil(value)) continue;
      const inside = children(value);
      if (inside.length === 0) continue;
      result.push(value, ...this.evalRecursive(inside));
    }
    return result;
  }

  /** evalFilter keeps the elements the filter passes: `exists` finds something; a comparison needs one value each side. */
  private evalFilter(input: unknown[], node: Extract<Node, { type: 'filter' }>): unknown[] {
    const results: unknown[] = [];
    for (const value of input) {
      if (!Array.isArray(value)) fail(`${value === undefined ? '<invalid reflect.Value>' : goValue(value)} is not array or slice and cannot be filtered`, input);
      for (const raw of value) {
        const el = raw === undefined ? null : raw;
        if (node.operator === 'exists') {
          if (this.lefts(el, node.left).length > 0) results.push(el);
          continue;
        }
        const lefts = this.orFail(input, () => this.evalList([el], node.left));
        if (lefts.length === 0) continue;
        if (lefts.length > 1) fail('can only compare one element at a time', input);
        const rights = this.orFail(input, () => this.evalList([el], node.right));
        if (rights.length === 0) continue;
        if (rights.length > 1) fail('can only compare one element at a time', input);
        const compare = COMPARE[node.operator] ?? fail(`unrecognized filter operator ${node.operator}`, results);
        if (this.orFail(results, () => compare(lefts[0], rights[0]))) results.push(el);
      }
    }
    return results;
  }

  /**
   * lefts is an `exists` filter's left side. Upstream drops its error and reads what the failing
   * node returned: nothing for a missing key, but its input for an index out of bounds.
   */
  private lefts(el: unknown, left: ListNode): unknown[] {
    try {
      return this.evalList([el], left);
    } catch (e) {
      if (e instanceof ExecError) return e.partial;
      throw e;
    }
  }
}
