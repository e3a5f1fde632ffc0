import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../engine/api/types.ts';
import { parseScenarioText } from './parse.ts';
import { PRESETS } from './presets/index.ts';
import type { Scenario } from './types.ts';
import {
  applyVariant,
  crossProduct,
  parseAxis,
  parseVariantValue,
  rolloutImage,
  targetWorkload,
  variantLabel,
  withoutPath,
} from './variants.ts';

function preset(id: string): Scenario {
  const r = parseScenarioText(PRESETS.find((p) => p.id === id)?.text ?? '');
  if (!r.ok) throw new Error(r.errors[0]);
  return r.value;
}

const SEED_REF = { kind: 'Deployment', name: 'nginx-deployment-roll01', namespace: 'default' } as const;

/** policed: Deployment web in shop behind every new kind, another web in default (tests/fixtures/README.md). */
function policed(): Scenario {
  const r = parseScenarioText(readFileSync(new URL('../../tests/fixtures/namespaced-policies.yaml', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(r.errors[0]);
  return r.value;
}

const SHOP_REF = { kind: 'Deployment', name: 'web', namespace: 'shop' } as const;

describe('parseVariantValue', () => {
  it.each([
    ['maxSurge', '25%', '25%'],
    ['maxSurge', '0', 0],
    ['maxUnavailable', ' 3 ', 3],
    ['replicas', '40', 40],
    ['replicas', '-1', -1],
    ['seed', '7', 7],
    ['image', 'pull-fail', 'pull-fail'],
  ] as const)('reads %s=%j as %j', (field, raw, value) => {
    expect(parseVariantValue(field, raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['maxSurge', 'abc', 'maxSurge: "abc" is not an integer or a percentage such as 25%'],
    ['maxUnavailable', '2.5', 'maxUnavailable: "2.5" is not an integer or a percentage such as 25%'],
    ['replicas', '10%', 'replicas: "10%" is not an integer'],
    ['seed', '', 'seed: "" is not an integer'],
    ['image', 'fast', 'image: "fast" is not one of ok, slow, pull-fail, crash, never-ready'],
  ] as const)('refuses %s=%j with one message', (field, raw, message) => {
    expect(parseVariantValue(field, raw)).toEqual({ ok: false, errors: [message] });
  });
});

describe('parseAxis', () => {
  it('reads FIELD=V1,V2 and FIELD:V1,V2', () => {
    expect(parseAxis('maxSurge=0,25%,100%')).toEqual({ ok: true, value: { field: 'maxSurge', values: [0, '25%', '100%'] } });
    expect(parseAxis('seed:1,2', ':')).toEqual({ ok: true, value: { field: 'seed', values: [1, 2] } });
  });

  it.each([
    ['surge=1', 'unknown field "surge"; the fields are maxSurge, maxUnavailable, replicas, minReadySeconds, seed, partition'],
    ['image=ok', 'unknown field "image"; the fields are maxSurge, maxUnavailable, replicas, minReadySeconds, seed, partition'],
    ['maxSurge', '"maxSurge" is not FIELD=V1,V2,…'],
    ['replicas=1,x', 'replicas: "x" is not an integer'],
  ])('refuses %j', (text, message) => {
    expect(parseAxis(text)).toEqual({ ok: false, errors: [message] });
  });
});

describe('crossProduct', () => {
  it('varies the first axis slowest', () => {
    const r = crossProduct([
      { field: 'maxSurge', values: [0, '25%'] },
      { field: 'maxUnavailable', values: [0, 1] },
    ]);
    expect(r).toEqual({
      ok: true,
      value: [
        { maxSurge: 0, maxUnavailable: 0 },
        { maxSurge: 0, maxUnavailable: 1 },
        { maxSurge: '25%', maxUnavailable: 0 },
        { maxSurge: '25%', maxUnavailable: 1 },
      ],
    });
  });

  it('runs a 21 × 21 grid and refuses one cell more', () => {
    const axis = (field: 'maxSurge' | 'maxUnavailable', n: number) => ({ field, values: Array.from({ length: n }, (_, i) => i) });
    const ok = crossProduct([axis('maxSurge', 21), axis('maxUnavailable', 21)]);
    expect(ok.ok && ok.value.length).toBe(441);
    expect(crossProduct([axis('maxSurge', 22), axis('maxUnavailable', 21)])).toEqual({
      ok: false,
      errors: ['22 × 21 = 462 variants; a sweep runs at most 441 (21 × 21)'],
    });
  });

  it('refuses a field given twice', () => {
    expect(crossProduct([{ field: 'seed', values: [1] }, { field: 'seed', values: [2] }])).toEqual({ ok: false, errors: ['seed is given twice'] });
  });
});

describe('targetWorkload', () => {
  it('takes the first workload, or KIND/NAME in kubectl words', () => {
    const s = preset('seed');
    expect(targetWorkload(s)).toEqual({ ok: true, value: SEED_REF });
    expect(targetWorkload(s, 'deploy/nginx-deployment-roll01')).toEqual({ ok: true, value: SEED_REF });
    expect(targetWorkload(s, 'ds/nginx-deployment-roll01')).toEqual({ ok: false, errors: ['the scenario has no DaemonSet "nginx-deployment-roll01"'] });
    expect(targetWorkload(s, 'web')).toEqual({ ok: false, errors: ['--workload takes KIND/NAME (deployment/web, daemonset/agent, statefulset/db), not "web"'] });
  });

  it('skips the Namespace, quota, budget, autoscaler and Service before the first workload, and keeps its namespace', () => {
    expect(targetWorkload(policed())).toEqual({ ok: true, value: SHOP_REF });
  });

  it('takes KIND/NAMESPACE/NAME as the run summary prints it, and refuses a name two namespaces hold', () => {
    const s = policed();
    expect(targetWorkload(s, 'deployment/shop/web')).toEqual({ ok: true, value: SHOP_REF });
    expect(targetWorkload(s, 'deploy/default/web')).toEqual({ ok: true, value: { ...SHOP_REF, namespace: 'default' } });
    expect(targetWorkload(s, 'deployment/web')).toEqual({
      ok: false,
      errors: ['the scenario has a Deployment "web" in namespaces shop, default: name one as deployment/NAMESPACE/NAME, e.g. deployment/shop/web'],
    });
    expect(targetWorkload(s, 'deployment/prod/web')).toEqual({ ok: false, errors: ['the scenario has no Deployment "web" in namespace "prod"'] });
    expect(targetWorkload(preset('probe-paced'), 'deployment/checkout-api')).toEqual({
      ok: true,
      value: { kind: 'Deployment', name: 'checkout-api', namespace: 'payments' },
    });
  });
});

describe('applyVariant', () => {
  it('sets the strategy fields, replicas, minReadySeconds and seed', () => {
    const r = applyVariant(preset('seed'), SEED_REF, { maxSurge: 0, maxUnavailable: '50%', replicas: 4, minReadySeconds: 3, seed: 9 });
    if (!r.ok) throw new Error(r.errors[0]);
    const d = r.value.objects[0] as Deployment;
    expect(d.spec.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: '50%' } });
    expect([d.spec.replicas, d.spec.minReadySeconds, r.value.seed]).toEqual([4, 3, 9]);
  });

  it('gives the API server message, without the field path, for both 0', () => {
    expect(applyVariant(preset('seed'), SEED_REF, { maxSurge: 0, maxUnavailable: '0%' })).toEqual({
      ok: false,
      errors: [
        'The Deployment "nginx-deployment-roll01" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: "0%": may not be 0 when `maxSurge` is 0',
      ],
    });
  });

  it('sets the field in a later apply of the workload too', () => {
    const s = preset('seed');
    const applied = structuredClone(s.objects[0]) as Deployment;
    s.actions = [{ at: 30, apply: applied }];
    const r = applyVariant(s, SEED_REF, { maxSurge: 5 });
    if (!r.ok) throw new Error(r.errors[0]);
    const a = r.value.actions?.[0] as { apply: Deployment };
    expect(a.apply.spec.strategy?.rollingUpdate?.maxSurge).toBe(5);
  });

  it('refuses replicas for a DaemonSet', () => {
    const s = preset('daemonset-rolling');
    expect(applyVariant(s, { kind: 'DaemonSet', name: 'log-agent' }, { replicas: 3 })).toEqual({
      ok: false,
      errors: ['a DaemonSet has no replicas: it runs one pod per node'],
    });
  });

  it('gives the image the first rollout brings the behaviour', () => {
    const s = preset('seed');
    expect(rolloutImage(s, SEED_REF)).toBe('nginx:1.9.3');
    const r = applyVariant(s, SEED_REF, { image: 'pull-fail' });
    if (!r.ok) throw new Error(r.errors[0]);
    expect(r.value.cluster?.images?.['nginx:1.9.3']).toEqual({ pull: 'fail' });
    const ok = applyVariant(preset('broken-image'), { kind: 'Deployment', name: 'web' }, { image: 'ok' });
    expect(ok.ok && ok.value.cluster?.images?.['nginx:broken']).toEqual({});
  });

  it('changes only the workload of its namespace, beside the policy objects', () => {
    const s = policed();
    const r = applyVariant(s, SHOP_REF, { maxSurge: 0, maxUnavailable: 1, replicas: 3, image: 'crash' });
    if (!r.ok) throw new Error(r.errors[0]);
    const [shop, dflt] = r.value.objects.filter((o) => o.kind === 'Deployment') as Deployment[];
    expect(shop?.spec).toMatchObject({ replicas: 3, strategy: { rollingUpdate: { maxSurge: 0, maxUnavailable: 1 } } });
    expect(dflt?.spec.replicas).toBe(2);
    expect(dflt?.spec.strategy).toBeUndefined();
    expect(r.value.objects.map((o) => o.kind)).toEqual(s.objects.map((o) => o.kind));
    // The image of `-n shop set image`, read by kubectl's own parser; the default web has none.
    expect(rolloutImage(s, SHOP_REF)).toBe('nginx:2');
    expect(r.value.cluster?.images?.['nginx:2']).toEqual({ crash: true });
    expect(rolloutImage(s, { ...SHOP_REF, namespace: 'default' })).toBeNull();
  });

  it('leaves the scenario it was given alone', () => {
    const s: Scenario = preset('seed');
    const before = JSON.stringify(s);
    applyVariant(s, SEED_REF, { maxSurge: 7, image: 'crash' });
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('withoutPath', () => {
  it('drops a field path before an API server message only', () => {
    expect(withoutPath('objects[0]: The Deployment "web" is invalid: x')).toBe('The Deployment "web" is invalid: x');
    expect(withoutPath('objects[0].spec.replicas: must be at most 5000')).toBe('objects[0].spec.replicas: must be at most 5000');
  });
});

describe('variantLabel', () => {
  it('names the fields and values in order', () => {
    expect(variantLabel({ maxSurge: '25%', maxUnavailable: 0 })).toBe('maxSurge 25%, maxUnavailable 0');
  });
});
