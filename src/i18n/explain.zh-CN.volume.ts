/** Simplified Chinese Explain templates of the PersistentVolume controller's volume sync (see explain.zh-CN.ts). */
export const EXPLAIN_ZH_CN_VOLUME: Record<string, Record<string, string>> = {
  syncVolume: {
    available:
      'PersistentVolume {{volume}} 没有指向任何 PVC（没有 claimRef）→ Available：同一存储类中、它能满足的 PVC 都可以绑定它',
    reserved:
      'PersistentVolume {{volume}} 预留给 PVC {{claim}}（claimRef 没有 uid），而该 PVC 尚未绑定 → Available，只供那个 PVC 绑定',
    bound: 'PersistentVolume {{volume}} 绑定到 PVC {{claim}}，该 PVC 也指回它（spec.volumeName）→ Bound',
    released:
      'PersistentVolume {{volume}} 原先绑定的 PVC {{claim}} 已不存在（被删除，或以另一个 uid 重新创建）→ Released；接下来怎样由回收策略 {{policy}} 决定（Retain：保持 Released，数据保留，不再被任何 PVC 绑定）',
    unbound:
      'PersistentVolume {{volume}} 指向 PVC {{claim}}，但该 PVC 已绑定到 {{boundTo}} → unbindVolume：解除绑定，重新变为 Available',
  },
  reclaimVolume: {
    delete:
      'PersistentVolume {{volume}} 已 Released（PVC {{claim}} 已不存在），回收策略是 Delete → 请它的卷插件删除存储（deleteVolumeOperation）',
  },
  deleteVolumeOperation: {
    notReleased: 'PersistentVolume {{volume}} 已无需回收（它的 PVC 回来了）：不删除任何东西',
    external:
      'PersistentVolume {{volume}} 由外部供给者 {{provisioner}} 创建：删除它的存储是那个供给者的事 → 在这里保持 Released',
    failed:
      '{{plugin}} 删除器不肯删除 PersistentVolume {{volume}} 的存储：{{error}} → Failed（status.message 说明原因），并产生 Warning VolumeFailedDelete Event；卷和它的数据都保留，直到有人手工删除',
    noDeleter:
      'controller manager 没有能删除 PersistentVolume {{volume}} 存储的卷插件：{{error}} → Failed（status.message 说明原因），并产生 Warning VolumeFailedDelete Event；卷和它的数据都保留，直到有人手工删除',
    deleted:
      '{{plugin}} 删除器删除了 {{path}} → 存储已不存在，PersistentVolume {{volume}} 也随之删除（它不是 Bound，pv-protection 放行）',
  },
  processPV: {
    finalizerRemoved:
      'PersistentVolume {{volume}} 正在删除，状态为 {{phase}} 而非 Bound → 去掉 finalizer kubernetes.io/pv-protection；没有 finalizer 剩下时 API server 删除它',
  },
};
