import { describe, expect, it } from 'vitest';
import type { HorizontalPodAutoscaler } from '../api/policyTypes.ts';
import { agentDaemonSet, kubectl, settledCluster, webDeployment } from '../sim/executeTestEngine.ts';
import { parseResourceInput } from './parseAutoscale.ts';

const hpa = (st: ReturnType<typeof settledCluster>, name = 'web') => st.store.objects.HorizontalPodAutoscaler.get(`default/${name}`) as HorizontalPodAutoscaler | undefined;

describe('parseResourceInput', () => {
  it.each([
    ['70%', 'cpu', { type: 'Utilization', averageUtilization: 70 }],
    ['500m', 'cpu', { type: 'AverageValue', averageValue: '500m' }],
    ['500', 'cpu', { type: 'AverageValue', averageValue: '500m' }],
    ['1.5', 'cpu', { type: 'AverageValue', averageValue: '1500u' }],
    ['200', 'memory', { type: 'AverageValue', averageValue: '200Mi' }],
    ['1Gi', 'memory', { type: 'AverageValue', averageValue: '1Gi' }],
    ['', 'cpu', { error: 'empty input' }],
    ['-5%', 'cpu', { error: 'invalid percentage value: -5' }],
    ['x%', 'cpu', { error: 'invalid percentage value: x' }],
    ['lots', 'memory', { error: 'invalid resource memory value: lots' }],
  ] as const)('reads %j of %s as kubectl does', (input, resource, want) => {
    expect(parseResourceInput(input, resource)).toEqual(want);
  });
});

describe('kubectl autoscale', () => {
  it('creates an autoscaling/v2 HPA with a cpu utilization target from --cpu-percent, and says the flag is deprecated', () => {
    const st = settledCluster();
    expect(kubectl(st, 'autoscale deployment web --min=2 --max=5 --cpu-percent=80')).toEqual({
      ok: true,
      output:
        "Flag --cpu-percent has been deprecated, Use --cpu with percentage or resource quantity format (e.g., '70%' for utilization or '500m' for milliCPU).\nhorizontalpodautoscaler.autoscaling/web autoscaled",
    });
    const h = hpa(st);
    expect(h?.spec.scaleTargetRef).toEqual({ kind: 'Deployment', name: 'web', apiVersion: 'apps/v1' });
    expect(h?.spec.minReplicas).toBe(2);
    expect(h?.spec.maxReplicas).toBe(5);
    expect(h?.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }]);
  });

  it('leaves the defaults to the API server when only --max is given: minReplicas 1, cpu 80%', () => {
    const st = settledCluster();
    expect(kubectl(st, 'autoscale deploy/web --max=3 --name=web-hpa')).toEqual({ ok: true, output: 'horizontalpodautoscaler.autoscaling/web-hpa autoscaled' });
    const h = hpa(st, 'web-hpa');
    expect(h?.spec.minReplicas).toBe(1);
    expect(h?.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }]);
  });

  it('targets an average value from --cpu and --memory quantities', () => {
    const st = settledCluster();
    expect(kubectl(st, 'autoscale deployment web --max=4 --cpu=500 --memory=256Mi').ok).toBe(true);
    expect(hpa(st)?.spec.metrics).toEqual([
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'AverageValue', averageValue: '500m' } } },
      { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '256Mi' } } },
    ]);
  });

  it('falls back to autoscaling/v1 when v2 refuses a 0% cpu target, and v1 then defaults it to 80%', () => {
    const st = settledCluster();
    expect(kubectl(st, 'autoscale deployment web --max=4 --cpu=0%')).toEqual({ ok: true, output: 'horizontalpodautoscaler.autoscaling/web autoscaled' });
    expect(hpa(st)?.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }]);
  });

  it.each([
    ['without --max', 'autoscale deployment web', 'error: required flag(s) "max" not set'],
    ['with --max 0', 'autoscale deployment web --max=0', 'error: --max=MAXPODS is required and must be at least 1, max: 0'],
    ['with --max below --min', 'autoscale deployment web --min=5 --max=2', 'error: --max=MAXPODS must be larger or equal to --min=MINPODS, max: 2, min: 5'],
    ['with a bad --cpu', 'autoscale deployment web --max=2 --cpu=fast', 'error: invalid resource cpu value: fast'],
    ['without a name', 'autoscale deployment --max=2', 'error: resource(s) were provided, but no name was specified'],
    ['for a Deployment that is not there', 'autoscale deployment nope --max=2', 'Error from server (NotFound): deployments.apps "nope" not found'],
  ])('fails as kubectl does %s', (_why, line, output) => {
    const st = settledCluster();
    expect(kubectl(st, line)).toEqual({ ok: false, output });
    expect(st.store.objects.HorizontalPodAutoscaler.size).toBe(0);
  });

  it('says why it cannot autoscale a DaemonSet', () => {
    const st = settledCluster([webDeployment(), agentDaemonSet()]);
    expect(kubectl(st, 'autoscale ds agent --max=2')).toEqual({
      ok: false,
      output: 'error: cannot autoscale a DaemonSet: could not find scale subresource for apps/v1, Resource=daemonsets in discovery information',
    });
  });

  it('reports a second autoscale of the same name as kubectl does, through its v1 check of the empty --cpu', () => {
    const st = settledCluster();
    kubectl(st, 'autoscale deployment web --max=3');
    expect(kubectl(st, 'autoscale deployment web --max=3')).toEqual({
      ok: false,
      output: 'error: failed to create autoscaling/v2 HPA and the configuration is incompatible with autoscaling/v1: empty input',
    });
  });
});
