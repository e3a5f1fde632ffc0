// Port of kubernetes pkg/printers/internalversion/printers.go (v1.36):
// controllerRevisionColumnDefinitions and printControllerRevision.
import type { ControllerRevision } from '../../api/appsTypes.ts';
import { getControllerOf } from '../../api/ownerRefs.ts';
import { formatAge } from '../../lib/duration.ts';
import type { Column } from './rows.ts';

const col = (name: string, wide = false): Column => ({ name, wide });

/** The ControllerRevision's columns: no wide ones, so `-o wide` prints the same table. */
export const REVISION_COLUMNS = {
  ControllerRevision: [col('Name'), col('Controller'), col('Revision'), col('Age')],
} as const satisfies Record<string, readonly Column[]>;

/**
 * controllerName is the CONTROLLER cell: the controller ownerReference as formatResourceName
 * prints its GroupKind, `statefulset.apps/web`, `daemonset.apps/agent` (a core kind without the
 * group); `<none>` when nothing controls the revision.
 */
export function controllerName(r: ControllerRevision): string {
  const ref = getControllerOf(r);
  if (ref === undefined) return '<none>';
  // schema.ParseGroupVersion: `apps/v1` is group apps, a bare `v1` the core group.
  const slash = ref.apiVersion.indexOf('/');
  const group = slash >= 0 ? ref.apiVersion.slice(0, slash) : '';
  // formatResourceName prints the bare name when the GroupKind is empty.
  if (group === '' && ref.kind === '') return ref.name;
  return `${(group === '' ? ref.kind : `${ref.kind}.${group}`).toLowerCase()}/${ref.name}`;
}

/** controllerRevisionRow: NAME CONTROLLER REVISION AGE. */
export function controllerRevisionRow(r: ControllerRevision, nowMs: number): string[] {
  return [r.metadata.name, controllerName(r), String(r.revision), formatAge(nowMs, r.metadata.creationTimestamp)];
}
