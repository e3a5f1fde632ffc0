// describeVolumes as kubectl v1.36.3 prints it: a projected volume's Secret and ConfigMap say
// `Optional:` true or false (kubectl 1.33+, 3e68cbc2c; TestDescribeProjectedVolumesOptionalSecret),
// a downward API volume lists its resource files beside its field files.
import { describe, expect, it } from 'vitest';
import type { Volume } from '../../api/statefulTypes.ts';
import { PrefixWriter } from './podTemplate.ts';
import { tabbedString } from './tabwriter.ts';
import { describeVolumes } from './volumes.ts';

function render(volumes: Volume[], space: string): string {
  const w = new PrefixWriter();
  describeVolumes(volumes, w, space);
  return w.segments.map(tabbedString).join('');
}

describe('describeVolumes', () => {
  it.each<[string, Volume[], string, string]>([
    ['no volumes', [], '', 'Volumes:  <none>\n'],
    [
      'an optional Secret of a projected volume',
      [{ name: 'optional-secret', projected: { sources: [{ secret: { name: 'optional-secret', optional: true } }] } }],
      '',
      'Volumes:\n  optional-secret:\n    Type:        Projected (a volume that contains injected data from multiple sources)\n    SecretName:  optional-secret\n    Optional:    true\n',
    ],
    [
      'the token volume of a Pod Template, its ConfigMap not optional',
      [
        {
          name: 'kube-api-access',
          projected: { sources: [{ serviceAccountToken: { expirationSeconds: 3607, path: 'token' } }, { configMap: { name: 'kube-root-ca.crt' } }, { downwardAPI: {} }] },
        },
      ],
      '  ',
      '  Volumes:\n   kube-api-access:\n    Type:                    Projected (a volume that contains injected data from multiple sources)\n    TokenExpirationSeconds:  3607\n    ConfigMapName:           kube-root-ca.crt\n    Optional:                false\n    DownwardAPI:             true\n',
    ],
    [
      'a downward API volume’s field and resource files',
      [
        {
          name: 'info',
          downwardAPI: { items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } }, { path: 'cpu', resourceFieldRef: { resource: 'limits.cpu' } }] },
        } as Volume,
      ],
      '',
      'Volumes:\n  info:\n    Type:  DownwardAPI (a volume populated by information about the pod)\n    Items:\n      metadata.labels -> labels\n      limits.cpu -> cpu\n',
    ],
  ])('prints %s', (_, volumes, space, want) => {
    expect(render(volumes, space)).toBe(want);
  });
});
