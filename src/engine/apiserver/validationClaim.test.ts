// The messages of ValidatePersistentVolumeClaim, ValidatePersistentVolumeClaimUpdate and the
// PersistentVolumeClaimResize admission plugin (v1.36), with their field paths.
import { describe, expect, it } from 'vitest';
import type { PersistentVolumeClaimObject, PersistentVolumeClaimSpec } from '../api/statefulTypes.ts';
import { fieldErrorString } from '../apimachinery/fieldErrors.ts';
import { validatePersistentVolumeClaimResize } from './admission/persistentVolumeClaimResize.ts';
import { ClaimSpecImmutable, persistentVolumeClaimUpdateErrors, validatePersistentVolumeClaim, validatePersistentVolumeClaimUpdate } from './validationClaim.ts';

const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

const spec = (over: Partial<PersistentVolumeClaimSpec> = {}): PersistentVolumeClaimSpec => ({
  accessModes: ['ReadWriteOnce'],
  resources: { requests: { storage: '1Gi' } },
  ...over,
});
const claim = (over: Partial<PersistentVolumeClaimSpec> = {}, name = 'data', extra: Partial<PersistentVolumeClaimObject> = {}): PersistentVolumeClaimObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name, namespace: 'default' },
  spec: spec(over),
  ...extra,
});
/** A claim as the store keeps it once admitted: the class and volume mode defaulted, Pending or Bound. */
const stored = (phase: 'Pending' | 'Bound', over: Partial<PersistentVolumeClaimSpec> = {}, annotations?: Record<string, string>): PersistentVolumeClaimObject => ({
  ...claim({ storageClassName: 'standard', volumeMode: 'Filesystem', ...(phase === 'Bound' ? { volumeName: 'pvc-1' } : {}), ...over }),
  metadata: { name: 'data', namespace: 'default', ...(annotations ? { annotations } : {}) },
  status: phase === 'Bound' ? { phase, accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' } } : { phase },
});
const strings = (errs: ReturnType<typeof validatePersistentVolumeClaim>): string[] => errs.map(fieldErrorString);

describe('validatePersistentVolumeClaim', () => {
  it.each<[string, Partial<PersistentVolumeClaimSpec>, string, string[]]>([
    ['accepts a tutorial claim', {}, 'mysql-pv-claim', []],
    ['accepts a name with dots (a DNS subdomain)', {}, 'mysql.data', []],
    ['accepts every known access mode but ReadWriteOncePod together', { accessModes: ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany'] }, 'data', []],
    ['accepts ReadWriteOncePod alone', { accessModes: ['ReadWriteOncePod'] }, 'data', []],
    ['accepts an empty storageClassName (no class)', { storageClassName: '' }, 'data', []],
    ['accepts Block volumes', { volumeMode: 'Block' }, 'data', []],
    ['refuses a name that is no DNS subdomain', {}, 'MySQL_Data', [`metadata.name: Invalid value: "MySQL_Data": ${SUBDOMAIN}`]],
    ['refuses no name', {}, '', ['metadata.name: Required value: name or generateName is required']],
    ['refuses no access mode', { accessModes: [] }, 'data', ['spec.accessModes: Required value: at least 1 access mode is required']],
    [
      'refuses an unknown access mode',
      { accessModes: ['ReadWriteSometimes'] },
      'data',
      ['spec.accessModes: Unsupported value: "ReadWriteSometimes": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"'],
    ],
    ['refuses ReadWriteOncePod with another mode', { accessModes: ['ReadWriteOncePod', 'ReadWriteOnce'] }, 'data', ['spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes']],
    ['refuses no storage request', { resources: { requests: { cpu: '1' } } }, 'data', ['spec.resources[storage]: Required value']],
    ['refuses no resources at all', { resources: undefined }, 'data', ['spec.resources[storage]: Required value']],
    ['refuses a zero storage request', { resources: { requests: { storage: '0' } } }, 'data', ['spec.resources[storage]: Invalid value: "0": must be greater than zero']],
    ['refuses a negative storage request, printed canonically', { resources: { requests: { storage: '-1024Mi' } } }, 'data', ['spec.resources[storage]: Invalid value: "-1Gi": must be greater than zero']],
    ['refuses a storageClassName that is no DNS subdomain', { storageClassName: 'Fast_SSD' }, 'data', [`spec.storageClassName: Invalid value: "Fast_SSD": ${SUBDOMAIN}`]],
    ['refuses an unknown volumeMode', { volumeMode: 'Raw' as 'Block' }, 'data', ['spec.volumeMode: Unsupported value: "Raw": supported values: "Block", "Filesystem"']],
    ['refuses an empty volumeMode', { volumeMode: '' as 'Block' }, 'data', ['spec.volumeMode: Unsupported value: "": supported values: "Block", "Filesystem"']],
    ['refuses a selector with a bad operator', { selector: { matchExpressions: [{ key: 'tier', operator: 'Maybe' as 'In', values: ['a'] }] } }, 'data', ['spec.selector.matchExpressions[0].operator: Invalid value: "Maybe": not a valid selector operator']],
    [
      'refuses a core dataSource that is not a claim, and one without a name',
      { dataSource: { kind: 'Secret', name: '' } },
      'data',
      ['spec.dataSource.name: Required value', `spec.dataSource: Invalid value: "Secret": must be 'PersistentVolumeClaim' when referencing the default apiGroup`],
    ],
    ['refuses a dataSource apiGroup that is no DNS subdomain', { dataSource: { apiGroup: 'Snap!', kind: 'VolumeSnapshot', name: 's' } }, 'data', [`spec.dataSource.apiGroup: Invalid value: "Snap!": ${SUBDOMAIN}`]],
    [
      'refuses a dataSource that does not match dataSourceRef',
      { dataSource: { kind: 'PersistentVolumeClaim', name: 'a' }, dataSourceRef: { kind: 'PersistentVolumeClaim', name: 'b' } },
      'data',
      ['spec: Invalid value: spec.dataSource: must match dataSourceRef'],
    ],
    [
      'refuses a dataSource beside a dataSourceRef with a namespace (itself a DNS label)',
      { dataSource: { kind: 'PersistentVolumeClaim', name: 'a' }, dataSourceRef: { kind: 'PersistentVolumeClaim', name: 'a', namespace: 'Other_NS' } },
      'data',
      [`spec.dataSourceRef.namespace: Invalid value: "Other_NS": ${LABEL}`, 'spec: Invalid value: spec.dataSource: may not be specified when dataSourceRef.namespace is specified'],
    ],
    ['refuses a volumeAttributesClassName that is no DNS subdomain', { volumeAttributesClassName: 'Gold!' }, 'data', [`spec.volumeAttributesClassName: Invalid value: "Gold!": ${SUBDOMAIN}`]],
  ])('%s', (_what, over, name, want) => {
    expect(strings(validatePersistentVolumeClaim(claim(over, name)))).toEqual(want);
  });
});

/** The Forbidden of an immutable spec: upstream's words, then the specs' changed fields in go-cmp's shape. */
const immutable = (diff: string): string => `spec: Forbidden: ${ClaimSpecImmutable}\n  core.PersistentVolumeClaimSpec{\n${diff}  }\n`;

describe('validatePersistentVolumeClaimUpdate', () => {
  const beta = 'volume.beta.kubernetes.io/storage-class';
  it.each<[string, PersistentVolumeClaimObject, PersistentVolumeClaimObject, string[]]>([
    ['lets the binder set volumeName once', stored('Pending'), stored('Pending', { volumeName: 'pvc-1' }), []],
    ['lets a bound claim ask for more storage (the resize admission decides)', stored('Bound'), stored('Bound', { resources: { requests: { storage: '2Gi' } } }), []],
    ['compares quantities by value', stored('Bound'), stored('Bound', { resources: { requests: { storage: '1024Mi' } } }), []],
    ['lets a bound claim change its volumeAttributesClassName', stored('Bound', { volumeAttributesClassName: 'gold' }), stored('Bound', { volumeAttributesClassName: 'silver' }), []],
    ['lets a class be set where there was none', claim({ volumeMode: 'Filesystem' }), claim({ volumeMode: 'Filesystem', storageClassName: 'fast' }), []],
    [
      'lets a class move from the beta annotation into spec',
      { ...claim({ volumeMode: 'Filesystem' }), metadata: { name: 'data', annotations: { [beta]: 'fast' } } },
      { ...claim({ volumeMode: 'Filesystem', storageClassName: 'fast' }), metadata: { name: 'data', annotations: { [beta]: 'fast' } } },
      [],
    ],
    [
      'refuses more storage for a Pending claim',
      stored('Pending'),
      stored('Pending', { resources: { requests: { storage: '2Gi' } } }),
      [immutable('  \t... // 2 identical fields\n- \tResources: {"requests":{"storage":"1Gi"}},\n+ \tResources: {"requests":{"storage":"2Gi"}},\n  \t... // 6 identical fields\n')],
    ],
    ['refuses less storage than the bound capacity', stored('Bound', { resources: { requests: { storage: '2Gi' } } }), stored('Bound'), ['spec.resources.requests.storage: Forbidden: field can not be less than status.capacity']],
    [
      'refuses other access modes',
      stored('Pending'),
      stored('Pending', { accessModes: ['ReadWriteMany'] }),
      [immutable('- \tAccessModes: ["ReadWriteOnce"],\n+ \tAccessModes: ["ReadWriteMany"],\n  \t... // 8 identical fields\n')],
    ],
    [
      'refuses another class',
      stored('Bound'),
      stored('Bound', { storageClassName: 'fast' }),
      [immutable('  \t... // 4 identical fields\n- \tStorageClassName: "standard",\n+ \tStorageClassName: "fast",\n  \t... // 4 identical fields\n')],
    ],
    [
      'refuses another volume once bound',
      stored('Bound'),
      stored('Bound', { volumeName: 'pvc-2' }),
      [immutable('  \t... // 3 identical fields\n- \tVolumeName: "pvc-1",\n+ \tVolumeName: "pvc-2",\n  \t... // 5 identical fields\n')],
    ],
    [
      'refuses another volumeMode, twice',
      stored('Pending'),
      stored('Pending', { volumeMode: 'Block' }),
      [immutable('  \t... // 5 identical fields\n- \tVolumeMode: "Filesystem",\n+ \tVolumeMode: "Block",\n  \t... // 3 identical fields\n'), 'volumeMode: Invalid value: "Block": field is immutable'],
    ],
    ['refuses a changed beta class annotation', stored('Pending', {}, { [beta]: 'standard' }), stored('Pending', {}, { [beta]: 'fast' }), ['metadata.annotations.volume.beta.kubernetes.io/storage-class: Invalid value: "fast": field is immutable']],
    [
      'refuses taking a volumeAttributesClassName away',
      stored('Bound', { volumeAttributesClassName: 'gold' }),
      stored('Bound', { volumeAttributesClassName: '' }),
      ['spec.volumeAttributesClassName: Forbidden: update from non-nil value to an empty string is forbidden'],
    ],
  ])('%s', (_what, old, next, want) => {
    expect(strings(persistentVolumeClaimUpdateErrors(next, old))).toEqual(want);
  });

  it('checks the new claim itself first, then the update', () => {
    const next = stored('Pending', { accessModes: [] });
    expect(strings(validatePersistentVolumeClaimUpdate(next, stored('Pending')))).toEqual([
      'spec.accessModes: Required value: at least 1 access mode is required',
      immutable('- \tAccessModes: ["ReadWriteOnce"],\n  \t... // 8 identical fields\n'),
    ]);
  });

  it('keeps tolerating a data source apiGroup the stored claim already had', () => {
    const ds = { apiGroup: 'Snap!', kind: 'VolumeSnapshot', name: 's' };
    expect(strings(validatePersistentVolumeClaimUpdate(stored('Pending', { dataSource: ds }), stored('Pending', { dataSource: ds })))).toEqual([]);
  });
});

describe('validatePersistentVolumeClaimResize (PersistentVolumeClaimResize admission)', () => {
  it.each<[string, PersistentVolumeClaimObject, string, string | null]>([
    ['lets the request stay', stored('Bound'), '1Gi', null],
    ['lets the request go down (validation decides)', stored('Bound', { resources: { requests: { storage: '2Gi' } } }), '1Gi', null],
    ['refuses growing a Pending claim', stored('Pending'), '2Gi', 'Only bound persistent volume claims can be expanded'],
    ['refuses growing a bound claim of standard, which sets no allowVolumeExpansion', stored('Bound'), '2Gi', 'only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize'],
  ])('%s', (_what, old, storage, want) => {
    const next = { ...old, spec: { ...old.spec, resources: { requests: { storage } } } };
    expect(validatePersistentVolumeClaimResize(next, old)).toBe(want);
  });
});
