// Port of AutoscaleOptions.Run of kubectl pkg/cmd/autoscale/autoscale.go (v1.36).
/**
 * `kubectl autoscale` in the console: the target is fetched (NotFound as the builder prints it),
 * checked for a scale subresource, and an autoscaling/v2 HorizontalPodAutoscaler is created
 * (createHorizontalPodAutoscalerV2). When the API server refuses that one, kubectl falls back to
 * autoscaling/v1 only when the flags can be said in v1 (canCreateHPAV1); with no --cpu that check
 * itself fails on the empty input, so the v2 refusal is then reported as kubectl reports it
 * (`failed to create autoscaling/v2 HPA and the configuration is incompatible with
 * autoscaling/v1: empty input`).
 */
import type { HorizontalPodAutoscaler, MetricSpec } from '../api/policyTypes.ts';
import type { KubeObject } from '../api/types.ts';
import { preparePolicyObject } from '../apiserver/createPolicy.ts';
import { setDefaultsHorizontalPodAutoscalerV1 } from '../apiserver/defaultsPolicy.ts';
import { type ApiError, formatApiError } from '../apiserver/errors.ts';
import { convertV1HorizontalPodAutoscalerToAutoscalingHorizontalPodAutoscaler, type HorizontalPodAutoscalerV1 } from '../apiserver/hpaConversion.ts';
import { create, type Tx } from '../client/tx.ts';
import type { KubectlCommand } from './commands.ts';
import { isStored, resolveTargets, Terminal } from './executeStore.ts';
import { parseResourceInput } from './parseAutoscale.ts';
import { RESOURCES } from './resources.ts';

type Autoscale = Extract<KubectlCommand, { verb: 'autoscale' }>;

/** The kinds with a scale subresource the simulated API server serves. */
const SCALABLE = new Set(['Deployment', 'ReplicaSet', 'StatefulSet']);

/** runAutoscale is `kubectl autoscale TYPE NAME --max=N …`: one HPA per target. */
export function runAutoscale(tx: Tx, cmd: Autoscale): Terminal {
  const term = new Terminal();
  for (const w of cmd.warnings) term.warn(w);
  const { objects, errors } = resolveTargets(tx.st, cmd);
  const missing = errors[0];
  if (missing !== undefined) {
    term.fail(missing);
    return term;
  }
  for (const target of objects) {
    if (!isStored(target) || !SCALABLE.has(target.kind)) {
      const info = RESOURCES[target.kind];
      const gv = info.group === '' ? '/v1' : `${info.group}/v1`;
      term.fail(`error: cannot autoscale a ${target.kind}: could not find scale subresource for ${gv}, Resource=${info.plural} in discovery information`);
      return term;
    }
    const v2 = createAnHPA(tx, horizontalPodAutoscalerV2(cmd, target));
    if (!('error' in v2)) {
      term.out(`horizontalpodautoscaler.autoscaling/${v2.name} autoscaled`);
      continue;
    }
    const v1Possible = canCreateHPAV1(cmd);
    if (v1Possible !== true) {
      term.fail(`error: failed to create autoscaling/v2 HPA and the configuration is incompatible with autoscaling/v1: ${v1Possible}`);
      return term;
    }
    const v1 = createAnHPA(tx, convertV1HorizontalPodAutoscalerToAutoscalingHorizontalPodAutoscaler(setDefaultsHorizontalPodAutoscalerV1(horizontalPodAutoscalerV1(cmd, target))));
    if ('error' in v1) {
      term.fail(formatApiError(v1.error));
      return term;
    }
    term.out(`horizontalpodautoscaler.autoscaling/${v1.name} autoscaled`);
  }
  if (objects.length === 0) term.fail('error: no objects passed to autoscale');
  return term;
}

/** createAnHPA is the create request: decode, default, validate, store; the stored name or the refusal. */
function createAnHPA(tx: Tx, hpa: HorizontalPodAutoscaler): { name: string } | { error: ApiError } {
  const p = preparePolicyObject(hpa);
  if ('error' in p) return p;
  const { status: _status, ...fresh } = p.object;
  const res = create(tx, fresh as KubeObject);
  return res.ok ? { name: res.object.metadata.name } : { error: res.error };
}

/**
 * hpaHead is what createHorizontalPodAutoscalerV2 and V1 both write: the name (--name, else the
 * target's), the target reference, --min when positive and --max; each version adds its metrics.
 */
function hpaHead(cmd: Autoscale, target: KubeObject) {
  return {
    kind: 'HorizontalPodAutoscaler' as const,
    metadata: { name: cmd.name || target.metadata.name, namespace: cmd.namespace },
    spec: {
      scaleTargetRef: { kind: target.kind, name: target.metadata.name, apiVersion: 'apps/v1' },
      ...(cmd.min > 0 ? { minReplicas: cmd.min } : {}),
      maxReplicas: cmd.max,
    },
  };
}

/** horizontalPodAutoscalerV2 is createHorizontalPodAutoscalerV2's object (its flags were checked by Validate). */
function horizontalPodAutoscalerV2(cmd: Autoscale, target: KubeObject): HorizontalPodAutoscaler {
  const metrics: MetricSpec[] = [];
  if (cmd.cpuPercent > 0) metrics.push({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: cmd.cpuPercent } } });
  for (const [value, name] of [
    [cmd.cpu, 'cpu'],
    [cmd.memory, 'memory'],
  ] as const) {
    if (value === '') continue;
    const t = parseResourceInput(value, name);
    if ('error' in t) continue;
    metrics.push({ type: 'Resource', resource: { name, target: t } });
  }
  const head = hpaHead(cmd, target);
  return { apiVersion: 'autoscaling/v2', ...head, spec: { ...head.spec, ...(metrics.length > 0 ? { metrics } : {}) } } as HorizontalPodAutoscaler;
}

/** horizontalPodAutoscalerV1 is createHorizontalPodAutoscalerV1's object. */
function horizontalPodAutoscalerV1(cmd: Autoscale, target: KubeObject): HorizontalPodAutoscalerV1 {
  const head = hpaHead(cmd, target);
  const cpu = cmd.cpuPercent >= 0 ? { targetCPUUtilizationPercentage: cmd.cpuPercent } : {};
  return { apiVersion: 'autoscaling/v1', ...head, spec: { ...head.spec, ...cpu } } as HorizontalPodAutoscalerV1;
}

/**
 * canCreateHPAV1: v1 can hold a cpu percentage and nothing else. It parses --cpu first, so an
 * absent --cpu answers its parse error ("empty input"), as kubectl's does.
 */
function canCreateHPAV1(cmd: Autoscale): true | string {
  const t = parseResourceInput(cmd.cpu, 'cpu');
  if ('error' in t) return t.error;
  // (false, nil): kubectl wraps the nil error with %w, which Go prints as %!w(<nil>).
  return (cmd.cpuPercent >= 0 && cmd.memory === '') || (cmd.memory === '' && t.type === 'Utilization') ? true : '%!w(<nil>)';
}
