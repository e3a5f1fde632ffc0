// The English sentences of the Explain records an event recorder writes (DESIGN.md §2).
import type { DecisionCatalog } from '../api/decision.ts';

/** EVENT_DECISION_KEYS: what client-go's EventCorrelator did to an Event (eventCorrelator.ts). */
export const EVENT_DECISION_KEYS: DecisionCatalog = {
  eventCorrelate: {
    aggregated:
      '{reason} about {kind} {name}: the {recorder} recorder kept {separate} different messages as Events of their own within 10 minutes; from the {max}th on it folds each new one into one Event "(combined from similar events): …", which now stands for {count} of them (count {count})',
    spamDropped:
      '{reason} about {kind} {name} not written: the {recorder} recorder has no token left for this object (25 Events at once, then one every 5 minutes); seen {count} times',
  },
  revokeExpiredLeases: {
    expired:
      'etcd lease {lease} of the {api} Events, granted at {granted} for {ttl} s + {reuse} s, expired: the {count} Events whose last write went on it are deleted in one transaction ({writes} writes went on it; an Event written again since is on a newer lease and stays)',
    nothingAttached:
      'etcd lease {lease} of the {api} Events, granted at {granted} for {ttl} s + {reuse} s, expired: each of its {writes} Events was written again since, on a newer lease, or deleted; nothing to delete',
  },
};
