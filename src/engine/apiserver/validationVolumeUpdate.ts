// Port of kubernetes pkg/apis/core/validation/validation.go (ValidatePersistentVolumeUpdate,
// validatePvNodeAffinity with getMaskNodeSelectorLabelChangeEqualities' betaToGALabel) and
// pkg/registry/core/persistentvolume/strategy.go (ValidateUpdate) (v1.36).
/**
 * Once made, a volume keeps its source (the `hostPath` … it points at), its volume mode and its
 * node affinity (but for a beta topology label's key moved to its GA name; MutablePVNodeAffinity
 * is alpha and off in v1.36), and a volumeAttributesClassName once set stays set. Everything else
 * of the spec may change: capacity, access modes, class, reclaim policy, mount options, claimRef.
 * PrepareForUpdate keeps the stored status (rest/kinds.ts keepAllocated).
 *
 * The registry's ValidateUpdate runs ValidatePersistentVolume, pkg/volume/validation's mount
 * option check, then ValidatePersistentVolumeUpdate, which begins with ValidatePersistentVolume
 * again: a bad spec's errors are reported twice in the Status's causes (its message, an
 * utilerrors aggregate, and kubectl print each once). rest/kinds.ts runs the first two.
 *
 * The Forbidden of a changed source carries go-cmp's diff of the internal sources upstream, a
 * format go-cmp keeps unstable on purpose; here it is podUpdateValidation.ts's specDiff.
 */
import type { NodeSelectorTerm, PersistentVolumeObject, PersistentVolumeSpec } from '../api/volumeTypes.ts';
import { type FieldError, forbidden, invalid } from '../apimachinery/fieldErrors.ts';
import { jsonEqual } from './jsonEqual.ts';
import { specDiff } from './podUpdateValidation.ts';
import { validatePersistentVolume } from './validationVolume.ts';

/** fieldImmutableErrorMsg, with validatePvNodeAffinity's exception. */
export const NodeAffinityImmutable = 'field is immutable, except for updating from beta label to GA';

/** The Forbidden detail of a changed source, before the diff. */
export const SourceImmutable = 'spec.persistentvolumesource is immutable after creation';

/**
 * The fields of the internal core.PersistentVolumeSource in the Go struct's order, by their JSON
 * names and their Go names (the diff counts and names them).
 */
const SOURCE_FIELDS: readonly (readonly [string, string])[] = [
  ['gcePersistentDisk', 'GCEPersistentDisk'],
  ['awsElasticBlockStore', 'AWSElasticBlockStore'],
  ['hostPath', 'HostPath'],
  ['glusterfs', 'Glusterfs'],
  ['nfs', 'NFS'],
  ['rbd', 'RBD'],
  ['quobyte', 'Quobyte'],
  ['iscsi', 'ISCSI'],
  ['flexVolume', 'FlexVolume'],
  ['cinder', 'Cinder'],
  ['cephfs', 'CephFS'],
  ['fc', 'FC'],
  ['flocker', 'Flocker'],
  ['azureFile', 'AzureFile'],
  ['vsphereVolume', 'VsphereVolume'],
  ['azureDisk', 'AzureDisk'],
  ['photonPersistentDisk', 'PhotonPersistentDisk'],
  ['portworxVolume', 'PortworxVolume'],
  ['scaleIO', 'ScaleIO'],
  ['local', 'Local'],
  ['storageos', 'StorageOS'],
  ['csi', 'CSI'],
];

/** betaToGALabel: the beta topology labels a volume's node affinity may move to their GA keys. */
export const betaToGALabel: Readonly<Record<string, string>> = {
  'failure-domain.beta.kubernetes.io/zone': 'topology.kubernetes.io/zone',
  'failure-domain.beta.kubernetes.io/region': 'topology.kubernetes.io/region',
  'beta.kubernetes.io/os': 'kubernetes.io/os',
  'beta.kubernetes.io/arch': 'kubernetes.io/arch',
  'beta.kubernetes.io/instance-type': 'node.kubernetes.io/instance-type',
};

/** What Semantic.DeepEqual compares inside a value: nil and empty slices and maps alike. */
function semantic(v: unknown): unknown {
  if (Array.isArray(v)) return v.length === 0 ? undefined : v.map(semantic);
  if (typeof v !== 'object' || v === null) return v ?? undefined;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const s = semantic(x);
    if (s !== undefined) out[k] = s;
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

/** sourceOf is the spec's PersistentVolumeSource by Go field name; a source set is kept (a pointer), even empty. */
function sourceOf(spec: PersistentVolumeSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [json, go] of SOURCE_FIELDS) {
    const v = spec[json];
    if (v !== undefined && v !== null) out[go] = semantic(v) ?? {};
  }
  return out;
}

type Affinity = NonNullable<PersistentVolumeSpec['nodeAffinity']>;

/**
 * nodeAffinityValue is the internal VolumeNodeAffinity as field.Error prints it (JSON, its fields
 * in Go's order: a required selector's terms, each requirement's key, operator and values).
 */
function nodeAffinityValue(na: Affinity | undefined): unknown {
  if (na === undefined || na === null) return null;
  if (na.required === undefined || na.required === null) return {};
  const req = (rs: NodeSelectorTerm['matchExpressions']) => rs?.map((r) => ({ key: r.key, operator: r.operator, ...(r.values?.length ? { values: r.values } : {}) }));
  const terms = (na.required.nodeSelectorTerms ?? null)?.map((t) => {
    const me = req(t.matchExpressions);
    const mf = req(t.matchFields);
    return { ...(me?.length ? { matchExpressions: me } : {}), ...(mf?.length ? { matchFields: mf } : {}) };
  });
  return { required: { nodeSelectorTerms: terms ?? null } };
}

/**
 * maskBetaToGA is the old node affinity with each requirement's key taken as the new one's at the
 * same place when the new key is the old beta label's GA name (the masking equality's rule).
 */
function maskBetaToGA(old: Affinity, next: Affinity | undefined): Affinity {
  const nextTerms = next?.required?.nodeSelectorTerms ?? [];
  const mask = (rs: NodeSelectorTerm['matchExpressions'], nrs: NodeSelectorTerm['matchExpressions']) =>
    rs?.map((r, j) => {
      const n = nrs?.[j];
      return n !== undefined && n.key !== r.key && betaToGALabel[r.key] === n.key ? { ...r, key: n.key } : r;
    });
  if (old.required === undefined || old.required === null) return old;
  const terms = (old.required.nodeSelectorTerms ?? []).map((t, i): NodeSelectorTerm => {
    const n = nextTerms[i];
    const me = mask(t.matchExpressions, n?.matchExpressions);
    const mf = mask(t.matchFields, n?.matchFields);
    return { ...t, ...(me ? { matchExpressions: me } : {}), ...(mf ? { matchFields: mf } : {}) };
  });
  return { ...old, required: { ...old.required, nodeSelectorTerms: terms } };
}

/**
 * validatePvNodeAffinity: the new node affinity equals the old one (a nil one is not equal to a
 * set one), a beta label's key moved to its GA key aside.
 */
export function validatePvNodeAffinity(next: Affinity | undefined, old: Affinity, path: string): FieldError[] {
  const set = next !== undefined && next !== null;
  const equal = set && jsonEqual(semantic(next) ?? null, semantic(maskBetaToGA(old, next)) ?? null);
  return equal ? [] : [invalid(path, nodeAffinityValue(next), NodeAffinityImmutable)];
}

/**
 * persistentVolumeUpdateErrors is the update half of ValidatePersistentVolumeUpdate: the source
 * (a CSI source may gain a controllerExpandSecretRef), the volume mode, the node affinity when the
 * old volume had one, and a volumeAttributesClassName not dropped.
 */
export function persistentVolumeUpdateErrors(next: PersistentVolumeObject, old: PersistentVolumeObject): FieldError[] {
  const errs: FieldError[] = [];
  const newSpec = next.spec ?? {};
  const oldSpec = old.spec ?? {};
  const newSource = sourceOf(newSpec);
  const oldSource = sourceOf(oldSpec);
  const oldCsi = oldSource.CSI as Record<string, unknown> | undefined;
  const newCsi = newSource.CSI as Record<string, unknown> | undefined;
  if (oldCsi !== undefined && oldCsi.controllerExpandSecretRef === undefined && newCsi?.controllerExpandSecretRef !== undefined) {
    const { controllerExpandSecretRef: _ref, ...rest } = newCsi;
    newSource.CSI = rest;
  }
  if (!jsonEqual(newSource, oldSource)) {
    const names = SOURCE_FIELDS.map(([, go]) => go);
    errs.push(forbidden('spec.persistentvolumesource', `${SourceImmutable}\n${specDiff(oldSource, newSource, 'core.PersistentVolumeSource', names)}`));
  }
  if ((newSpec.volumeMode ?? null) !== (oldSpec.volumeMode ?? null)) errs.push(invalid('volumeMode', newSpec.volumeMode ?? null, 'field is immutable'));
  const oldAffinity = oldSpec.nodeAffinity ?? undefined;
  if (oldAffinity !== undefined) errs.push(...validatePvNodeAffinity(newSpec.nodeAffinity ?? undefined, oldAffinity, 'nodeAffinity'));
  const oldVac = oldSpec.volumeAttributesClassName ?? undefined;
  const newVac = newSpec.volumeAttributesClassName ?? undefined;
  if (oldVac !== undefined && newVac === undefined) errs.push(forbidden('spec.volumeAttributesClassName', 'update from non-nil value to nil is forbidden'));
  return errs;
}

/** validatePersistentVolumeUpdate: the new volume's own rules (again, as upstream), then the update's. */
export function validatePersistentVolumeUpdate(next: PersistentVolumeObject, old: PersistentVolumeObject): FieldError[] {
  return [...validatePersistentVolume(next), ...persistentVolumeUpdateErrors(next, old)];
}
