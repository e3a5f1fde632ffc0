// The English sentences of the clients' Explain records (DESIGN.md §15): one per virtual second
// and Service with its counts, and one per group of failed requests saying why, with the
// numbers. engine/explain.ts registers them; src/i18n/explain.zh-CN.ts translates them. Times
// are virtual seconds; "until" is the proxy sync whose rules stopped sending to the pod.

export type TrafficDecisionCatalog = Readonly<Record<string, Readonly<Record<string, string>>>>;

export const TRAFFIC_DECISION_KEYS: TrafficDecisionCatalog = {
  // A pod's place in its Service's EndpointSlice (src/timeline/endpointState.ts, the Cluster panel's badge).
  podToEndpoint: {
    ready: 'pod {pod} is a ready endpoint of {service} (slice {slice}): Ready and not being deleted, so every node’s rules send new connections to it',
    servingTerminating:
      'pod {pod} is serving but terminating in {service} (slice {slice}): it is being deleted and still Ready; kube-proxy sends it new connections only while no endpoint of the Service is ready',
    terminatingNotServing: 'pod {pod} is terminating and no longer serving in {service} (slice {slice}): no rules send to it',
    notReady: 'pod {pod} is listed but not ready in {service} (slice {slice}): its Ready condition is not True, so no rules send to it',
  },
  trafficSecond: {
    counts:
      '{service} second {second}: {requests} requests — {ok} ok, {refused} refused, {reset} reset, {timeout} timed out, {http503} HTTP 503; ok by revision {byRevision}; {endpoints} endpoints in the client node’s rules',
  },
  trafficFailure: {
    noRules: '{count} timed out ({from}–{to} s): {node} has no rules for {service} yet (its kube-proxy has not synced it)',
    rejected: '{count} refused ({from}–{to} s): {node}’s rules REJECT {service}: no usable endpoint (rules synced {synced} s from slices written {sliceWritten} s)',
    dropped: '{count} timed out ({from}–{to} s): {node}’s rules DROP {service}: it has endpoints, none on {node} for internalTrafficPolicy Local (rules synced {synced} s)',
    notListening:
      '{count} refused ({from}–{to} s): pod {pod} does not listen yet — its container started at {started} s and the application listens from {listens} s — but {node}’s rules already send to it (proxy sync {synced} s, slice written {sliceWritten} s)',
    stopped:
      '{count} refused ({from}–{to} s): pod {pod} stopped listening at {stopped} s (SIGTERM, no preStop); {node}’s rules still listed it until {until} s (slice written {untilSliceWritten} s, proxy sync {until} s)',
    stoppedAfterPreStop:
      '{count} refused ({from}–{to} s): pod {pod} stopped listening at {stopped} s (SIGTERM after its {preStopSeconds} s preStop {preStop}); {node}’s rules still listed it until {until} s (slice written {untilSliceWritten} s, proxy sync {until} s)',
    stoppedStillListed:
      '{count} refused ({from}–{to} s): pod {pod} stopped listening at {stopped} s (SIGTERM; preStop {preStop} {preStopSeconds} s); {node}’s rules still list it (proxy sync {synced} s)',
    gone: '{count} timed out ({from}–{to} s): pod {pod} is gone since {gone} s (its containers stopped, its IP answers nothing); {node}’s rules still listed it until {until} s (slice written {untilSliceWritten} s, proxy sync {until} s)',
    goneStillListed: '{count} timed out ({from}–{to} s): pod {pod} is gone since {gone} s (its IP answers nothing); {node}’s rules still list it (proxy sync {synced} s)',
    maxRps: '{count} HTTP 503 ({from}–{to} s): pod {pod} answers at most {maxRps} requests a second',
    resetExit: '{count} reset ({from}–{to} s): pod {pod} exited at SIGTERM ({stopped} s, onSigterm exit) with these requests in flight ({requestMs} ms each)',
    resetKilled: '{count} reset ({from}–{to} s): the containers of pod {pod} stopped at {gone} s with these requests in flight ({requestMs} ms each)',
    more: '{count} more failed requests in {groups} other groups',
    rulesRemoved:
      '{count} timed out ({from}–{to} s): {node}’s kube-proxy removed its rules for {service} at {removed} s (the Service was deleted, or kube-proxy no longer serves it), so nothing answers its ClusterIP: nftables mode drops traffic to unallocated ClusterIPs, iptables mode has no rule for it; kept-alive connections go on (conntrack)',
  },
};
