/**
 * The Go types of apps/v1 StatefulSet for the manifest decoder (manifestShape.ts): StatefulSetSpec
 * and its strategy, ordinals and retention policy strictly; a claim template's spec keeps the
 * fields the simulator does not read (dataSource, selector…) as a real manifest has them.
 */
import { any, int32, intstr, labelSelector, list, objectMeta, podTemplateSpec, quantities, str, struct } from './manifestGoTypes.ts';

const persistentVolumeClaimTemplate = struct('PersistentVolumeClaim', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct(
    'PersistentVolumeClaimSpec',
    {
      accessModes: list(str),
      resources: struct('VolumeResourceRequirements', { requests: quantities, limits: quantities }),
      storageClassName: str,
      volumeMode: str,
      volumeName: str,
      volumeAttributesClassName: str,
      selector: labelSelector,
      dataSource: any,
      dataSourceRef: any,
    },
    true,
  ),
  status: any,
});

export const statefulSet = struct('StatefulSet', {
  apiVersion: str,
  kind: str,
  metadata: objectMeta,
  spec: struct('StatefulSetSpec', {
    replicas: int32,
    selector: labelSelector,
    template: podTemplateSpec,
    volumeClaimTemplates: list(persistentVolumeClaimTemplate),
    serviceName: str,
    podManagementPolicy: str,
    updateStrategy: struct('StatefulSetUpdateStrategy', {
      type: str,
      rollingUpdate: struct('RollingUpdateStatefulSetStrategy', { partition: int32, maxUnavailable: intstr }),
    }),
    revisionHistoryLimit: int32,
    minReadySeconds: int32,
    persistentVolumeClaimRetentionPolicy: struct('StatefulSetPersistentVolumeClaimRetentionPolicy', { whenDeleted: str, whenScaled: str }),
    ordinals: struct('StatefulSetOrdinals', { start: int32 }),
  }),
  status: any,
});

