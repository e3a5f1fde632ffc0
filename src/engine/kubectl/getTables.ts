// Port of the human-readable half of kubectl pkg/cmd/get/get.go's Run (v1.36): one table per
// resource type, in the order the types were asked for.
/**
 * getTables prints `kubectl get` as tables: one per kind (`get deploy,rs,po`, `get all`), each
 * aligned on its own. A blank line separates two tables unless --no-headers. With more than one
 * kind among the builder's infos (a type asked for whole counts even when empty), every NAME reads
 * `deployment.apps/web` (multipleGVKsRequested). --sort-by sorts one table's rows (a failed sort
 * prints nothing, as get.go drops the error); over two infos or more it sorts the Tables
 * themselves, which have no such path: kubectl's error. Nothing printed, no error: `No resources found …`.
 */
import type { Cmd } from './executeRead.ts';
import type { ResourceObject } from './executeStore.ts';
import { printTable, type TableObject } from './printers/table.ts';
import { RESOURCES, type ResourceKind } from './resources.ts';
import { relaxedJSONPathExpression, sortTable } from './sortBy.ts';

export function getTables(objects: readonly ResourceObject[], cmd: Cmd<'get'>, nowMs: number, hasErrors: boolean): { stdout: string; stderr: string } | { error: string } {
  const kinds = [...new Set(cmd.targets.map((t) => t.kind))];
  // The builder's infos: one list per type asked for whole (empty or not), one object per name found.
  const listed = cmd.targets.filter((t) => t.name === undefined);
  const infos = listed.length + objects.filter((o) => cmd.targets.some((t) => t.kind === o.kind && t.name === o.metadata.name)).length;
  const withKind = new Set([...listed.map((t) => t.kind), ...objects.map((o) => o.kind)]).size > 1;
  if (cmd.sortBy !== undefined && !cmd.watch && infos > 1) {
    // RuntimeSorter sorts several Tables as objects: a row's path is not a Table's.
    const relaxed = relaxedJSONPathExpression(cmd.sortBy);
    return { error: `error: couldn't find any field with path "${typeof relaxed === 'string' ? relaxed : cmd.sortBy}" in the list of objects` };
  }
  const tables: string[] = [];
  // get.go's printer flags keep WithNamespace once a namespaced kind's printer set it (-A).
  let namespaceColumn = false;
  for (const kind of kinds) {
    let group = objects.filter((o) => o.kind === kind);
    // Each info of the kind (a whole-kind list, empty or not, or an object found) gets a printer.
    namespaceColumn ||= RESOURCES[kind].namespaced && (group.length > 0 || listed.some((t) => t.kind === kind));
    if (group.length === 0) continue;
    if (cmd.sortBy !== undefined && !cmd.watch) {
      const sorted = sortTable(group, cmd.sortBy);
      if (!Array.isArray(sorted)) {
        if ('error' in sorted) return sorted;
        continue;
      }
      group = sorted;
    }
    const t = printTable(kind as ResourceKind & keyof typeof RESOURCES, group as TableObject<never>[], nowMs, {
      wide: cmd.output === 'wide',
      namespace: cmd.namespace,
      allNamespaces: cmd.allNamespaces === true,
      showLabels: cmd.showLabels === true,
      columnLabels: cmd.columnLabels ?? [],
      noHeaders: cmd.noHeaders === true,
      withKind,
      namespaceColumn,
    });
    tables.push(t.stdout);
  }
  if (tables.length > 0) return { stdout: tables.join(cmd.noHeaders ? '' : '\n'), stderr: '' };
  if (hasErrors) return { stdout: '', stderr: '' };
  // Cluster-scoped kinds and -A get the short form, without namespace or full stop.
  const short = cmd.allNamespaces === true || kinds.some((k) => !RESOURCES[k].namespaced);
  return { stdout: '', stderr: short ? 'No resources found\n' : `No resources found in ${cmd.namespace} namespace.\n` };
}
