/**
 * TickRecord: what one tick did, as the timeline stores it and the panels show it.
 */
import type { Decision } from '../api/decision.ts';
import type { WatchRecord } from '../apiserver/store.ts';
import type { SummaryNotes } from './summaryCatalog.ts';

export interface TickRecord {
  /** 1-based tick number. */
  tick: number;
  /** Virtual time in ms. */
  time: number;
  /** Who acted: `deployment-controller`, `replicaset-controller`, `kubelet/node-2`, `informer`, `user`, ... */
  actor: string;
  /** The controller key or object the tick was about, when there is one. */
  key?: string;
  /** One line in English (the UI may render decisions in another language). */
  summary: string;
  /** The same line as data, one note per `; `-joined sentence, packed flat for the UI's languages (summaryCatalog.ts). */
  notes: SummaryNotes;
  writes: WatchRecord[];
  decisions: Decision[];
}
