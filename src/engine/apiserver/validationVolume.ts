// Port of kubernetes pkg/apis/core/validation/validation.go (ValidatePersistentVolume,
// ValidatePersistentVolumeSpec, validateVolumeNodeAffinity, ValidateNodeSelector,
// validateHostPathVolumeSource: the basics a static volume meets), pkg/volume/validation/pv_validation.go
// (ValidatePersistentVolume's checkMountOption), pkg/apis/core/v1/defaults.go
// (SetDefaults_PersistentVolume) and pkg/registry/core/persistentvolume/strategy.go (PrepareForCreate) (v1.36).
/**
 * A volume's spec needs access modes, a capacity of storage alone, and exactly one volume source;
 * its class, volume mode and reclaim policy must be known values, its node affinity well formed (a
 * `local` volume must have one). The registry keeps no status a client sends: a new volume is
 * Pending since its creation (PrepareForCreate, in the store's create), until the PV controller
 * makes it Available (controller/volume/volumeSync.ts). Errors come in ValidatePersistentVolumeSpec's
 * order. An update is validationVolumeUpdate.ts's.
 */
import type { PersistentVolumeObject } from '../api/volumeTypes.ts';
import { type FieldError, forbidden, invalid, notSupported, required } from '../apimachinery/fieldErrors.ts';
import { formatQuantity, parseQuantity } from '../lib/quantity.ts';
import { supportedVolumeModes, validateAccessModes } from './validationClaim.ts';
import { isDNS1123Subdomain, isQualifiedName, isValidLabelValue, validateObjectMetaName } from './validationCore.ts';

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

type VolumeNodeAffinity = NonNullable<PersistentVolumeObject['spec']['nodeAffinity']>;
type NodeSelectorRequirement = { key?: string; operator?: string; values?: string[] };

/** validateNodeSelectorRequirement: values as the operator wants them, each a label value, a qualified key. */
function validateNodeSelectorRequirement(rq: NodeSelectorRequirement, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const values = rq.values ?? [];
  const op = rq.operator ?? '';
  if (op === 'In' || op === 'NotIn') {
    if (values.length === 0) errs.push(required(`${path}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
  } else if (op === 'Exists' || op === 'DoesNotExist') {
    if (values.length > 0) errs.push(forbidden(`${path}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
  } else if (op === 'Gt' || op === 'Lt') {
    if (values.length !== 1) errs.push(required(`${path}.values`, "must be specified single value when `operator` is 'Lt' or 'Gt'"));
  } else {
    errs.push(invalid(`${path}.operator`, op, 'not a valid selector operator'));
  }
  values.forEach((v, i) => {
    for (const m of isValidLabelValue(v)) errs.push(invalid(`${path}.values[${i}]`, v, m));
  });
  for (const m of isQualifiedName(rq.key ?? '')) errs.push(invalid(`${path}.key`, rq.key ?? '', m));
  return errs;
}

/** validateNodeFieldSelectorRequirement: In or NotIn one value, and metadata.name the only field, a node's name. */
function validateNodeFieldSelectorRequirement(rq: NodeSelectorRequirement, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const values = rq.values ?? [];
  if (rq.operator === 'In' || rq.operator === 'NotIn') {
    if (values.length !== 1) errs.push(required(`${path}.values`, "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
  } else {
    errs.push(invalid(`${path}.operator`, rq.operator ?? '', 'not a valid selector operator'));
  }
  if (rq.key !== 'metadata.name') errs.push(invalid(`${path}.key`, rq.key ?? '', 'not a valid field selector key'));
  else
    values.forEach((v, i) => {
      for (const m of isDNS1123Subdomain(v)) errs.push(invalid(`${path}.values[${i}]`, v, m));
    });
  return errs;
}

/**
 * validateVolumeNodeAffinity (with ValidateNodeSelector): required node constraints, at least one
 * term, each requirement of matchExpressions and matchFields well formed.
 */
export function validateVolumeNodeAffinity(na: VolumeNodeAffinity, path: string): FieldError[] {
  const req = na.required;
  if (req === undefined || req === null) return [required(`${path}.required`, 'must specify required node constraints')];
  const terms = req.nodeSelectorTerms ?? [];
  if (terms.length === 0) return [required(`${path}.required.nodeSelectorTerms`, 'must have at least one node selector term')];
  const errs: FieldError[] = [];
  terms.forEach((t, i) => {
    const p = `${path}.required.nodeSelectorTerms[${i}]`;
    const term = t as { matchExpressions?: NodeSelectorRequirement[]; matchFields?: NodeSelectorRequirement[] };
    (term.matchExpressions ?? []).forEach((rq, j) => {
      errs.push(...validateNodeSelectorRequirement(rq, `${p}.matchExpressions[${j}]`));
    });
    (term.matchFields ?? []).forEach((rq, j) => {
      errs.push(...validateNodeFieldSelectorRequirement(rq, `${p}.matchFields[${j}]`));
    });
  });
  return errs;
}

/**
 * validatePersistentVolumeSpec: the spec of a volume that is not inline, in upstream's order:
 * access modes, capacity, reclaim policy, node affinity, the one source, the hostPath `/` rule,
 * class, volume mode, volumeAttributesClassName (VolumeAttributesClass is GA: always checked).
 */
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
  const policy = spec.persistentVolumeReclaimPolicy ?? '';
  if (policy !== '' && !(supportedReclaimPolicy as readonly string[]).includes(policy)) {
    errs.push(notSupported(`${path}.persistentVolumeReclaimPolicy`, policy, supportedReclaimPolicy));
  }
  const affinity = spec.nodeAffinity ?? undefined;
  if (affinity !== undefined) errs.push(...validateVolumeNodeAffinity(affinity, `${path}.nodeAffinity`));
  let sources = 0;
  for (const s of VOLUME_SOURCES) {
    if (spec[s] === undefined || spec[s] === null) continue;
    if (sources > 0) {
      errs.push(forbidden(`${path}.${s}`, 'may not specify more than 1 volume type'));
      continue;
    }
    sources++;
    if (s === 'hostPath') errs.push(...validateHostPathVolumeSource(spec.hostPath as { path?: string; type?: string }, `${path}.hostPath`));
    if (s === 'local' && affinity === undefined) errs.push(required(`${path}.nodeAffinity`, 'Local volume requires node affinity'));
  }
  if (sources === 0) errs.push(required(path, 'must specify a volume type'));
  const hostPath = spec.hostPath?.path;
  if (hostPath !== undefined && hostPath.replace(/\/+$/, '') === '' && hostPath.startsWith('/') && policy === 'Recycle') {
    errs.push(forbidden(`${path}.persistentVolumeReclaimPolicy`, "may not be 'recycle' for a hostPath mount of '/'"));
  }
  const cls = spec.storageClassName ?? '';
  if (cls !== '') for (const m of isDNS1123Subdomain(cls)) errs.push(invalid(`${path}.storageClassName`, cls, m));
  if (spec.volumeMode !== undefined && spec.volumeMode !== null && !(supportedVolumeModes as readonly string[]).includes(spec.volumeMode)) {
    errs.push(notSupported(`${path}.volumeMode`, spec.volumeMode, supportedVolumeModes));
  }
  const vac = spec.volumeAttributesClassName;
  if (typeof vac === 'string') {
    if (vac === '') errs.push(required(`${path}.volumeAttributesClassName`, 'an empty string is disallowed'));
    else for (const m of isDNS1123Subdomain(vac)) errs.push(invalid(`${path}.volumeAttributesClassName`, vac, m));
    if (spec.csi === undefined || spec.csi === null) errs.push(required(`${path}.csi`, 'has to be specified when using volumeAttributesClassName'));
  }
  return errs;
}

/** The mount options annotation (MountOptionAnnotation), the older way to give a volume mount options. */
export const MountOptionAnnotation = 'volume.beta.kubernetes.io/mount-options';
/** The sources whose plugins take mount options (checkMountOption's list); hostPath, local, csi … do not. */
const MOUNT_OPTION_SOURCES = ['gcePersistentDisk', 'awsElasticBlockStore', 'glusterfs', 'nfs', 'rbd', 'quobyte', 'iscsi', 'cinder', 'cephfs', 'azureFile', 'vsphereVolume', 'azureDisk', 'photonPersistentDisk'] as const;

/**
 * checkMountOption is pkg/volume/validation's ValidatePersistentVolume, which the registry runs
 * after the API's own: the mount-options annotation on a volume whose plugin takes none.
 */
export function checkMountOption(pv: PersistentVolumeObject): FieldError[] {
  const spec = pv.spec ?? {};
  if (MOUNT_OPTION_SOURCES.some((s) => spec[s] !== undefined && spec[s] !== null)) return [];
  if (pv.metadata?.annotations?.[MountOptionAnnotation] === undefined) return [];
  return [forbidden(`metadata.annotations.${MountOptionAnnotation}`, 'may not specify mount options for this volume type')];
}

/** validatePersistentVolume: the name (a DNS subdomain), then the spec. */
export function validatePersistentVolume(pv: PersistentVolumeObject): FieldError[] {
  const { namespace: _ns, ...meta } = pv.metadata ?? { name: '' };
  return [...validateObjectMetaName(meta), ...validatePersistentVolumeSpec(pv.spec ?? {})];
}
