// Port of kubernetes pkg/apis/apps/v1/defaults.go SetDefaults_StatefulSet, the claim-template part
// of pkg/apis/core/v1/defaults.go, and pkg/registry/apps/statefulset/strategy.go
// dropStatefulSetDisabledFields (v1.36, MaxUnavailableStatefulSet off). Every function returns a NEW object.
import { DefaultNamespace } from '../api/constants.ts';
import type { PersistentVolumeClaim, StatefulSet, StatefulSetUpdateStrategy } from '../api/statefulTypes.ts';
import type { PodTemplateSpec } from '../api/types.ts';
import { setDefaultsPodTemplateSpec } from './defaults.ts';

/** SetDefaults_PersistentVolumeClaim on a claim template: volumeMode Filesystem, status phase Pending. */
export function setDefaultsPersistentVolumeClaim(c: PersistentVolumeClaim): PersistentVolumeClaim {
  return {
    ...c,
    spec: { ...c.spec, volumeMode: c.spec.volumeMode ?? 'Filesystem' },
    status: { ...(c.status ?? {}), phase: c.status?.phase ?? 'Pending' },
  };
}

/**
 * setDefaultsStatefulSet is SetDefaults_StatefulSet: podManagementPolicy OrderedReady; only when
 * updateStrategy.type is empty does it become RollingUpdate with rollingUpdate {} — so an
 * explicit `type: RollingUpdate` keeps rollingUpdate unset; then a rollingUpdate block without a
 * partition gets 0 (maxUnavailable is left alone: the gate that would default it to 1 is off);
 * the retention policy's empty fields Retain; replicas 1; revisionHistoryLimit 10; the pod template
 * and the claim templates defaulted.
 */
export function setDefaultsStatefulSet(set: StatefulSet): StatefulSet {
  const spec = { ...set.spec };
  if (!spec.podManagementPolicy) spec.podManagementPolicy = 'OrderedReady';
  const strategy: StatefulSetUpdateStrategy = { ...(spec.updateStrategy ?? {}) };
  if (!strategy.type) {
    strategy.type = 'RollingUpdate';
    if (!strategy.rollingUpdate) strategy.rollingUpdate = {};
  }
  if (strategy.type === 'RollingUpdate' && strategy.rollingUpdate) {
    const ru = { ...strategy.rollingUpdate };
    if (ru.partition === undefined || ru.partition === null) ru.partition = 0;
    strategy.rollingUpdate = ru;
  }
  spec.updateStrategy = strategy;
  const policy = { ...(spec.persistentVolumeClaimRetentionPolicy ?? {}) };
  if (!policy.whenDeleted) policy.whenDeleted = 'Retain';
  if (!policy.whenScaled) policy.whenScaled = 'Retain';
  spec.persistentVolumeClaimRetentionPolicy = policy;
  if (spec.replicas === undefined || spec.replicas === null) spec.replicas = 1;
  if (spec.revisionHistoryLimit === undefined || spec.revisionHistoryLimit === null) spec.revisionHistoryLimit = 10;
  if (spec.template) spec.template = setDefaultsPodTemplateSpec(spec.template as PodTemplateSpec) as StatefulSet['spec']['template'];
  if (spec.volumeClaimTemplates) spec.volumeClaimTemplates = spec.volumeClaimTemplates.map(setDefaultsPersistentVolumeClaim);
  const metadata = set.metadata.namespace ? set.metadata : { ...set.metadata, namespace: DefaultNamespace };
  return { ...set, metadata, spec };
}

/**
 * dropStatefulSetDisabledFields: with MaxUnavailableStatefulSet off (v1.36), a create or update
 * loses rollingUpdate.maxUnavailable, unless the stored object already used it.
 */
export function dropStatefulSetDisabledFields(set: StatefulSet, old: StatefulSet | null, maxUnavailableStatefulSet = false): StatefulSet {
  const ru = set.spec.updateStrategy?.rollingUpdate;
  if (maxUnavailableStatefulSet || ru?.maxUnavailable === undefined) return set;
  if (old?.spec.updateStrategy?.rollingUpdate?.maxUnavailable !== undefined) return set;
  const { maxUnavailable: _dropped, ...rest } = ru;
  return { ...set, spec: { ...set.spec, updateStrategy: { ...set.spec.updateStrategy, rollingUpdate: rest } } };
}
