// Port of kubernetes pkg/apis/autoscaling/v1/conversion.go (v1.36): the behavior annotation of
// Convert_autoscaling_HorizontalPodAutoscaler_To_v1_HorizontalPodAutoscaler and its inverse.
/**
 * Upstream writes the behavior into `autoscaling.alpha.kubernetes.io/behavior` by marshalling its
 * internal type, which has no json tags: the keys are the Go field names (`ScaleUp`,
 * `StabilizationWindowSeconds`, …) and an unset pointer or list is `null`. Reading it back is
 * encoding/json's: keys match a field ignoring case, unknown keys are skipped, a value of the wrong
 * type fails the whole decode, and a failed decode or one with neither direction set is ignored.
 */
import type { HorizontalPodAutoscalerBehavior, HPAScalingPolicy, HPAScalingRules } from '../api/policyTypes.ts';
import { canonicalQuantity, formatQuantity, parseQuantity } from '../lib/quantity.ts';

function rulesJson(r: HPAScalingRules | undefined): unknown {
  if (!r) return null;
  return {
    StabilizationWindowSeconds: r.stabilizationWindowSeconds ?? null,
    SelectPolicy: r.selectPolicy ?? null,
    Policies: r.policies ? r.policies.map((p) => ({ Type: p.type, Value: p.value, PeriodSeconds: p.periodSeconds })) : null,
    Tolerance: r.tolerance === undefined ? null : canonicalQuantity(r.tolerance),
  };
}

/** encodeBehaviorAnnotation is json.Marshal of the internal HorizontalPodAutoscalerBehavior. */
export function encodeBehaviorAnnotation(b: HorizontalPodAutoscalerBehavior): string {
  return JSON.stringify({ ScaleUp: rulesJson(b.scaleUp), ScaleDown: rulesJson(b.scaleDown) });
}

class DecodeError extends Error {}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** fields reads a JSON object into the named Go fields, matching keys without regard to case. */
function fields(v: Obj, names: readonly string[]): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, x] of Object.entries(v)) {
    const name = names.find((n) => n.toLowerCase() === k.toLowerCase());
    if (name !== undefined) out.set(name, x);
  }
  return out;
}

function int32(v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < -2147483648 || v > 2147483647) throw new DecodeError();
  return v;
}

function str(v: unknown): string {
  if (typeof v !== 'string') throw new DecodeError();
  return v;
}

function policy(v: unknown): HPAScalingPolicy {
  if (!isObj(v)) throw new DecodeError();
  const f = fields(v, ['Type', 'Value', 'PeriodSeconds']);
  const at = (k: string) => f.get(k) ?? null;
  return { type: at('Type') === null ? '' : str(at('Type')), value: at('Value') === null ? 0 : int32(at('Value')), periodSeconds: at('PeriodSeconds') === null ? 0 : int32(at('PeriodSeconds')) };
}

function rules(v: unknown): HPAScalingRules | undefined {
  if (v === null || v === undefined) return undefined;
  if (!isObj(v)) throw new DecodeError();
  const f = fields(v, ['StabilizationWindowSeconds', 'SelectPolicy', 'Policies', 'Tolerance']);
  const out: HPAScalingRules = {};
  const window = f.get('StabilizationWindowSeconds') ?? null;
  if (window !== null) out.stabilizationWindowSeconds = int32(window);
  const select = f.get('SelectPolicy') ?? null;
  if (select !== null) out.selectPolicy = str(select);
  const policies = f.get('Policies') ?? null;
  if (policies !== null) {
    if (!Array.isArray(policies)) throw new DecodeError();
    out.policies = policies.map(policy);
  }
  const tolerance = f.get('Tolerance') ?? null;
  if (tolerance !== null) {
    const p = parseQuantity(typeof tolerance === 'number' ? String(tolerance) : str(tolerance));
    if (!p.ok) throw new DecodeError();
    out.tolerance = formatQuantity(p.value);
  }
  return out;
}

/** decodeBehaviorAnnotation: the behavior an annotation holds, or undefined when it holds none or does not decode. */
export function decodeBehaviorAnnotation(text: string | undefined): HorizontalPodAutoscalerBehavior | undefined {
  if (text === undefined) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    if (!isObj(v)) return undefined;
    const f = fields(v, ['ScaleUp', 'ScaleDown']);
    const scaleUp = rules(f.get('ScaleUp'));
    const scaleDown = rules(f.get('ScaleDown'));
    if (!scaleUp && !scaleDown) return undefined;
    return { ...(scaleUp ? { scaleUp } : {}), ...(scaleDown ? { scaleDown } : {}) };
  } catch {
    return undefined;
  }
}
