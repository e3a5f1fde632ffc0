/**
 * The sweep fields a scenario's workloads take, for the Sweep form and the Compare variant editor
 * (both load on demand, so this stays out of the first page's JavaScript).
 */
import { SWEEP_FIELDS, type SweepField } from '../../scenario/variantFields.ts';
import type { SweepForm } from '../../state/sweepGrid.ts';

/** The fields that change a StatefulSet (maxSurge / maxUnavailable are refused for one). */
const STATEFUL_FIELDS: readonly SweepField[] = ['replicas', 'minReadySeconds', 'partition', 'seed'];

/**
 * sweepFieldsFor lists the fields a sweep may vary for the scenario's workload kinds: a scenario
 * of StatefulSets only gets replicas, minReadySeconds, partition and seed; one without a
 * StatefulSet has no partition; a mix keeps every field.
 */
export function sweepFieldsFor(kinds: readonly string[]): readonly SweepField[] {
  const stateful = kinds.filter((k) => k === 'StatefulSet').length;
  if (stateful > 0 && stateful === kinds.length) return STATEFUL_FIELDS;
  if (stateful === 0) return SWEEP_FIELDS.filter((f) => f !== 'partition');
  return SWEEP_FIELDS;
}

/** statefulSetSweepForm: partition 0 … replicas × minReadySeconds 0, 5, 10 (5 replicas: 6 × 3 cells). */
export function statefulSetSweepForm(replicas: number): SweepForm {
  const partitions = Array.from({ length: Math.min(replicas, 10) + 1 }, (_, i) => String(i));
  return {
    xField: 'partition',
    xValues: partitions.join(', '),
    yField: 'minReadySeconds',
    yValues: '0, 5, 10',
    seeds: 1,
  };
}
