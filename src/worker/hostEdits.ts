/**
 * HostEdits: the worker's writing verbs, a part WorkerHost owns. A change at the playhead is a
 * fork (the recording is cut at the playhead and the change goes in there); before the run (tick
 * 0) a Controls edit or an Add import changes the manifest itself and the scenario is opened
 * again; a served session's scenario is followed as a fork when only new writes differ
 * (hostLive.ts). WorkerHost keeps the recording, the playhead and the scenario messages; this part
 * reaches them through EditHost.
 */
import { parseScenarioText } from '../scenario/parse.ts';
import { importManifests } from '../scenario/importDocs.ts';
import { addToScenario, type ImportMode, importActions, replaceScenario } from '../scenario/importPlan.ts';
import type { Action, Scenario } from '../scenario/types.ts';
import type { ObjectMaps } from '../timeline/objectCursor.ts';
import type { Timeline } from '../timeline/timeline.ts';
import type { FrameSender } from './frameSender.ts';
import { fieldCommand, isReadingLine, nodeAction, Refusal } from './hostQueries.ts';
import { planLive, sameActions } from './hostLive.ts';
import type { Playback } from './playback.ts';
import { droppedActions, editManifest, validated } from './scenarioEdits.ts';
import type { NodeOp, WorkloadField } from './protocol.ts';

/** What the edits need of WorkerHost. */
export interface EditHost {
  readonly playback: Playback;
  readonly frames: FrameSender;
  /** The loaded scenario's timeline (refuses when none is loaded). */
  timeline(): Timeline;
  /** The loaded scenario's timeline, or null. */
  loadedTimeline(): Timeline | null;
  presetId(): string | null;
  open(s: Scenario, presetId: string | null, tick: number, cause: 'load' | 'edit' | 'live'): void;
  afterChange(cause: 'load' | 'fork'): void;
  postScenario(cause: 'load' | 'fork' | 'edit' | 'live'): void;
  cursorObjects(): Readonly<ObjectMaps>;
}

export class HostEdits {
  constructor(private readonly host: EditHost) {}

  /** setField changes a workload's field: before the run, the manifest itself (the script stays); later, a fork. */
  setField(workload: string, field: WorkloadField, value: number | string): string {
    const h = this.host;
    if (h.playback.tick === 0) {
      const s = editManifest(h.timeline().scenario, workload, field, value);
      h.open(s, h.presetId(), 0, 'edit');
      return '';
    }
    return this.fork([{ at: 0, kubectl: fieldCommand(h.cursorObjects(), workload, field, value) }]);
  }

  /** node faults, recovers, adds or removes a node, as a fork. */
  node(op: NodeOp, name: string | null): string {
    return this.fork([nodeAction(() => this.host.cursorObjects(), op, name)]);
  }

  /**
   * fork applies actions at the current tick and moves to the first action's tick; returns
   * kubectl's output. At tick 0 (before the run) the scripted actions stay: the change goes in
   * right after the scenario's objects are created (the last tick at time 0) and before anything
   * else happens. Later, the actions due after the tick are dropped (forkPreview lists them).
   */
  fork(actions: Action[]): string {
    const h = this.host;
    const tl = h.timeline();
    const pb = h.playback;
    pb.pause();
    const before = pb.tick === 0;
    // At the playhead: it rests on virtual time between this tick and the next event.
    const r = before
      ? tl.fork(pb.tickAtTime(0), actions, 0, true)
      : tl.fork(pb.tick, actions, Math.floor(pb.virtualMs));
    if (!r.ok) throw new Refusal(r.output);
    pb.broken = null;
    h.afterChange('fork');
    pb.safeRecord({ untilTimeMs: r.actionMs });
    const at = tl.tickAtTime(r.actionMs - 1) + 1;
    pb.tick = Math.min(at, tl.length);
    h.postScenario('fork');
    h.frames.request(true);
    pb.scheduleIdle();
    return r.output;
  }

  /**
   * followLive takes the served session's scenario (hostLive.ts): a fork for the new writes,
   * keeping the playhead and every tick before them, or the scenario from the start.
   */
  followLive(text: string): void {
    const h = this.host;
    const parsed = parseScenarioText(text);
    if (!parsed.ok) throw new Refusal(parsed.errors[0] ?? 'the session scenario is invalid');
    const next = parsed.value;
    const plan = planLive(h.loadedTimeline(), next);
    if (plan.kind === 'same') return;
    if (plan.kind === 'fork') {
      const tl = h.timeline();
      const pb = h.playback;
      const tick = pb.tickAtTime(plan.atMs - 1);
      const keep = pb.tick;
      const r = tl.fork(tick, plan.actions, plan.atMs, true);
      if (r.ok && sameActions(tl.scenario, next)) {
        pb.broken = null;
        h.afterChange('fork');
        pb.tick = Math.min(keep, tl.length);
        h.postScenario('live');
        h.frames.request(true);
        pb.scheduleIdle();
        return;
      }
    }
    h.open(next, null, 0, 'live');
  }

  /**
   * importText imports pasted manifests (Replace: a new scenario; Add: into the scenario before
   * the run, a fork later) or a whole scenario file (always loaded). Every bad document is
   * listed, one per line, and nothing changes. Returns kubectl apply's lines and the note.
   */
  importText(text: string, mode: ImportMode, fileName: string | null): string {
    const h = this.host;
    const r = importManifests(text);
    if (!r.ok) throw new Refusal(r.errors.join('\n') || 'nothing to import');
    const note = r.value.note ?? '';
    if (r.value.type === 'scenario') {
      h.open(r.value.scenario, null, 0, 'load');
      return note;
    }
    const current = h.timeline().scenario;
    let lines: string[];
    if (mode === 'replace' || h.playback.tick === 0) {
      const plan =
        mode === 'replace' ? replaceScenario(current, r.value, fileName) : addToScenario(current, r.value);
      validated(plan.scenario);
      h.open(
        plan.scenario,
        mode === 'replace' ? null : h.presetId(),
        0,
        mode === 'replace' ? 'load' : 'edit',
      );
      lines = plan.lines;
    } else lines = [this.fork(importActions(r.value))];
    return [...lines, note].filter(Boolean).join('\n');
  }

  /** forkPreview lists the scripted actions a change at the playhead drops (none before the run, none for a reading line). */
  forkPreview(line: string | null): ReturnType<typeof droppedActions> {
    const tick = this.host.playback.tick;
    if (tick === 0 || (line !== null && isReadingLine(line))) return [];
    const tl = this.host.timeline();
    return droppedActions(tl.scenario, tl.timeAt(Math.min(tick, tl.length)));
  }
}
