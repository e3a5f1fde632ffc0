// The English sentences of the Explain records the API server's `kubernetes` Service loop writes
// (controller.ts). engine/explain.ts registers them in ALL_DECISION_CATALOGS.

/** fn → key → template with {value} placeholders (the shape of deployment's DecisionCatalog). */
export const KUBERNETES_SERVICE_DECISION_KEYS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  updateKubernetesService: {
    serviceCreated: 'Service {service} was missing: the API server creates it again (ClusterIP {ip}, port 443 → 6443), as its loop does every 10 s',
    serviceFailed: 'Service {service} was missing, and the API server could not create it again',
    serviceKept: 'Service {service} exists: the API server never corrects it once created',
    endpointsSynced:
      'the API server puts its own address back in {service}: Endpoints {endpoints}, EndpointSlice {slice}, {deleted} other slices deleted (addresses {ips}, port 6443)',
  },
};
