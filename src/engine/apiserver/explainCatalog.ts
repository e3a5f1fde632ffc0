// The English sentences of the Explain records the API server's admission writes (DESIGN.md §2).
import type { DecisionCatalog } from '../api/decision.ts';

/** APISERVER_DECISION_KEYS: what admission did to a request. */
export const APISERVER_DECISION_KEYS: DecisionCatalog = {
  admit: {
    namespaceCreated:
      'namespace "{namespace}" did not exist: the NamespaceAutoProvision admission plugin created it before {kind} {name}',
    createRefused: 'the API server refused to create {kind} {name} ({code} {reason}): {message}',
  },
};
