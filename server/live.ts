/**
 * The live cluster behind the served API: one engine run on a virtual clock paced at `speed` ×
 * real time. Reads see the store at the current virtual time; each accepted write becomes a
 * `request:` action at that time, run as its own tick, so the session is a scenario whose replay
 * (page, CLI, `--record` file) gives the same objects.
 *
 * How a write joins the run: the engine is run up to V, the virtual now; the write is appended
 * as an action at V + 1 ms and the state is rebased onto the longer action list (the timeline's
 * fork: same events, shifted sequence numbers), so a fresh run of the recorded scenario would
 * hold exactly this state. The action is then the next event, and its tick is the write.
 */
import { randomInt } from 'node:crypto';
import type { KubeObject } from '../src/engine/api/types.ts';
import { encodeManagedFields, type Managed, managerFromUserAgent, type Writer } from '../src/engine/apimachinery/managedfields/manager.ts';
import { forbidden } from '../src/engine/apimachinery/fieldErrors.ts';
import { newInvalid, statusOf } from '../src/engine/apiserver/rest/status.ts';
import type { ApiError } from '../src/engine/apiserver/errors.ts';
import { newRequestInfo } from '../src/engine/apiserver/rest/requestInfo.ts';
import { findResource, groupVersionOf } from '../src/engine/apiserver/rest/resources.ts';
import { type ApiRequest, type Prepared, prepareRequest, scaleOf, splitPath } from '../src/engine/apiserver/rest/write.ts';
import { jsonEqual, objectKey } from '../src/engine/apiserver/store.ts';
import { APPLY_PATCH, clientManagedFields, prepareApply, withoutManagedFields } from './apply.ts';
import { ManagedFieldsTracker } from './managedFields.ts';
import type { Status } from '../src/engine/apiserver/rest/status.ts';
import { createEngine, type EngineState, runUntil, type SimConfig, step, type TickRecord } from '../src/engine/sim.ts';
import { toSimConfig } from '../src/scenario/toSimConfig.ts';
import type { Action, Scenario } from '../src/scenario/types.ts';
import { actionTimeMs, rebaseState, sortedActions } from '../src/timeline/rebase.ts';
import { decodeHook } from './decode.ts';
import { dryRun, withoutResourceVersion } from '../src/engine/client/dryRun.ts';
import { executePlan } from '../src/engine/client/request.ts';
import { LogBook } from '../src/engine/kubelet/containerLog.ts';

/** A clock in real milliseconds; tests pass their own. */
export type RealClock = () => number;

export interface WriteResult {
  code: number;
  body: unknown;
  /** What the API server says in Warning headers (kubectl prints `Warning: …`). */
  warnings?: string[];
}

/** What a watcher receives: one watch event with the store's resourceVersion. */
export interface LiveEvent {
  rv: number;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KubeObject;
}

export interface LiveOptions {
  speed: number;
  clock: RealClock;
  /** Watch events kept for watches that resume from a resourceVersion (older ones get 410). */
  historyLimit?: number;
}

/** LiveCluster runs a scenario live; the HTTP layer reads and writes through it. */
export class LiveCluster {
  scenario: Scenario;
  st: EngineState;
  /** Every container run's log facts, learnt from the pod writes (`kubectl logs`). */
  readonly logs: LogBook;
  private config: SimConfig;
  private readonly speed: number;
  private readonly clock: RealClock;
  private readonly startReal: number;
  private readonly historyLimit: number;
  /** Watch events, oldest first, for watches from a resourceVersion. */
  private history: LiveEvent[] = [];
  /** The resourceVersion just before the oldest kept event: a watch from here or later can replay. */
  private historyBase = 0;
  private readonly listeners = new Set<(events: readonly LiveEvent[]) => void>();
  /** Each object's field managers, folded from the writes (managedFields.ts). */
  readonly managed = new ManagedFieldsTracker();
  /** The writer of the request whose tick runs next, for the object it writes. */
  private requestWriter: { writer: Writer; kind: string; key: string } | undefined;
  /** Everyone who wants the actions as they are accepted (the page following live, --record). */
  private readonly actionListeners = new Set<(a: Action, index: number) => void>();

  constructor(scenario: Scenario, opts: LiveOptions) {
    this.scenario = { ...scenario, actions: sortedActions(scenario) };
    this.config = toSimConfig(this.scenario);
    this.st = createEngine(this.config);
    this.logs = new LogBook({ images: this.config.images, terminationSeconds: this.config.terminationSeconds });
    this.speed = opts.speed;
    this.clock = opts.clock;
    this.startReal = opts.clock();
    this.historyLimit = opts.historyLimit ?? 50_000;
    // The writes createEngine makes (the nodes) are not events of any tick: older than history.
    this.historyBase = this.st.store.rv;
    for (const map of Object.values(this.st.store.objects)) this.managed.seed(map.entries());
  }

  /** virtualNow is the virtual time in ms that the real clock has reached. */
  virtualNow(): number {
    return Math.max(this.st.now, Math.floor((this.clock() - this.startReal) * this.speed));
  }

  /** advance runs every event due by the virtual now and tells the watchers. */
  advance(): void {
    this.runTo(this.virtualNow());
  }

  private runTo(untilMs: number): void {
    const batch: LiveEvent[] = [];
    runUntil(this.st, untilMs, (t) => this.collect(t, batch));
    this.publish(batch);
  }

  private collect(t: TickRecord, batch: LiveEvent[]): void {
    this.managed.record(
      t,
      t.writes.map((w) => objectKey(w.object)),
      this.requestWriter,
    );
    this.requestWriter = undefined;
    // The container logs: pod writes, and with clients the counted seconds their access logs share.
    for (const d of t.decisions) this.logs.observeDecision(d);
    for (const w of t.writes) {
      this.logs.observeObject(w.type, w.object, t.time);
      const ev: LiveEvent = { rv: Number(w.object.metadata.resourceVersion), type: w.type, object: w.object };
      batch.push(ev);
    }
  }

  private publish(batch: LiveEvent[]): void {
    if (batch.length === 0) return;
    for (const e of batch) this.history.push(e);
    if (this.history.length > this.historyLimit) {
      const drop = this.history.length - this.historyLimit;
      this.historyBase = (this.history[drop - 1] as LiveEvent).rv;
      this.history = this.history.slice(drop);
    }
    for (const l of this.listeners) l(batch);
  }

  /** resourceVersion is the store's current revision: what a list reports. */
  resourceVersion(): number {
    return this.st.store.rv;
  }

  /**
   * eventsSince returns the kept events after `rv`, or null when some of them are no longer kept
   * (the watch must answer 410 Expired).
   */
  eventsSince(rv: number): LiveEvent[] | null {
    if (rv < this.historyBase) return null;
    let lo = 0;
    let hi = this.history.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.history[mid] as LiveEvent).rv <= rv) lo = mid + 1;
      else hi = mid;
    }
    return this.history.slice(lo);
  }

  /** oldestResourceVersion is the oldest revision a watch can still start from. */
  oldestResourceVersion(): number {
    return this.historyBase;
  }

  /** subscribe calls `fn` with each batch of watch events; it returns the unsubscribe. */
  subscribe(fn: (events: readonly LiveEvent[]) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** onAction calls `fn` with each accepted write as a scenario action. */
  onAction(fn: (a: Action, index: number) => void): () => void {
    this.actionListeners.add(fn);
    return () => this.actionListeners.delete(fn);
  }

  /**
   * write handles a request that changes something: refused requests answer their Status and
   * change nothing; accepted ones become an action and a tick.
   */
  write(req: ApiRequest, opts: { userAgent?: string } = {}): WriteResult {
    // One reading of the clock: every event due by V has run, so an action at V + 1 ms is next.
    const v = this.virtualNow();
    this.runTo(v);
    const { pathname, query } = splitPath(req.path);
    const info = newRequestInfo(req.method, pathname, query);
    const dryRun = query.getAll('dryRun').includes('All');
    let request = req;
    let applied: { entries: Managed[]; kind: string; key: string } | undefined;
    let writer: { writer: Writer; kind: string; key: string } | undefined;
    if (req.method === 'PATCH' && req.contentType === APPLY_PATCH) {
      const a = prepareApply(this.st.store, v, pathname, info, query, req.body, (o, k) => this.managed.managedOf(o, k));
      if ('status' in a) return statusResult(a.status);
      request = a.request;
      applied = { entries: a.entries, kind: a.resource.kind, key: a.key };
    } else {
      if (req.method === 'PATCH' && query.has('force')) {
        return statusResult(newInvalid('PatchOptions', 'meta.k8s.io', '', [forbidden('force', 'may not be specified for non-apply patch')]));
      }
      const r = findResource(info.group, info.version, info.resource);
      if (r && (info.verb === 'create' || info.verb === 'update' || info.verb === 'patch') && info.subresource !== 'eviction') {
        // kube-apiserver's manager for a request without fieldManager: the User-Agent's prefix.
        const manager = query.get('fieldManager') || managerFromUserAgent(opts.userAgent ?? '');
        const name = info.name || (typeof (req.body as { metadata?: { name?: unknown } } | undefined)?.metadata?.name === 'string' ? String((req.body as { metadata: { name: string } }).metadata.name) : '');
        const key = r.namespaced ? `${info.namespace}/${name}` : name;
        writer = { writer: { manager, operation: 'Update', apiVersion: groupVersionOf(r), subresource: info.subresource === 'scale' ? 'scale' : '' }, kind: r.kind, key };
        // The recording names the manager, so a replay served again attributes the write the same way.
        if (!query.get('fieldManager') && manager) {
          query.set('fieldManager', manager);
          request = { ...req, path: `${pathname}?${query.toString()}` };
        }
      }
    }
    const prepared: Prepared = prepareRequest(this.st, request, { decode: decodeHook, served: (o) => this.withManagedFields(o) });
    if (!prepared.ok) return statusResult(prepared.status);
    const sent = writer && !applied ? clientManagedFields(prepared, this.st.store.objects[prepared.plan.resource.kind].get(writer.key), (o) => this.withManagedFields(o)) : null;
    if (sent && 'status' in sent) return statusResult(sent.status);
    if (dryRun) return this.dryRunAnswer(prepared, applied, v);
    if (sent && writer) {
      const cur = this.st.store.objects[prepared.plan.resource.kind].get(writer.key);
      // The client's entries replace the kept ones; its write's own Update then folds in on top.
      if (cur) this.managed.setManaged(cur, writer.key, sent.entries);
      // A write of nothing but managedFields changes no object: no action, no tick.
      if (cur && sent.onlyManagedFields) return { code: 200, body: this.withManagedFields(cur) };
      request = withoutManagedFields(request);
    }
    const at = v + 1;
    const spec: ApiRequest = { method: request.method, path: request.path };
    if (request.contentType !== undefined) spec.contentType = request.contentType;
    if (request.body !== undefined) spec.body = request.body;
    const action = { at: at / 1000, request: spec } as Action;
    const actions = this.scenario.actions ?? [];
    const kept = actions.filter((a) => actionTimeMs(a) <= this.st.now);
    const later = actions.slice(kept.length);
    this.scenario = { ...this.scenario, actions: [...kept, action, ...later] };
    const config = toSimConfig(this.scenario);
    this.st = rebaseState(this.st, config, kept.length);
    this.config = config;
    this.requestWriter = writer;
    const rec = step(this.st);
    if (!rec) throw new Error('the write did not run');
    const batch: LiveEvent[] = [];
    this.collect(rec, batch);
    if (applied) {
      // The apply's own entries, for the object as stored (written now, or unchanged).
      const stored = this.st.store.objects[applied.kind as KubeObject['kind']].get(applied.key);
      if (stored) this.managed.setManaged(stored, applied.key, applied.entries);
    }
    this.publish(batch);
    for (const l of this.actionListeners) l(action, kept.length);
    const out = answer(prepared, rec, this.st);
    if (prepared.warnings.length) out.warnings = prepared.warnings;
    return out;
  }

  /** dryRunAnswer: `dryRun=All` decides the write and answers with what would be stored, writing nothing. */
  private dryRunAnswer(p: Extract<Prepared, { ok: true }>, applied: { entries: Managed[] } | undefined, v: number): WriteResult {
    const plan = p.plan;
    if (plan.op === 'evict') return { code: 201, body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 } };
    if (plan.op === 'delete') return { code: 200, body: this.st.store.objects[plan.resource.kind].get(plan.key) ?? null };
    if (plan.op === 'create') {
      // The create itself, on a copy, at the time the write would run (v + 1 ms, as in write()).
      const res = dryRun(this.st, v + 1, (tx) => executePlan(tx, plan), randomInt(2 ** 32));
      if (res.code !== 201) return { code: res.code, body: res.body };
      const made = withoutResourceVersion(res.body as KubeObject);
      const body = applied ? { ...made, metadata: { ...made.metadata, managedFields: encodeManagedFields(applied.entries) } } : made;
      return { code: 201, body, ...(p.warnings.length ? { warnings: p.warnings } : {}) };
    }
    // The status stays the stored one, as the update's strategy keeps it.
    const cur = plan.op === 'update' ? this.st.store.objects[plan.resource.kind].get(objectKey(plan.object)) : undefined;
    const status = (cur as { status?: unknown } | undefined)?.status;
    let object = status !== undefined ? ({ ...plan.object, status } as KubeObject) : plan.object;
    // A spec change bumps the generation, as the stored update would (generation 2 → 3).
    const generation = cur?.metadata.generation;
    if (generation !== undefined && !jsonEqual((cur as { spec?: unknown }).spec, (plan.object as { spec?: unknown }).spec)) {
      object = { ...object, metadata: { ...object.metadata, generation: generation + 1 } };
    }
    const body = applied ? { ...object, metadata: { ...object.metadata, managedFields: encodeManagedFields(applied.entries) } } : object;
    if (plan.op === 'update' && plan.scale && (plan.object.kind === 'Deployment' || plan.object.kind === 'ReplicaSet')) return { code: 200, body: scaleOf(plan.object) };
    return { code: 200, body, ...(p.warnings.length ? { warnings: p.warnings } : {}) };
  }

  /** withManagedFields is an object as served: its metadata.managedFields last, as ObjectMeta orders them. */
  withManagedFields<T extends KubeObject>(obj: T): T {
    const entries = this.managed.managedOf(obj, objectKey(obj));
    if (!entries || entries.length === 0) return obj;
    return { ...obj, metadata: { ...obj.metadata, managedFields: encodeManagedFields(entries) } };
  }

  /** managedVersion changes when an object's managers change without a write (for caches of served text). */
  managedVersion(obj: KubeObject): number {
    return this.managed.version(obj, objectKey(obj));
  }
}

function statusResult(s: Status): WriteResult {
  return { code: s.code, body: s };
}

/** answer is the body of an accepted write: the object as its tick stored it. */
function answer(p: Extract<Prepared, { ok: true }>, rec: TickRecord, st: EngineState): WriteResult {
  const plan = p.plan;
  const kind = plan.resource.kind;
  if (plan.op === 'evict') return { code: 201, body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 } };
  const written = rec.writes.find((w) => w.object.kind === kind);
  if (plan.op === 'create') {
    // Admission refused it in the tick (a quota): its Status, as executePlan made it.
    const refused = rec.decisions.find((d) => d.fn === 'admit' && d.key === 'createRefused');
    if (!written && refused) {
      const code = Number(refused.values.code);
      const invalid = typeof refused.values.invalid === 'string' ? (JSON.parse(refused.values.invalid) as ApiError['invalid']) : undefined;
      const err = { reason: String(refused.values.reason), message: String(refused.values.message), ...(invalid ? { invalid } : {}) } as ApiError;
      return { code, body: statusOf(code, err) };
    }
    return { code: 201, body: written?.object ?? plan.object };
  }
  if (plan.op === 'delete') return { code: 200, body: written?.object ?? null };
  // An update that changed nothing wrote nothing: the answer is the stored object.
  const key = plan.resource.namespaced ? `${plan.object.metadata.namespace ?? 'default'}/${plan.object.metadata.name}` : plan.object.metadata.name;
  const stored = written?.object ?? st.store.objects[kind].get(key) ?? plan.object;
  if (plan.scale && (stored.kind === 'Deployment' || stored.kind === 'ReplicaSet' || stored.kind === 'StatefulSet')) return { code: 200, body: scaleOf(stored) };
  return { code: 200, body: stored };
}
