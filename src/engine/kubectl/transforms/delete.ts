// Port of DeleteOptions.PrintObj and the delete warnings of kubectl pkg/cmd/delete/delete.go (v1.36.3).
import { kindString, RESOURCES, type ResourceKind } from '../resources.ts';

/** What kubectl prints on stderr before deleting with --force and a zero grace period. */
export const FORCE_DELETE_WARNING =
  'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.';

/**
 * deletedLine is printed as each delete request is accepted (before the object is gone):
 * `pod "nginx-x7k2p" deleted from default namespace`, `deployment.apps "nginx" deleted from
 * default namespace`, `node "node-3" deleted`; `force deleted` with a zero grace period.
 */
export function deletedLine(kind: ResourceKind, name: string, namespace: string, gracePeriod: number): string {
  let operation = gracePeriod === 0 ? 'force deleted' : 'deleted';
  if (RESOURCES[kind].namespaced) operation = `${operation} from ${namespace} namespace`;
  return `${kindString(kind)} "${name}" ${operation}`;
}

/** deleteWarning is the stderr warning of a delete (`--force` with grace period 0), or undefined. */
export function deleteWarning(gracePeriod: number, force: boolean): string | undefined {
  return gracePeriod === 0 && force ? FORCE_DELETE_WARNING : undefined;
}

/** NO_RESOURCES_FOUND is printed (on stdout) when a delete selects nothing. */
export const NO_RESOURCES_FOUND = 'No resources found';
