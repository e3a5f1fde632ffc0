/**
 * What the container runtime keeps of each container's output, read from the pods' recorded
 * status rather than stored by the engine: every run of a container (one `containerID`) has its
 * start, the moment it was first ready, SIGTERM, and its end with the exit code, taken from the
 * pod versions the API server stored, in order. appLog.ts turns a run into the lines its
 * application writes. A LogBook is fed every pod write of a run (the served cluster's watch
 * events, a recording's ticks), so the engine's state and hashes do not change for logs.
 *
 * Facts the versions give exactly: the start (`state.running.startedAt`), the end and exit code
 * (`lastState.terminated`), a deletion's instant and grace period. Derived: a run is "ready"
 * (its application answers) from the write that first shows it ready, which for a pod with a
 * readiness probe is the first probe that passed, up to one period after the application answered;
 * a deleted pod's SIGTERM and exit come from killPlan (termination.ts) with the image's preStop
 * time (a range's lower end: the engine's draw is not in the object); a probe's kill sends SIGTERM
 * terminationSeconds before the exit it caused (exit 143), or the grace period before (137).
 */
import { RevisionAnnotation } from '../api/constants.ts';
import type { Decision } from '../api/decision.ts';
import type { KubeObject, Pod } from '../api/types.ts';
import { attributeSecond, servedSecondOf } from './accessLog.ts';
import { selectorMatches } from '../lib/labels.ts';
import { DEFAULT_IMAGE_BEHAVIOUR, type ImageBehaviour, type SimConfig } from '../config.ts';
import { parseRFC3339 } from '../lib/time.ts';
import { graceSecondsOf, killPlan, preStopOf } from './termination.ts';

/** One run of a container: what its log is made from. Times in virtual ms; null: not (yet) so. */
export interface ContainerRun {
  id: string;
  pod: string;
  namespace: string;
  container: string;
  /** The image as the spec names it (the application's profile comes from it). */
  image: string;
  /** The first containerPort (the port the application listens on), or null. */
  port: number | null;
  /** The restart count this run started with. */
  attempt: number;
  startedMs: number;
  readyMs: number | null;
  sigtermMs: number | null;
  endedMs: number | null;
  exitCode: number | null;
  /** SIGTERM came from the pod's deletion, which the application handles (a probe's kill ends it by the signal). */
  graceful: boolean;
  /** The image behaviour's facts the lines need: it crashes, it is never ready. */
  crashes: boolean;
  neverReady: boolean;
  /** The pod's labels (the Services that select it) and the object naming its revision: `rs:ns/name`, `cr:ns/hash`, or ''. */
  labels: Record<string, string>;
  revisionKey: string;
  /** The requests it served, derived per second (accessLog.ts): [second, ok, http503] after one another. */
  served: number[];
}

type Behaviours = Pick<SimConfig, 'images' | 'terminationSeconds'>;

function behaviourOf(config: Behaviours, image: string): ImageBehaviour {
  const imgs = config.images;
  if (Object.hasOwn(imgs, image)) return imgs[image] as ImageBehaviour;
  return Object.hasOwn(imgs, 'default') ? (imgs.default as ImageBehaviour) : DEFAULT_IMAGE_BEHAVIOUR;
}

/**
 * ms is the instant a status time names. Status times have whole seconds; a time written at the
 * very write being read (its second is the write's) is the write's own instant, to the ms: a
 * start at 12.345 s is 12.345, not 12.000.
 */
function ms(rfc: string | undefined, atMs: number): number {
  if (rfc === undefined) return atMs;
  const t = parseRFC3339(rfc);
  if (Number.isNaN(t) || t === Math.floor(atMs / 1000) * 1000) return atMs;
  return t;
}

/** LogBook: the runs of every container, by containerID, learnt from pod writes in time order. */
export class LogBook {
  private readonly runs = new Map<string, ContainerRun>();
  /** The run IDs of each pod (by uid), to forget them with the pod. */
  private readonly byPod = new Map<string, string[]>();
  /** Pods whose deletion has been planned. */
  private readonly deleting = new Set<string>();
  /** Services' selectors ("namespace/name"), and the revision of each `rs:`/`cr:` key (accessLog.ts). */
  private readonly services = new Map<string, Record<string, string>>();
  private readonly revisions = new Map<string, string>();

  /**
   * `keep`: remember a deleted pod's runs (a recording read at any tick: a pod deleted later
   * still has its log then); the served cluster, which is only ever read now, forgets them.
   */
  constructor(
    private readonly config: Behaviours,
    private readonly keep = false,
  ) {}

  /** run is the run with this containerID, or undefined (never started, or its pod is gone). */
  run(id: string | undefined): ContainerRun | undefined {
    return id === undefined ? undefined : this.runs.get(id);
  }

  /** observe learns from one stored version of a pod (a DELETED write: the pod is gone at atMs). */
  observe(type: 'ADDED' | 'MODIFIED' | 'DELETED', pod: Pod, atMs: number): void {
    const uid = pod.metadata.uid ?? `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`;
    if (type === 'DELETED') {
      // Whatever still runs stops now (a pod removed without a graceful end is killed: 137).
      for (const id of this.byPod.get(uid) ?? []) {
        const r = this.runs.get(id) as ContainerRun;
        if (r.endedMs === null || r.endedMs > atMs) {
          r.endedMs = atMs;
          r.exitCode ??= 137;
        }
        if (!this.keep) this.runs.delete(id);
      }
      if (this.keep) return;
      this.byPod.delete(uid);
      this.deleting.delete(uid);
      return;
    }
    const statuses = pod.status?.containerStatuses;
    if (!statuses) return;
    for (const cs of statuses) {
      const ended = cs.lastState?.terminated;
      const last = this.run(ended?.containerID);
      if (ended && last && last.endedMs === null) {
        last.endedMs = ms(ended.finishedAt, atMs);
        last.exitCode = ended.exitCode;
        if (ended.exitCode === 143 || ended.exitCode === 137) {
          const before = ended.exitCode === 143 ? this.config.terminationSeconds * 1000 : graceSecondsOf(pod) * 1000;
          last.sigtermMs = Math.max(last.startedMs, last.endedMs - before);
        }
      }
      const id = cs.containerID;
      if (id === undefined) continue;
      let r = this.runs.get(id);
      if (!r && cs.state.running) {
        const spec = pod.spec.containers.find((c) => c.name === cs.name);
        const b = behaviourOf(this.config, spec?.image ?? cs.image);
        r = {
          id,
          pod: pod.metadata.name,
          namespace: pod.metadata.namespace ?? 'default',
          container: cs.name,
          image: spec?.image ?? cs.image,
          port: spec?.ports?.[0]?.containerPort ?? null,
          attempt: cs.restartCount,
          startedMs: ms(cs.state.running.startedAt, atMs),
          readyMs: null,
          sigtermMs: null,
          endedMs: null,
          exitCode: null,
          graceful: false,
          crashes: b.crash,
          neverReady: b.ready === 'never',
          labels: pod.metadata.labels ?? {},
          revisionKey: revisionKeyOf(pod),
          served: [],
        };
        this.runs.set(id, r);
        const ids = this.byPod.get(uid);
        if (ids) {
          ids.push(id);
          // Served now only, the kubelet keeps a container's last two runs (logs, --previous): a
          // pod crash-looping for a day (~290 runs at the 5-minute back-off) holds three here.
          if (!this.keep && ids.length > 3) this.runs.delete(ids.shift() as string);
        } else this.byPod.set(uid, [id]);
      }
      if (r && cs.ready && r.readyMs === null) r.readyMs = atMs;
    }
    if (pod.metadata.deletionTimestamp && !this.deleting.has(uid)) {
      this.deleting.add(uid);
      this.planDeletion(pod, atMs);
    }
  }

  /**
   * observeObject learns from any write: a pod's as observe, and what the access log needs to
   * know which pods a Service's requests reached: Services' selectors, the revision of each
   * ReplicaSet (its annotation, which a rollback moves) and ControllerRevision.
   */
  observeObject(type: 'ADDED' | 'MODIFIED' | 'DELETED', o: KubeObject, atMs: number): void {
    const ns = o.metadata.namespace ?? 'default';
    switch (o.kind) {
      case 'Pod':
        this.observe(type, o, atMs);
        return;
      case 'Service':
        if (type === 'DELETED' || !o.spec.selector) this.services.delete(`${ns}/${o.metadata.name}`);
        else this.services.set(`${ns}/${o.metadata.name}`, o.spec.selector);
        return;
      case 'ReplicaSet':
        if (type !== 'DELETED') this.revisions.set(`rs:${ns}/${o.metadata.name}`, o.metadata.annotations?.[RevisionAnnotation] ?? '?');
        return;
      case 'ControllerRevision': {
        const hash = o.metadata.labels?.['controller-revision-hash'];
        if (hash && type !== 'DELETED') this.revisions.set(`cr:${ns}/${hash}`, String(o.revision));
        return;
      }
      default:
    }
  }

  /** observeDecision shares a counted traffic second among the runs that served it (accessLog.ts). */
  observeDecision(d: Decision): void {
    const s = servedSecondOf(d);
    if (!s) return;
    const selector = this.services.get(s.service);
    if (!selector) return;
    const ns = s.service.slice(0, s.service.indexOf('/'));
    const runs: ContainerRun[] = [];
    for (const r of this.runs.values()) if (r.namespace === ns && selectorMatches({ matchLabels: selector }, r.labels)) runs.push(r);
    attributeSecond(s, runs, (r) => this.revisions.get(r.revisionKey) ?? '?');
  }

  /** planDeletion times each running container's SIGTERM and exit as the kubelet's kill does. */
  private planDeletion(pod: Pod, atMs: number): void {
    const appExitMs = Math.round(this.config.terminationSeconds * 1000);
    for (const cs of pod.status?.containerStatuses ?? []) {
      const r = this.run(cs.containerID);
      const c = pod.spec.containers.find((x) => x.name === cs.name);
      if (!r || !c || !cs.state.running || r.endedMs !== null) continue;
      const spec = behaviourOf(this.config, c.image).preStopSeconds;
      const hookMs = Math.round((typeof spec === 'number' ? spec : spec[0]) * 1000);
      const plan = killPlan(c.name, graceSecondsOf(pod), preStopOf(c, () => hookMs), appExitMs);
      r.sigtermMs = atMs + plan.sigtermMs;
      r.endedMs = atMs + plan.exitMs;
      r.exitCode = plan.sigkill ? 137 : 0;
      r.graceful = true;
    }
  }
}

/** revisionKeyOf names what gives the pod's revision: its ReplicaSet, or its DaemonSet's ControllerRevision hash. */
function revisionKeyOf(pod: Pod): string {
  const ns = pod.metadata.namespace ?? 'default';
  const ref = pod.metadata.ownerReferences?.find((o) => o.controller);
  if (ref?.kind === 'ReplicaSet') return `rs:${ns}/${ref.name}`;
  const hash = pod.metadata.labels?.['controller-revision-hash'];
  if (ref?.kind === 'DaemonSet' && hash) return `cr:${ns}/${hash}`;
  return '';
}
