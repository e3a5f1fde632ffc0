// The English sentences of the Explain records the garbage collector writes when a delete left it
// a finalizer (gcFinalizers.ts). engine/explain.ts registers them in ALL_DECISION_CATALOGS.

/** fn → key → template with {value} placeholders (the shape of deployment's DecisionCatalog). */
export const GC_DECISION_KEYS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  orphanDependents: {
    orphaned:
      '{owner} was deleted with propagationPolicy Orphan (finalizer orphan): its reference is taken off {count} dependents ({dependents}), which stay; a controller whose selector matches them may adopt them',
  },
  processDeletingDependentsItem: {
    noBlocking:
      '{owner} was deleted with propagationPolicy Foreground: no dependent with blockOwnerDeletion is left ({dependents} dependents in all) → its finalizer foregroundDeletion comes off',
    waiting:
      '{owner} was deleted with propagationPolicy Foreground: it stays while {blocking} dependents with blockOwnerDeletion exist; {deleting} of them not yet being deleted are deleted now',
  },
  removeFinalizer: {
    removed: 'finalizer {finalizer} taken off {owner}; with no finalizer left the API server removes it: {gone}',
  },
  // The namespace controller (namespace/namespaceController.ts), which empties a namespace being deleted.
  deleteAllContent: {
    remaining:
      'namespace {namespace} is Terminating: {deleted} objects deleted in this pass; left: {remaining} (finalizers: {finalizers}) → back in {after} s, half the {estimate} s estimate plus one',
    unexpected:
      'namespace {namespace} is Terminating: {deleted} objects deleted; {resources} still left after their estimate, with no finalizer ({remaining}) → an error, retried with back-off',
    empty: 'namespace {namespace} is Terminating and empty ({deleted} objects deleted in this pass) → its finalizer kubernetes comes off',
  },
  finalizeNamespace: {
    deleted: 'namespace {namespace} has no spec.finalizers left → deleted',
  },
};
