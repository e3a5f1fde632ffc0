/**
 * The HTTP face of the served Kubernetes API: routes a request to discovery, OpenAPI, a read of
 * the live store (get, list, watch — JSON or a Table), or a write through LiveCluster.write.
 * Every failure is a `Status` in the API server's words; a malformed request or a client that
 * goes away never stops the server.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KubeObject } from '../src/engine/api/types.ts';
import { newRequestInfo, type RequestInfo } from '../src/engine/apiserver/rest/requestInfo.ts';
import { findResource, groupVersionOf, type ResourceInfo } from '../src/engine/apiserver/rest/resources.ts';
import {
  newBadRequest,
  newMethodNotSupported,
  newNoProcessToStream,
  STREAMING_POD_SUBRESOURCES,
  newNotFound,
  newNotFoundPath,
  newRequestEntityTooLarge,
  newUnsupportedMediaType,
  type Status,
} from '../src/engine/apiserver/rest/status.ts';
import { toServedVersion } from '../src/engine/apiserver/rest/versions.ts';
import { servedForm } from '../src/engine/apiserver/conversion.ts';
import { versionInfo } from '../src/engine/version.ts';
import { scaleOf } from '../src/engine/apiserver/rest/write.ts';
import { APPLY_PATCH, decodeApplyBody } from './apply.ts';
import { isStoredVolumeWrite } from './derived.ts';
import { findExtra, serveExtra } from './extras.ts';
import { objectFromProtobuf } from './protobufBody.ts';
import { reviewFromProtobuf } from './reviewProtobuf.ts';
import { AGGREGATED, aggregatedDiscovery, aggregatedVersion, apiGroupList, apiResourceList, apiVersions } from './discovery.ts';
import type { LiveCluster } from './live.ts';
import { serveLog } from './logs.ts';
import { groupVersionDocument, openapiIndex } from './openapi.ts';
import { OPENAPI_V2_PROTOBUF, openapiV2Document } from './openapiV2.ts';
import { newFilter } from './selectors.ts';
import { type IncludeObject, tableText, toTable } from './tables.ts';
import { listObjects, listText, served, withTypeMeta } from './items.ts';
import { wallShift, wallTimes } from './wallClock.ts';
import { ENDPOINTS_DEPRECATION, writeWarnings } from './warnings.ts';
import { serveWatch } from './watch.ts';
import { isVolumeWatch, serveVolumeWatch } from './volumeWatch.ts';

/** kube-apiserver's request body limit: 3 MiB. */
export const MAX_BODY_BYTES = 3 * 1024 * 1024;

export interface ApiServerOptions {
  live: LiveCluster;
  /** What /version reports (`v1.36.3`, or another release to pick one of kubectl's bundled versions). */
  gitVersion: string;
  /** host:port, for /api's serverAddressByClientCIDRs. */
  address: () => string;
  /** Requests that are not API paths (the page, when it is served too). */
  fallback?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

/** sendJson answers with a JSON body; true, so a router can `return sendJson(…)` when it answered. */
function sendJson(res: ServerResponse, code: number, body: unknown, contentType = 'application/json', shift = 0): true {
  return sendText(res, code, JSON.stringify(body), shift, contentType);
}

/** sendText answers with JSON text made already (tableText, listText). */
function sendText(res: ServerResponse, code: number, json: string, shift: number, contentType = 'application/json'): true {
  const text = wallTimes(json, shift);
  res.writeHead(code, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-cache, private' });
  res.end(text);
  return true;
}

function sendStatus(res: ServerResponse, s: Status): true {
  return sendJson(res, s.code, s);
}

function wantsTable(req: IncomingMessage): boolean {
  return /as=Table/.test(req.headers.accept ?? '');
}

function includeObject(query: URLSearchParams): IncludeObject {
  const v = query.get('includeObject');
  return v === 'None' || v === 'Object' ? v : 'Metadata';
}

function storeKey(r: ResourceInfo, info: RequestInfo): string {
  return r.namespaced ? `${info.namespace}/${info.name}` : info.name;
}

function serveRead(o: ApiServerOptions, req: IncomingMessage, res: ServerResponse, r: ResourceInfo, info: RequestInfo, query: URLSearchParams): true {
  const live = o.live;
  const now = live.virtualNow();
  const rv = String(live.resourceVersion());
  const table = wantsTable(req);
  const shift = wallShift(now);
  // A Table's cells come from the stored object; the object a row embeds is in the request's version.
  const embed = (obj: KubeObject) => withTypeMeta(r, toServedVersion(r, obj));
  if (info.verb === 'get') {
    const obj = live.st.store.objects[r.kind].get(storeKey(r, info));
    if (!obj) return sendStatus(res, newNotFound(r, info.name));
    if (info.subresource === 'scale') {
      if (obj.kind !== 'Deployment' && obj.kind !== 'ReplicaSet' && obj.kind !== 'StatefulSet') return sendStatus(res, newNotFoundPath());
      return sendJson(res, 200, scaleOf(obj), 'application/json', shift);
    }
    if (info.subresource === 'log' && r.kind === 'Pod') return serveLog(live, req, res, info.namespace, info.name, query);
    // kubectl exec and attach try a WebSocket first: a GET of the subresource.
    if (r.kind === 'Pod' && STREAMING_POD_SUBRESOURCES.has(info.subresource)) return sendStatus(res, newNoProcessToStream(info.subresource, info.name));
    if (info.subresource !== '' && info.subresource !== 'status') return sendStatus(res, newMethodNotSupported(r, `get ${info.subresource}`));
    if (table) return sendText(res, 200, tableText(r.kind, [obj], now, rv, includeObject(query), embed), shift);
    return sendJson(res, 200, served(live, r, obj), 'application/json', shift);
  }
  const all = listObjects(live, r, info.namespace);
  const filter = newFilter(r.kind, query, r.group);
  if ('error' in filter) return sendStatus(res, newBadRequest(filter.error));
  if (info.verb === 'watch') {
    const timeout = Number(query.get('timeoutSeconds'));
    const include = includeObject(query);
    serveWatch(live, res, {
      kind: r.kind,
      apiVersion: groupVersionOf(r),
      namespace: r.namespaced ? info.namespace : '',
      filter,
      resourceVersion: query.get('resourceVersion') ?? '',
      bookmarks: query.get('allowWatchBookmarks') === 'true',
      timeoutSeconds: Number.isFinite(timeout) && timeout > 0 ? timeout : null,
      present: (text) => wallTimes(text, wallShift(live.virtualNow())),
      render: table ? (obj) => toTable(r.kind, [obj], live.virtualNow(), obj.metadata.resourceVersion ?? rv, include, embed) : (obj) => served(live, r, obj),
    });
    return true;
  }
  const items = all.filter(filter);
  if (table) return sendText(res, 200, tableText(r.kind, items, now, rv, includeObject(query), embed), shift);
  return sendText(res, 200, listText(live, r, rv, items), shift);
}

/** readBody collects a request body up to the limit; null when it is over. */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) over = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(over ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function serveWrite(o: ApiServerOptions, req: IncomingMessage, res: ServerResponse, path: string, r: ResourceInfo, info: RequestInfo): Promise<true> {
  const raw = await readBody(req);
  if (raw === null) return sendStatus(res, newRequestEntityTooLarge(MAX_BODY_BYTES));
  const contentType = req.headers['content-type'] ?? '';
  const mediaType = contentType.split(';')[0]?.trim() ?? '';
  let body: unknown;
  if (req.method === 'PATCH' && mediaType === APPLY_PATCH) {
    const d = decodeApplyBody(raw.toString('utf8'));
    if ('status' in d) return sendStatus(res, d.status);
    body = d.body;
  } else if (raw.length > 0) {
    // kubectl's typed commands (create namespace, create deployment …) post protobuf: read into JSON.
    const decoded = req.method === 'POST' && mediaType === 'application/vnd.kubernetes.protobuf' ? objectFromProtobuf(raw) : null;
    if (decoded === null && (mediaType.includes('protobuf') || mediaType.includes('yaml'))) {
      return sendStatus(res, newUnsupportedMediaType(mediaType, req.method === 'PATCH' ? undefined : ['application/json']));
    }
    if (decoded !== null) body = decoded;
    else try {
      body = JSON.parse(raw.toString('utf8'));
    } catch (e) {
      return sendStatus(res, newBadRequest(`couldn't get version/kind; json parse error: ${e instanceof Error ? e.message : String(e)}`));
    }
  }
  const method = req.method ?? 'GET';
  // kubectl scale --current-replicas sends its PUT with no Content-Type: JSON, as the API server reads it.
  // A protobuf body decoded is recorded and replayed as the JSON it stands for.
  const recordedType = mediaType.includes('protobuf') ? 'application/json' : mediaType;
  const request = { method, path, ...(recordedType ? { contentType: recordedType } : {}), ...(body !== undefined ? { body } : {}) };
  const old = info.name === '' ? undefined : o.live.st.store.objects[r.kind].get(storeKey(r, info));
  const out = o.live.write(request, { userAgent: req.headers['user-agent'] ?? '' });
  const written = out.body as KubeObject | null;
  if (out.code < 300 && written?.kind === r.kind && written.metadata) {
    // An answer that carries its managedFields already (a dry run's) keeps them: it is put in its
    // served form (a template's defaults, as a GET shows them: kubectl diff compares the two) and
    // the request's version.
    out.body = 'managedFields' in written.metadata ? withTypeMeta(r, toServedVersion(r, servedForm(written))) : served(o.live, r, written);
  }
  const warnings = [...(out.warnings ?? []), ...(out.code < 300 ? writeWarnings(out.body, old) : [])];
  // RFC 7234 warn-code 299, as kube-apiserver sends them; kubectl prints each as `Warning: …`.
  if (warnings.length) res.setHeader('Warning', warnings.map((w) => `299 - ${JSON.stringify(w)}`));
  return sendJson(res, out.code, out.body, 'application/json', wallShift(o.live.virtualNow()));
}

/** serveExtraRequest answers the groups the server serves alone (extras.ts): metrics, CRDs, reviews. */
async function serveExtraRequest(o: ApiServerOptions, req: IncomingMessage, res: ServerResponse, info: RequestInfo, query: URLSearchParams): Promise<true> {
  // The volumes change, stored or derived from their claims: their watch streams (volumeWatch.ts).
  if (isVolumeWatch(info)) return serveVolumeWatch(o.live, res, query, wantsTable(req));
  let body: unknown;
  if (req.method === 'POST') {
    const raw = await readBody(req);
    if (raw === null) return sendStatus(res, newRequestEntityTooLarge(MAX_BODY_BYTES));
    // kubectl sends its reviews as protobuf: their spec is read from it, to be echoed as JSON.
    if ((req.headers['content-type'] ?? '').includes('protobuf')) body = reviewFromProtobuf(raw) ?? undefined;
    else if (raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch (e) {
        return sendStatus(res, newBadRequest(`couldn't get version/kind; json parse error: ${e instanceof Error ? e.message : String(e)}`));
      }
    }
  }
  const out = serveExtra(o.live, info, query, body, wantsTable(req));
  if ('code' in out) return sendJson(res, out.code, out.body, 'application/json', wallShift(o.live.virtualNow()));
  // A watch of a kind with no objects: nothing to send until the client goes or its timeout ends it.
  res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', 'Cache-Control': 'no-cache, private' });
  res.flushHeaders();
  const timeout = Number(query.get('timeoutSeconds'));
  if (Number.isFinite(timeout) && timeout > 0) {
    const timer = setTimeout(() => res.end(), timeout * 1000);
    res.on('close', () => clearTimeout(timer));
  }
  return true;
}

function serveDiscovery(o: ApiServerOptions, req: IncomingMessage, res: ServerResponse, parts: string[]): boolean {
  const accept = req.headers.accept;
  const agg = aggregatedVersion(accept);
  const path = parts.join('/');
  if (path === 'version') return sendJson(res, 200, versionInfo(o.gitVersion));
  if (path === 'healthz' || path === 'livez' || path === 'readyz') {
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('ok');
    return true;
  }
  if (path === 'api' || path === 'apis') {
    res.setHeader('Vary', 'Accept');
    if (agg) return sendJson(res, 200, aggregatedDiscovery(path === 'api', agg), AGGREGATED[agg]);
    return sendJson(res, 200, path === 'api' ? apiVersions(o.address()) : apiGroupList());
  }
  if ((parts[0] === 'api' && parts.length === 2) || (parts[0] === 'apis' && parts.length === 3)) {
    const [group, version] = parts[0] === 'api' ? ['', parts[1] as string] : [parts[1] as string, parts[2] as string];
    const list = apiResourceList(group, version);
    if (list) return sendJson(res, 200, list);
    return sendStatus(res, newNotFoundPath());
  }
  if (parts[0] === 'apis' && parts.length === 2) {
    const g = (apiGroupList() as { groups: { name: string }[] }).groups.find((x) => x.name === parts[1]);
    if (g) return sendJson(res, 200, { kind: 'APIGroup', apiVersion: 'v1', ...g });
    return sendStatus(res, newNotFoundPath());
  }
  if (parts[0] === 'openapi') {
    if (path === 'openapi/v3') return sendJson(res, 200, openapiIndex());
    if (path === 'openapi/v2') {
      const doc = openapiV2Document();
      res.writeHead(200, { 'Content-Type': OPENAPI_V2_PROTOBUF, 'Content-Length': doc.length });
      res.end(doc);
      return true;
    }
    if (parts[1] === 'v3') {
      const [group, version] = parts[2] === 'api' ? ['', parts[3] ?? ''] : [parts[3] ?? '', parts[4] ?? ''];
      const doc = groupVersionDocument(group, version);
      if (doc) return sendJson(res, 200, doc);
    }
    return sendStatus(res, newNotFoundPath());
  }
  return false;
}

/** createApiHandler returns the request listener of the served API. */
export function createApiHandler(o: ApiServerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(o, req, res).catch((e: unknown) => {
      // A bug must answer 500 with a Status, never end the process.
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: e instanceof Error ? e.message : String(e), reason: 'InternalError', code: 500 });
    });
  };
}

async function handle(o: ApiServerOptions, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let parts: string[];
  try {
    parts = url.pathname.split('/').filter((p) => p !== '').map(decodeURIComponent);
  } catch {
    return sendStatus(res, newBadRequest(`invalid path: ${url.pathname}`));
  }
  o.live.advance();
  if (req.method === 'GET' && serveDiscovery(o, req, res, parts)) return true;
  const info = newRequestInfo(req.method ?? 'GET', url.pathname, url.searchParams);
  if (!info.isResourceRequest) {
    if (o.fallback?.(req, res)) return true;
    return sendStatus(res, newNotFoundPath());
  }
  if (findExtra(info) && !isStoredVolumeWrite(o.live, info)) return serveExtraRequest(o, req, res, info, url.searchParams);
  const r = findResource(info.group, info.version, info.resource);
  if (!r) return sendStatus(res, newNotFoundPath());
  // kube-apiserver warns on every request for v1 Endpoints since v1.33 (KEP-4974).
  if (r.kind === 'Endpoints') res.setHeader('Warning', `299 - ${JSON.stringify(ENDPOINTS_DEPRECATION)}`);
  if (info.verb === 'get' || info.verb === 'list' || info.verb === 'watch') return serveRead(o, req, res, r, info, url.searchParams);
  if (info.verb === 'deletecollection') return sendStatus(res, newMethodNotSupported(r, 'deletecollection'));
  return serveWrite(o, req, res, `${url.pathname}${url.search}`, r, info);
}
