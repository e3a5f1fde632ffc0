import { describe, expect, it } from 'vitest';
import type { ControllerRevision } from '../../api/appsTypes.ts';
import type { OwnerReference } from '../../api/metaTypes.ts';
import { controllerRevisionRow } from './rowsRevision.ts';

/** revision is a ControllerRevision made 90 s before the clock, owned as `owners` say. */
function revision(owners: OwnerReference[] | undefined): ControllerRevision {
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: { name: 'web-74f9b94766', creationTimestamp: '2026-01-01T00:00:00Z', ...(owners === undefined ? {} : { ownerReferences: owners }) },
    data: { spec: { template: { spec: { containers: [] } } } },
    revision: 2,
  };
}

const ref = (apiVersion: string, kind: string, name: string, controller?: boolean): OwnerReference => ({
  apiVersion,
  kind,
  name,
  uid: `uid-${name}`,
  ...(controller === undefined ? {} : { controller }),
});

// The engine's clock: 0 is 2026-01-01T00:00:00Z, so the revision is 90 s old.
const NOW = 90_000;

describe('controllerRevisionRow', () => {
  it.each([
    ['names a StatefulSet controller with its group', [ref('apps/v1', 'StatefulSet', 'web', true)], 'statefulset.apps/web'],
    ['names a DaemonSet controller with its group', [ref('apps/v1', 'DaemonSet', 'agent', true)], 'daemonset.apps/agent'],
    ['names a core-group controller without a group', [ref('v1', 'Pod', 'p', true)], 'pod/p'],
    ['skips an owner that is not the controller', [ref('apps/v1', 'DaemonSet', 'other', false), ref('apps/v1', 'StatefulSet', 'web', true)], 'statefulset.apps/web'],
    ['prints <none> when only a non-controller owns it', [ref('apps/v1', 'StatefulSet', 'web')], '<none>'],
    ['prints <none> without ownerReferences', undefined, '<none>'],
  ])('%s', (_what, owners, controller) => {
    expect(controllerRevisionRow(revision(owners), NOW)).toEqual(['web-74f9b94766', controller, '2', '90s']);
  });
});
