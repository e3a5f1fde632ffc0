/**
 * English Explain templates for the decisions whose English the engine's catalogues do not hold
 * (the ReplicaSet controller's). Every other decision shows the worker's English `text`, which the
 * engine's catalogues render. Placeholders are i18next's `{{name}}`, one per value of the decision.
 * tests/i18n/explainCatalog.test.ts keeps this list equal to the emitted keys that lack a template.
 */
export const EXPLAIN_EN: Record<string, Record<string, string>> = {
  manageReplicas: {
    diff: 'diff = active pods {{active}} − replicas {{replicas}} = {{diff}}',
    burstCapped: 'diff {{diff}} > burstReplicas {{burstReplicas}}: this sync handles {{n}}',
    createFailed: '{{failed}} creates failed: skip the remaining {{skipped}}, their expectations lowered',
    create: 'create {{count}} pods in slow-start batches {{batches}}',
    delete: 'delete {{count}} pods: {{pods}}',
  },
  syncReplicaSet: {
    expectationsPending:
      'expectations not satisfied (add {{add}}, del {{del}}): wait for the informer before creating or deleting again',
  },
  updateReplicaSetStatus: {
    status:
      'status: replicas {{replicas}}, ready {{readyReplicas}}, available {{availableReplicas}}, terminating {{terminatingReplicas}}',
  },
};
