/**
 * core/v1 ConfigMap and Secret as plain JSON with the API's field names. A Secret's `data` holds
 * base64 strings, as the API serves []byte; `stringData` is write-only and folded into `data`
 * when the API server decodes the object (apiserver/configObjects.ts).
 */
import type { ObjectMeta } from './metaTypes.ts';

export interface ConfigMap {
  apiVersion: 'v1';
  kind: 'ConfigMap';
  metadata: ObjectMeta;
  data?: Record<string, string>;
  /** base64 of each value, as the API serves []byte. */
  binaryData?: Record<string, string>;
  immutable?: boolean;
}

export interface Secret {
  apiVersion: 'v1';
  kind: 'Secret';
  metadata: ObjectMeta;
  /** base64 of each value, as the API serves []byte. */
  data?: Record<string, string>;
  /** Write-only: merged into data by the API server, never stored. */
  stringData?: Record<string, string>;
  type?: string;
  immutable?: boolean;
}

/** core/v1 ConfigMapKeySelector and SecretKeySelector: one key of a ConfigMap or a Secret. */
export interface ConfigMapKeySelector {
  name?: string;
  key: string;
  optional?: boolean;
}
export type SecretKeySelector = ConfigMapKeySelector;

/** core/v1 EnvVarSource: the sources a container's variable may read (fieldRef and resourceFieldRef pass through untyped). */
export interface EnvVarSource {
  configMapKeyRef?: ConfigMapKeySelector;
  secretKeyRef?: SecretKeySelector;
  fieldRef?: { apiVersion?: string; fieldPath: string };
  resourceFieldRef?: { containerName?: string; resource: string; divisor?: string };
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: EnvVarSource;
}

/** core/v1 EnvFromSource: every key of a ConfigMap or a Secret, each name behind an optional prefix. */
export interface EnvFromSource {
  prefix?: string;
  configMapRef?: { name?: string; optional?: boolean };
  secretRef?: { name?: string; optional?: boolean };
}
