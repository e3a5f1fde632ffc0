/**
 * The strategy numbers as the controllers resolve them (intstr.GetScaledValueFromIntOrPercent):
 * a Deployment rounds maxSurge up and maxUnavailable down, and takes maxUnavailable 1 when both
 * come to 0 (ResolveFenceposts); a DaemonSet rounds both up.
 */

/** An int-or-percent value as written in a manifest: 3 or "25%". */
export type IntOrPercent = number | string;

/** percentOf reads "25%" as 25, or null for an integer value. */
export function percentOf(value: IntOrPercent): number | null {
  if (typeof value === 'number') return null;
  const m = /^(\d+)%$/.exec(value.trim());
  return m ? Number(m[1]) : null;
}

/** scaled resolves an int-or-percent against a total, rounding up or down. */
export function scaled(value: IntOrPercent, total: number, roundUp: boolean): number {
  const p = percentOf(value);
  if (p === null) return typeof value === 'number' ? value : Number.parseInt(value, 10) || 0;
  const exact = (p * total) / 100;
  return roundUp ? Math.ceil(exact) : Math.floor(exact);
}

export interface Fenceposts {
  surge: number;
  unavailable: number;
  /** True when both came to 0 and maxUnavailable became 1 (Deployment only). */
  bumped: boolean;
}

/** resolveFenceposts is the pair the controller uses for this kind of workload. */
export function resolveFenceposts(
  kind: 'Deployment' | 'DaemonSet',
  maxSurge: IntOrPercent,
  maxUnavailable: IntOrPercent,
  replicas: number,
): Fenceposts {
  const surge = scaled(maxSurge, replicas, true);
  const unavailable = scaled(maxUnavailable, replicas, kind === 'DaemonSet');
  if (kind === 'Deployment' && surge === 0 && unavailable === 0)
    return { surge, unavailable: 1, bumped: true };
  return { surge, unavailable, bumped: false };
}
