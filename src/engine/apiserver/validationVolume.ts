// Port of kubernetes pkg/apis/core/validation/validation.go (ValidatePersistentVolume,
// ValidatePersistentVolumeSpec, validateHostPathVolumeSource: the basics a static volume meets),
// pkg/apis/core/v1/defaults.go (SetDefaults_PersistentVolume) and
// pkg/registry/core/persistentvolume/strategy.go (PrepareForCreate) (v1.36).
/**
 * A volume's spec needs access modes, a capacity of storage alone, and exactly one volume source;
 * its class, volume mode and reclaim policy must be known values. The registry keeps no status a
 * client sends: a new volume is Pending since its creation (PrepareForCreate, in the store's create), until the
 * PV controller makes it Available (controller/volume/volumeSync.ts).
 */
import type { PersistentVolumeObject } from '../api/volumeTypes.ts';
import { type FieldError, forbidden, invalid, notSupported, required } from '../apimachinery/fieldErrors.ts';
import { formatQuantity, parseQuantity } from '../lib/quantity.ts';
import { supportedVolumeModes, validateAccessModes } from './validationClaim.ts';
import { isDNS1123Subdomain, validateObjectMetaName } from './validationCore.ts';

/** supportedReclaimPolicy, sorted as sets.List gives it. */
export const supportedReclaimPolicy = ['Delete', 'Recycle', 'Retain'] as const;
/** The HostPathType values (an empty one is unset). */
const supportedHostPathTypes = ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'] as const;
/** The volume sources a PersistentVolumeSource may name; only hostPath is read here, the others pass through. */
const VOLUME_SOURCES = [
  'hostPath',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'glusterfs',
  'nfs',
  'rbd',
  'quobyte',
  'cephfs',
  'iscsi',
  'cinder',
  'fc',
  'flocker',
  'flexVolume',
  'azureFile',
  'vsphereVolume',
  'azureDisk',
  'photonPersistentDisk',
  'portworxVolume',
  'scaleIO',
  'local',
  'storageos',
  'csi',
] as const;

/** setDefaultsPersistentVolume: reclaim policy Retain and volume mode Filesystem when unset; status Pending. */
export function setDefaultsPersistentVolume(pv: PersistentVolumeObject): PersistentVolumeObject {
  const spec = { ...pv.spec };
  if (!spec.persistentVolumeReclaimPolicy) spec.persistentVolumeReclaimPolicy = 'Retain';
  if (spec.volumeMode === undefined) spec.volumeMode = 'Filesystem';
  if (spec.hostPath && spec.hostPath.type === undefined) spec.hostPath = { ...spec.hostPath, type: '' };
  return { ...pv, spec };
}

/** The bad value of an unsupported capacity, as %#v prints a ResourceList. */
function capacityValue(capacity: Record<string, string> | undefined): string {
  if (capacity === undefined) return 'core.ResourceList(nil)';
  return `core.ResourceList{${Object.keys(capacity)
    .sort()
    .map((k) => `"${k}":"${capacity[k]}"`)
    .join(', ')}}`;
}

/** validateHostPathVolumeSource: a path without `..`, a known type. */
function validateHostPathVolumeSource(hostPath: { path?: string; type?: string }, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!hostPath.path) errs.push(required(`${path}.path`));
  else if (hostPath.path.split('/').includes('..')) errs.push(invalid(`${path}.path`, hostPath.path, "must not contain '..'"));
  const t = hostPath.type ?? '';
  if (!(supportedHostPathTypes as readonly string[]).includes(t)) errs.push(notSupported(`${path}.type`, t, supportedHostPathTypes.slice(1)));
  return errs;
}

/** validatePersistentVolumeSpec: the spec of a volume that is not inline. */
export function validatePersistentVolumeSpec(spec: PersistentVolumeObject['spec'], path = 'spec'): FieldError[] {
  const errs: FieldError[] = [];
  const modes = spec.accessModes ?? [];
  if (modes.length === 0) errs.push(required(`${path}.accessModes`));
  errs.push(...validateAccessModes(modes, `${path}.accessModes`));
  const capacity = spec.capacity;
  const keys = Object.keys(capacity ?? {});
  if (keys.length === 0) errs.push(required(`${path}.capacity`));
  if (capacity?.storage === undefined || keys.length > 1) {
    errs.push({ ...notSupported(`${path}.capacity`, '', ['storage']), badValue: capacityValue(capacity) });
  }
  for (const k of keys.sort()) {
    const q = parseQuantity(String(capacity?.[k]));
    if (q.ok && q.value.nanos < 0n) errs.push(invalid(`${path}.capacity[${k}]`, formatQuantity(q.value), 'must be greater than or equal to 0'));
    else if (q.ok && q.value.nanos === 0n) errs.push(invalid(`${path}.capacity[${k}]`, formatQuantity(q.value), 'must be greater than zero'));
  }
  const cls = spec.storageClassName ?? '';
  if (cls !== '') for (const m of isDNS1123Subdomain(cls)) errs.push(invalid(`${path}.storageClassName`, cls, m));
  if (spec.volumeMode !== undefined && !(supportedVolumeModes as readonly string[]).includes(spec.volumeMode)) {
    errs.push(notSupported(`${path}.volumeMode`, spec.volumeMode, supportedVolumeModes));
  }
  const policy = spec.persistentVolumeReclaimPolicy ?? '';
  if (policy !== '' && !(supportedReclaimPolicy as readonly string[]).includes(policy)) {
    errs.push(notSupported(`${path}.persistentVolumeReclaimPolicy`, policy, supportedReclaimPolicy));
  }
  let sources = 0;
  for (const s of VOLUME_SOURCES) {
    if (spec[s] === undefined || spec[s] === null) continue;
    if (sources > 0) {
      errs.push(forbidden(`${path}.${s}`, 'may not specify more than 1 volume type'));
      continue;
    }
    sources++;
    if (s === 'hostPath') errs.push(...validateHostPathVolumeSource(spec.hostPath as { path?: string; type?: string }, `${path}.hostPath`));
  }
  if (sources === 0) errs.push(required(path, 'must specify a volume type'));
  const hostPath = spec.hostPath?.path;
  if (hostPath !== undefined && hostPath.replace(/\/+$/, '') === '' && hostPath.startsWith('/') && policy === 'Recycle') {
    errs.push(forbidden(`${path}.persistentVolumeReclaimPolicy`, "may not be 'recycle' for a hostPath mount of '/'"));
  }
  return errs;
}

/** validatePersistentVolume: the name (a DNS subdomain), then the spec. */
export function validatePersistentVolume(pv: PersistentVolumeObject): FieldError[] {
  const { namespace: _ns, ...meta } = pv.metadata ?? { name: '' };
  return [...validateObjectMetaName(meta), ...validatePersistentVolumeSpec(pv.spec ?? {})];
}
