// Not a port: how a DaemonSet sync hands over its long runs of decision lines unexpanded.
/**
 * A rolling update over 5,000 nodes writes one decision line per node, and a 5,000-node rollout
 * runs it ~620 times: 4.2 million lines, two objects each, that nothing reads unless someone
 * opens that tick in Explain (measured: a third of the benchmark's time went to making and
 * collecting them). deferLines keeps the tick's log an ordinary-looking Decision[] whose long
 * runs wait as packed data (what a walk needs to make them again) until the log is first read: any
 * read — index, length, iteration, JSON, a test's toEqual — sees exactly the lines it would have
 * seen; appending (`push`, what decide does) reads nothing and keeps them packed.
 */
import type { Decision } from '../../api/decision.ts';

/** The lines waiting in one log, by the placeholder that holds their place. */
interface Pending {
  raw: Decision[];
  lines: Map<Decision, () => Decision[]>;
  push: (...items: Decision[]) => number;
}

/** What a deferring log answers for this key (an ordinary array answers undefined). */
const PENDING: unique symbol = Symbol('deferred decision lines');

/** settle puts every waiting run of lines in its placeholder's place, once. */
function settle(p: Pending): void {
  if (p.lines.size === 0) return;
  const out: Decision[] = [];
  for (const d of p.raw) {
    const expand = p.lines.get(d);
    if (expand === undefined) out.push(d);
    else for (const line of expand()) out.push(line);
  }
  p.lines.clear();
  p.raw.length = 0;
  for (const d of out) p.raw.push(d);
}

/**
 * pusherOf is `raw.push` bound to raw, made by a function: an arrow written in the object literal
 * gets its name set by tsx's keepNames each time it is made (one a tick with deferred lines).
 */
function pusherOf(raw: Decision[]): (...items: Decision[]) => number {
  return (...items) => raw.push(...items);
}

/** deferringLog wraps a log so that its waiting lines are expanded before anything reads it. */
function deferringLog(raw: Decision[]): Decision[] {
  const p: Pending = { raw, lines: new Map(), push: pusherOf(raw) };
  return new Proxy(raw, {
    get(target, prop, receiver) {
      if (prop === PENDING) return p;
      if (prop === 'push') return p.push;
      settle(p);
      return Reflect.get(target, prop, receiver);
    },
    set(target, prop, value, receiver) {
      settle(p);
      return Reflect.set(target, prop, value, receiver);
    },
    has(target, prop) {
      settle(p);
      return Reflect.has(target, prop);
    },
    ownKeys(target) {
      settle(p);
      return Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor(target, prop) {
      settle(p);
      return Reflect.getOwnPropertyDescriptor(target, prop);
    },
    defineProperty(target, prop, attributes) {
      settle(p);
      return Reflect.defineProperty(target, prop, attributes);
    },
    deleteProperty(target, prop) {
      settle(p);
      return Reflect.deleteProperty(target, prop);
    },
  });
}

/** The part of a Tx whose log deferLines may replace (by a view of the same lines). */
export interface HasDecisions {
  decisions: Decision[];
}

/**
 * deferLines appends a run of lines to the tick's log without making them: `expand` makes them
 * when the log is first read, so it must read only data that no longer changes. The first call
 * in a tick replaces tx.decisions by a deferring view of the same array; anyone still holding
 * the array itself may go on appending to it.
 */
export function deferLines(tx: HasDecisions, expand: () => Decision[]): void {
  let p = Reflect.get(tx.decisions, PENDING) as Pending | undefined;
  if (p === undefined) {
    tx.decisions = deferringLog(tx.decisions);
    p = Reflect.get(tx.decisions, PENDING) as Pending;
  }
  const placeholder: Decision = { fn: '', key: '', values: {} };
  p.raw.push(placeholder);
  p.lines.set(placeholder, expand);
}
