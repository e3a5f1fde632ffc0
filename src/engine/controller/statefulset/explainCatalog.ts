// The English sentences of every Explain record the StatefulSet plans write (DESIGN.md §2). The
// engine records { fn, key, values }; the CLI renders these templates, the UI translates them.
// engine/explain.ts registers them in ALL_DECISION_CATALOGS; src/i18n/explain.zh-CN.ts translates them.
/** fn → key → template with {name} placeholders (the shape of the Deployment catalogue). */
export type DecisionCatalog = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** STATEFULSET_DECISION_KEYS: fn → key → template; every {placeholder} is a key of the record's values. */
export const STATEFULSET_DECISION_KEYS: DecisionCatalog = {
  getStatefulSetRevisions: {
    unchanged: 'the template matches the latest revision {revision} (#{number}): nothing new to record',
    rollback: 'the template matches the older revision {revision}: renumbered #{from} → #{to} (a rollback; no new revision)',
    semanticallyUnchanged: 'the template is semantically the latest revision {revision} (#{number}): nothing new to record',
    newRevision: 'new revision {revision} (#{number}, collisionCount {collisionCount}) for the changed template',
    existingRevision: 'the changed template\'s revision {revision} (#{number}, collisionCount {collisionCount}) already exists with the same data: used as it is, none created',
  },
  createControllerRevision: {
    hashCollision: 'the name {revision} is taken by another template: collisionCount → {collisionCount}, hash again',
  },
  truncateHistory: {
    deleteRevisions: '{historic} revisions are neither current, update nor a pod\'s, limit {limit}: delete the oldest {deleted}',
  },
  updateStatefulSet: {
    partition:
      '{replicas} replicas from ordinal {start}: {missing} to create, {condemned} condemned, {unavailable} unavailable (first: {firstUnavailable})',
    setDeleting: 'the StatefulSet is being deleted: status only',
    onDelete: 'OnDelete: {updatedReplicas} of {replicas} pods at the update revision; pods change only when deleted',
    deleteForUpdate: 'delete {pod} (revision {revision} ≠ {updateRevision}): the highest ordinal ≥ partition {partition} not yet updated',
    waitForUpdate: 'wait for {pod} to be available (minReadySeconds {minReadySeconds}, terminating {terminating}) before the next update',
    rolloutSettled: 'every pod from partition {partition} up is at the update revision ({updatedReplicas} of {replicas} updated)',
  },
  updateStatefulSetAfterInvariantEstablished: {
    budget: 'maxUnavailable {maxUnavailable}, {unavailable} unavailable: delete up to {podsToDelete}',
  },
  processReplica: {
    deleteTerminal: 'delete {pod} ({podPhase}): it is created again once it is gone',
    waitTerminalGone: 'wait for {pod} ({podPhase}) to be gone before creating it again',
    staleClaim: "{pod} is not created: a claim still belongs to an earlier {pod} (whenScaled: Delete waits for the garbage collector)",
    claimBeingDeleted: '{pod} is not created: {error}',
    create: 'create {pod} (ordinal {ordinal}) at revision {revision}, {claims} claims first',
    createMissingClaims: '{pod} is Pending: create its {claims} missing claims',
    waitTerminating: 'wait for {pod} to finish terminating',
    notCreatedUntilReady: '{pod} is not created: OrderedReady waits for {waitingFor} to be Running and Ready (phase {podPhase}, Ready {ready})',
    waitRunningAndReady: 'wait for {pod} to be Running and Ready (phase {podPhase}, Ready {ready})',
    notCreatedUntilAvailable: '{pod} is not created: OrderedReady waits for {waitingFor} to be available (minReadySeconds {minReadySeconds})',
    waitAvailable: 'wait for {pod} to be available (minReadySeconds {minReadySeconds})',
    updatePod: 'update {pod}: identity matched {identity}, storage matched {storage}',
  },
  fixPodClaim: {
    updateClaims: 'condemned {pod}: {claims} claims get the owners the retention policy wants',
  },
  processCondemned: {
    waitTerminating: 'wait for condemned {pod} to finish terminating before scaling down further',
    skipTerminating: 'condemned {pod} is already terminating',
    waitRunningAndReady: 'condemned {pod} is not Running and Ready and not the first unavailable pod ({firstUnavailable}): wait',
    waitAvailable: 'condemned {pod} is not available and not the first unavailable pod ({firstUnavailable}): wait (minReadySeconds {minReadySeconds})',
    delete: 'delete condemned {pod} (ordinal {ordinal}): scale down, highest ordinal first',
  },
};
