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
};
