// Port of kubernetes pkg/printers/internalversion/printers.go (v1.36): the column definitions of
// ConfigMap and Secret, printConfigMap and printSecret.
import type { ConfigMap, Secret } from '../../api/configTypes.ts';
import { formatAge } from '../../lib/duration.ts';
import type { Column } from './rows.ts';

const col = (name: string, wide = false): Column => ({ name, wide });

/** The columns of ConfigMaps and Secrets, in printers.go order. */
export const CONFIG_COLUMNS = {
  ConfigMap: [col('Name'), col('Data'), col('Age')],
  Secret: [col('Name'), col('Type'), col('Data'), col('Age')],
} as const satisfies Record<string, readonly Column[]>;

const count = (m: Record<string, string> | undefined): number => (m === undefined ? 0 : Object.keys(m).length);

/** configMapRow: NAME DATA AGE, DATA counting the keys of data and binaryData. */
export function configMapRow(cm: ConfigMap, nowMs: number): string[] {
  return [cm.metadata.name, String(count(cm.data) + count(cm.binaryData)), formatAge(nowMs, cm.metadata.creationTimestamp)];
}

/** secretRow: NAME TYPE DATA AGE (`Opaque`, the keys of data). */
export function secretRow(s: Secret, nowMs: number): string[] {
  return [s.metadata.name, s.type ?? '', String(count(s.data)), formatAge(nowMs, s.metadata.creationTimestamp)];
}
