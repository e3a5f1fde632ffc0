/**
 * Constant strings of the Kubernetes API and controllers, declared once, verbatim upstream.
 */

/** Label on ReplicaSets and their pods: the hash of the Deployment's pod template. */
export const DefaultDeploymentUniqueLabelKey = 'pod-template-hash';
/** Label on DaemonSet pods and ControllerRevisions: the revision's hash. */
export const ControllerRevisionHashLabelKey = 'controller-revision-hash';

/** The revision number of a ReplicaSet, and on the Deployment the revision of its new RS. */
export const RevisionAnnotation = 'deployment.kubernetes.io/revision';
/** Comma list of earlier revision numbers of an RS that was rolled back to (rollout undo). */
export const RevisionHistoryAnnotation = 'deployment.kubernetes.io/revision-history';
/** spec.replicas of the Deployment when it last scaled this RS; a mismatch is a scaling event. */
export const DesiredReplicasAnnotation = 'deployment.kubernetes.io/desired-replicas';
/** replicas + maxSurge of the Deployment when it last scaled this RS; proportional scaling uses it. */
export const MaxReplicasAnnotation = 'deployment.kubernetes.io/max-replicas';
/** Legacy rollback request (extensions/v1beta1 rollbackTo); only honoured by the controller's rollback path. */
export const DeprecatedRollbackTo = 'deprecated.deployment.rollback.to';
/** Set by kubectl apply; never copied from a Deployment to its ReplicaSets. */
export const LastAppliedConfigAnnotation = 'kubectl.kubernetes.io/last-applied-configuration';
/** Set by `kubectl rollout restart` on the pod template. */
export const RestartedAtAnnotation = 'kubectl.kubernetes.io/restartedAt';
/** Pod deletion cost used when ranking pods to delete (PodDeletionCost, on since 1.22). */
export const PodDeletionCost = 'controller.kubernetes.io/pod-deletion-cost';
/** Annotation carrying the DaemonSet template generation (deprecated, still honoured). */
export const DaemonSetTemplateGenerationKey = 'pod-template-generation';

/** Revision history annotation is trimmed to this many characters (oldest entries first). */
export const RevisionHistoryLimitInChars = 2000;

/** Deployment condition reasons (Progressing / Available / ReplicaFailure). */
export const Reason = {
  /** Progressing=True: a new RS was created. */
  NewReplicaSetCreated: 'NewReplicaSetCreated',
  /** Progressing=True: an existing RS matched the template. */
  FoundNewReplicaSet: 'FoundNewReplicaSet',
  /** Progressing=True: the rollout moved (updated/ready/available grew or old pods went away). */
  ReplicaSetUpdated: 'ReplicaSetUpdated',
  /** Progressing=True: the rollout completed. */
  NewReplicaSetAvailable: 'NewReplicaSetAvailable',
  /** Progressing=False: no progress within progressDeadlineSeconds. */
  TimedOut: 'ProgressDeadlineExceeded',
  /** Progressing=False: creating the new RS failed. */
  FailedRSCreate: 'ReplicaSetCreateError',
  /** Progressing=Unknown: paused. */
  Paused: 'DeploymentPaused',
  /** Progressing=Unknown: resumed. */
  Resumed: 'DeploymentResumed',
  /** Available=True. */
  MinimumReplicasAvailable: 'MinimumReplicasAvailable',
  /** Available=False. */
  MinimumReplicasUnavailable: 'MinimumReplicasUnavailable',
  /** ReplicaFailure on an RS. */
  FailedCreate: 'FailedCreate',
  FailedDelete: 'FailedDelete',
} as const;

/** Kubernetes controller constants (semantics.md §2). */
export const ReplicaSetBurstReplicas = 500;
export const DaemonSetBurstReplicas = 250;
export const SlowStartInitialBatchSize = 1;
/** ExpectationsTimeout: expectations older than this are considered satisfied. */
export const ExpectationsTimeoutMs = 5 * 60 * 1000;
/** Deployment controller drops a key after this many failed syncs. */
export const DeploymentMaxRetries = 15;
/** DaemonSet failed-pod backoff: flowcontrol.NewBackOff(1s, 15m). */
export const FailedPodBackoffInitialMs = 1000;
export const FailedPodBackoffMaxMs = 15 * 60 * 1000;

/** The namespace every simulated object lives in unless its manifest says otherwise. */
export const DefaultNamespace = 'default';

/** The taint the node lifecycle controller gives a cordoned node (effect NoSchedule): TaintNodeUnschedulable. */
export const TaintNodeUnschedulableKey = 'node.kubernetes.io/unschedulable';

/** The node label every kubelet sets to its hostname (v1.LabelHostname). */
export const LabelHostname = 'kubernetes.io/hostname';
