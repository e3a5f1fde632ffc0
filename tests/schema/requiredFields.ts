/**
 * The fields Kubernetes' published OpenAPI schema marks required, read from the generated models
 * of @kubernetes/client-node 1.4 (generated from the v1.34.0 spec; the required lists of the
 * kinds checked here are the same in v1.36): each model's `attributeTypeMap` gives its fields'
 * types, and its `.d.ts` marks a required field without `?`. missingRequired walks an object
 * along its model and lists every required field it lacks, as `spec.template.spec.containers[0].name`.
 */
import * as k8s from '@kubernetes/client-node';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

interface Attribute {
  name: string;
  baseName: string;
  type: string;
}

type Model = { getAttributeTypeMap(): Attribute[] };

const models = k8s as unknown as Record<string, Model | undefined>;
const modelDir = join(dirname(createRequire(import.meta.url).resolve('@kubernetes/client-node')), 'gen', 'models');
const requiredCache = new Map<string, Set<string>>();

/** requiredOf reads the model's declaration: `'imageID': string;` is required, `'containerID'?: string;` is not. */
function requiredOf(model: string): Set<string> {
  let r = requiredCache.get(model);
  if (r === undefined) {
    const text = readFileSync(join(modelDir, `${model}.d.ts`), 'utf8');
    r = new Set([...text.matchAll(/^\s+'(\w+)':/gm)].map((m) => m[1] as string));
    requiredCache.set(model, r);
  }
  return r;
}

/** The model of each kind the engine writes. */
export const KIND_MODELS: Record<string, string> = {
  Pod: 'V1Pod',
  Node: 'V1Node',
  Namespace: 'V1Namespace',
  ResourceQuota: 'V1ResourceQuota',
  Service: 'V1Service',
  ConfigMap: 'V1ConfigMap',
  Secret: 'V1Secret',
  Event: 'CoreV1Event',
  Deployment: 'V1Deployment',
  ReplicaSet: 'V1ReplicaSet',
  DaemonSet: 'V1DaemonSet',
  StatefulSet: 'V1StatefulSet',
  PersistentVolumeClaim: 'V1PersistentVolumeClaim',
  ControllerRevision: 'V1ControllerRevision',
  HorizontalPodAutoscaler: 'V2HorizontalPodAutoscaler',
  PodDisruptionBudget: 'V1PodDisruptionBudget',
  EndpointSlice: 'V1EndpointSlice',
  Endpoints: 'V1Endpoints',
  PriorityClass: 'V1PriorityClass',
  LimitRange: 'V1LimitRange',
};

function walk(value: unknown, type: string, path: string, out: string[]): void {
  if (value === null || value === undefined) return;
  const array = /^Array<(.+)>$/.exec(type);
  if (array) {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) walk(value[i], array[1] as string, `${path}[${i}]`, out);
    }
    return;
  }
  const map = /^\{ \[key: string\]: (.+); \}$/.exec(type);
  if (map) {
    if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, map[1] as string, `${path}[${k}]`, out);
    return;
  }
  const model = models[type];
  if (!model || typeof model.getAttributeTypeMap !== 'function' || typeof value !== 'object') return;
  const obj = value as Record<string, unknown>;
  const required = requiredOf(type);
  for (const a of model.getAttributeTypeMap()) {
    const p = path ? `${path}.${a.baseName}` : a.baseName;
    if (obj[a.baseName] === undefined || obj[a.baseName] === null) {
      if (required.has(a.name)) out.push(p);
      continue;
    }
    walk(obj[a.baseName], a.type, p, out);
  }
}

/** missingRequired lists the required fields an object of a kind lacks (the kind's model unknown: it throws). */
export function missingRequired(obj: { kind: string }): string[] {
  const model = KIND_MODELS[obj.kind];
  if (!model) throw new Error(`no schema model for kind ${obj.kind}`);
  const out: string[] = [];
  walk(obj, model, '', out);
  return out;
}
