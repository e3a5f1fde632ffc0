/**
 * Fixture views for the panels' component tests: the Seed preset (nginx, 10 replicas, 25%/25%)
 * in the middle of its rollout — the old ReplicaSet at 8, the new one at 5 with 3 pods still
 * starting — at the tick of the first scale-down, as the worker would describe it.
 */
import type { SimData } from '../../state/simSlice.ts';
import type {
  NodeView,
  PodDisplayPhase,
  PodDetailView,
  PodView,
  ReplicaSetView,
  SeriesPoint,
  TickView,
  WorkloadView,
} from '../../worker/protocol.ts';

export const OLD_RS = 'nginx-deployment-roll01-6b6d8bb7d5';
export const NEW_RS = 'nginx-deployment-roll01-58b9b8ff79';
export const DEPLOY = 'nginx-deployment-roll01';

export function pod(name: string, node: string | null, phase: PodDisplayPhase, revision: number): PodView {
  const hash = revision === 1 ? OLD_RS.slice(-10) : NEW_RS.slice(-10);
  return {
    name,
    namespace: 'default',
    node,
    phase,
    revision,
    owner: `ReplicaSet/${revision === 1 ? OLD_RS : NEW_RS}`,
    workload: DEPLOY,
    hash,
    image: revision === 1 ? 'nginx:1.8' : 'nginx:1.9.3',
    restarts: 0,
    created: revision === 1 ? 2 : 30.5,
  };
}

/** podDetail is what a `pod` query answers for a fixture pod: its labels and conditions too. */
export function podDetail(p: PodView): PodDetailView {
  const status: Partial<Record<PodView['phase'], string>> = {
    Available: 'Running',
    Ready: 'Running',
    RunningNotReady: 'Running',
    Init: 'Init:0/1',
  };
  return {
    ...p,
    status: status[p.phase] ?? p.phase,
    labels: { app: 'nginx-001', 'pod-template-hash': p.hash },
    conditions: [
      { type: 'PodScheduled', status: 'True', since: 30.6 },
      {
        type: 'Ready',
        status: p.phase === 'Ready' || p.phase === 'Available' ? 'True' : 'False',
        since: 31.2,
      },
    ],
  };
}

const nodes: NodeView[] = ['node-1', 'node-2', 'node-3'].map((name, i) => ({
  name,
  ready: i !== 2,
  unschedulable: i === 1,
  taints: i === 1 ? ['node.kubernetes.io/unschedulable:NoSchedule'] : [],
  labels: { 'kubernetes.io/hostname': name },
  podCount: 0,
  allocatable: { cpuMilli: 4000, memoryBytes: 16 * 1024 ** 3, pods: 110 },
  requested: { cpuMilli: 750 * (i + 1), memoryBytes: (i + 1) * 2 * 1024 ** 3 },
}));

const phasesNew: PodDisplayPhase[] = [
  'Available',
  'Available',
  'ContainerCreating',
  'RunningNotReady',
  'ErrImagePull',
];
export const pods: PodView[] = [
  ...Array.from({ length: 8 }, (_, i) =>
    pod(`${OLD_RS}-old${i}`, nodes[i % 3]?.name ?? null, 'Available', 1),
  ),
  ...phasesNew.map((phase, i) => pod(`${NEW_RS}-new${i}`, nodes[(i + 1) % 3]?.name ?? null, phase, 2)),
  pod(`${OLD_RS}-term0`, 'node-1', 'Terminating', 1),
  pod(`${NEW_RS}-pend0`, null, 'Pending', 2),
];
for (const n of nodes) n.podCount = pods.filter((p) => p.node === n.name).length;

const replicaSets: ReplicaSetView[] = [
  {
    name: OLD_RS,
    namespace: 'default',
    deployment: DEPLOY,
    revision: 1,
    desired: 8,
    current: 8,
    ready: 8,
    available: 8,
    isNew: false,
  },
  {
    name: NEW_RS,
    namespace: 'default',
    deployment: DEPLOY,
    revision: 2,
    desired: 5,
    current: 5,
    ready: 2,
    available: 2,
    isNew: true,
  },
];

const workload: WorkloadView = {
  kind: 'Deployment',
  name: DEPLOY,
  namespace: 'default',
  strategy: 'RollingUpdate',
  replicas: 10,
  maxSurge: '25%',
  maxUnavailable: '25%',
  resolvedSurge: 3,
  resolvedUnavailable: 2,
  minReadySeconds: 0,
  progressDeadlineSeconds: 600,
  revisionHistoryLimit: 10,
  paused: false,
  images: ['nginx=nginx:1.9.3'],
  generation: 2,
  observedGeneration: 2,
  status: { replicas: 13, updatedReplicas: 5, readyReplicas: 10, availableReplicas: 10 },
  conditions: [],
  rolloutStatus:
    'Waiting for deployment "nginx-deployment-roll01" rollout to finish: 5 out of 10 new replicas have been updated...',
};

export const scaleDownTick: TickView = {
  tick: 57,
  kind: 'decision',
  retryOf: null,
  time: 31.42,
  actor: 'deployment-controller',
  key: `default/${DEPLOY}`,
  summary: `synced Deployment ${DEPLOY}`,
  notes: [{ key: 'deploymentSynced', values: { deployment: DEPLOY } }],
  decisions: [
    {
      fn: 'reconcileOldReplicaSets',
      key: 'minAvailable',
      values: { replicas: 10, maxUnavailable: 2, minAvailable: 8 },
      text: 'minAvailable = replicas 10 − maxUnavailable 2 = 8',
    },
    {
      fn: 'reconcileOldReplicaSets',
      key: 'maxScaledDown',
      values: { allPodsCount: 13, minAvailable: 8, newRSUnavailablePodCount: 3, maxScaledDown: 2 },
      text: 'maxScaledDown = allPodsCount 13 − minAvailable 8 − newRSUnavailablePodCount 3 = 2',
    },
    {
      fn: 'scaleDownOldReplicaSetsForRollingUpdate',
      key: 'scaleDownOldRS',
      values: { rs: OLD_RS, from: 10, scaleDownCount: 2, to: 8 },
      text: `scale old ReplicaSet ${OLD_RS} 10 → 8 (−2)`,
    },
  ],
  writes: [`MODIFIED ReplicaSet ${OLD_RS}`],
};

const kubeletTick: TickView = {
  tick: 56,
  kind: 'other',
  retryOf: null,
  time: 31.4,
  actor: 'kubelet',
  key: null,
  summary: `${NEW_RS}-new0: Ready`,
  notes: [{ key: 'ready', values: { pod: `${NEW_RS}-new0` } }],
  decisions: [],
  writes: [`MODIFIED Pod ${NEW_RS}-new0`],
};

/** The Seed band: 10 replicas, maxSurge 25% → 3, maxUnavailable 25% → 2. */
const seedBand = { [`Deployment/${DEPLOY}`]: { replicas: 10, surge: 3, unavailable: 2 } };

const series: SeriesPoint[] = [
  {
    tick: 0,
    time: 0,
    values: { [OLD_RS]: { desired: 10, current: 10, ready: 10, available: 10 } },
    strategy: seedBand,
  },
  {
    tick: 40,
    time: 30.1,
    values: {
      [OLD_RS]: { desired: 10, current: 10, ready: 10, available: 10 },
      [NEW_RS]: { desired: 3, current: 3, ready: 0, available: 0 },
    },
    strategy: seedBand,
  },
  {
    tick: 57,
    time: 31.42,
    values: {
      [OLD_RS]: { desired: 8, current: 8, ready: 8, available: 8 },
      [NEW_RS]: { desired: 5, current: 5, ready: 2, available: 2 },
    },
    strategy: seedBand,
  },
  {
    tick: 120,
    time: 45,
    values: {
      [OLD_RS]: { desired: 0, current: 0, ready: 0, available: 0 },
      [NEW_RS]: { desired: 10, current: 10, ready: 10, available: 10 },
    },
    strategy: seedBand,
  },
];

const rsHeader = 'NAME                                 DESIRED   CURRENT   READY   AGE';

/** midRollout is the store's simulation data at the Seed preset's first scale-down (tick 57 of 120). */
export function midRollout(): Partial<SimData> {
  return {
    simStatus: 'ready',
    scenarioName: 'Seed — nginx, 10 replicas, 25% / 25%',
    scenarioText: 'version: 1\ncluster:\n  images:\n    "nginx:broken": { pull: fail }\n',
    tick: 57,
    totalTicks: 120,
    time: 31.42,
    endTime: 45,
    nodes,
    pods,
    podCount: pods.length,
    workloads: [workload],
    replicaSets,
    expectations: [
      { controller: 'replicaset', key: `default/${OLD_RS}`, add: 0, del: 2, satisfied: false, age: 0.02 },
      { controller: 'replicaset', key: `default/${NEW_RS}`, add: 0, del: 0, satisfied: true, age: 1.2 },
    ],
    queues: [
      { controller: 'deployment', keys: [`default/${DEPLOY}`], retries: [] },
      { controller: 'replicaset', keys: [], retries: [{ key: `default/${OLD_RS}`, count: 2 }] },
    ],
    backoffs: [],
    tickView: scaleDownTick,
    recentTicks: [kubeletTick, scaleDownTick],
    series,
    markers: [
      {
        tick: 39,
        time: 30,
        label: 'kubectl set image deployment/nginx-deployment-roll01 nginx=nginx:1.9.3',
        notes: [],
      },
    ],
    watch: {
      rs: [
        { tick: 0, text: rsHeader },
        { tick: 3, text: `${OLD_RS}   10        0         0       0s` },
        { tick: 41, text: `${NEW_RS}   3         0         0       0s` },
        { tick: 57, text: `${OLD_RS}   8         10        10      31s` },
        { tick: 60, text: `${OLD_RS}   8         8         8       31s` },
      ],
      deploy: [{ tick: 0, text: 'NAME                      READY   UP-TO-DATE   AVAILABLE   AGE' }],
      ds: [],
      sts: [],
      pods: [],
    },
  };
}
