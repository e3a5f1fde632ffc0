import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types.ts';
import { advance, kubectl, settledCluster } from '../sim/executeTestEngine.ts';

const pod = (image: string, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'solo', labels: { app: 'solo' } },
  spec: { containers: [{ name: 'app', image, ...extra }] },
});

describe('apply -f - of a pod', () => {
  it('creates it, leaves it unchanged, takes a new image and refuses any other change to its spec', () => {
    const st = settledCluster();
    expect(kubectl(st, 'apply -f -', pod('web:1'))).toEqual({ ok: true, output: 'pod/solo created' });
    advance(st, 20);
    expect(kubectl(st, 'apply -f -', pod('web:1'))).toEqual({ ok: true, output: 'pod/solo unchanged' });
    expect(kubectl(st, 'apply -f -', pod('web:2'))).toEqual({ ok: true, output: 'pod/solo configured' });
    advance(st, 20);
    expect((st.store.objects.Pod.get('default/solo') as Pod).status?.containerStatuses?.[0]).toMatchObject({ image: 'docker.io/library/web:2', restartCount: 1 });
    const refused = kubectl(st, 'apply -f -', pod('web:2', { env: [{ name: 'A', value: '1' }] }));
    expect(refused.ok).toBe(false);
    expect(refused.output.split('\n')[0]).toMatch(/^The Pod "solo" is invalid: spec: Forbidden: pod updates may not change fields other than `spec\.containers\[\*\]\.image`,/);
  });

  it('refuses a pod ValidatePodCreate refuses, and stores nothing', () => {
    const st = settledCluster();
    const bad = { ...pod(''), spec: { containers: [{ name: 'App' }], restartPolicy: 'Sometimes' } };
    expect(kubectl(st, 'apply -f -', bad)).toEqual({
      ok: false,
      output: [
        'The Pod "solo" is invalid: ',
        `* spec.containers[0].name: Invalid value: "App": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
        '* spec.containers[0].image: Required value',
        '* spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
      ].join('\n'),
    });
    expect(st.store.objects.Pod.has('default/solo')).toBe(false);
  });
});
