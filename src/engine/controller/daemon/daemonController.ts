// Port of kubernetes pkg/controller/daemon/daemon_controller.go (v1.36): handlers and syncDaemonSet.
// (Wired in a later step; until then DaemonSets are stored but not reconciled.)
import type { KubeObject } from '../../api/types.ts';
import type { WatchRecord } from '../../apiserver/store.ts';
import { note, type Tx } from '../../sim/tx.ts';

export function daemonSetOnWatch(_tx: Tx, _rec: WatchRecord, _old: KubeObject | undefined): void {}

export function syncDaemonSet(tx: Tx, key: string): string | null {
  tx.actor = 'daemonset-controller';
  note(tx, `DaemonSet ${key}: not reconciled yet`);
  return null;
}
