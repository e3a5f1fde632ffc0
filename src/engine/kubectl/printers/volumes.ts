// Port of kubernetes staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.36.3): describeVolumes
// and the print…VolumeSource functions of the sources a pod here can carry.
/**
 * The `Volumes:` section of `kubectl describe pod` (space '') and of every Pod Template a
 * Deployment, ReplicaSet, DaemonSet or StatefulSet describes (space '  ', where each volume's name
 * takes one more space: `   config:`). A source is printed as its Type line then its fields.
 */
import type { Volume, VolumeProjection } from '../../api/statefulTypes.ts';
import type { PrefixWriter } from './podTemplate.ts';

/** A downward API volume's file: a field of the pod or a resource of one of its containers. */
type DownwardAPIVolumeFile = { path: string; fieldRef?: { fieldPath: string }; resourceFieldRef?: { resource: string } };

/**
 * printProjectedVolumeSource: one line per source; a Secret's or a ConfigMap's `Optional:` is
 * true only when set true (kubectl 1.33+; 1.32 printed `SecretOptionalName:` and
 * `ConfigMapOptional:` with the pointer, `<nil>` when unset).
 */
function printProjectedVolumeSource(sources: readonly VolumeProjection[], w: PrefixWriter): void {
  w.write(2, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
  for (const s of sources) {
    if (s.secret) {
      w.write(2, `SecretName:\t${s.secret.name ?? ''}\n`);
      w.write(2, `Optional:\t${s.secret.optional === true}\n`);
    } else if (s.downwardAPI) w.write(2, 'DownwardAPI:\ttrue\n');
    else if (s.configMap) {
      w.write(2, `ConfigMapName:\t${s.configMap.name ?? ''}\n`);
      w.write(2, `Optional:\t${s.configMap.optional === true}\n`);
    } else if (s.serviceAccountToken) w.write(2, `TokenExpirationSeconds:\t${s.serviceAccountToken.expirationSeconds ?? 0}\n`);
  }
}

/** emptyDirSizeLimit: the limit when one above zero is set, else `<unset>` ("0" is no limit). */
function emptyDirSizeLimit(limit: string | undefined): string {
  return limit === undefined || /^[+]?0+(\.0*)?[a-zA-Z]*$/.test(limit) ? '<unset>' : limit;
}

/**
 * describeVolumes writes each volume's source, in the order of Go's switch over VolumeSource (a
 * valid volume has one); a source the simulator does not know prints `<unknown>`.
 */
export function describeVolumes(volumes: readonly Volume[], w: PrefixWriter, space: string): void {
  if (volumes.length === 0) {
    w.write(0, `${space}Volumes:\t<none>\n`);
    return;
  }
  w.write(0, `${space}Volumes:\n`);
  const nameIndent = space.length > 0 ? ' ' : '';
  for (const v of volumes) {
    w.write(1, `${nameIndent}${v.name}:\n`);
    if (v.hostPath) {
      w.write(2, 'Type:\tHostPath (bare host directory volume)\n');
      w.write(2, `Path:\t${v.hostPath.path}\n`);
      w.write(2, `HostPathType:\t${v.hostPath.type ?? '<none>'}\n`);
    } else if (v.emptyDir) {
      w.write(2, "Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n");
      w.write(2, `Medium:\t${v.emptyDir.medium ?? ''}\n`);
      w.write(2, `SizeLimit:\t${emptyDirSizeLimit(v.emptyDir.sizeLimit)}\n`);
    } else if (v.secret) {
      w.write(2, 'Type:\tSecret (a volume populated by a Secret)\n');
      w.write(2, `SecretName:\t${v.secret.secretName ?? ''}\n`);
      w.write(2, `Optional:\t${v.secret.optional === true}\n`);
    } else if (v.persistentVolumeClaim) {
      w.write(2, 'Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n');
      w.write(2, `ClaimName:\t${v.persistentVolumeClaim.claimName}\n`);
      w.write(2, `ReadOnly:\t${v.persistentVolumeClaim.readOnly === true}\n`);
    } else if (v.downwardAPI) {
      w.write(2, 'Type:\tDownwardAPI (a volume populated by information about the pod)\n');
      w.write(2, 'Items:\n');
      for (const item of (v.downwardAPI.items ?? []) as DownwardAPIVolumeFile[]) {
        if (item.fieldRef) w.write(3, `${item.fieldRef.fieldPath} -> ${item.path}\n`);
        if (item.resourceFieldRef) w.write(3, `${item.resourceFieldRef.resource} -> ${item.path}\n`);
      }
    } else if (v.configMap) {
      w.write(2, 'Type:\tConfigMap (a volume populated by a ConfigMap)\n');
      w.write(2, `Name:\t${v.configMap.name ?? ''}\n`);
      w.write(2, `Optional:\t${v.configMap.optional === true}\n`);
    } else if (v.projected) printProjectedVolumeSource(v.projected.sources ?? [], w);
    else w.write(1, '<unknown>\n');
  }
}
