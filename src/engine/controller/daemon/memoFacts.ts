// Not a port: the node memo's facts (see nodeMemo.ts), kept up to date per sync.
/**
 * How a sync brings the node memo's facts up to date: the dirty nodes' facts computed again with
 * the ported functions (nodeFacts.ts), the status counters, the active and off-list node sets
 * and the rolling update's packed table kept in step with them, and the views manage and the
 * rolling update read (activeNodes, rollingUpdateTable).
 */
import type { DaemonSet, Node } from '../../api/types.ts';
import { computeFacts, count, inRollingUpdateMap, type NodeFacts } from './nodeFacts.ts';
import { type DaemonSetMemo, nodeListOf } from './nodeMemo.ts';
import { buildTable, type RollingUpdateTable, writeSlot } from './rollingUpdateTable.ts';
import { nodeShouldRunDaemonPod, type ShouldRunResult } from './shouldRun.ts';
import { allowsSurge, getTemplateGeneration } from './util/daemonsetUtil.ts';

/** setFacts replaces one node's facts and keeps the counters and the node sets in step. */
function setFacts(m: DaemonSetMemo, name: string, f: NodeFacts | undefined): void {
  const old = m.facts.get(name);
  if (old !== undefined) count(m.counts, old, -1);
  if (inRollingUpdateMap(old) !== inRollingUpdateMap(f)) m.ru = null;
  else if (m.ru !== null && f !== undefined) {
    const slot = m.ru.slots.get(name);
    if (slot !== undefined) writeSlot(m.ru, slot, f);
  }
  if (f === undefined) m.facts.delete(name);
  else {
    m.facts.set(name, f);
    count(m.counts, f, 1);
  }
  // The sets mirror the facts (only this function changes either), so a node that stays in or
  // out of a set is not looked up in it: most recomputed nodes stay where they were.
  const active = isActive(f);
  if (active !== isActive(old)) {
    if (active) m.active.add(name);
    else m.active.delete(name);
  }
  const offList = isOffList(f);
  if (offList !== isOffList(old)) {
    if (offList) m.offList.add(name);
    else m.offList.delete(name);
  }
}

/** isActive: a listed node that is not quiet (in DaemonSetMemo.active). */
const isActive = (f: NodeFacts | undefined): boolean => f !== undefined && f.inList && !f.quiet;

/** isOffList: a node name with pods that is not listed (in DaemonSetMemo.offList). */
const isOffList = (f: NodeFacts | undefined): boolean => f !== undefined && !f.inList && f.scheduled;

/**
 * refreshFacts brings the facts up to date for this sync's DaemonSet and revision hash: every
 * node when the template, hash, template generation or surge setting changed, else the dirty ones.
 */
export function refreshFacts(m: DaemonSetMemo, ds: DaemonSet, hash: string): void {
  const generation = getTemplateGeneration(ds);
  const surge = allowsSurge(ds);
  if (m.template !== ds.spec.template || m.hash !== hash || m.generation !== generation || m.surge !== surge) {
    m.template = ds.spec.template;
    m.hash = hash;
    m.generation = generation;
    m.surge = surge;
    for (const name of m.facts.keys()) m.dirty.add(name);
    for (const n of nodeListOf(m)) m.dirty.add(n.metadata.name);
    for (const name in m.byNode) m.dirty.add(name);
  }
  if (m.answerTemplate !== ds.spec.template) {
    m.answerTemplate = ds.spec.template;
    m.answers = [];
    m.answerNodes = [];
  }
  for (const name of m.dirty) {
    const i = m.nodeIndex.get(name);
    const node = i === undefined ? undefined : m.nodeList?.[i];
    const gone = node === undefined && !Object.hasOwn(m.byNode, name);
    const answer = i === undefined || node === undefined ? undefined : shouldRunAt(m, i, node, ds);
    setFacts(m, name, gone ? undefined : computeFacts(node, name, m.byNode, ds, hash, generation, answer));
  }
  m.dirty.clear();
}

/** shouldRunAt is nodeShouldRunDaemonPod of the listed node at position i, kept by position while node and template stay. */
function shouldRunAt(m: DaemonSetMemo, i: number, node: Node, ds: DaemonSet): ShouldRunResult {
  const known = m.answers[i];
  if (known !== undefined && m.answerNodes[i] === node) return known;
  const answer = nodeShouldRunDaemonPod(node, ds);
  // Filled in list order when the template changes (every node dirty), so the arrays stay packed.
  m.answers[i] = answer;
  m.answerNodes[i] = node;
  return answer;
}

/** activeNodes lists the nodes that are not quiet, in node-list order (the order manage visits). */
export function activeNodes(m: DaemonSetMemo): Node[] {
  const list = nodeListOf(m);
  const at: number[] = [];
  for (const name of m.active) {
    const i = m.nodeIndex.get(name);
    if (i !== undefined) at.push(i);
  }
  return at.sort((a, b) => a - b).map((i) => list[i] as Node);
}

/** rollingUpdateTable returns the packed facts of updatedDesiredNodeCounts' map, laid out again when its keys changed. */
export function rollingUpdateTable(m: DaemonSetMemo): RollingUpdateTable {
  if (m.ru === null) {
    const names: string[] = [];
    for (const [name, f] of m.facts) if (inRollingUpdateMap(f)) names.push(name);
    const facts = m.facts;
    m.ru = buildTable(names.sort(), (name) => facts.get(name) as NodeFacts);
  }
  return m.ru;
}
