// The English sentences of the Explain records an event recorder writes (DESIGN.md §2).
import type { DecisionCatalog } from '../controller/deployment/util/plans/explainCatalog.ts';

/** EVENT_DECISION_KEYS: what client-go's EventCorrelator did to an Event (eventCorrelator.ts). */
export const EVENT_DECISION_KEYS: DecisionCatalog = {
  eventCorrelate: {
    aggregated:
      '{reason} about {kind} {name}: {max} different messages within 10 minutes, so the {recorder} recorder writes them as one Event "(combined from similar events): …" (count {count})',
    spamDropped:
      '{reason} about {kind} {name} not written: the {recorder} recorder has no token left for this object (25 Events at once, then one every 5 minutes); seen {count} times',
  },
};
