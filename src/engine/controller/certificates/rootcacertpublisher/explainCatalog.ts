// The English sentences of the Explain records the root CA publisher writes (publisher.ts).
// engine/explain.ts registers them in ALL_DECISION_CATALOGS.

/** fn → key → template with {value} placeholders (the shape of deployment's DecisionCatalog). */
export const ROOT_CA_PUBLISHER_DECISION_KEYS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  syncNamespace: {
    created: 'namespace {namespace} has no ConfigMap {configMap}: the root CA publisher creates it with the cluster’s CA bundle (ca.crt), which every pod’s token volume mounts',
    updated: 'ConfigMap {configMap} in {namespace} differs from the published CA bundle or lost its description: the publisher writes them back',
    inSync: 'ConfigMap {configMap} in {namespace} holds the published CA bundle and its description: nothing to write',
    namespaceGone: 'namespace {namespace} is gone or being deleted: the publisher does not create {configMap} there (and does not retry)',
  },
};
