// The English sentences of the Explain records the EndpointSlice and Endpoints controllers write
// (DESIGN.md §2, §15). The engine records { fn, key, values }; the CLI renders these templates,
// the UI translates them; engine/explain.ts registers them in ALL_DECISION_CATALOGS. Both
// controllers name their sync syncService (as upstream), so syncService holds the keys of both:
// serviceGone and stale are the EndpointSlice controller's, deleteEndpoints, unchanged, create and
// update the Endpoints controller's, and noSelector (same values) both write.

/** fn → key → template with {value} placeholders (the shape of deployment's DecisionCatalog). */
export type EndpointDecisionCatalog = Readonly<Record<string, Readonly<Record<string, string>>>>;

export const ENDPOINTSLICE_DECISION_KEYS: EndpointDecisionCatalog = {
  syncService: {
    serviceGone: 'Service {service} is gone: forget its trackers (garbage collection deletes its EndpointSlices)',
    noSelector: 'Service {service} (type {type}) has no selector or is ExternalName: the controller writes no endpoints for it',
    stale: 'Service {service}: the informer has not yet seen this controller’s last slice write ({slices} slices cached) → retry later',
    deleteEndpoints: 'Service {service} is gone: delete its Endpoints object',
    unchanged: 'Endpoints {service} already lists {ready} ready and {notReady} not-ready addresses: no write',
    create: 'create Endpoints {service}: {ready} ready, {notReady} not-ready addresses (truncated: {truncated})',
    update: 'update Endpoints {service}: {ready} ready, {notReady} not-ready addresses (truncated: {truncated})',
  },
  reconcile: {
    deleteAddressType: 'delete EndpointSlice {slice}: the Service no longer has address type {addressType}',
  },
  reconcileByAddressType: {
    notOwned: 'delete EndpointSlice {slice}: it is not owned by this Service (an older Service of the same name)',
    nodeNotFound: 'leave out pod {pod}: its node {node} is not in the node cache (the Service is retried)',
    desired: '{endpoints} {addressType} endpoints wanted for this port set, {existingSlices} slices hold it now',
    portsNoLongerDesired: 'delete EndpointSlice {slice}: no pod offers its port set any more',
    placeholderKept: 'no endpoints: keep the empty placeholder slice {slice}',
    placeholderCreated: 'no endpoints: write one empty placeholder {addressType} slice',
  },
  reconcileByPortMapping: {
    deleteEmpty: 'delete EndpointSlice {slice}: none of its endpoints is wanted any more ({removed} removed)',
    updateEndpoints: 'update EndpointSlice {slice}: keeps {kept} endpoints, {removed} removed, conditions changed: {changed}',
    updateLabels: 'update EndpointSlice {slice}: the Service’s labels changed',
    fillUpdated: 'top up EndpointSlice {slice} (already being updated) with {added} endpoints → {size} of {max}',
    fillUnchanged: 'put the last {added} endpoints into EndpointSlice {slice}, the slice they bring closest to full → {size} of {max}',
    create: 'create a new EndpointSlice with {endpoints} endpoints (at most {max} a slice)',
  },
  finalize: {
    recycle: 'reuse EndpointSlice {slice} instead of deleting it and creating another: update it with {endpoints} endpoints',
    serviceDeleting: 'the Service is being deleted: skip {creates} slice creations',
  },
};
