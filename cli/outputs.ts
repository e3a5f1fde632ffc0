/**
 * The CLI's output modes (DESIGN.md §5, §10), each the lines it prints tick by tick and once the
 * run is over, so that the runner (run.ts) streams them as the run goes instead of collecting them.
 * A mode is one entry of OUTPUT_MODES (`--output traffic` is the newest): parseArgs and the
 * usage line take their words from it, and it streams like the others.
 */
import type { DaemonSet, Deployment, KubeObject } from '../src/engine/api/types.ts';
import { inNamespace } from '../src/engine/kubectl/executeStore.ts';
import { newWatchPrinter, printTable, type TableKind, watchPrint } from '../src/engine/kubectl/printers/table.ts';
import { daemonSetStatusViewer, deploymentStatusViewer } from '../src/engine/kubectl/rolloutStatus.ts';
import { statefulSetStatusViewer } from '../src/engine/kubectl/rolloutStatusStatefulSet.ts';
import type { StatefulSet } from '../src/engine/api/statefulTypes.ts';
import type { EngineState, TickRecord } from '../src/engine/sim.ts';
import { settledRollout, summarize, summaryFields } from '../src/timeline/summary.ts';
import { SummaryTrack } from '../src/timeline/summaryTrack.ts';
import { trafficSecondOf } from '../src/timeline/trafficTrack.ts';

/** What a mode prints: the lines of each tick, then the closing lines. */
export interface OutputMode {
  tick(t: TickRecord): Iterable<string>;
  end(): Iterable<string>;
}

export type WatchWord = 'rs' | 'deploy' | 'ds' | 'sts' | 'pvc' | 'pods';

const WATCH_KIND: Record<WatchWord, TableKind> = {
  rs: 'ReplicaSet',
  deploy: 'Deployment',
  ds: 'DaemonSet',
  sts: 'StatefulSet',
  pvc: 'PersistentVolumeClaim',
  pods: 'Pod',
};

/** What a mode is made from: the engine it reads and the watched kind's word (`--watch`). */
export interface ModeContext {
  st: EngineState;
  watch: WatchWord;
}

/** OUTPUT_MODES builds each `--output` mode. */
export const OUTPUT_MODES = {
  watch: watchMode,
  json: jsonMode,
  status: statusMode,
  summary: summaryMode,
  traffic: trafficMode,
} satisfies Record<string, (c: ModeContext) => OutputMode>;

export type Output = keyof typeof OUTPUT_MODES;

/** `--output json`: one line per object write, as it is written. */
function jsonMode(): OutputMode {
  return {
    *tick(t) {
      for (const w of t.writes) yield JSON.stringify({ tick: t.tick, time: t.time / 1000, type: w.type, object: w.object });
    },
    end: () => [],
  };
}

/**
 * `--output traffic` (DESIGN.md §15): one line per virtual second and Service, as the clients'
 * tick counts it — {"second":31,"service":"default/web","ok":98,…,"byRevision":{…},"endpoints":9}.
 */
function trafficMode(): OutputMode {
  return {
    *tick(t) {
      for (const d of t.decisions) if (d.fn === 'trafficSecond' && d.key === 'counts') yield JSON.stringify(trafficSecondOf(d));
    },
    end: () => [],
  };
}

/** `--output watch`: `kubectl get KIND -w`, the header with the first row. */
function watchMode(c: ModeContext): OutputMode {
  let printer = newWatchPrinter(WATCH_KIND[c.watch]);
  return {
    *tick(t) {
      for (const w of t.writes) {
        if (w.object.kind !== printer.kind) continue;
        const r = watchPrint(printer, [w.object as never], t.time);
        printer = r.state;
        yield* r.text.replace(/\n$/, '').split('\n');
      }
    },
    end: () => [],
  };
}

/**
 * `--output summary`: one line per rollout, in the order they start, each as soon as it and every
 * rollout started before it are settled (summary.ts); the rest at the end, as summarize gives them.
 */
function summaryMode(c: ModeContext): OutputMode {
  const track = new SummaryTrack();
  /** Index in track.events of each start event not printed yet, in order. */
  const starts: number[] = [];
  let seen = 0;
  let printed = 0;
  return {
    *tick(t) {
      track.append(t, c.st);
      if (seen === track.events.length) return;
      for (; seen < track.events.length; seen++) if (track.events[seen]?.type === 'start') starts.push(seen);
      while (starts.length > 0) {
        const r = settledRollout(track, starts[0] as number);
        if (r === null) break;
        starts.shift();
        printed++;
        yield JSON.stringify(summaryFields(r));
      }
    },
    *end() {
      for (const r of summarize(track).slice(printed)) yield JSON.stringify(summaryFields(r));
    },
  };
}

/** `--output status`: kubectl rollout status for each workload, then the final `kubectl get` tables. */
function statusMode(c: ModeContext): OutputMode {
  const { st } = c;
  return {
    tick: () => [],
    *end() {
      // Listed as the API server lists them across namespaces (etcd's keys: namespace, then name),
      // as `kubectl get` prints them: web-0, web-1, web-2 even when web-1 was made again last.
      const objs = (k: 'Deployment' | 'DaemonSet' | 'StatefulSet'): KubeObject[] => inNamespace(st, k, null);
      // kubectl prints the viewer's message, or its error with the `error: ` prefix.
      const line = (s: { message: string; error: string | null }): string => {
        const text = s.error ?? s.message;
        return (s.error && !text.startsWith('error: ') ? `error: ${text}` : text).replace(/\n$/, '');
      };
      for (const d of objs('Deployment')) yield line(deploymentStatusViewer(d as Deployment));
      for (const ds of objs('DaemonSet')) yield line(daemonSetStatusViewer(ds as DaemonSet));
      for (const sts of objs('StatefulSet')) yield line(statefulSetStatusViewer(sts as StatefulSet));
      for (const kind of ['Deployment', 'ReplicaSet', 'DaemonSet', 'StatefulSet', 'Pod', 'PersistentVolumeClaim'] as const) {
        const list = inNamespace(st, kind, null);
        if (!list.length) continue;
        yield '';
        yield* printTable(kind, list as never[], st.now).stdout.replace(/\n$/, '').split('\n');
      }
    },
  };
}
