// The English sentences of the Explain records kube-proxy's ports write (DESIGN.md §2, §15).
// engine/explain.ts registers them in ALL_DECISION_CATALOGS.

/** fn → key → template with {value} placeholders (the shape of deployment's DecisionCatalog). */
export type ProxyDecisionCatalog = Readonly<Record<string, Readonly<Record<string, string>>>>;

export const PROXY_DECISION_KEYS: ProxyDecisionCatalog = {
  categorizeEndpoints: {
    noEndpoints: 'the Service has no endpoints at all',
    clusterReady: '{ready} of {total} endpoints are ready: new connections go to them (topology mode "{topologyMode}")',
    clusterFallback: 'no endpoint is ready: fall back to the {servingTerminating} of {total} that are serving and terminating',
    local: '{local} endpoints on this node for Local traffic policy (serving-terminating fallback: {servingTerminating})',
  },
  serviceRuleTarget: {
    endpoints: 'the rules send new connections to {usable} endpoints',
    REJECT: 'no usable endpoint anywhere: the rules REJECT (the client sees "connection refused")',
    DROP: 'usable endpoints exist, but none on this node for internalTrafficPolicy Local: the rules DROP (the client times out)',
  },
  syncProxyRules: {
    programmed: '{service}: every node now sends new connections to {usable} of {total} endpoints ({target}); slices written at {sliceWritten} s, last change at {trigger} s',
    ruleChanged: '{service}: pod {pod} is {from} → {to} in the rules from {at} s (slice written {sliceWritten} s)',
    gone: '{service} is gone: its rules are removed',
  },
  boundedFrequencyRunner: {
    sync: 'kube-proxy syncs its rules at {at} ms ({reason})',
    deferred: 'a change at {at} ms waits for the 1 s minSyncPeriod: rules sync at {runAt} ms',
    coalesced: 'a change at {at} ms joins the sync already queued since {pendingSince} ms (at {runAt} ms)',
  },
};
