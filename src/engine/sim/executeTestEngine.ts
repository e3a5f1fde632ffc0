/**
 * A small simulated cluster for the executeKubectl tests: three nodes, the `web` Deployment
 * (nginx:1.8) and optionally the `agent` DaemonSet, run to a settled state; `kubectl` runs one
 * line at the current virtual time as a user tick would, and hands its writes to the informer.
 */
import type { DaemonSet, Deployment, KubeObject, ReplicaSet } from '../api/types.ts';
import type { TickRecord } from '../client/tick.ts';
import { DEFAULT_IMAGE_BEHAVIOUR, type SimConfig } from '../config.ts';
import { objectKey } from '../apiserver/store.ts';
import { createEngine, runUntil } from './simulation.ts';
import type { EngineState } from './state.ts';
import { newTx, schedule } from '../client/tx.ts';
import { executeKubectl, type KubectlOutput } from '../kubectl/execute.ts';

/** webDeployment is the test Deployment: `web`, app=web, one nginx container. */
export function webDeployment(replicas = 4, spec: Partial<Deployment['spec']> = {}): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }] } },
      ...spec,
    },
  };
}

/** agentDaemonSet is the test DaemonSet: `agent`, app=agent, one container per node. */
export function agentDaemonSet(): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', labels: { app: 'agent' } },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image: 'agent:1' }] } },
    },
  };
}

/** testConfig builds a three-node cluster with the given objects (seed 1, default images). */
export function testConfig(objects: (Deployment | DaemonSet)[], nodes = 3): SimConfig {
  return {
    seed: 1,
    nodes: Array.from({ length: nodes }, (_, i) => ({ name: `node-${i + 1}`, labels: {}, taints: [], unschedulable: false, maxPods: 110 })),
    images: { default: DEFAULT_IMAGE_BEHAVIOUR },
    terminationSeconds: 1,
    watchDelaySeconds: 0.05,
    objects,
    actions: [],
  };
}

/** settledCluster creates the engine and runs it for `seconds` virtual seconds (everything Ready by then). */
export function settledCluster(objects: (Deployment | DaemonSet)[] = [webDeployment()], seconds = 30): EngineState {
  const st = createEngine(testConfig(objects));
  runUntil(st, seconds * 1000);
  st.now = seconds * 1000;
  return st;
}

/** kubectl runs one line now, as a user tick, and queues its writes for the informer. */
export function kubectl(st: EngineState, line: string, manifest?: unknown): KubectlOutput {
  const tx = newTx(st, 'user');
  const out = executeKubectl(tx, line, manifest);
  const delay = Math.round(st.config.watchDelaySeconds * 1000);
  for (const rec of tx.writes) if (rec.object.kind !== 'Event') schedule(tx, tx.now + delay, { type: 'deliver', rec, key: objectKey(rec.object) });
  return out;
}

/** advance runs the engine `seconds` further and leaves the clock there. */
export function advance(st: EngineState, seconds: number): void {
  const until = st.now + seconds * 1000;
  runUntil(st, until);
  st.now = until;
}

/** runTicks is advance, keeping the ticks it ran. */
export function runTicks(st: EngineState, seconds: number): TickRecord[] {
  const ticks: TickRecord[] = [];
  const until = st.now + seconds * 1000;
  runUntil(st, until, (t) => ticks.push(t));
  st.now = until;
  return ticks;
}

/** objects lists the store's objects of a kind, by name. */
export function objects<K extends KubeObject['kind']>(st: EngineState, kind: K): Extract<KubeObject, { kind: K }>[] {
  return ([...st.store.objects[kind].values()] as Extract<KubeObject, { kind: K }>[]).sort((a, b) =>
    a.metadata.name < b.metadata.name ? -1 : 1,
  );
}

/** web reads the `web` Deployment from the store. */
export function web(st: EngineState): Deployment {
  const d = st.store.objects.Deployment.get('default/web');
  if (d?.kind !== 'Deployment') throw new Error('no web Deployment');
  return d;
}

/** replicaSets lists the store's ReplicaSets, oldest first. */
export function replicaSets(st: EngineState): ReplicaSet[] {
  return objects(st, 'ReplicaSet').sort((a, b) => (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? ''));
}
