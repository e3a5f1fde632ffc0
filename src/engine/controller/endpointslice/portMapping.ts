// Port of reconcileByPortMapping (k8s.io/endpointslice reconciler.go, kubernetes-1.36.3, staging
// mirror commit 810be24): how one port set's desired endpoints are spread over its slices with
// the fewest writes.
import { type DecisionLog, decide } from '../../api/decision.ts';
import type { AddressType, Endpoint, EndpointPort, EndpointService, EndpointSlice } from '../../api/discoveryTypes.ts';
import { endpointsEqualBeyondHash } from '../../endpointslice/controllerUtils.ts';
import type { DesiredEndpoints } from './incrementalDesired.ts';
import { getSliceToFill, newEndpointSlice, setEndpointSliceLabels } from '../../endpointslice/utils.ts';

export interface PortMapResult {
  toCreate: EndpointSlice[];
  toUpdate: EndpointSlice[];
  toDelete: EndpointSlice[];
  added: number;
  removed: number;
}

/**
 * reconcileByPortMapping, in upstream's three steps:
 *  1. each existing slice keeps its still-desired endpoints (in their desired version) and drops
 *     the rest; it becomes an update if one changed or went, a delete if none is left, an update
 *     if only the Service's labels changed, and otherwise stays unchanged;
 *  2. the slices marked for update are topped up, fullest first, to max;
 *  3. what is left goes into the unchanged slice it would bring closest to full when fewer than
 *     max remain, else into new slices of max each.
 * E.g. 250 pods, slices of 62 and 61 holding 123 of them, max 100: 127 left → one new slice of
 * 100, then 27 into the 62 (→ 89): 1 create + 1 update instead of 2 updates + 1 create.
 * `desired` is consumed.
 */
export function reconcileByPortMapping(
  service: EndpointService,
  existingSlices: readonly EndpointSlice[],
  desired: DesiredEndpoints,
  ports: EndpointPort[],
  addressType: AddressType,
  maxEndpointsPerSlice: number,
  controllerName: string,
  log?: DecisionLog,
): PortMapResult {
  const byName = new Map<string, EndpointSlice>();
  const unchanged: string[] = [];
  const toUpdate: string[] = [];
  const toDelete: string[] = [];
  let removed = 0;

  for (const slice of existingSlices) {
    byName.set(slice.metadata.name, slice);
    // takeList: every endpoint's take at once (incrementalDesired.ts skips the hashing); the
    // list itself when each take gave back its very endpoint (then nothing needs comparing).
    const wants = desired.takeList?.(slice.endpoints);
    const kept: Endpoint[] = wants === slice.endpoints ? (wants as Endpoint[]) : [];
    let endpointUpdated = false;
    for (let k = 0; k < slice.endpoints.length && wants !== slice.endpoints; k++) {
      const ep = slice.endpoints[k] as Endpoint;
      const want = wants !== undefined ? wants[k] : desired.take(ep);
      if (!want) continue;
      kept.push(want);
      // The very endpoint object (the reconciler's memo wrote it): equal without looking.
      if (want !== ep && !endpointsEqualBeyondHash(want, ep)) endpointUpdated = true;
    }
    const [labels, labelsChanged] = setEndpointSliceLabels(slice, service, controllerName);
    const name = slice.metadata.name;
    if (endpointUpdated || slice.endpoints.length !== kept.length) {
      const dropped = slice.endpoints.length - kept.length;
      if (dropped > 0) removed += dropped;
      if (kept.length === 0) {
        decide(log, 'reconcileByPortMapping', 'deleteEmpty', { slice: name, removed: dropped });
        toDelete.push(name);
      } else {
        decide(log, 'reconcileByPortMapping', 'updateEndpoints', { slice: name, kept: kept.length, removed: dropped, changed: endpointUpdated });
        byName.set(name, { ...slice, endpoints: kept, metadata: { ...slice.metadata, labels } });
        toUpdate.push(name);
      }
    } else if (labelsChanged) {
      decide(log, 'reconcileByPortMapping', 'updateLabels', { slice: name });
      byName.set(name, { ...slice, metadata: { ...slice.metadata, labels } });
      toUpdate.push(name);
    } else {
      unchanged.push(name);
    }
  }

  const added = desired.size;
  const mutable = (name: string): EndpointSlice => {
    const s = byName.get(name) as EndpointSlice;
    // The slices of step 1 are already copies; copy the endpoints list once more to append to it.
    const copy = { ...s, endpoints: [...s.endpoints] };
    byName.set(name, copy);
    return copy;
  };

  if (desired.size > 0 && toUpdate.length > 0) {
    // Fullest first; a stable sort keeps the existing slices' order among equals (upstream: map order).
    const order = [...toUpdate].sort((a, b) => (byName.get(b)?.endpoints.length ?? 0) - (byName.get(a)?.endpoints.length ?? 0));
    for (const name of order) {
      const slice = mutable(name);
      const before = slice.endpoints.length;
      while (desired.size > 0 && slice.endpoints.length < maxEndpointsPerSlice) slice.endpoints.push(desired.popAny() as Endpoint);
      if (slice.endpoints.length > before) decide(log, 'reconcileByPortMapping', 'fillUpdated', { slice: name, added: slice.endpoints.length - before, size: slice.endpoints.length, max: maxEndpointsPerSlice });
    }
  }

  const toCreate: EndpointSlice[] = [];
  while (desired.size > 0) {
    let fill: EndpointSlice | undefined;
    if (desired.size < maxEndpointsPerSlice && unchanged.length > 0) {
      const candidate = getSliceToFill(
        unchanged.map((n) => byName.get(n) as EndpointSlice),
        desired.size,
        maxEndpointsPerSlice,
      );
      if (candidate) fill = mutable(candidate.metadata.name);
    }
    const left = desired.size;
    if (!fill) fill = newEndpointSlice(service, ports, addressType, controllerName);
    while (desired.size > 0 && fill.endpoints.length < maxEndpointsPerSlice) fill.endpoints.push(desired.popAny() as Endpoint);
    if (fill.metadata.name !== '') {
      decide(log, 'reconcileByPortMapping', 'fillUnchanged', { slice: fill.metadata.name, added: left - desired.size, size: fill.endpoints.length, max: maxEndpointsPerSlice });
      toUpdate.push(fill.metadata.name);
      unchanged.splice(unchanged.indexOf(fill.metadata.name), 1);
    } else {
      decide(log, 'reconcileByPortMapping', 'create', { endpoints: fill.endpoints.length, max: maxEndpointsPerSlice });
      toCreate.push(fill);
    }
  }

  return {
    toCreate,
    toUpdate: toUpdate.map((n) => byName.get(n) as EndpointSlice),
    toDelete: toDelete.map((n) => byName.get(n) as EndpointSlice),
    added,
    removed,
  };
}
