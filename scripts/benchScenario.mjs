// The scenario bench-browser.mjs plays (a Deployment of N pods rolled to a new image at 20 s, with
// or without a Service and its callers) and the share URL that opens it in the page.
import { deflateRawSync } from 'node:zlib';

/**
 * The scenario: `podCount` replicas on enough nodes, rolled to a new image at 20 s. With
 * `traffic`, the pods listen on 8080 behind Service web (a readinessProbe, so the endpoints
 * follow readiness) and node-1 sends it `podCount` requests a second from 10 s: the EndpointSlice
 * controller, kube-proxy, the Traffic chart and the endpoint badges all work during the rollout.
 * `strategy` is the rolling update's { maxSurge, maxUnavailable } (both undefined: Kubernetes' 25% / 25%).
 */
export function scenario(podCount, traffic, strategy) {
  const nodes = Math.ceil((podCount * 1.3) / 110);
  const labels = { app: 'web' };
  const container = traffic
    ? {
        name: 'web',
        image: 'web:1',
        ports: [{ containerPort: 8080 }],
        readinessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 1 },
      }
    : { name: 'web', image: 'web:1' };
  const service = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web' },
    spec: { selector: labels, ports: [{ port: 80, targetPort: 8080 }] },
  };
  return {
    version: 1,
    name: `Browser bench — ${podCount} pods${traffic ? ' with traffic' : ''}`,
    cluster: {
      nodes,
      ...(traffic ? { traffic: [{ at: 10, service: 'web', rps: podCount, node: 'node-1' }] } : {}),
    },
    objects: [
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web', labels },
        spec: {
          replicas: podCount,
          selector: { matchLabels: labels },
          ...(strategy.maxSurge === undefined && strategy.maxUnavailable === undefined
            ? {}
            : { strategy: { type: 'RollingUpdate', rollingUpdate: strategy } }),
          template: { metadata: { labels }, spec: { containers: [container] } },
        },
      },
      ...(traffic ? [service] : []),
    ],
    actions: [{ at: 20, kubectl: 'set image deployment/web web=web:2' }],
  };
}

/** shareHash writes DESIGN.md §6's `#v1.<base64url of raw DEFLATE of the JSON>`. */
export function shareHash(s) {
  return `#v1.${deflateRawSync(Buffer.from(JSON.stringify(s))).toString('base64url')}`;
}
