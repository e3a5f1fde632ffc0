// Port of client-go util/jsonpath node.go (v1.36): the parse tree's node types, and each node's
// String() as the parser's tests read them.

/** A slice bound as parseArray reads it: its value, whether it was given, whether it was derived from the start (`[3]` ends at 4). */
export interface ParamsEntry {
  value: number;
  known: boolean;
  derived: boolean;
}

/** ListNode is a sequence of nodes: the template's root, an action, a filter's side, a union's member. */
export interface ListNode {
  type: 'list';
  nodes: Node[];
}

/** A node of the parse tree, tagged with its NodeType. */
export type Node =
  | ListNode
  | { type: 'text'; text: string }
  | { type: 'field'; value: string }
  | { type: 'identifier'; name: string }
  | { type: 'array'; params: readonly [ParamsEntry, ParamsEntry, ParamsEntry] }
  | { type: 'filter'; left: ListNode; right: ListNode; operator: string }
  | { type: 'int'; value: number }
  | { type: 'float'; value: number }
  | { type: 'wildcard' }
  | { type: 'recursive' }
  | { type: 'union'; nodes: ListNode[] }
  | { type: 'bool'; value: boolean };

export type NodeType = Node['type'];

export const newList = (): ListNode => ({ type: 'list', nodes: [] });

/** NodeTypeName: what a node type is called when printed (`NodeField`). */
export function nodeTypeName(t: NodeType): string {
  return `Node${t.charAt(0).toUpperCase()}${t.slice(1)}`;
}

/** nodeString is each node's String(): its type, then what it holds (`NodeField: name`, `NodeArray: [{1 true false} …]`). */
export function nodeString(n: Node): string {
  const name = nodeTypeName(n.type);
  switch (n.type) {
    case 'text':
      return `${name}: ${n.text}`;
    case 'field':
    case 'int':
    case 'bool':
      return `${name}: ${String(n.value)}`;
    case 'float':
      return `${name}: ${n.value.toFixed(6)}`;
    case 'identifier':
      return `${name}: ${n.name}`;
    case 'array':
      return `${name}: [${n.params.map((p) => `{${p.value} ${p.known} ${p.derived}}`).join(' ')}]`;
    case 'filter':
      return `${name}: ${nodeString(n.left)} ${n.operator} ${nodeString(n.right)}`;
    default:
      return name;
  }
}
