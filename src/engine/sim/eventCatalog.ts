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
  eventSeries: {
    started:
      '{reason} about pod {pod} again within 6 minutes, for the same pod version: the scheduler\'s events.k8s.io broadcaster starts a series and patches the first Event with series count 2 (its message stays the first one\'s)',
    counted:
      '{reason} about pod {pod} again: the broadcaster counts it in its series ({count}) without writing; the stored Event keeps its last written count until the series is written again (every 30 minutes, or when it has been quiet for 6)',
    finished:
      'Event {name}: its series was quiet for 6 minutes, so the scheduler\'s broadcaster writes its final count ({count}) and forgets it; the next one starts a new Event',
    refreshed: 'Event {name}: the broadcaster\'s 30-minute pass writes its running series\' count ({count}), which also renews its TTL',
    recreated: 'Event {name} had expired: the series patch found nothing, so the broadcaster creates it again with its series (count {count})',
  },
  revokeExpiredLeases: {
    expired:
      'etcd lease {lease} of the {api} Events, granted at {granted} for {ttl} s + {reuse} s, expired: the {count} Events whose last write went on it are deleted in one transaction ({writes} writes went on it; an Event written again since is on a newer lease and stays)',
    nothingAttached:
      'etcd lease {lease} of the {api} Events, granted at {granted} for {ttl} s + {reuse} s, expired: each of its {writes} Events was written again since, on a newer lease, or deleted; nothing to delete',
  },
};
