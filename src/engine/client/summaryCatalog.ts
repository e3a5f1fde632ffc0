/**
 * Tick summaries as data. Every tick's one-line summary is made of notes; each note is a key of
 * SUMMARY_TEMPLATES and the values of its {placeholders}, so the CLI, the golden tests and the
 * tick log read the English line (the record's summary, rendered from the notes) while the UI renders the same note in the reader's
 * language (DESIGN.md §2). A tick record keeps its notes in one flat array, each note as its key
 * index and then its values in placeholder order: `[27, 'web-x2k4p']` is `web-x2k4p: Ready`, and
 * `[2, 'ADDED', 'Pod', 'web-x2k4p', '41', 27, 'web-x2k4p']` two notes. One exact-size array per
 * tick: a tick record is kept for every tick of a run (200,000 in the 10,000-pod benchmark).
 *
 * Kubernetes terms and messages (Pod phases, reasons, API server and kubectl output) stay as
 * Kubernetes writes them: `kubectl` and `apiError` carry that text whole.
 */

/** A value of a note: a name, a count, a duration. */
export type SummaryValue = string | number;

/** A template, or English singular/plural forms chosen by the value `count` (1 → one). */
export type SummaryTemplate = string | { readonly one: string; readonly other: string };

/** SUMMARY_TEMPLATES: key → the English sentence with {name} placeholders. */
export const SUMMARY_TEMPLATES = {
  // user actions and the scenario's initial objects: kubectl's own output
  kubectl: '{output}',
  apiError: '{message}',
  // informer and work queues
  watch: 'watch {type} {kind} {name} (rv {rv})',
  droppingDeployment: 'dropping deployment {key} out of the queue: {error}',
  errorSyncing: 'error syncing {key}: {error}; requeued in {delay} ms',
  requeue: 'requeue {key}',
  resync: {
    one: 'resync: {count} workload re-delivered to their controllers',
    other: 'resync: {count} workloads re-delivered to their controllers',
  },
  // node lifecycle and pod eviction
  evicted: 'evicted {pod}: its node is unreachable (DisruptionTarget DeletionByTaintManager, then a graceful delete)',
  nothingToEvict: 'nothing to evict for {pod}',
  nodeReadyAgain: 'node {node} is Ready again',
  nodeNotReady: 'node {node} is NotReady',
  nodeExistsAgain: 'node {node} exists again; no orphaned pods',
  unschedulableTainted: 'node {node} is cordoned: taint node.kubernetes.io/unschedulable:NoSchedule added',
  unschedulableUntainted: 'node {node} is uncordoned: taint node.kubernetes.io/unschedulable:NoSchedule removed',
  orphansDeleted: {
    one: 'deleted {count} orphaned pod of the deleted node {node} (each marked Failed, DisruptionTarget DeletionByPodGC, then deleted with grace 0)',
    other: 'deleted {count} orphaned pods of the deleted node {node} (each marked Failed, DisruptionTarget DeletionByPodGC, then deleted with grace 0)',
  },
  // scheduler
  nothingToSchedule: 'nothing to schedule for {pod}',
  unschedulable: '{pod} is unschedulable: {message}',
  bindingFailed: 'binding {pod} failed: {message}',
  bound: 'bound {pod} to {node}',
  // kubelet
  podGone: 'pod {pod} is gone',
  podRemoved: 'containers of {pod} stopped; {pod} {phase}, then removed',
  terminatingSkipped: '{pod} is terminating; {step} skipped',
  nodeNotReadyWaits: 'node {node} is NotReady; {pod} waits',
  containerCreating: '{pod}: ContainerCreating',
  errImagePull: '{pod}: ErrImagePull',
  imagePullBackOff: '{pod}: ImagePullBackOff (retry in {seconds}s)',
  running: '{pod}: Running',
  runningNeverReady: '{pod}: Running, readiness never passes',
  ready: '{pod}: Ready',
  crashLoopBackOff: '{pod}: CrashLoopBackOff (restart in {seconds}s)',
  // Deployment controller
  deploymentDeleted: 'Deployment {key} has been deleted',
  deploymentSynced: 'synced Deployment {deployment}',
  replicaSetCreated: 'created ReplicaSet {rs} at {replicas}',
  replicaSetScaled: 'scaled {rs} {from} → {to}',
  oldReplicaSetDeleted: 'deleted old ReplicaSet {rs} (revisionHistoryLimit {limit})',
  rolledBack: 'rolled back {deployment} to revision {revision}',
  // ReplicaSet controller
  podsCreated: { one: 'created {count} pod for {rs}', other: 'created {count} pods for {rs}' },
  podsDeleted: { one: 'deleted {count} pod of {rs}', other: 'deleted {count} pods of {rs}' },
  replicaSetDeleted: 'ReplicaSet {key} has been deleted',
  replicaSetSynced: 'synced ReplicaSet {rs}',
  // DaemonSet controller
  daemonSetDeleted: 'DaemonSet {key} has been deleted',
  daemonSetSelectsAll: 'DaemonSet {ds} selects all pods: not synced',
  daemonSetDeleting: 'DaemonSet {ds} is being deleted',
  daemonSetNoRevisions: 'DaemonSet {ds}: failed to construct revisions',
  daemonSetExpectations: 'DaemonSet {ds}: waiting for {add} creations and {del} deletions to be observed',
  daemonSetSynced: 'synced DaemonSet {ds}',
  daemonSetCreated: { one: 'synced DaemonSet {ds}: created {count} pod', other: 'synced DaemonSet {ds}: created {count} pods' },
  daemonSetDeletedPods: {
    one: 'synced DaemonSet {ds}: deleted {count} pod',
    other: 'synced DaemonSet {ds}: deleted {count} pods',
  },
  daemonSetCreatedDeleted: 'synced DaemonSet {ds}: created {created}, deleted {deleted} pods',
  // policy controllers and kubectl drain (ResourceQuota, PodDisruptionBudget, HPA)
  quotaDeleted: 'ResourceQuota {key} has been deleted',
  quotaSynced: 'synced ResourceQuota {quota}: {used}',
  budgetDeleted: 'PodDisruptionBudget {key} has been deleted',
  budgetSynced: 'synced PodDisruptionBudget {pdb}: {allowed} disruptions allowed',
  hpaDeleted: 'HorizontalPodAutoscaler {key} has been deleted',
  hpaSynced: 'synced HorizontalPodAutoscaler {hpa}: {current} → {desired} replicas',
  hpaFailed: 'HorizontalPodAutoscaler {hpa}: {reason}',
  drainIdle: 'kubectl drain #{id} has nothing to do now',
  // garbage collector
  notDependent: '{kind} {key} no longer depends on the deleted owner',
  ownerGone: 'deleted {kind} {name}: its owner is gone',
  ownerDeletingDependents: 'deleted {kind} {name} ({policy}): its owner waits for its dependents (foregroundDeletion)',
  dependentDeleting: '{kind} {key} is being deleted already',
  ownerAlreadyGone: '{kind} {key} is gone: nothing left for the garbage collector to finalize',
  orphanedDependents: {
    one: 'took the owner reference to {owner} off {count} dependent',
    other: 'took the owner reference to {owner} off {count} dependents',
  },
  waitingForDependents: {
    one: '{owner} waits for {count} dependent that blocks its deletion (blockOwnerDeletion)',
    other: '{owner} waits for {count} dependents that block its deletion (blockOwnerDeletion)',
  },
  finalizerRemoved: 'removed the finalizer {finalizer} from {owner}',
  // pvc-protection controller
  pvcInUse: 'claim {claim} stays while {pod} mounts it (kubernetes.io/pvc-protection)',
  pvcFinalizerRemoved: 'claim {claim} is no longer mounted: finalizer kubernetes.io/pvc-protection removed',
  pvcFinalizerAdded: 'claim {claim}: finalizer kubernetes.io/pvc-protection added',
  // namespace controller
  namespaceContentRemains: {
    one: 'namespace {namespace} is Terminating: {count} kind of content is left',
    other: 'namespace {namespace} is Terminating: {count} kinds of content are left',
  },
  namespaceDeleted: 'namespace {namespace} is empty: finalized and deleted',
  namespaceGone: 'namespace {namespace} is gone or no longer being deleted: nothing to do',
  rootCAPublished: 'published kube-root-ca.crt in namespace {namespace}',
  rootCAUpdated: 'put the CA bundle and description of kube-root-ca.crt in namespace {namespace} back',
  rootCAInSync: 'kube-root-ca.crt in namespace {namespace} is as published: nothing to write',
  rootCANamespaceGone: 'namespace {namespace} is gone or being deleted: kube-root-ca.crt not created',
  // kubelet: graceful termination and the prober
  stopping: '{pod}: stopping its containers (grace period {grace}s), gone in {seconds}s',
  sigterm: '{pod}: preStop hook done, SIGTERM',
  nothingToStop: '{pod}: no container to stop',
  containerExited: '{pod}: {container} exited, starting it again',
  probeFailed: '{pod}: {probe} probe failed',
  probeNotReady: '{pod}: not Ready',
  startupSucceeded: '{pod}: startup probe succeeded, {container} started',
  probeKill: '{pod}: {probe} probe failed, killing {container}',
  probesPassed: '{pod}: probes passed',
  // Added after the catalogue was first recorded: new keys go last, so older notes keep their index.
  // endpoint controllers, kube-proxy and the clients (DESIGN.md §15)
  droppingKey: 'dropping {key} out of the {controller} queue: {error}',
  kubernetesServiceSynced: 'the API server checked service/kubernetes, its Endpoints and its EndpointSlice: {writes} writes',
  proxySynced: 'kube-proxy synced its rules: {services} Services, {endpoints} endpoints programmed',
  trafficSecond: '{service} second {second}: {ok} ok, {errors} failed of {requests}',
  // StatefulSet controller and the volume binder (appended: a note's index is its key's position)
  statefulSetDeleted: 'StatefulSet {key} has been deleted',
  statefulSetStale: 'StatefulSet {sts}: waiting for the informer to deliver its own write (rv {rv})',
  statefulSetSynced: 'synced StatefulSet {sts}',
  statefulSetWrote: 'synced StatefulSet {sts}: created {created}, deleted {deleted}, updated {updated} pods, created {claims} claims',
  claimBound: 'claim {claim} Bound to volume {volume} (made on {node})',
  // etcd's lessor and the API server's --event-ttl (apiserver/eventLeases.ts)
  eventsExpired: {
    one: 'etcd: lease {lease} (granted {granted}) expired: {count} Event deleted (--event-ttl 1h)',
    other: 'etcd: lease {lease} (granted {granted}) expired: {count} Events deleted (--event-ttl 1h)',
  },
  // kubelet: a container whose ConfigMap or Secret is missing (kubelet/containerConfig.ts)
  createContainerConfigError: '{pod}: CreateContainerConfigError ({message})',
  // kubelet: a ConfigMap or Secret volume that cannot be mounted (kubelet/volumeMounts.ts)
  failedMount: '{pod}: MountVolume.SetUp failed for volume {volume} ({message})',
  // kubelet: init containers, one at a time before the app containers (kubelet/initContainers.ts)
  initStarted: '{pod}: init container {container} started',
  initCrashLoopBackOff: '{pod}: init container {container} exited 1 → CrashLoopBackOff, started again in {seconds}s',
  initialized: '{pod}: all {total} init containers completed → Initialized',
  definitionChanged: '{pod}: the image of {container} changed, killing it to start it again',
  definitionRestart: '{pod}: {container} stopped, pulling the new image to start it again',
  definitionUnchanged: '{pod}: every container runs the image its spec names: nothing to restart',
  podFinished: '{pod}: {container} exited and restartPolicy does not start it again: {phase}',
  deadlineExceeded: '{pod}: active longer than its activeDeadlineSeconds ({seconds}s): Failed, DeadlineExceeded; stopping its containers',
  deadlineNotYet: '{pod}: its active deadline has not passed (it moved, or the pod restarted its clock)',
  podFinishedSkips: '{pod} is finished (Succeeded or Failed): {step} skipped',
  // the scheduler's events.k8s.io broadcaster (client/eventSeries.ts)
  eventSeriesWritten: "the scheduler's event broadcaster wrote the series of Event {name}: count {count}",
  // the PV controller's claims that nothing binds (controller/volume/claimSync.ts)
  claimProvisioningFailed: 'claim {claim} stays Pending: ProvisioningFailed ({message})',
  claimNoVolume: 'claim {claim} stays Pending: no PersistentVolume and no storage class',
  claimWaitsForConsumer: 'claim {claim} stays Pending: {reason}',
  claimVolumeNotFound: 'claim {claim} stays Pending: the PersistentVolume {volume} it names does not exist',
  claimVolumeTaken: 'claim {claim} stays Pending: the PersistentVolume {volume} it names is bound to {boundTo}',
  claimLost: 'claim {claim} is Lost: {reason} ({message})',
  // the PV controller and the pv-protection controller over stored volumes (controller/volume/volumeSync.ts)
  claimBoundToVolume: 'claim {claim} Bound to PersistentVolume {volume}',
  volumePhase: 'PersistentVolume {volume} is {phase}',
  pvFinalizerRemoved: 'PersistentVolume {volume} is not bound: finalizer kubernetes.io/pv-protection removed',
  // the PV controller's reclaim of a Delete volume (controller/volume/volumeDelete.ts)
  volumeDeleted: 'PersistentVolume {volume} deleted: its storage is gone, as its reclaim policy Delete asks',
  // the ReplicaSet controller's ClaimPods (controller/replicaset/claimPods.ts); new keys go last:
  // a note is its key's index, so one added in the middle renumbers every later note of a run
  podAdopted: '{rs} adopted {pod}',
  podReleased: '{rs} released {pod}',
  // the Deployment controller's ClaimReplicaSets (controller/deployment/claimReplicaSets.ts)
  replicaSetAdopted: '{deployment} adopted ReplicaSet {rs}',
  replicaSetReleased: '{deployment} released ReplicaSet {rs}',
  // the scheduler's PreBind wait for provisioned volumes (scheduler/bindingCycle.ts) and the
  // provisioning it waits for (controller/volume/binder.ts)
  waitingForVolumes: '{pod} assumed on {node}: not bound until claims {claims} are bound (PreBind)',
  claimProvisioning: 'claim {claim}: its volume is being provisioned on {node}',
  // the DaemonSet controller's getDaemonPods (controller/daemon/getDaemonPods.ts)
  daemonPodAdopted: 'DaemonSet {ds} adopted {pod}',
  daemonPodReleased: 'DaemonSet {ds} released {pod}',
  // the DaemonSet controller's controlledHistories (controller/daemon/controlledHistories.ts)
  daemonRevisionAdopted: 'DaemonSet {ds} adopted ControllerRevision {revision}',
  daemonRevisionReleased: 'DaemonSet {ds} released ControllerRevision {revision}',
  // the StatefulSet controller's adoptOrphanRevisions (controller/statefulset/claimPods.ts)
  statefulSetRevisionAdopted: 'StatefulSet {sts} adopted ControllerRevision {revision}',
} as const satisfies Readonly<Record<string, SummaryTemplate>>;

export type SummaryKey = keyof typeof SUMMARY_TEMPLATES;

type PlaceholdersOf<S extends string> = S extends `${string}{${infer P}}${infer Rest}` ? P | PlaceholdersOf<Rest> : never;
type TemplateParams<T> = T extends string ? PlaceholdersOf<T> : T extends { one: infer O; other: infer X } ? PlaceholdersOf<O & string> | PlaceholdersOf<X & string> : never;

/** The values a note of `K` needs: one per placeholder of its template(s). */
export type SummaryValues<K extends SummaryKey> = Record<TemplateParams<(typeof SUMMARY_TEMPLATES)[K]>, SummaryValue>;

/**
 * Notes as a tick record keeps them, one after the other: an index in SUMMARY_KEYS, then that
 * key's values in SUMMARY_PARAMS order.
 */
export type SummaryNotes = readonly SummaryValue[];

/** No notes (shared: nothing ever writes into a notes array). */
export const NO_NOTES: SummaryNotes = [];

/** The keys in catalogue order; a note's first element indexes this list. */
export const SUMMARY_KEYS: readonly SummaryKey[] = Object.keys(SUMMARY_TEMPLATES) as SummaryKey[];

/** A template cut at its placeholders: literal text at even indexes, placeholder positions at odd. */
type Compiled = readonly (string | number)[];

interface Entry {
  params: readonly string[];
  one: Compiled;
  other: Compiled;
  /** Position of `count` in params (plural forms), else -1. */
  count: number;
}

function compile(template: string, params: string[]): Compiled {
  const out: (string | number)[] = [];
  let last = 0;
  for (const m of template.matchAll(/\{([A-Za-z]+)\}/g)) {
    const name = m[1] as string;
    let at = params.indexOf(name);
    if (at < 0) at = params.push(name) - 1;
    out.push(template.slice(last, m.index), at);
    last = m.index + m[0].length;
  }
  out.push(template.slice(last));
  return out;
}

const ENTRIES: readonly Entry[] = SUMMARY_KEYS.map((key) => {
  const t: SummaryTemplate = SUMMARY_TEMPLATES[key];
  const params: string[] = [];
  if (typeof t === 'string') {
    const c = compile(t, params);
    return { params, one: c, other: c, count: -1 };
  }
  const one = compile(t.one, params);
  const other = compile(t.other, params);
  return { params, one, other, count: params.indexOf('count') };
});

const INDEX = new Map<string, number>(SUMMARY_KEYS.map((k, i) => [k, i]));

/** SUMMARY_PARAMS[i]: the value names of key SUMMARY_KEYS[i], in the order a note stores them. */
export const SUMMARY_PARAMS: readonly (readonly string[])[] = ENTRIES.map((e) => e.params);

/** summaryNote packs one note: `('ready', {pod: 'web-x'})` → `[27, 'web-x']`, an exact-size array. */
export function summaryNote<K extends SummaryKey>(key: K, values: SummaryValues<K>): SummaryNotes {
  const i = INDEX.get(key) as number;
  const named = values as Record<string, SummaryValue>;
  const params = (ENTRIES[i] as Entry).params;
  // new Array(n) holds exactly n slots; [] grown by push would reserve 17 for a 2-value note.
  const note = new Array<SummaryValue>(1 + params.length);
  note[0] = i;
  for (let k = 0; k < params.length; k++) note[k + 1] = named[params[k] as string] as SummaryValue;
  return note;
}

/** appendNotes is `notes` followed by `more` (one exact-size array; `more` itself when notes is empty). */
export function appendNotes(notes: SummaryNotes, more: SummaryNotes): SummaryNotes {
  return notes.length === 0 ? more : notes.concat(more);
}

/** renderSummaryNote is the English text of the note starting at `at`, as the summary line holds it. */
export function renderSummaryNote(notes: SummaryNotes, at = 0): string {
  const e = ENTRIES[notes[at] as number];
  if (!e) return '';
  const parts = e.count >= 0 && notes[at + e.count + 1] !== 1 ? e.other : e.one;
  let s = '';
  for (let k = 0; k < parts.length; k++) s += k % 2 === 0 ? parts[k] : String(notes[at + (parts[k] as number) + 1]);
  return s;
}

/** summaryOfNotes is a tick's summary line as the engine builds it from its notes: each rendered, joined by `; `. */
export function summaryOfNotes(notes: SummaryNotes, from = 0, to = notes.length): string {
  let s = '';
  let at = from;
  while (at < to) {
    const params = SUMMARY_PARAMS[notes[at] as number];
    if (!params) break;
    const text = renderSummaryNote(notes, at);
    // While the line is still empty (no sentence yet, or one that rendered empty) the next takes no `; `.
    s = s ? `${s}; ${text}` : text;
    at += 1 + params.length;
  }
  return s;
}

/** A note unpacked: its key and named values, as the UI's templates take them. */
export interface SummaryNoteView {
  key: SummaryKey;
  values: Record<string, SummaryValue>;
}

/** summaryNoteViews unpacks a tick's notes into keys and named values (for the UI's templates). */
export function summaryNoteViews(notes: SummaryNotes): SummaryNoteView[] {
  const out: SummaryNoteView[] = [];
  let at = 0;
  while (at < notes.length) {
    const i = notes[at] as number;
    const params = SUMMARY_PARAMS[i];
    if (!params) break;
    const values: Record<string, SummaryValue> = {};
    for (let k = 0; k < params.length; k++) values[params[k] as string] = notes[at + k + 1] as SummaryValue;
    out.push({ key: SUMMARY_KEYS[i] as SummaryKey, values });
    at += 1 + params.length;
  }
  return out;
}
